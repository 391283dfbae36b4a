"""The engine's copies of a state: ``clone`` and ``determinize`` (``State``'s base class).

A state's fields are the engine's (declared here) and the game's (``FLAT_LISTS`` and
``NESTED_LISTS`` name its lists, copied; everything else is immutable and shared). In pure
Python a copy is one dict copy of ``__dict__``; compiled (``make fast``, see
``contraband.core.native``) the fields live in C slots and are copied one by one.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Final, Self

from contraband.core.action import Action
from contraband.core.checks import check_seat
from contraband.core.explain import Explained
from contraband.core.log import keep_last_move
from contraband.core.native import Input, copy_game_fields, mypyc_attr
from contraband.core.random import Rng, as_rng

_new = object.__new__
_list_copy = list.copy


# compiled, the games' states that stay in pure Python still subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
class Copies(Explained):
    FLAT_LISTS: ClassVar[tuple[str, ...]] = ()
    NESTED_LISTS: ClassVar[tuple[str, ...]] = ()

    players: int
    seed: int | None
    options: dict[str, Any]
    rng: Rng
    history: list[str | None]
    actors: list[int]
    current_player: int | None
    _legal: list[Action] | None
    _events: list[tuple[str, tuple[Any, ...]]]
    _count: int
    _starts: list[int]
    _revealed: tuple[int, int]
    _offset: tuple[int, int]

    def clone(self) -> Self:
        """A copy that shares nothing mutable with this state but the log (see ``note``) and
        the cached legal actions (never mutated: a test that edits a copy's fields by hand sets
        ``_legal = None``, as it would on the state itself)."""
        if COMPILED:  # see contraband.core.native
            copy = self._compiled_copy(self.rng.copy())
            copy.seed = self.seed
            copy._legal = self._legal
            copy.history = self.history.copy()
            copy.actors = self.actors.copy()
            copy._starts = self._starts.copy()
            return copy
        data = self.__dict__.copy()  # _copied_fields inlined (the search clones all the time)
        for name in self.FLAT_LISTS:
            data[name] = data[name].copy()
        for name in self.NESTED_LISTS:
            data[name] = [*map(_list_copy, data[name])]
        data["options"] = self.options.copy()
        data["rng"] = self.rng.copy()
        data["history"] = self.history.copy()
        data["actors"] = self.actors.copy()
        data["_starts"] = self._starts.copy()  # _events is shared: see note()
        new = _new(self.__class__)
        new.__dict__ = data
        return new

    def _compiled_copy(self, rng: Rng) -> Self:
        """The compiled build's copy, as a determinization starts it: the engine's slots one by
        one (direct C reads and writes), no seed, no cached legal actions, the generator
        ``rng``, the options and the game's lists copied, the engine's lists shared."""
        cls = self.__class__
        new = cls.__new__(cls)
        new.players = self.players
        new.seed = None
        new.options = self.options.copy()
        new.rng = rng
        new.history = self.history
        new.actors = self.actors
        new.current_player = self.current_player
        new._legal = None
        new._events = self._events
        new._count = self._count
        new._starts = self._starts
        new._revealed = self._revealed
        new._offset = self._offset
        self._copy_game_fields(new)
        return new

    def _copy_game_fields(self, new: Self) -> None:
        """The compiled build's copies: the game's own fields into ``new`` (see
        ``contraband.core.native.copy_game_fields``)."""
        copy_game_fields(self, new)

    def _copied_fields(self) -> dict[str, Any]:
        """The instance attributes with the game's lists and the options copied (the engine's
        lists and the generator are the caller's to replace); pure Python only."""
        data = self.__dict__.copy()
        for name in self.FLAT_LISTS:
            data[name] = data[name].copy()
        for name in self.NESTED_LISTS:
            data[name] = [*map(_list_copy, data[name])]
        data["options"] = self.options.copy()
        return data

    def determinize(self, seat: Input, rng: Rng | random.Random | Input) -> Self:
        """A state with the same ``view(seat)``, hidden information resampled with ``rng``.

        The result depends only on ``view(seat)`` and ``rng`` (an ``int`` seed, a
        ``random.Random`` or a ``contraband.Rng``): the hidden truth is never read, which is what
        keeps agents honest. It has no record (no seed, only the last move as the seat saw it,
        which ``to_json`` leaves out) and a fresh internal generator, so future chance is hidden
        too.
        """
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat, allow_spectator=False)
        if type(rng) is not Rng:
            rng = as_rng(rng)
        fresh = _new(Rng)
        fresh.state = rng.next64()
        if COMPILED:  # see contraband.core.native
            new = self._compiled_copy(fresh)
        else:
            data = self._copied_fields()
            data["_legal"] = None
            data["seed"] = None
            data["rng"] = fresh
            new = _new(self.__class__)
            new.__dict__ = data
        self._keep_last_move(new, seat)
        new._resample(seat, rng)
        return new

    def _keep_last_move(self, new: Any, seat: int) -> None:
        """Give a determinization only the last move (or the setup), as ``seat`` saw it."""
        keep_last_move(self, new, seat)

    def _resample(self, seat: int, rng: Rng) -> None:
        raise NotImplementedError

    def _check_seat(self, seat: Input, allow_spectator: bool = True) -> None:
        check_seat(seat, self.players, allow_spectator)


#: whether this module was compiled (``make fast``): states then keep fields outside __dict__
COMPILED: Final = hasattr(Copies, "__mypyc_attrs__")
