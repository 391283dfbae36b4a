"""The State contract every game implements, and the machinery they share.

A game's state is plain data held in instance attributes: ints, strings, None, and lists of them
(nested one level at most). Shared immutable data (the game's numbers) lives on the class or in
module constants and is referenced, never copied. This makes ``clone`` a handful of list copies
and ``to_json`` a dict of the attributes.

A subclass declares which attributes are lists (``FLAT_LISTS``) and lists of lists
(``NESTED_LISTS``) and implements:
    _setup(), _legal_actions(), _apply(action), current_player, is_terminal(), scores(),
    view(seat), _resample(seat, rng), render(seat), conserved()
and may override winners() and _result_detail().
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from contraband.core.action import Action, IllegalAction
from contraband.core.random import Rng

FORMAT = 1
_BASE_FIELDS = ("players", "seed", "options", "rng", "history", "_legal")


class State:
    GAME_ID: ClassVar[str] = ""
    FLAT_LISTS: ClassVar[tuple[str, ...]] = ()
    NESTED_LISTS: ClassVar[tuple[str, ...]] = ()

    players: int
    seed: int | None
    options: dict[str, Any]
    rng: Rng
    history: list[str]
    current_player: int | None

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def start(cls, players: int, seed: int, options: dict[str, Any]) -> State:
        state = cls.__new__(cls)
        state.players = players
        state.seed = seed
        state.options = dict(options)
        state.rng = Rng(seed)
        state.history = []
        state._legal = None
        state._setup()
        return state

    def _setup(self) -> None:
        raise NotImplementedError

    # -- acting -----------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions, in a stable order that depends only on what the mover can see."""
        return list(self._cached_legal())

    def _cached_legal(self) -> list[Action]:
        """The legal actions, computed once per position (``apply`` clears the cache)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = [] if self.is_terminal() else self._legal_actions()
        return legal

    def _legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action | str) -> State:
        """Apply a legal action (or its label) in place and return the state.

        An illegal action raises IllegalAction naming what is legal and leaves the state as it was.
        """
        legal = self._cached_legal()
        if isinstance(action, str):
            for candidate in legal:
                if candidate.label == action:
                    action = candidate
                    break
            else:
                raise IllegalAction(self._explain(action, legal))
        elif action not in legal:
            raise IllegalAction(self._explain(action, legal))
        self._legal = None
        self._apply(action)
        self.history.append(action.label)
        return self

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _explain(self, action: Any, legal: list[Action]) -> str:
        if not legal:
            return f"the game is over; no action is legal (got {action!r})"
        label = action if isinstance(action, str) else getattr(action, "label", repr(action))
        player = getattr(action, "player", self.current_player)
        if player != self.current_player:
            why = f"it is seat {self.current_player}'s decision, not seat {player}'s"
        else:
            why = f"{label!r} is not legal now"
        return f"{why}. Legal: {', '.join(a.label for a in legal)}"

    def is_terminal(self) -> bool:
        raise NotImplementedError

    # -- outcome ----------------------------------------------------------------------------
    def scores(self) -> list[float]:
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
            **self._result_detail(),
        }

    def returns(self) -> list[float]:
        """Per seat, for AI: 1 for a win, 0 for a loss, 1/k each for k seats sharing the win."""
        if not self.is_terminal():
            raise ValueError("returns() is only defined once the game is over")
        winners = self.winners()
        share = 1.0 / len(winners) if winners else 0.0
        return [share if seat in winners else 0.0 for seat in range(self.players)]

    # -- copies -----------------------------------------------------------------------------
    def clone(self) -> State:
        return self._copy(keep_history=True)

    def _copy(self, keep_history: bool) -> State:
        new = self.__class__.__new__(self.__class__)
        data = self.__dict__.copy()
        for name in self.FLAT_LISTS:
            data[name] = data[name][:]
        for name in self.NESTED_LISTS:
            data[name] = [inner[:] for inner in data[name]]
        data["rng"] = Rng(self.rng.state)
        data["history"] = self.history[:] if keep_history else []
        data["_legal"] = None
        new.__dict__ = data
        return new

    def determinize(self, seat: int, rng: Rng) -> State:
        """A state with the same ``view(seat)``, hidden information resampled with ``rng``.

        The result depends only on ``view(seat)`` and ``rng``: the hidden truth is never read,
        which is what keeps agents honest. It has no record (its seed and history are dropped)
        and a fresh internal generator, so future chance is hidden too.
        """
        self._check_seat(seat, allow_spectator=False)
        new = self._copy(keep_history=False)
        new.seed = None
        new.rng = Rng(rng.next64())
        new._resample(seat, rng)
        return new

    def _resample(self, seat: int, rng: Rng) -> None:
        raise NotImplementedError

    # -- what a seat sees -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def render(self, seat: int | None = None) -> str:
        raise NotImplementedError

    def conserved(self) -> dict[str, int]:
        """Component totals that no rule may change (cards, cubes, money...)."""
        return {}

    def _check_seat(self, seat: int | None, allow_spectator: bool = True) -> None:
        if seat is None and allow_spectator:
            return
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            spectator = " or None for a spectator" if allow_spectator else ""
            raise ValueError(f"seat must be 0..{self.players - 1}{spectator}, got {seat!r}")

    # -- records and serialization --------------------------------------------------------
    def record(self) -> dict[str, Any]:
        if self.seed is None:
            raise ValueError("a determinized state has no record: it is an AI's guess, not a game")
        return {
            "game": self.GAME_ID,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.history),
        }

    def to_json(self) -> dict[str, Any]:
        fields = {
            name: _plain(value) for name, value in self.__dict__.items() if name not in _BASE_FIELDS
        }
        return {
            "game": self.GAME_ID,
            "format": FORMAT,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "rng": str(self.rng.state),
            "history": list(self.history),
            "state": fields,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        if data.get("format") != FORMAT:
            raise ValueError(f"unsupported state format {data.get('format')!r}; expected {FORMAT}")
        try:
            state = cls.__new__(cls)
            state.players = int(data["players"])
            state.seed = data["seed"]
            state.options = dict(data["options"])
            state.rng = Rng(int(data["rng"]))
            state.history = list(data["history"])
            state._legal = None
            for name, value in data["state"].items():
                setattr(state, name, _lists(value))
        except (KeyError, TypeError) as error:
            raise ValueError(
                f"not a complete {cls.GAME_ID} state: missing or bad {error}"
            ) from None
        return state

    def __repr__(self) -> str:
        status = "over" if self.is_terminal() else f"seat {self.current_player} to act"
        return f"<{self.GAME_ID} state, {self.players} players, {status}>"


def _plain(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    return value


def _lists(value: Any) -> Any:
    if isinstance(value, list):
        return [_lists(item) for item in value]
    if isinstance(value, dict):
        return {key: _lists(item) for key, item in value.items()}
    return value
