"""Post-game reviews as stored: one row per game and seat (migration 0003), so a review survives
a restart and every server process on the database sees it.

A review is started by inserting its row (``running``, progress 0): of two processes asked at
once, the insert of only one succeeds, and that one computes it. A running review whose row has
not been touched for ``STALE`` seconds was left by a stopped process and may be started again.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import (
    JSON,
    Column,
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from contraband.server.store import Store, metadata

reviews = Table(
    "reviews",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("status", String(16), nullable=False),  # queued | running | done | failed
    Column("progress", Float, nullable=False),  # 0..1
    Column("data", JSON, nullable=True),  # the review once done
    Column("updated", Float, nullable=False),
)

#: seconds without progress after which a running review counts as abandoned (each decision
#: of a review takes at most the server's bot_seconds, and the row is touched after each)
STALE = 120.0


def read(store: Store, game_id: str, seat: int) -> dict[str, Any]:
    """``{"status": "none"|"queued"|"running"|"done"|"failed", "progress", "review"}``; an
    abandoned waiting or running review reads as failed (asking for it again restarts it)."""
    with store.engine.connect() as db:
        row = (
            db.execute(select(reviews).where(reviews.c.game_id == game_id, reviews.c.seat == seat))
            .mappings()
            .first()
        )
    if row is None:
        return {"status": "none", "progress": 0.0, "review": None}
    status = row["status"]
    if status in ("queued", "running") and row["updated"] < time.time() - STALE:
        status = "failed"
    review = row["data"] if status == "done" else None
    return {"status": status, "progress": float(row["progress"]), "review": review}


def claim(store: Store, game_id: str, seat: int, restart: bool) -> bool:
    """Mark the review queued; True when this caller should compute it: no row yet, or (with
    ``restart``) a failed or abandoned one."""
    now = time.time()
    values = {"status": "queued", "progress": 0.0, "data": None, "updated": now}
    try:
        with store.engine.begin() as db:
            db.execute(insert(reviews).values(game_id=game_id, seat=seat, **values))
        return True
    except IntegrityError:
        if not restart:
            return False
    with store.engine.begin() as db:
        done = db.execute(
            update(reviews)
            .where(
                reviews.c.game_id == game_id,
                reviews.c.seat == seat,
                (reviews.c.status == "failed")
                | (reviews.c.status.in_(("queued", "running")) & (reviews.c.updated < now - STALE)),
            )
            .values(**values)
        )
        return done.rowcount == 1


def write(store: Store, game_id: str, seat: int, status: str, progress: float, data: Any = None):
    with store.engine.begin() as db:
        db.execute(
            update(reviews)
            .where(reviews.c.game_id == game_id, reviews.c.seat == seat)
            .values(status=status, progress=progress, data=data, updated=time.time())
        )


def touch(store: Store, keys: list[tuple[str, int]]) -> None:
    """Waiting reviews are alive: their rows must not read as abandoned."""
    if not keys:
        return
    with store.engine.begin() as db:
        for game_id, seat in keys:
            db.execute(
                update(reviews)
                .where(
                    reviews.c.game_id == game_id,
                    reviews.c.seat == seat,
                    reviews.c.status == "queued",
                )
                .values(updated=time.time())
            )
