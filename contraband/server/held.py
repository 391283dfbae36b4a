"""A game as the server holds it in memory, and the refusals its calls raise."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from contraband.core.state import State
from contraband.server.policy import Policy
from contraband.server.store import GameRow, Store


class NotFound(Exception):
    pass


class Refused(Exception):
    """A request that cannot be honoured; ``status`` is the HTTP status to answer with.

    ``code`` names the refusal for a client that words it in its player's language (the web
    table's Dutch: ``web/src/refusals.js``); the ``detail`` beside it are its parameters, none
    of which says more than the message does."""

    def __init__(self, status: int, message: str, code: str | None = None, **detail: Any) -> None:
        super().__init__(message)
        self.status = status
        self.detail = {"error": message, **({"code": code} if code else {}), **detail}


@dataclass
class Live:
    """A game: its stored row, its engine state and its version. A change replaces ``state``
    with a new object (never edits it), so a state once read stays as it was."""

    row: GameRow
    state: State
    version: int
    lock: threading.Lock = field(default_factory=threading.Lock)

    def agent(self, seat: int) -> str | None:
        return self.row.seats[seat]["agent"]

    def autoplay(self, seat: int) -> bool:
        return bool(self.row.seats[seat]["autoplay"])

    def at(self, state: State, version: int) -> Live:
        """This game as it was at ``version`` (for an answer built after the lock is let go)."""
        return Live(self.row, state, version)


#: a table not being played: waiting for players, or ended without its game's end
IDLE = ("open", "abandoned", "expired")


def after(state: State, row: GameRow) -> dict[str, Any]:
    """The game row's summary columns for a state: status, who moves, whether a bot is due."""
    if row.status in IDLE:
        mover = None if state.is_terminal() else state.current_player
        return {"status": row.status, "to_move": mover, "bot_turn": False}
    if state.is_terminal():
        return {"status": "over", "to_move": None, "bot_turn": False}
    seat = state.current_player
    info = row.seats[seat]
    forced = info["autoplay"] and len(state.legal_actions()) == 1
    return {"status": "running", "to_move": seat, "bot_turn": bool(info["agent"]) or forced}


class Keeper(Protocol):
    """What creating a game and reseating it need of ``Tables`` (named here, so that those
    modules and ``tables`` do not import each other)."""

    store: Store
    policy: Policy
    now: Callable[[], float]
    guard: threading.Lock
    live: dict[str, Live]
    announce: Callable[[str], None]

    def get(self, table_id: str, fresh: bool = False) -> Live: ...

    def set_seat(self, table_id: str, seat: int, **values: Any) -> Live: ...
