"""E-mail as stored: each seat's address (verified before anything else is sent to it) and an
outbox of messages, so that a restart or a slow mail server loses nothing and sends nothing
twice.

A message is queued once: its ``dedupe`` key (say ``turn:<game>:<seat>:<turn>``) is unique, so
a second attempt to queue it (another process, a sweep repeated) is a no-op. A sender claims a
message for a short lease before it talks to the mail server, so of several processes one
sends it; a failure is kept with its error and retried later (``Mailer``).
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import (
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    Text,
    delete,
    insert,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError

from contraband.server.schema import metadata

contacts = Table(
    "contacts",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("address", String(254), nullable=False),
    Column("lang", String(2), nullable=False),
    Column("sealed", String(200), nullable=False),  # the seat's token, sealed (sealing.py)
    Column("verify_hash", String(64), nullable=False, unique=True),
    Column("unsubscribe_hash", String(64), nullable=False, unique=True),
    Column("unsubscribe_sealed", String(200), nullable=False),  # for the messages' links
    Column("verified", Float, nullable=True),
    Column("unsubscribed", Float, nullable=True),
    Column("checked_version", Integer, nullable=True),  # the game version last looked at
    Column("turn_key", Integer, nullable=True),  # the turn last announced (its first action)
    Column("reminded_key", Integer, nullable=True),  # the turn last reminded of
    Column("ended", Float, nullable=True),  # the end message was queued
    Column("created", Float, nullable=False),
)

outbox = Table(
    "outbox",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("dedupe", String(160), nullable=False, unique=True),
    Column("address", String(254), nullable=False),
    Column("subject", String(300), nullable=False),
    Column("body", Text, nullable=False),
    Column("headers", Text, nullable=False),  # JSON: extra headers (List-Unsubscribe ...)
    Column("created", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("next_try", Float, nullable=False),
    Column("claimed_by", String(64), nullable=True),
    Column("claimed_until", Float, nullable=True),
    Column("sent", Float, nullable=True),
    Column("error", Text, nullable=True),
    Index("outbox_due", "sent", "next_try"),
)

server_keys = Table(
    "server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)


def masked(address: str) -> str:
    """An address as its own holder is shown it: ``a•••@example.org``."""
    name, _, domain = address.partition("@")
    return f"{name[:1]}•••@{domain}"


def queue(db: Any, dedupe: str, address: str, subject: str, body: str, headers: str) -> bool:
    """Queue a message in the transaction ``db``; False if it was queued before."""
    now = time.time()
    try:
        with db.begin_nested():
            db.execute(
                insert(outbox).values(
                    dedupe=dedupe[:160], address=address, subject=subject[:300], body=body,
                    headers=headers, created=now, attempts=0, next_try=now,
                )
            )  # fmt: skip
    except IntegrityError:
        return False
    return True


def contact(db: Any, game_id: str, seat: int) -> dict[str, Any] | None:
    row = (
        db.execute(select(contacts).where(contacts.c.game_id == game_id, contacts.c.seat == seat))
        .mappings()
        .first()
    )
    return None if row is None else dict(row)


def set_contact(db: Any, game_id: str, seat: int, values: dict[str, Any] | None) -> None:
    """Replace the seat's address (None: forget it)."""
    db.execute(delete(contacts).where(contacts.c.game_id == game_id, contacts.c.seat == seat))
    if values is not None:
        db.execute(
            insert(contacts).values(game_id=game_id, seat=seat, created=time.time(), **values)
        )


def by_hash(db: Any, column: str, hashed: str) -> dict[str, Any] | None:
    row = db.execute(select(contacts).where(contacts.c[column] == hashed)).mappings().first()
    return None if row is None else dict(row)


def change(db: Any, game_id: str, seat: int, **values: Any) -> None:
    db.execute(
        update(contacts)
        .where(contacts.c.game_id == game_id, contacts.c.seat == seat)
        .values(**values)
    )


def due(db: Any, now: float, limit: int = 20) -> list[int]:
    rows = db.execute(
        select(outbox.c.id)
        .where(
            outbox.c.sent.is_(None),
            outbox.c.next_try <= now,
            outbox.c.claimed_by.is_(None) | (outbox.c.claimed_until < now),
        )
        .order_by(outbox.c.next_try)
        .limit(limit)
    )
    return [r.id for r in rows]


def claim(db: Any, message: int, worker: str, now: float, lease: float) -> dict[str, Any] | None:
    """The message, claimed by ``worker`` until ``now + lease``; None if another has it."""
    done = db.execute(
        update(outbox)
        .where(
            outbox.c.id == message,
            outbox.c.sent.is_(None),
            outbox.c.claimed_by.is_(None) | (outbox.c.claimed_until < now),
        )
        .values(claimed_by=worker, claimed_until=now + lease)
    )
    if done.rowcount != 1:
        return None
    return dict(db.execute(select(outbox).where(outbox.c.id == message)).mappings().one())


def finish(db: Any, message: int, sent: float | None, error: str | None, retry: float) -> None:
    """Sent at ``sent``; or failed with ``error``, tried again at ``retry``."""
    values: dict[str, Any] = {"claimed_by": None, "claimed_until": None}
    if sent is not None:
        values.update(sent=sent, error=None)
    else:
        values.update(error=(error or "")[:2000], next_try=retry, attempts=outbox.c.attempts + 1)
    db.execute(update(outbox).where(outbox.c.id == message).values(**values))


def queue_state(db: Any) -> dict[str, Any]:
    """For the operator: messages waiting, failing (with their last error), sent."""
    rows = db.execute(
        select(
            outbox.c.id, outbox.c.address, outbox.c.subject, outbox.c.attempts,
            outbox.c.next_try, outbox.c.sent, outbox.c.error, outbox.c.created,
        ).order_by(outbox.c.id)
    ).mappings()  # fmt: skip
    waiting, failing, sent = [], [], 0
    for row in rows:
        if row["sent"] is not None:
            sent += 1
        elif row["error"]:
            failing.append(dict(row))
        else:
            waiting.append(dict(row))
    return {"waiting": waiting, "failing": failing, "sent": sent}
