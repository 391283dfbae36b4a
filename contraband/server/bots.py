"""The worker that plays bot seats, outside the request path.

It looks for games whose seat on move is a bot (or a human seat that opted in to having its
forced moves played), claims the move in the database (so that of several server processes
exactly one thinks about it), lets the agent think in a worker thread with its own budget,
and submits the move like any player, with the version it was chosen at.

Pacing: how long a bot takes must not tell what the rules hide. An instant `allow` in Tony &
Tino would tell Tony that Tino holds no Police. So every bot decision keeps its game's clock
(``Policy.clock``): it is submitted exactly ``pace`` seconds after it became the bot's turn
(the commit of the move before, as the worker heard of it), whatever the bot holds, whether the
move was forced and however long it thought; the bot's search stops at ``think`` seconds, below
the pace, so that it is always done in time. Only a worker so starved that choosing outlasts
the whole pace submits late (and logs it).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from contraband.core.random import derive_seed
from contraband.core.state import State
from contraband.core.variants import variant_game
from contraband.server.held import NotFound, Refused
from contraband.server.policy import Policy, bot_agent
from contraband.server.tables import Tables

log = logging.getLogger("contraband.bots")
#: seconds a claim holds unless renewed: a worker renews its claims while its agents think, so
#: after a crash another worker (or the restarted one) takes the move over within this time
LEASE = 8.0
#: seconds between looks for bot moves when nothing pokes the worker
POLL = 0.5
#: the shortest search a bot is given when its turn's setup left less (a starved worker)
LEAST_SEARCH = 0.01
#: one pace for every game instead of each game's clock (``serve --bot-pace``; 0 in tests, for
#: speed): None keeps each game's own clock from the policy
PACE: float | None = None


def delay(pace: float, elapsed: float) -> float:
    """Seconds still to wait before submitting a bot move that took ``elapsed`` to choose, so
    that it appears ``pace`` seconds after its turn began: the same for every move."""
    return max(0.0, pace - elapsed)


def think(
    record: dict[str, Any],
    seat: int,
    spec: str | None,
    policy: Policy | None = None,
    state: State | None = None,
    until: float | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> tuple[str, bool]:
    """The bot's move (runs in a worker thread): the agent asked about ``state`` (a copy of the
    game as the worker holds it; without one, ``record`` replayed); and whether it was forced
    (the seat's only legal action). The search stops at the game's thinking time, and sooner at
    ``until`` (by ``clock``): the turn's deadline, whatever the claim and the setup took.

    ``spec`` None: a forced move of an opted-in human seat.
    """
    if state is None:
        state = variant_game(record["game"], record.get("variant")).replay(record)
    legal = state.legal_actions(seat)
    if spec is None or len(legal) == 1:
        return legal[0].label, True
    seed = derive_seed(record["seed"], "bot", seat, len(record["actions"]))
    left = None if until is None else max(LEAST_SEARCH, until - clock())
    agent = bot_agent(spec, seed, policy or Policy(), record["game"], left)
    return agent.act(state, seat).label, False


def start_timer(wait: float, call: Callable[..., None], args: tuple) -> None:
    timer = threading.Timer(wait, call, args)
    timer.daemon = True
    timer.start()


class BotWorker:
    """``clock`` and ``later`` (how a submission is put off) are the worker's only clock, so a
    test can run it on a fake one."""

    def __init__(
        self,
        tables: Tables,
        threads: int | None = None,
        pace: float | None = PACE,
        clock: Callable[[], float] = time.monotonic,
        later: Callable[[float, Callable[..., None], tuple], None] = start_timer,
    ) -> None:
        self.tables = tables
        self.policy = tables.policy
        #: one pace for every game (None: each game's clock)
        self.pace = pace
        self.clock = clock
        self.later = later
        #: when each game last changed, by ``poke`` (the start of the bot's turn there)
        self.changed_at: dict[str, float] = {}
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

    def poke(self, game_id: str | None = None) -> None:
        """A game changed (its move committed, here or, through PostgreSQL, elsewhere): a bot's
        turn there begins now."""
        if game_id is not None:
            self.changed_at[game_id] = self.clock()
        self.wake.set()

    def turn_began(self, game_id: str) -> float:
        """When the bot's turn in ``game_id`` began: the last change heard of, so that the pace
        counts from the move before, as the players see it; never earlier than one poll before
        now (a change not heard of), and now if none was heard of."""
        now = self.clock()
        heard = self.changed_at.pop(game_id, None)
        return now if heard is None else max(heard, now - POLL)

    def _loop(self) -> None:
        while not self.stopping.is_set():
            self.wake.wait(timeout=POLL)
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
                started = self.turn_began(game_id)
                until = started + self.policy.clock(live.row.game).think
                future = self.pool.submit(
                    think, record, seat, live.agent(seat), self.policy,
                    state=state.clone(), until=until, clock=self.clock,
                )  # fmt: skip
            except (NotFound, RuntimeError):
                log.exception("cannot load game %s for its bot", game_id)
                continue
            self.running[game_id] = future
            pace = self.pace_of(live.row.game)
            future.add_done_callback(
                lambda done, g=game_id, s=seat, v=version, t=started, p=pace: self._chosen(
                    g, s, v, t, p, done
                )
            )

    def pace_of(self, game: str) -> float:
        """Seconds from a bot's turn to its move in ``game``."""
        return self.policy.clock(game).pace if self.pace is None else self.pace

    def _chosen(
        self, game_id: str, seat: int, version: int, started: float, pace: float, done: Any
    ) -> None:
        """The agent has chosen: submit now, or once the pace says (the claim stays held)."""
        try:
            label, _forced = done.result()
        except Exception:
            log.exception("bot in %s failed to choose", game_id)
            self.running.pop(game_id, None)
            self.tables.store.release(game_id, self.name)
            self.wake.set()
            return
        elapsed = self.clock() - started
        wait = delay(pace, elapsed)
        if wait <= 0:
            if pace > 0:
                log.warning(
                    "bot in %s chose after %.2f s, past its pace of %g s", game_id, elapsed, pace
                )
            self._submit(game_id, seat, version, label)
            return
        self.later(wait, self._submit, (game_id, seat, version, label))

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
