"""The worker that plays bot seats, outside the request path.

It looks for games whose seat on move is a bot (or a human seat that opted in to having its
forced moves played), claims the move in the database (so that of several server processes
exactly one thinks about it), lets the agent think in a worker thread with its own budget,
and submits the move like any player, with the version it was chosen at.
"""

from __future__ import annotations

import logging
import os
import threading
import uuid
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import contraband
from contraband.agents import from_spec
from contraband.core.random import derive_seed
from contraband.server.tables import NotFound, Refused, Tables

log = logging.getLogger("contraband.bots")
#: seconds a claim holds unless renewed: a worker renews its claims while its agents think, so
#: after a crash another worker (or the restarted one) takes the move over within this time
LEASE = 8.0


def think(record: dict[str, Any], seat: int, spec: str | None) -> str:
    """The bot's move (runs in a worker thread): the game replayed, the agent asked.

    ``spec`` None: a forced move of an opted-in human seat (its only legal action).
    """
    state = contraband.load(record["game"]).replay(record)
    if spec is None:
        return state.legal_actions(seat)[0].label
    seed = derive_seed(record["seed"], "bot", seat, len(record["actions"]))
    return from_spec(spec, seed=seed).act(state, seat).label


class BotWorker:
    def __init__(self, tables: Tables, threads: int | None = None) -> None:
        self.tables = tables
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
                state = live.state
                if live.version != version or state.is_terminal():
                    self.tables.store.release(game_id, self.name)
                    continue
                seat = state.current_player
                record = state.record()
                future = self.pool.submit(think, record, seat, live.agent(seat))
            except (NotFound, RuntimeError):
                log.exception("cannot load game %s for its bot", game_id)
                continue
            self.running[game_id] = future
            future.add_done_callback(
                lambda done, g=game_id, s=seat, v=version: self._submit(g, s, v, done)
            )

    def _submit(self, game_id: str, seat: int, version: int, done: Any) -> None:
        self.running.pop(game_id, None)
        try:
            label = done.result()
            self.tables.act(game_id, seat, label, version)
        except Refused as refused:  # the game moved on (undo, seat handed back): think again
            log.info("bot move in %s refused: %s", game_id, refused)
            self.tables.store.release(game_id, self.name)
        except Exception:
            log.exception("bot move in %s failed", game_id)
            self.tables.store.release(game_id, self.name)
        self.wake.set()
