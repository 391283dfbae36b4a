"""The server's games in memory: rebuilt from their stored record, changed only through the store.

Every game is held as a live engine state plus its version. A change is tried on a copy, written
to the database with the version it was based on, and only then kept and announced. Everything
a seat receives is built here from the seat-safe engine calls (``view``, ``legal_moves``,
``log``, ``record(seat)``, ``IllegalAction.to_dict``) and nothing else.
"""

from __future__ import annotations

import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from contraband.core.action import IllegalAction
from contraband.core.state import State
from contraband.core.variants import variant_game
from contraband.server import clock, payloads
from contraband.server import seats as tokens
from contraband.server.creation import create_table
from contraband.server.held import Live, NotFound, Refused, after
from contraband.server.policy import Policy
from contraband.server.store import SNAPSHOT_EVERY, GameRow, Stale, Store

__all__ = ["Live", "NotFound", "Refused", "Tables"]

#: why a table ended without its game's end
STATUS_TEXT = {
    "abandoned": "its seat on move ran out of time and nobody replaced it for a long while",
    "expired": "its open seats found no players in time",
}
#: how often a seat's presence is written, in seconds
SEEN_EVERY = 10.0
#: an announced change whose version is not known: newer than anything read before it
UNKNOWN_VERSION = sys.maxsize


def _moved_on() -> Refused:
    """A move or take-back that lost the race to another change of the game."""
    return Refused(409, "the game moved on: reload and choose again", "moved_on")


def _changed(**detail: Any) -> Refused:
    """A change of the seats asked against a version of the table that is no longer current."""
    return Refused(409, "the table changed meanwhile: try again", "table_changed", **detail)


class Tables:
    def __init__(
        self,
        store: Store,
        announce: Callable[[str], None] | None = None,
        policy: Policy | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.policy = policy or Policy()
        #: the clock the tables' game clocks count by (a test injects its own: no test sleeps)
        self.now = now
        #: whether this server sends e-mail (the table offers it)
        self.mail = False
        #: when each seat's presence was last written (written at most every ``SEEN_EVERY``)
        self.seen_at: dict[tuple[str, int], float] = {}
        self.announce = announce or (lambda game_id: None)
        self.live: dict[str, Live] = {}
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
        seed: int | None = None,
        public: bool = False,
        hints: bool | None = None,
        mode: str = "live",
        clock_name: str | None = None,
        names: list[str | None] | None = None,
        variant: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new game (see ``contraband.server.creation``): its id, host, spectator and seat
        tokens."""
        return create_table(
            self, game_id, players, options, seat_specs, seed, public, self.policy, hints,
            mode, clock_name, names, self.now(), variant=variant,
        )  # fmt: skip

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
        game = variant_game(row.game, row.variant)
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
        """Who a token speaks for in this game: a seat, the host, or a spectator (with the
        spectator link's token, or none at all for a public game)."""
        row = self.get(table_id).row
        if token:
            hashed = tokens.token_hash(token)
            for info in row.seats:
                if info["token_hash"] and tokens.same_hash(hashed, info["token_hash"]):
                    return tokens.Viewer(table_id, info["seat"])
            if tokens.same_hash(hashed, row.host_hash):
                return tokens.Viewer(table_id, None, host=True)
            if row.spectator_hash and tokens.same_hash(hashed, row.spectator_hash):
                return tokens.Viewer(table_id, None)
            raise Refused(
                403, "unknown token: use the link you were given for this game", "unknown_token"
            )
        if row.public:
            return tokens.Viewer(table_id, None)
        raise Refused(
            403, "this game is private: watching it needs its spectator link", "private_game"
        )

    def present(self, table_id: str, token: str | None) -> tokens.Viewer:
        """Who a request's token speaks for (``viewer``), a seat's player noted as here."""
        who = self.viewer(table_id, token)
        if who.seat is not None:
            self.seen(table_id, who.seat)
        return who

    def seat_of(self, table_id: str, token: str | None) -> int:
        """The seat of a request that only a player's own seat token may make (403 else)."""
        who = self.present(table_id, token)
        if who.seat is None:
            raise Refused(403, "only a player's seat token may do this", "seat_link_only")
        return who.seat

    def seen(self, table_id: str, seat: int) -> None:
        """Note that the seat's human is here (written at most every ``SEEN_EVERY`` seconds)."""
        now = self.now()
        if now - self.seen_at.get((table_id, seat), 0.0) < SEEN_EVERY:
            return
        self.seen_at[table_id, seat] = now
        if len(self.seen_at) > 100_000:
            self.seen_at.clear()
        self.store.seen(table_id, seat, now)
        live = self.cached(table_id)
        if live is not None:
            live.row.seats[seat] = {**live.row.seats[seat], "last_seen": now}

    # -- what a seat receives ---------------------------------------------------------------
    def payload(self, live: Live, seat: int | None, since: int = 0) -> dict[str, Any]:
        """The table as ``seat`` sees it (``contraband.server.payloads``)."""
        return payloads.payload(self, live, seat, since)

    # -- changing ---------------------------------------------------------------------------
    def act(self, table_id: str, seat: int, label: Any, version: Any) -> Live:
        """Take ``seat``'s action at ``version``; the game as this action left it (a later
        move, a bot's say, is not in it: the answer to this action shows this action only)."""
        live = self._at(table_id, version)
        with live.lock:
            self._check_playing(live)
            self._check_version(live, version)
            trial = live.state.clone()
            try:
                trial.apply(label, seat=seat)
            except IllegalAction as error:
                raise Refused(422, str(error), f"move_{error.reason}", **error.to_dict()) from None
            number = len(live.state.history)
            snapshot = trial.to_json() if (number + 1) % SNAPSHOT_EVERY == 0 else None
            clocks = self._reclock(live, seat, trial)
            summary = after(trial, live.row)
            try:
                self.store.append(
                    table_id, live.version, seat, trial.history[-1], number, summary, snapshot,
                    clocks,
                )  # fmt: skip
            except Stale:
                self.invalidate(table_id)
                raise _moved_on() from None
            live.row = _summed(live.row, summary, clocks)
            live.state, live.version = trial, live.version + 1
            done = live.at(trial, live.version)
        self._keep(table_id, live)
        self.announce(table_id)
        return done

    def undo(self, table_id: str, seat: int, version: Any) -> Live:
        live = self._at(table_id, version)
        with live.lock:
            self._check_playing(live)
            self._check_version(live, version)
            try:
                earlier = live.state.undo(seat)
            except IllegalAction as error:
                raise Refused(409, str(error), f"move_{error.reason}", **error.to_dict()) from None
            clocks = self._reclock(live, None, earlier)
            summary = after(earlier, live.row)
            try:
                self.store.take_back(table_id, live.version, len(earlier.history), summary, clocks)
            except Stale:
                self.invalidate(table_id)
                raise _moved_on() from None
            live.row = _summed(live.row, summary, clocks)
            live.state, live.version = earlier, live.version + 1
            done = live.at(earlier, live.version)
        self._keep(table_id, live)
        self.announce(table_id)
        return done

    def set_seat(self, table_id: str, seat: int, **values: Any) -> Live:
        return self.reseat(table_id, {seat: values})

    def reseat(
        self,
        table_id: str,
        changes: dict[int, dict[str, Any]],
        status: str | None = None,
        expected: int | None = None,
        keep_contact: bool = False,
    ) -> Live:
        """Change seats (who plays them, their tokens, names) and, with ``status``, the table's
        status (an open table begins); with ``expected``, only at that version (409 else). A
        clock stops for a seat a bot now plays and runs for a person on move; a table that
        gains a second human loses its hints for good. A seat's new token means a new player,
        whose e-mail address the old one's is not, unless ``keep_contact`` (the same player's
        new token)."""
        live = self.get(table_id)
        with live.lock:
            for seat in changes:
                if not 0 <= seat < live.row.players:
                    raise Refused(422, f"seat must be 0..{live.row.players - 1}")
            if expected is not None and expected != live.version:
                raise _changed(version=live.version)
            row_seats = _with(live.row.seats, changes)
            row = replace(live.row, seats=row_seats, status=status or live.row.status)
            if row.status == "running" and (
                status == "running" or any("agent" in v for v in changes.values())
            ):  # a clock stops or runs
                mover = None if live.state.is_terminal() else live.state.current_player
                clocks = clock.reclock(row_seats, clock.spec_of(row), None, mover, self.now())
                changes = {
                    s: {**changes.get(s, {}), **clocks.get(s, {})} for s in {*changes, *clocks}
                }
                row.seats = row_seats = _with(live.row.seats, changes)
            summary = after(live.state, row)
            humans = sum(1 for s in row_seats if s["agent"] is None)
            if row.hints and humans > 1:  # the coach never helps one person against another
                row.hints = False
                summary["hints"] = False  # for good: a seat handed back to a bot keeps them off
            try:
                self.store.change_seats(table_id, changes, summary, expected, keep_contact)
            except Stale:
                self.invalidate(table_id)
                raise _changed() from None
            live.row = row
        with self.guard:
            self.live.pop(table_id, None)
        self.announce(table_id)
        return self.get(table_id)

    def _reclock(self, live: Live, acted: int | None, state: State) -> dict[int, dict[str, Any]]:
        """The seats' clock changes once ``state`` is the game (``acted`` took a decision)."""
        if live.row.status != "running":
            return {}
        mover = None if state.is_terminal() else state.current_player
        spec = clock.spec_of(live.row)
        return clock.reclock(live.row.seats, spec, acted, mover, self.now())

    def _at(self, table_id: str, version: Any) -> Live:
        """The game; looked up afresh when the client saw a version newer than the copy here."""
        live = self.get(table_id)
        if isinstance(version, int) and version > live.version:
            live = self.get(table_id, fresh=True)
        return live

    @staticmethod
    def _check_playing(live: Live) -> None:
        status = live.row.status
        if status == "open":
            raise Refused(
                409,
                "the table waits for its players: it begins once every seat is taken",
                "table_waits",
            )
        if status in ("abandoned", "expired"):
            raise Refused(409, f"this table has ended: {STATUS_TEXT[status]}", f"table_{status}")

    @staticmethod
    def _check_version(live: Live, version: Any) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise Refused(422, "give the version of the game you chose at (an integer)")
        if version != live.version:
            raise Refused(
                409,
                f"stale version {version}: the game is at version {live.version}; "
                "reload and choose again",
                "moved_on",
                version=live.version,
            )


def _with(seats: list[dict[str, Any]], changes: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats with ``changes`` made (new dicts: a row once read stays as it was)."""
    if not changes:
        return seats
    return [{**info, **changes.get(info["seat"], {})} for info in seats]


def _summed(row: GameRow, summary: dict[str, Any], clocks: dict[int, dict[str, Any]]) -> GameRow:
    """The row after a change: its status, mover and seats' clocks as written."""
    return replace(
        row, status=summary["status"], to_move=summary["to_move"], seats=_with(row.seats, clocks)
    )


def _check(state: State, snapshot: dict[str, Any], table_id: str) -> None:
    if state.to_json() != snapshot:
        raise RuntimeError(f"game {table_id}: the replayed record disagrees with its snapshot")
