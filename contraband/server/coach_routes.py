"""The coach at the web table: hints during a game, reviews after it (``contraband.agents.coach``).

Hints are a table option chosen at creation (``hints``; unset, on where at most one seat is
human) that every seat sees. A hint is the strong search's three best moves for the asking
seat, computed from that seat's view only (the search determinizes every iteration), in a
thread of the coach's own pool, never on the request's event loop, within the server's bot
limits (``bot_seconds`` wall clock, ``bot_iterations``); one hint at a time per game.

A review is a seat's own analysis of its own decisions, so only that seat's token (or the
host's) may start or read it. It is computed in the background, one at a time per process, a
decision at a time within ``REVIEW_SECONDS`` each, with its progress stored as it goes, and kept
in the database (``coach_store``) for the replay page.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Annotated, Any

from fastapi import FastAPI, Query
from fastapi.responses import JSONResponse
from pydantic import Field

import contraband
from contraband.agents import coach
from contraband.core.random import derive_seed
from contraband.server import coach_store, models
from contraband.server.auth import Token
from contraband.server.held import Live, Refused
from contraband.server.policy import Policy
from contraband.server.tables import Tables

log = logging.getLogger("contraband.coach")

#: wall-clock seconds a review may search one decision (also capped by the policy's bot_seconds)
REVIEW_SECONDS = 1.0
#: threads that compute hints (each hint is one search of at most bot_seconds)
HINT_THREADS = 2
#: hints being computed or waiting at once in this process: beyond, the coach answers busy (429),
#: so that hints asked in many games cannot queue up without end
HINT_QUEUE = 8


class Hint(models.Strict):
    version: int = Field(ge=0, description="the game's version the hint is asked at")


def budget(game: str, policy: Policy) -> int:
    """Iterations per analysed decision: the game's strong budget within the server's cap."""
    return min(contraband.load(game).heuristic.search_iterations, policy.bot_iterations)


class Reviewer:
    """Computes reviews one after another in a daemon thread (a review may take minutes; it
    must not hold the process open at exit, and a stopped one is restarted on request)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.jobs: queue.Queue[tuple[str, int]] = queue.Queue()
        self.pending: set[tuple[str, int]] = set()
        self.guard = threading.Lock()
        self.thread: threading.Thread | None = None

    def start(self, game_id: str, seat: int) -> None:
        """Queue the seat's review unless this process has it queued, another process is
        computing it, or it is stored already."""
        key = (game_id, seat)
        with self.guard:
            if key in self.pending:
                return
            if not coach_store.claim(self.tables.store, game_id, seat, restart=True):
                return
            self.pending.add(key)
            if self.thread is None:
                self.thread = threading.Thread(target=self._work, name="coach-review", daemon=True)
                self.thread.start()
        self.jobs.put(key)

    def _work(self) -> None:
        while True:
            game_id, seat = self.jobs.get()
            try:
                self._review(game_id, seat)
            except Exception:  # one game's trouble must not stop the others' reviews
                log.exception("review of seat %s in %s failed", seat, game_id)
                coach_store.write(self.tables.store, game_id, seat, "failed", 0.0)
            finally:
                with self.guard:
                    self.pending.discard((game_id, seat))

    def _review(self, game_id: str, seat: int) -> None:
        store, policy = self.tables.store, self.tables.policy
        live = self.tables.get(game_id)
        record = live.state.record()

        def progress(done: int, total: int) -> None:
            share = done / total if total else 1.0
            coach_store.write(store, game_id, seat, "running", min(share, 0.999))

        result = coach.review(
            record,
            seat,
            iterations=budget(live.row.game, policy),
            seconds=min(REVIEW_SECONDS, policy.bot_seconds),
            seed=derive_seed(live.row.seed, "review", seat),
            progress=progress,
        )
        coach_store.write(store, game_id, seat, "done", 1.0, result)


def register(app: FastAPI, tables: Tables) -> None:
    """Add the coach's routes: ``POST /api/games/{id}/hint``, ``POST`` and ``GET
    /api/games/{id}/review``."""
    policy = tables.policy
    pool = ThreadPoolExecutor(HINT_THREADS, thread_name_prefix="coach-hint")
    hinting: set[str] = set()
    guard = threading.Lock()
    reviewer = Reviewer(tables)
    app.state.coach = reviewer

    def seat_of(game_id: str, token: str | None) -> tuple[Live, int]:
        who = tables.viewer(game_id, token)
        if who.seat is None:
            raise Refused(403, "only a player's seat token may ask the coach")
        tables.seen(game_id, who.seat)
        return tables.get(game_id), who.seat

    def current(game_id: str, live: Live, version: int) -> Live:
        """The game afresh when the client saw a version newer than the copy held here."""
        return tables.get(game_id, fresh=True) if version > live.version else live

    @app.post("/api/games/{game_id}/hint", tags=["coach"])
    async def hint(game_id: str, body: Hint, token: Token) -> dict[str, Any]:
        """The strong search's three best moves for the token's seat at its decision, each with
        its description (``action_info``) and estimated win chance, from the seat's own view
        only. 403 where the table does not allow hints, 409 when it is not the seat's decision
        or ``version`` is not the game's, 429 while another hint of this game is computed."""
        live, seat = await asyncio.to_thread(seat_of, game_id, token)
        live = await asyncio.to_thread(current, game_id, live, body.version)
        if not live.row.hints:
            raise Refused(403, "hints are off at this table (chosen when the game was created)")
        if body.version != live.version:
            raise Refused(
                409,
                f"stale version {body.version}: the game is at version {live.version}",
                version=live.version,
            )
        state = live.state
        if state.is_terminal() or state.current_player != seat:
            raise Refused(409, "a hint is for your own decision: it is not your turn")
        if live.agent(seat) is not None:
            raise Refused(409, f"a bot plays seat {seat} now")
        with guard:
            if game_id in hinting:
                raise Refused(429, "a hint is being computed for this game: try again shortly")
            if len(hinting) >= HINT_QUEUE:
                raise Refused(429, "the coach is busy with other tables: try again shortly")
            hinting.add(game_id)
        try:
            answer = await asyncio.get_running_loop().run_in_executor(
                pool,
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
                hinting.discard(game_id)
        return {**answer, "version": live.version}

    def reviewed_seat(game_id: str, token: str | None, seat: int | None) -> tuple[Live, int]:
        """The seat whose review is asked: the token's own, or for the host any (``seat``)."""
        who = tables.viewer(game_id, token)
        live = tables.get(game_id)
        if who.seat is not None:
            if seat is not None and seat != who.seat:
                raise Refused(403, "a review belongs to its seat: ask with that seat's token")
            return live, who.seat
        if not who.host:
            raise Refused(403, "a review belongs to its seat: ask with that seat's token")
        if seat is None or not 0 <= seat < live.row.players:
            raise Refused(422, f"seat: give the seat to review, 0..{live.row.players - 1}")
        return live, seat

    @app.post("/api/games/{game_id}/review", status_code=202, tags=["coach"])
    def start_review(
        game_id: str, token: Token, seat: Annotated[int | None, Query(ge=0, le=8)] = None
    ) -> Any:
        """Start the token's seat's post-game review in the background (the host names a
        ``seat``); answers its status as ``GET`` does. 409 while the game is running."""
        live, seat = reviewed_seat(game_id, token, seat)
        if not live.state.is_terminal():
            raise Refused(409, "a review is made once the game is over")
        status = coach_store.read(tables.store, game_id, seat)
        if status["status"] in ("none", "failed"):
            reviewer.start(game_id, seat)
            status = coach_store.read(tables.store, game_id, seat)
        return JSONResponse(status, status_code=200 if status["status"] == "done" else 202)

    @app.get("/api/games/{game_id}/review", tags=["coach"])
    def get_review(
        game_id: str, token: Token, seat: Annotated[int | None, Query(ge=0, le=8)] = None
    ) -> dict[str, Any]:
        """A seat's review: ``{"status": "none"|"running"|"done"|"failed", "progress": 0..1,
        "review": {...}|null}`` (see ``contraband.agents.coach.review`` for its fields). Only
        that seat's token, or the host's, may read it."""
        _live, seat = reviewed_seat(game_id, token, seat)
        return coach_store.read(tables.store, game_id, seat)
