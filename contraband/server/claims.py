"""Bot moves claimed in the database: of several server processes, exactly one thinks about
each (a short lease, renewed while the bot thinks, so a crashed process's moves are taken over).
"""

from __future__ import annotations

import time

from sqlalchemy import select, update
from sqlalchemy.engine import Engine

from contraband.server.schema import games


class BotClaims:
    """The bot-move claims of ``Store`` (its ``engine`` and the ``games`` table)."""

    engine: Engine

    def bot_jobs(self, limit: int = 50) -> list[tuple[str, int]]:
        now = time.time()
        with self.engine.connect() as db:
            rows = db.execute(
                select(games.c.id, games.c.version)
                .where(
                    games.c.status == "running",
                    games.c.bot_turn.is_(True),
                    (games.c.claimed_by.is_(None)) | (games.c.claimed_until < now),
                )
                .order_by(games.c.updated)
                .limit(limit)
            )
            return [(r.id, r.version) for r in rows]

    def claim(self, game_id: str, version: int, worker: str, lease: float) -> bool:
        """Take the bot move of ``game_id`` at ``version`` for ``worker``; False if taken."""
        now = time.time()
        with self.engine.begin() as db:
            done = db.execute(
                update(games)
                .where(
                    games.c.id == game_id,
                    games.c.version == version,
                    (games.c.claimed_by.is_(None)) | (games.c.claimed_until < now),
                )
                .values(claimed_by=worker, claimed_until=now + lease)
            )
            return done.rowcount == 1

    def renew(self, game_id: str, worker: str, lease: float) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(games)
                .where(games.c.id == game_id, games.c.claimed_by == worker)
                .values(claimed_until=time.time() + lease)
            )

    def release(self, game_id: str, worker: str) -> None:
        with self.engine.begin() as db:
            db.execute(
                update(games)
                .where(games.c.id == game_id, games.c.claimed_by == worker)
                .values(claimed_by=None, claimed_until=None)
            )
