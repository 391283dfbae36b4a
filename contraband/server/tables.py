"""The server's games in memory: rebuilt from their stored record, changed only through the store.

Every game is held as a live engine state plus its version. A change is tried on a copy, written
to the database with the version it was based on, and only then kept and announced. Everything
a seat receives is built here from the seat-safe engine calls (``view``, ``legal_moves``,
``log``, ``record(seat)``, ``IllegalAction.to_dict``) and nothing else.
"""

from __future__ import annotations

import secrets
import sys
import threading
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import contraband
from contraband.agents import from_spec
from contraband.core.action import IllegalAction
from contraband.core.state import State
from contraband.server import seats as tokens
from contraband.server.store import SNAPSHOT_EVERY, GameRow, Stale, Store

#: an announced change whose version is not known: newer than anything read before it
UNKNOWN_VERSION = sys.maxsize


class NotFound(Exception):
    pass


class Refused(Exception):
    """A request that cannot be honoured; ``status`` is the HTTP status to answer with."""

    def __init__(self, status: int, message: str, **detail: Any) -> None:
        super().__init__(message)
        self.status = status
        self.detail = {"error": message, **detail}


@dataclass
class Live:
    row: GameRow
    state: State
    version: int
    lock: threading.Lock = field(default_factory=threading.Lock)

    def agent(self, seat: int) -> str | None:
        return self.row.seats[seat]["agent"]

    def autoplay(self, seat: int) -> bool:
        return bool(self.row.seats[seat]["autoplay"])


def _after(state: State, row: GameRow) -> dict[str, Any]:
    """The game row's summary columns for a state: status, who moves, whether a bot is due."""
    if state.is_terminal():
        return {"status": "over", "to_move": None, "bot_turn": False}
    seat = state.current_player
    info = row.seats[seat]
    forced = info["autoplay"] and len(state.legal_actions()) == 1
    return {"status": "running", "to_move": seat, "bot_turn": bool(info["agent"]) or forced}


class Tables:
    def __init__(self, store: Store, announce: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.announce = announce or (lambda game_id: None)
        self.live: dict[str, Live] = {}
        self.known: dict[str, tuple[str, int]] = {}
        #: games being read from the database now (by how many threads), and the newest
        #: version other processes announced of each meanwhile
        self.loading: Counter[str] = Counter()
        self.heard: dict[str, int] = {}
        self.guard = threading.Lock()

    # -- creating ---------------------------------------------------------------------------
    def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seat_specs: list[str],
        seed: int | None,
    ) -> dict[str, Any]:
        try:
            game = contraband.load(game_id)
        except ValueError as error:
            raise Refused(404, str(error)) from None
        count = players if players is not None else len(seat_specs) or game.info.default_players
        specs = seat_specs or ["human"] + ["random"] * (count - 1)
        if len(specs) != count:
            raise Refused(422, f"give one seat per player: {count} players, {len(specs)} seats")
        for spec in specs:
            if spec != "human":
                try:
                    from_spec(spec)
                except ValueError as error:
                    raise Refused(422, f"seat {spec[:40]!r}: {error}") from None
        try:
            state = game.new(count, seed=seed, options=options)
        except ValueError as error:
            raise Refused(422, str(error)) from None
        table_id = secrets.token_urlsafe(9)
        host = tokens.new_token()
        seat_tokens: list[str | None] = []
        seat_rows = []
        for seat, spec in enumerate(specs):
            token = tokens.new_token() if spec == "human" else None
            seat_tokens.append(token)
            seat_rows.append(
                {
                    "seat": seat,
                    "agent": None if spec == "human" else spec,
                    "token_hash": None if token is None else tokens.token_hash(token),
                    "autoplay": False,
                }
            )
        row = GameRow(
            id=table_id,
            game=game_id,
            players=count,
            options=dict(state.options),
            seed=state.seed,
            version=0,
            status="running",
            to_move=None,
            host_hash=tokens.token_hash(host),
            created=0.0,
            seats=seat_rows,
        )
        columns = {
            "id": table_id,
            "game": game_id,
            "players": count,
            "options": dict(state.options),
            "seed": state.seed,
            "version": 0,
            "host_hash": row.host_hash,
            **_after(state, row),
        }
        self.store.create(columns, seat_rows, state.to_json())
        with self.guard:
            self.live[table_id] = Live(row, state, 0)
        self.announce(table_id)
        return {"id": table_id, "host_token": host, "seat_tokens": seat_tokens, "seats": specs}

    # -- loading ----------------------------------------------------------------------------
    def get(self, table_id: str, fresh: bool = False) -> Live:
        """The game from memory; from the database when not held here, or when ``fresh``.

        Other processes' changes reach this one through ``invalidate`` (PostgreSQL NOTIFY);
        a move based on a version this process has not seen yet makes it look again.
        """
        with self.guard:
            live = self.live.get(table_id)
        if live is not None and not fresh:
            return live
        stored = self.store.version(table_id)
        if stored is None:
            raise NotFound(table_id)
        if live is not None and live.version == stored:
            return live
        with self.guard:
            self.loading[table_id] += 1
        try:
            return self._keep(table_id, self._load(table_id))
        finally:
            with self.guard:
                self.loading[table_id] -= 1
                if not self.loading[table_id]:
                    del self.loading[table_id]
                    self.heard.pop(table_id, None)

    def _keep(self, table_id: str, live: Live) -> Live:
        """Hold ``live`` as the game's copy, unless the copy held is as new (keep that one:
        a move made on either object must land in the one held) or a newer version was
        heard of while it was read (hold nothing: no further notice would clear it)."""
        with self.guard:
            held = self.live.get(table_id)
            if held is not None and held.version >= live.version:
                return held
            if live.version < self.heard.get(table_id, -1):
                return live
            self.live[table_id] = live
            return live

    def cached(self, table_id: str) -> Live | None:
        with self.guard:
            return self.live.get(table_id)

    def invalidate(self, table_id: str, version: int | None = None) -> None:
        """Another process changed the game (to ``version``): forget the copy held here."""
        with self.guard:
            if table_id in self.loading:  # what is being read now may predate this change
                newest = UNKNOWN_VERSION if version is None else version
                self.heard[table_id] = max(newest, self.heard.get(table_id, -1))
            live = self.live.get(table_id)
            if live is not None and (version is None or live.version < version):
                del self.live[table_id]

    def _load(self, table_id: str) -> Live:
        stored = self.store.stored(table_id)
        if stored is None:
            raise NotFound(table_id)
        row, snapshot = stored.row, stored.snapshot
        game = contraband.load(row.game)
        state = game.new(row.players, seed=row.seed, options=row.options)
        for number, (seat, label, _) in enumerate(stored.history):
            if snapshot is not None and snapshot[0] == number:
                _check(state, snapshot[1], table_id)
            state.apply(label, seat=seat)
        if snapshot is not None and snapshot[0] == len(state.history):
            _check(state, snapshot[1], table_id)
        return Live(row, state, row.version)

    # -- viewer -----------------------------------------------------------------------------
    def viewer(self, table_id: str, token: str | None) -> tokens.Viewer:
        """Who a token speaks for in this game; no token is a spectator."""
        if not token:
            self.get(table_id)
            return tokens.Viewer(table_id, None)
        hashed = tokens.token_hash(token)
        found = self.known.get(hashed)
        if found is None:
            found = self.store.seat_for_token(hashed)
            if found is not None:
                self.known[hashed] = found  # a seat's token never changes
        if found is not None:
            if found[0] != table_id:
                raise Refused(403, "this token belongs to another game")
            return tokens.Viewer(table_id, found[1])
        live = self.get(table_id)
        if tokens.same(token, live.row.host_hash):
            return tokens.Viewer(table_id, None, host=True)
        raise Refused(403, "unknown token: use the link you were given for your seat")

    # -- what a seat receives ---------------------------------------------------------------
    def payload(self, live: Live, seat: int | None, since: int = 0) -> dict[str, Any]:
        state = live.state
        mine = seat is not None and state.current_player == seat
        return {
            "id": live.row.id,
            "game": live.row.game,
            "version": live.version,
            "seat": seat,
            "players": state.players,
            "seats": [
                {"seat": s["seat"], "bot": s["agent"], "autoplay": bool(s["autoplay"])}
                for s in live.row.seats
            ],
            "over": state.is_terminal(),
            "to_move": state.current_player,
            "view": state.view(seat),
            "legal": state.legal_moves(seat) if mine else [],
            "log": state.log(seat, since=since),
            "undoable": seat is not None and state.undoable(seat),
            "result": state.result() if state.is_terminal() else None,
        }

    # -- changing ---------------------------------------------------------------------------
    def act(self, table_id: str, seat: int, label: Any, version: Any) -> Live:
        live = self._at(table_id, version)
        with live.lock:
            self._check_version(live, version)
            trial = live.state.clone()
            try:
                trial.apply(label, seat=seat)
            except IllegalAction as error:
                raise Refused(422, str(error), **error.to_dict()) from None
            number = len(live.state.history)
            snapshot = trial.to_json() if (number + 1) % SNAPSHOT_EVERY == 0 else None
            try:
                self.store.append(
                    table_id, live.version, seat, trial.history[-1], number,
                    _after(trial, live.row), snapshot,
                )  # fmt: skip
            except Stale:
                self.invalidate(table_id)
                raise Refused(409, "the game moved on: reload and choose again") from None
            live.state, live.version = trial, live.version + 1
        self._keep(table_id, live)
        self.announce(table_id)
        return live

    def undo(self, table_id: str, seat: int, version: Any) -> Live:
        live = self._at(table_id, version)
        with live.lock:
            self._check_version(live, version)
            try:
                earlier = live.state.undo(seat)
            except IllegalAction as error:
                raise Refused(409, str(error), **error.to_dict()) from None
            try:
                self.store.take_back(
                    table_id, live.version, len(earlier.history), _after(earlier, live.row)
                )
            except Stale:
                self.invalidate(table_id)
                raise Refused(409, "the game moved on: reload and choose again") from None
            live.state, live.version = earlier, live.version + 1
        self._keep(table_id, live)
        self.announce(table_id)
        return live

    def set_seat(self, table_id: str, seat: int, **values: Any) -> Live:
        live = self.get(table_id)
        with live.lock:
            if not 0 <= seat < live.row.players:
                raise Refused(422, f"seat must be 0..{live.row.players - 1}")
            info = dict(live.row.seats[seat])
            info.update(values)
            row_seats = [*live.row.seats]
            row_seats[seat] = info
            live.row.seats = row_seats
            self.store.change_seat(table_id, seat, _after(live.state, live.row), **values)
        with self.guard:
            self.live.pop(table_id, None)
        self.announce(table_id)
        return self.get(table_id)

    def _at(self, table_id: str, version: Any) -> Live:
        """The game; looked up afresh when the client saw a version newer than the copy here."""
        live = self.get(table_id)
        if isinstance(version, int) and version > live.version:
            live = self.get(table_id, fresh=True)
        return live

    @staticmethod
    def _check_version(live: Live, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused(422, "give the version of the game you chose at (an integer)")
        if version != live.version:
            raise Refused(
                409,
                f"stale version {version}: the game is at version {live.version}; "
                "reload and choose again",
                version=live.version,
            )


def _check(state: State, snapshot: dict[str, Any], table_id: str) -> None:
    if state.to_json() != snapshot:
        raise RuntimeError(f"game {table_id}: the replayed record disagrees with its snapshot")
