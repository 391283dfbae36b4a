"""The State contract every game implements, and the machinery they share.

A game's state is plain data held in instance attributes: ints, strings, None, and lists of them
(nested one level at most). Shared immutable data (the game's numbers) lives on the class or in
module constants and is referenced, never copied. This makes ``clone`` a handful of list copies
and ``to_json`` a dict of the attributes.

A subclass declares which attributes are lists (``FLAT_LISTS``) and lists of lists
(``NESTED_LISTS``), the ``SCHEMA`` of its saved fields, its log's ``EVENTS``, and implements:
    _setup(), _legal_actions(), _apply(action), current_player, is_terminal(), scores(),
    _view(seat), _resample(seat, rng), render(seat), conserved()
and may override winners(), _result_detail(), seat_names(), _action_info(label) and catalog_data().

Besides the game's own fields the engine keeps, per state: ``history`` (the labels applied),
``actors`` (who took each), and the log (``_events``, ``_starts``: where each action's events
begin, ``_revealed``: how far secret choices are shown, ``_offset``: what a determinization
left out). See ``contraband.core.log`` for how events are shown to each seat.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, ClassVar

from contraband.core import serialize
from contraband.core import undo as undoing
from contraband.core.action import Action, IllegalAction, action_info
from contraband.core.checks import check_since
from contraband.core.copies import COMPILED, Copies
from contraband.core.log import EventKind, last_move, read_log
from contraband.core.native import Input, mypyc_attr
from contraband.core.plain import detached
from contraband.core.random import Rng
from contraband.core.refusal import refusal
from contraband.core.schema import Spec

_new = object.__new__
_list_copy = list.copy

#: the default of ``record``: the complete record (``record(None)`` is the spectator's)
COMPLETE: Any = object()
#: the default of ``legal_actions`` and ``legal_moves``: the mover's (``None`` is a spectator,
#: who has none)
MOVER: Any = object()


# compiled (make fast), the games' states that stay in pure Python still subclass it
@mypyc_attr(allow_interpreted_subclasses=True)
class State(Copies):
    GAME_ID: ClassVar[str] = ""
    #: the saved fields and what each may hold (checked by ``from_json``)
    SCHEMA: ClassVar[Mapping[str, Spec]] = {}
    #: the kinds of event the game records in its log
    EVENTS: ClassVar[Mapping[str, EventKind]] = {}
    #: labels of secret choices: other seats see that a choice was made, not which, until the
    #: game calls ``reveal_secrets()`` (a Collection, not a frozenset: compiled, a frozenset
    #: would be searched directly, past a game's own ``__contains__``)
    SECRET_LABELS: ClassVar[Collection[str]] = frozenset()
    #: what ``conserved()`` must always equal (None: the game declares no totals)
    TOTALS: ClassVar[Mapping[str, int] | None] = None

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> State:
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = dict(options)
        state.rng = Rng(seed)
        state.history = []
        state.actors = []
        state._legal = None
        state._events = []
        state._count = 0
        state._starts = []
        state._revealed = (0, 0)
        state._offset = (0, 0)
        state._setup()
        return state

    def _setup(self) -> None:
        raise NotImplementedError

    # -- acting -----------------------------------------------------------------------------
    def legal_actions(self, seat: Any = MOVER) -> list[Action]:
        """The legal actions, in a stable order that depends only on what the mover can see.

        ``legal_actions()`` gives the mover's (the playouts' hot path: one identity test).
        With ``seat``: that seat's legal actions, empty when it is not on move; a spectator
        (``None``) has none. Anything else for ``seat`` raises ValueError.
        """
        if seat is not MOVER and (type(seat) is not int or seat != self.current_player):
            if seat is not None:
                self._check_seat(seat, allow_spectator=False)  # a ValueError unless a seat
            return []
        legal = self._legal
        if legal is None:  # _cached_legal inlined: a call costs as much as the rest
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        return legal[:]

    def _cached_legal(self) -> list[Action]:
        """The legal actions, computed once per position (``apply`` clears the cache, a clone
        shares it). Never mutate the list: ``legal_actions()`` hands out copies."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        return legal

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action | Input, seat: Input = None) -> State:
        """Apply a legal action (or its label) in place and return the state.

        With ``seat`` the action is taken as that seat's; without it a label is the mover's.
        An illegal action raises IllegalAction, which tells the submitting seat only what it may
        know, and leaves the state as it was.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        # a seat must be an int: True and 1.0 equal seat 1 but are not seats (the playouts' path,
        # an Action and no seat, pays for one type test and saves reading the player twice)
        if type(action) is Action:
            # read untyped: compiled, a field typed int is converted (None fails, True passes)
            untyped: Any = action
            player = untyped[0]
            if (
                not (_listed(legal, action) if COMPILED else action in legal)
                or type(player) is not int
                or (seat is not None and (player != seat or type(seat) is not int))
            ):
                raise self._illegal(action, player if seat is None else seat, legal)
        elif isinstance(action, str):
            if seat is not None and (seat != self.current_player or type(seat) is not int):
                raise self._illegal(action, seat, legal)
            for candidate in legal:
                if candidate.label == action:
                    action = candidate
                    break
            else:
                raise self._illegal(action, self.current_player if seat is None else seat, legal)
            player = action[0]
        else:
            raise self._illegal(action, seat, legal)
        self._legal = None
        self._starts.append(self._count)
        self._apply(action)
        self.history.append(action[1])
        self.actors.append(player)
        return self

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _illegal(self, action: Any, seat: Any, legal: list[Action]) -> IllegalAction:
        """The error for a refused action, naming only what ``seat`` may know."""
        return refusal(self, action, seat, legal)

    def is_terminal(self) -> bool:
        raise NotImplementedError

    # -- what actions mean ------------------------------------------------------------------
    def action_info(self, action: Action | Input) -> dict[str, Any]:
        """What an action is and which components it acts on, as data for a client (a copy:
        the caller may change it). Anything but an action or a label of the game raises
        IllegalAction (``bad_input``)."""
        return action_info(self, action)

    def _action_info(self, label: str) -> dict[str, Any]:
        return {"kind": label.split(" ", 1)[0]}

    def legal_moves(self, seat: Any = MOVER) -> list[dict[str, Any]]:
        """``legal_actions(seat)`` with each action's ``action_info`` (None: a spectator's,
        none)."""
        return [self.action_info(action) for action in self.legal_actions(seat)]

    # -- outcome ----------------------------------------------------------------------------
    def scores(self) -> list[int] | list[float]:
        """A number per seat (the games' are whole: compiled, a list typed float would turn
        them into floats)."""
        raise NotImplementedError

    def winners(self) -> list[int]:
        """Seats that share the win. Default: the highest score."""
        scores = self.scores()
        best = max(scores)
        return [seat for seat, score in enumerate(scores) if score == best]

    def _result_detail(self) -> dict[str, Any]:
        return {}

    def result(self) -> dict[str, Any]:
        """Scores, winners and game-specific detail; ``final`` is False while the game runs."""
        return {
            "scores": self.scores(),
            "winners": self.winners(),
            "final": self.is_terminal(),
            **detached(self._result_detail()),
        }

    def returns(self) -> list[float]:
        """Per seat, for AI: 1 for a win, 0 for a loss, 1/k each for k seats sharing the win."""
        if not self.is_terminal():
            raise ValueError("returns() is only defined once the game is over")
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.players)]

    # -- what a seat sees -------------------------------------------------------------------
    def seat_names(self) -> list[str]:
        """How the game names its seats in texts ("Tony", "red", ...)."""
        return [f"seat {seat}" for seat in range(self.players)]

    def view(self, seat: Input) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see, as JSON-able data, with the last move."""
        self._check_seat(seat)
        data = detached(self._view(seat))
        data["seat_names"] = list(self.seat_names())
        data["last_move"] = last_move(self, seat)
        return data

    def _view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def render(self, seat: int | None = None) -> str:
        raise NotImplementedError

    def visible_label(self, index: int, seat: int | None) -> str | None:
        """History entry ``index`` (of this copy) as ``seat`` may know it; None when secret."""
        label = self.history[index]
        if (
            label in self.SECRET_LABELS
            and self.actors[index] != seat
            and index >= self._revealed[0]
        ):
            return None
        return label

    def note(self, kind: str, *values: Any) -> None:
        """Record an event of the game's log (called by the rules as things happen).

        Copies share one append-only event list and each knows how many of its events are its
        own (``_count``), so a clone costs nothing for the log however long the game: a copy
        that records after another one did takes its own list first.
        """
        events, count = self._events, self._count
        if len(events) != count:
            if len(events) > count:
                events = self._events = events[:count]
            else:  # the list was emptied by hand (a test builder starting the log afresh)
                count = len(events)
        events.append((kind, values))
        self._count = count + 1

    @property
    def revealed_events(self) -> int:
        """Log events before this number show their secret choices to everyone: when it grows,
        a client holding older, masked entries reads them again."""
        return self._offset[1] + self._revealed[1]

    @property
    def log_length(self) -> int:
        """How many log events the game has had: the next event's ``index``."""
        return self._offset[1] + min(self._count, len(self._events))

    def events(self) -> list[tuple[str, tuple[Any, ...]]]:
        """This state's own log events, as recorded: (kind, values)."""
        events = self._events
        return events if len(events) == self._count else events[: self._count]

    def reveal_secrets(self) -> None:
        """Secret choices made so far become visible to everyone (in the log and records)."""
        self._revealed = (len(self._starts), self._count)

    def log(self, seat: Input, since: Input = 0) -> list[dict[str, Any]]:
        """Every event of the game so far (from event number ``since``), as ``seat`` sees it.

        Each entry has ``index``, ``action`` (the number of the decision that caused it, None
        for the setup), ``kind``, the fields ``seat`` may see, ``text``, ``masked`` (hidden
        parts were left out), ``chance`` and ``reveals``. The entries are the caller's to change.
        """
        self._check_seat(seat)
        return read_log(self, seat, check_since(since))

    def conserved(self) -> dict[str, int]:
        """Component totals that no rule may change (cards, cubes, money...)."""
        return {}

    # -- undo -------------------------------------------------------------------------------
    def undoable(self, seat: Input) -> bool:
        """Whether ``seat`` may take back its last decision (Board Game Arena's policy): it was
        the last decision taken, it revealed nothing hidden and no chance was resolved since."""
        return undoing.undoable(self, seat)

    def undo(self, seat: Input) -> State:
        """A new state: this game without ``seat``'s last decision (see ``undoable``)."""
        return undoing.undo(self, seat)

    # -- records and serialization --------------------------------------------------------
    def record(self, seat: Any = COMPLETE) -> dict[str, Any]:
        """The game's record. ``record()`` is complete (seed and every action) and replays the
        game exactly; ``record(seat)`` (None: a spectator) is what that seat may see: while the
        game runs, no seed and secret choices masked as None; once it is over, the complete one.
        """
        return serialize.record(self, seat, seat is COMPLETE)

    def to_json(self) -> dict[str, Any]:
        """The whole position, for storage (never for a seat). A state without a seed (a
        determinization) is saved without its history and log: see ``core.serialize``."""
        return serialize.to_json(self)

    @classmethod
    def from_json(cls, data: Input) -> State:
        """A state from ``to_json`` data; anything else raises ValueError naming the field."""
        return serialize.from_json(cls, data)

    def _check_position(self) -> None:
        """Called by ``from_json`` after the fields passed the SCHEMA and before the totals and
        rules are checked: a game raises ValueError naming a field whose value cannot be."""

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        """The game's static components for ``Game.catalog()``: sections, each with a source."""
        return {}

    def __repr__(self) -> str:
        status = "over" if self.is_terminal() else f"seat {self.current_player} to act"
        return f"<{self.GAME_ID} state, {self.players} players, {status}>"


def _listed(legal: list[Action], action: Action) -> bool:
    """``action in legal``, compiled: the playouts' Action is one of the list's own, found by
    identity in a C loop before any tuple is compared."""
    for candidate in legal:
        if candidate is action:
            return True
    return action in legal
