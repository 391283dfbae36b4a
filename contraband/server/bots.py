"""The worker that plays bot seats, outside the request path.

It looks for games whose seat on move is a bot (or a human seat that opted in to having its
forced moves played), claims the move in the database (so that of several server processes
exactly one thinks about it), lets the agent think in a worker thread with its own budget,
and submits the move like any player, with the version it was chosen at.

Pacing: how long a bot takes must not tell what the rules hide. An instant `allow` in Tony &
Tino would tell Tony that Tino holds no Police, so no bot move is submitted sooner than
``pace`` seconds after it was claimed, and a move the bot did not have to think about (its only
legal action) waits as long as that seat's last real decision took, so the two cannot be told
apart by the clock.
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import contraband
from contraband.core.random import derive_seed
from contraband.server.held import NotFound, Refused
from contraband.server.policy import Policy, bot_agent
from contraband.server.tables import Tables

log = logging.getLogger("contraband.bots")
#: seconds a claim holds unless renewed: a worker renews its claims while its agents think, so
#: after a crash another worker (or the restarted one) takes the move over within this time
LEASE = 8.0
#: the least time, in seconds, between a bot's turn and its move (the table-design guide's 600 ms)
PACE = 0.6


def delay(pace: float, elapsed: float, forced: bool, usual: float | None) -> float:
    """Seconds still to wait before submitting a bot move that took ``elapsed`` to choose: up
    to ``pace``, and for a forced move up to ``usual`` (the seat's last real decision's time)."""
    target = max(pace, usual or 0.0) if forced else pace
    return max(0.0, target - elapsed)


def think(
    record: dict[str, Any], seat: int, spec: str | None, policy: Policy | None = None
) -> tuple[str, bool]:
    """The bot's move (runs in a worker thread): the game replayed, the agent asked; and
    whether it was forced (the seat's only legal action).

    ``spec`` None: a forced move of an opted-in human seat.
    """
    state = contraband.load(record["game"]).replay(record)
    legal = state.legal_actions(seat)
    if spec is None or len(legal) == 1:
        return legal[0].label, True
    seed = derive_seed(record["seed"], "bot", seat, len(record["actions"]))
    return bot_agent(spec, seed, policy or Policy()).act(state, seat).label, False


class BotWorker:
    def __init__(self, tables: Tables, threads: int | None = None, pace: float = PACE) -> None:
        self.tables = tables
        self.policy = tables.policy
        self.pace = pace
        self.usual: dict[tuple[str, int], float] = {}  # a seat's last real decision's time
        self.name = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.wake = threading.Event()
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        # Threads, not processes: a process pool's workers vanished after a kill -9 and restart
        # in testing, leaving bot moves unanswered; thinking threads share the interpreter
        # (the request path keeps its share of time) and never lose a job.
        self.pool = ThreadPoolExecutor(max(1, threads or 2), thread_name_prefix="bot")
        self.running: dict[str, Any] = {}

    def start(self) -> None:
        self.thread = threading.Thread(target=self._loop, name="contraband-bots", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()
        self.wake.set()
        if self.thread is not None:
            self.thread.join(timeout=5)
        self.pool.shutdown(wait=False, cancel_futures=True)

    def poke(self, _game_id: str | None = None) -> None:
        self.wake.set()

    def _loop(self) -> None:
        while not self.stopping.is_set():
            self.wake.wait(timeout=0.5)
            self.wake.clear()
            try:
                self._round()
            except Exception:  # the worker must outlive any one game's trouble
                log.exception("bot worker round failed")

    def _round(self) -> None:
        for game_id in list(self.running):
            self.tables.store.renew(game_id, self.name, LEASE)
        for game_id, version in self.tables.store.bot_jobs():
            if game_id in self.running:
                continue
            if not self.tables.store.claim(game_id, version, self.name, LEASE):
                continue
            try:
                live = self.tables.get(game_id)
                if live.version < version:  # another process's move not heard of here yet
                    live = self.tables.get(game_id, fresh=True)
                state = live.state
                if live.version != version or state.is_terminal():
                    self.tables.store.release(game_id, self.name)
                    continue
                seat = state.current_player
                record = state.record()
                future = self.pool.submit(think, record, seat, live.agent(seat), self.policy)
            except (NotFound, RuntimeError):
                log.exception("cannot load game %s for its bot", game_id)
                continue
            self.running[game_id] = future
            started = time.monotonic()
            future.add_done_callback(
                lambda done, g=game_id, s=seat, v=version, t=started: self._chosen(g, s, v, t, done)
            )

    def _chosen(self, game_id: str, seat: int, version: int, started: float, done: Any) -> None:
        """The agent has chosen: submit now, or once the pace says (the claim stays held)."""
        try:
            label, forced = done.result()
        except Exception:
            log.exception("bot in %s failed to choose", game_id)
            self.running.pop(game_id, None)
            self.tables.store.release(game_id, self.name)
            self.wake.set()
            return
        elapsed = time.monotonic() - started
        if not forced:
            self.usual[game_id, seat] = elapsed
        wait = delay(self.pace, elapsed, forced, self.usual.get((game_id, seat)))
        if wait <= 0:
            self._submit(game_id, seat, version, label)
            return
        timer = threading.Timer(wait, self._submit, (game_id, seat, version, label))
        timer.daemon = True
        timer.start()

    def _submit(self, game_id: str, seat: int, version: int, label: str) -> None:
        self.running.pop(game_id, None)
        if self.stopping.is_set():
            return
        try:
            self.tables.act(game_id, seat, label, version)
        except Refused as refused:  # the game moved on (undo, seat handed back): think again
            log.info("bot move in %s refused: %s", game_id, refused)
            self.tables.store.release(game_id, self.name)
        except Exception:
            log.exception("bot move in %s failed", game_id)
            self.tables.store.release(game_id, self.name)
        self.wake.set()
