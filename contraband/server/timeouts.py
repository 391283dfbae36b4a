"""What time does to tables when nobody acts: a seat runs out of time, a stalled table ends as
abandoned, an open table nobody joins expires.

``sweep`` looks once (a background thread calls it every ``EVERY`` seconds; a test calls it
after moving its injected clock). Every change is one guarded write that bumps the game's
version, so of several server processes sweeping the same database each change happens once.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from sqlalchemy import and_, select, update

from contraband.server.schema import games, seats

log = logging.getLogger("contraband.timeouts")

#: seconds between two sweeps
EVERY = 15.0


def sweep(tables: Any) -> list[str]:
    """Mark the seats whose clock ran out, end stalled and expired tables; the games changed."""
    now = tables.now()
    store = tables.store
    changed: list[str] = []
    with store.engine.begin() as db:
        ran_out = db.execute(
            select(seats.c.game_id, seats.c.seat)
            .join(games, games.c.id == seats.c.game_id)
            .where(
                games.c.status == "running",
                seats.c.turn_since.is_not(None),
                seats.c.out_of_time.is_(None),
                seats.c.bank - (now - seats.c.turn_since) <= 0,
            )
        ).all()
        for game_id, seat in ran_out:
            db.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(out_of_time=now)
            )
            changed.append(_bump(db, store, game_id))
        stalled = db.execute(
            select(games.c.id)
            .join(seats, and_(seats.c.game_id == games.c.id, seats.c.seat == games.c.to_move))
            .where(
                games.c.status == "running",
                seats.c.agent.is_(None),
                seats.c.out_of_time.is_not(None),
                seats.c.out_of_time <= now - tables.policy.abandon_timeout,
            )
        ).all()
        for (game_id,) in stalled:
            changed.append(_bump(db, store, game_id, status="abandoned", bot_turn=False))
        expired = db.execute(
            select(games.c.id).where(games.c.status == "open", games.c.open_until <= now)
        ).all()
        for (game_id,) in expired:
            changed.append(_bump(db, store, game_id, status="expired"))
    for game_id in dict.fromkeys(changed):
        tables.invalidate(game_id)
        tables.announce(game_id)
    return list(dict.fromkeys(changed))


def _bump(db: Any, store: Any, game_id: str, **values: Any) -> str:
    version = db.execute(
        update(games)
        .where(games.c.id == game_id)
        .values(version=games.c.version + 1, **values)
        .returning(games.c.version)
    ).scalar_one()
    store._notify(db, game_id, version)
    return game_id


class Sweeper:
    """Calls ``sweep`` every ``EVERY`` seconds in a daemon thread until stopped."""

    def __init__(self, tables: Any, every: float = EVERY, also: tuple = ()) -> None:
        """``also``: more calls to make at each sweep (the e-mail notices)."""
        self.tables = tables
        self.every = every
        self.also = also
        self.stopping = threading.Event()

    def start(self) -> None:  # (a lifespan may begin again: a new thread each time)
        self.stopping = threading.Event()
        thread = threading.Thread(target=self._run, name="contraband-clock", daemon=True)
        thread.start()

    def stop(self) -> None:
        self.stopping.set()

    def _run(self) -> None:
        stopping = self.stopping
        while not stopping.wait(self.every):
            for call in (sweep, *self.also):
                try:
                    call(self.tables)
                except Exception:  # a database hiccup: the next sweep tries again
                    log.exception("the sweep %s failed", getattr(call, "__name__", call))
