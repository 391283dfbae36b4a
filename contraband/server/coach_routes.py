"""The coach at the web table: hints during a game, reviews after it (``contraband.agents.coach``).

Hints are a table option chosen at creation (``hints``; unset, on where at most one seat is
human) that every seat sees. A hint is the strong search's three best moves for the asking
seat, computed from that seat's view only (the search determinizes every iteration), in a
process of the coach's own pool, never on the request's event loop, within the server's bot
limits (``bot_seconds`` wall clock, ``bot_iterations``); one hint at a time per game.

A review is a seat's own analysis of its own decisions, so only that seat's token (or the
host's) may start or read it. It is computed in the background, one at a time per process and
in a fair order between the addresses asking (``Reviewer``), a decision at a time within
``REVIEW_SECONDS`` per search (several searches a decision, to measure their noise), with its
progress stored as it goes, and kept in the database
(``coach_store``) for the replay page.
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse
from pydantic import Field

import contraband
from contraband.agents import coach
from contraband.core.random import derive_seed
from contraband.server import coach_store, models
from contraband.server.auth import Token
from contraband.server.held import Live, Refused
from contraband.server.limits import client_of
from contraband.server.policy import Policy
from contraband.server.tables import Tables

log = logging.getLogger("contraband.coach")

#: wall-clock seconds a review may spend on each of its searches of a decision (it makes
#: coach.REVIEW_RUNS of them, to measure their noise; also capped by the policy's bot_seconds)
REVIEW_SECONDS = 1.0
#: processes that compute hints (each hint shares at most bot_seconds between its searches).
#: A search in a thread of the server's own process would hold its interpreter lock and slow
#: every other table's answers; in a process of its own it competes only for a core
HINT_PROCESSES = 1
#: hints one client address may have waiting or computed at once
HINTS_PER_ADDRESS = 2
#: hints being computed or waiting at once in this process: beyond, the coach answers busy (429),
#: so that hints asked in many games cannot queue up without end
HINT_QUEUE = 8
#: reviews waiting or running at once in this process from one client address, and of one game
PER_ADDRESS = 2
PER_GAME = 2

Key = tuple[str, int]  # a review: game id and seat


class Hint(models.Strict):
    version: int = Field(ge=0, description="the game's version the hint is asked at")


def budget(game: str, policy: Policy) -> int:
    """Iterations per analysed decision: the game's strong budget within the server's cap."""
    return min(contraband.load(game).heuristic.search_iterations, policy.bot_iterations)


class Reviewer:
    """Computes reviews one after another in a daemon thread (a review may take minutes; it
    must not hold the process open at exit), in a fair order.

    Reviews wait in one queue per client address, and the next to start is always from the
    address served least recently (one never served first): however many reviews one address
    asks for, another address's review starts as soon as the running one ends. Each seat has
    at most one review waiting or running; an address at most ``PER_ADDRESS`` and a game at
    most ``PER_GAME`` at once (beyond, 429)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.waiting: dict[str, deque[Key]] = {}  # by address, in the order asked
        self.served: dict[str, float] = {}  # when each address's last review started
        self.running: tuple[str, Key] | None = None
        self.touched = 0.0
        self.guard = threading.Condition()
        self.thread: threading.Thread | None = None

    def start(self, game_id: str, seat: int, address: str) -> None:
        """Queue the seat's review unless this process has it queued, another process is
        computing it, or it is stored already; refused (429) beyond the bounds."""
        key = (game_id, seat)
        with self.guard:
            held = self._held()
            if key in (k for _, k in held):
                return
            if sum(1 for a, _ in held if a == address) >= PER_ADDRESS:
                raise Refused(
                    429,
                    f"at most {PER_ADDRESS} reviews from one address wait or run at once: ask "
                    "again when one is done",
                    "reviews_address",
                    most=PER_ADDRESS,
                )
            if sum(1 for _, (g, _) in held if g == game_id) >= PER_GAME:
                raise Refused(
                    429,
                    f"at most {PER_GAME} reviews of one game wait or run at once: ask again "
                    "when one is done",
                    "reviews_game",
                    most=PER_GAME,
                )
            if not coach_store.claim(self.tables.store, game_id, seat, restart=True):
                return
            self.waiting.setdefault(address, deque()).append(key)
            if self.thread is None:
                self.thread = threading.Thread(target=self._work, name="coach-review", daemon=True)
                self.thread.start()
            self.guard.notify()

    def ahead(self, game_id: str, seat: int) -> int | None:
        """How many reviews will start before this seat's (None: not waiting here)."""
        with self.guard:
            order = self._order()
            running = self.running is not None
        key = (game_id, seat)
        return order.index(key) + running if key in order else None

    def _held(self) -> list[tuple[str, Key]]:
        held = [(a, k) for a, keys in self.waiting.items() for k in keys]
        return held + ([self.running] if self.running is not None else [])

    def _pick(self, waiting: dict[str, deque[Key]], served: dict[str, float]) -> str:
        """The address whose review starts next: served least recently, then asked first."""
        return min(waiting, key=lambda address: served.get(address, -math.inf))

    def _order(self) -> list[Key]:
        """The waiting reviews in the order they will start."""
        waiting = {a: deque(keys) for a, keys in self.waiting.items()}
        served = dict(self.served)
        order: list[Key] = []
        step = max(served.values(), default=0.0)
        while waiting:
            address = self._pick(waiting, served)
            order.append(waiting[address].popleft())
            if not waiting[address]:
                del waiting[address]
            step += 1.0
            served[address] = step
        return order

    def _next(self) -> Key:
        with self.guard:
            while not self.waiting:
                self.guard.wait()
            address = self._pick(self.waiting, self.served)
            key = self.waiting[address].popleft()
            if not self.waiting[address]:
                del self.waiting[address]
            self.served[address] = time.monotonic()
            if len(self.served) > 10_000:  # forget those with nothing waiting
                self.served = {a: t for a, t in self.served.items() if a in self.waiting}
            self.running = (address, key)
            return key

    def _work(self) -> None:
        while True:
            game_id, seat = self._next()
            try:
                self._review(game_id, seat)
            except Exception:  # one game's trouble must not stop the others' reviews
                log.exception("review of seat %s in %s failed", seat, game_id)
                coach_store.write(self.tables.store, game_id, seat, "failed", 0.0)
            finally:
                with self.guard:
                    self.running = None

    def _touch_waiting(self) -> None:
        """Keep the waiting reviews' rows fresh (a row left untouched reads as abandoned)."""
        now = time.monotonic()
        if now - self.touched < coach_store.STALE / 4:
            return
        self.touched = now
        with self.guard:
            keys = [k for _, k in self._held() if self.running is None or k != self.running[1]]
        coach_store.touch(self.tables.store, keys)

    def _review(self, game_id: str, seat: int) -> None:
        store, policy = self.tables.store, self.tables.policy
        live = self.tables.get(game_id)
        record = live.state.record()
        coach_store.write(store, game_id, seat, "running", 0.0)

        def progress(done: int, total: int) -> None:
            share = done / total if total else 1.0
            coach_store.write(store, game_id, seat, "running", min(share, 0.999))
            self._touch_waiting()

        result = coach.review(
            record,
            seat,
            iterations=budget(live.row.game, policy),
            seconds=min(REVIEW_SECONDS, policy.bot_seconds),
            seed=derive_seed(live.row.seed, "review", seat),
            progress=progress,
        )
        coach_store.write(store, game_id, seat, "done", 1.0, result)


def hint_pool(app: FastAPI) -> Any:
    """The hints' process pool, started when first needed."""
    if app.state.hint_pool is None:
        context = multiprocessing.get_context("spawn")
        app.state.hint_pool = ProcessPoolExecutor(HINT_PROCESSES, mp_context=context)
    return app.state.hint_pool


def stop_hints(app: FastAPI) -> None:
    pool, app.state.hint_pool = app.state.hint_pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def register(app: FastAPI, tables: Tables) -> None:
    """Add the coach's routes: ``POST /api/games/{id}/hint``, ``POST`` and ``GET
    /api/games/{id}/review``."""
    policy = tables.policy
    # started at the first hint, in processes spawned (not forked: the server runs threads);
    # read at each hint from app.state, where a test may put a pool of its own
    app.state.hint_pool = None
    hinting: dict[str, str] = {}  # game id -> the asking address
    guard = threading.Lock()
    reviewer = Reviewer(tables)
    app.state.coach = reviewer

    def seat_of(game_id: str, token: str | None) -> tuple[Live, int]:
        who = tables.viewer(game_id, token)
        if who.seat is None:
            raise Refused(403, "only a player's seat token may ask the coach", "coach_seat_only")
        tables.seen(game_id, who.seat)
        return tables.get(game_id), who.seat

    def current(game_id: str, live: Live, version: int) -> Live:
        """The game afresh when the client saw a version newer than the copy held here."""
        return tables.get(game_id, fresh=True) if version > live.version else live

    @app.post("/api/games/{game_id}/hint", tags=["coach"])
    async def hint(http: Request, game_id: str, body: Hint, token: Token) -> dict[str, Any]:
        """The strong search's three best moves for the token's seat at its decision, each with
        its description (``action_info``) and estimated win chance, from the seat's own view
        only. 403 where the table does not allow hints, 409 when it is not the seat's decision
        or ``version`` is not the game's, 429 while another hint of this game is computed."""
        live, seat = await asyncio.to_thread(seat_of, game_id, token)
        live = await asyncio.to_thread(current, game_id, live, body.version)
        if not live.row.hints:
            raise Refused(
                403, "hints are off at this table (chosen when the game was created)", "hints_off"
            )
        if body.version != live.version:
            raise Refused(
                409,
                f"stale version {body.version}: the game is at version {live.version}",
                "moved_on",
                version=live.version,
            )
        state = live.state
        if state.is_terminal() or state.current_player != seat:
            raise Refused(
                409, "a hint is for your own decision: it is not your turn", "hint_not_turn"
            )
        if live.agent(seat) is not None:
            raise Refused(409, f"a bot plays seat {seat} now", "hint_bot", seat=seat)
        with guard:
            if game_id in hinting:
                raise Refused(
                    429, "a hint is being computed for this game: try again shortly", "hint_busy"
                )
            address = client_of(http.scope)
            if sum(1 for a in hinting.values() if a == address) >= HINTS_PER_ADDRESS:
                raise Refused(
                    429,
                    "the coach is working on other hints of yours: try again shortly",
                    "hints_yours_busy",
                )
            if len(hinting) >= HINT_QUEUE:
                raise Refused(
                    429, "the coach is busy with other tables: try again shortly", "coach_busy"
                )
            hinting[game_id] = address
        try:
            answer = await asyncio.get_running_loop().run_in_executor(
                hint_pool(app),
                partial(
                    coach.hint,
                    state.clone(),
                    seat,
                    iterations=budget(live.row.game, policy),
                    seconds=policy.bot_seconds,
                    seed=derive_seed(live.row.seed, "hint", seat, live.version),
                ),
            )
        finally:
            with guard:
                hinting.pop(game_id, None)
        return {**answer, "version": live.version}

    def reviewed_seat(game_id: str, token: str | None, seat: int | None) -> tuple[Live, int]:
        """The seat whose review is asked: the token's own, or for the host any (``seat``)."""
        who = tables.viewer(game_id, token)
        live = tables.get(game_id)
        player = who.seat is not None  # a player asks for their own seat's review only
        if (player and seat not in (None, who.seat)) or (not player and not who.host):
            raise Refused(
                403, "a review belongs to its seat: ask with that seat's token", "review_own"
            )
        if who.seat is not None:
            return live, who.seat
        if seat is None or not 0 <= seat < live.row.players:
            raise Refused(422, f"seat: give the seat to review, 0..{live.row.players - 1}")
        return live, seat

    @app.post("/api/games/{game_id}/review", status_code=202, tags=["coach"])
    def start_review(
        http: Request,
        game_id: str,
        token: Token,
        seat: Annotated[models.Whole | None, Query(ge=0, le=8)] = None,
    ) -> Any:
        """Start the token's seat's post-game review in the background (the host names a
        ``seat``); answers its status as ``GET`` does. 409 while the game is running."""
        live, seat = reviewed_seat(game_id, token, seat)
        if not live.state.is_terminal():
            raise Refused(409, "a review is made once the game is over", "review_not_over")
        status = coach_store.read(tables.store, game_id, seat)
        if status["status"] in ("none", "failed"):
            reviewer.start(game_id, seat, client_of(http.scope))
            status = read_review(game_id, seat)
        return JSONResponse(status, status_code=200 if status["status"] == "done" else 202)

    @app.get("/api/games/{game_id}/review", tags=["coach"])
    def get_review(
        game_id: str, token: Token, seat: Annotated[models.Whole | None, Query(ge=0, le=8)] = None
    ) -> dict[str, Any]:
        """A seat's review: ``{"status": "none"|"running"|"done"|"failed", "progress": 0..1,
        "review": {...}|null}`` (see ``contraband.agents.coach.review`` for its fields). Only
        that seat's token, or the host's, may read it."""
        _live, seat = reviewed_seat(game_id, token, seat)
        return read_review(game_id, seat)

    def read_review(game_id: str, seat: int) -> dict[str, Any]:
        """The stored status, and for a review waiting here how many start before it."""
        status = coach_store.read(tables.store, game_id, seat)
        if status["status"] == "queued":
            status["ahead"] = reviewer.ahead(game_id, seat)
        return status
