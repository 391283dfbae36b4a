"""Seat tokens: secret, random, stored only as hashes. A token acts and sees for one seat."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass

#: 32 random bytes: 256 bits, far above the 128 the server promises
TOKEN_BYTES = 32


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same(token: str, stored_hash: str) -> bool:
    return secrets.compare_digest(token_hash(token), stored_hash)


def same_hash(hashed: str, stored_hash: str) -> bool:
    return secrets.compare_digest(hashed, stored_hash)


@dataclass(frozen=True)
class Viewer:
    """Who is asking: a seat (by its token), the game's host (the creator), or a spectator."""

    game_id: str
    seat: int | None  # None: sees only what is public
    host: bool = False

    @property
    def label(self) -> str:
        if self.seat is not None:
            return f"seat {self.seat}"
        return "host" if self.host else "spectator"
