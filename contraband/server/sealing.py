"""Secrets the server must be able to read back (a seat's token, to put its link in an e-mail),
kept sealed in the database with the server's own key, never in the clear.

The key comes from ``CONTRABAND_SECRET_KEY`` when the operator sets it (then a copy of the
database alone opens nothing); otherwise the server makes one at its first start and keeps it in
the database (``server_keys``), which protects a backup no better than the database itself: the
self-hosting guide says to set it. Sealing is a one-time pad from SHAKE-256 of the key and a
label unique to what is sealed (a game, a seat, an address), with a tag that refuses a value
sealed under another label or key.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from typing import Any

from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError

from contraband.server.mail_store import server_keys

TAG = 16


def server_key(engine: Any) -> bytes:
    """The server's sealing key: the environment's, else the database's (made once)."""
    given = os.environ.get("CONTRABAND_SECRET_KEY")
    if given:
        return hashlib.sha256(given.encode()).digest()
    with engine.connect() as db:
        stored = db.execute(select(server_keys.c.value).where(server_keys.c.name == "seal"))
        value = stored.scalar()
    if value is None:
        try:
            with engine.begin() as db:
                db.execute(insert(server_keys).values(name="seal", value=secrets.token_hex(32)))
        except IntegrityError:
            pass  # another process made it first
        return server_key(engine)
    return bytes.fromhex(value)


def seal(key: bytes, label: str, text: str) -> str:
    data = text.encode()
    pad = hashlib.shake_256(key + b"\0pad\0" + label.encode()).digest(len(data))
    body = bytes(a ^ b for a, b in zip(data, pad, strict=True))
    tag = hmac.new(key, b"tag\0" + label.encode() + b"\0" + body, hashlib.sha256).digest()[:TAG]
    return (tag + body).hex()


def unseal(key: bytes, label: str, sealed: str) -> str | None:
    """The text sealed under ``label``; None if it was not (another key, label or a forgery)."""
    try:
        raw = bytes.fromhex(sealed)
    except ValueError:
        return None
    tag, body = raw[:TAG], raw[TAG:]
    check = hmac.new(key, b"tag\0" + label.encode() + b"\0" + body, hashlib.sha256).digest()[:TAG]
    if not hmac.compare_digest(tag, check):
        return None
    pad = hashlib.shake_256(key + b"\0pad\0" + label.encode()).digest(len(body))
    return bytes(a ^ b for a, b in zip(body, pad, strict=True)).decode(errors="replace")
