"""Checks of what callers hand the engine's entry points: each refuses a wrong type or value with
a ``ValueError`` that names what was wrong and what is allowed (never a TypeError).

A leaf module: ``game``, ``state`` and ``serialize`` all check seeds and seats here.
"""

from __future__ import annotations

from typing import Any

from contraband.core.action import quote

MAX_SEED = 2**63 - 1


def check_seed(seed: Any, what: str = "seed") -> int:
    """A seed: an integer in 0..2**63-1 (``bool`` is not a number here)."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ValueError(f"{what} must be an integer in 0..2**63-1, got {quote(seed)}")
    return seed


def is_seat(seat: Any, players: int) -> bool:
    """Whether ``seat`` names a seat: an ``int`` (exactly: not a ``bool``, a float or another
    number equal to one) in 0..players-1."""
    return type(seat) is int and 0 <= seat < players


def check_seat(seat: Any, players: int, allow_spectator: bool = True) -> None:
    """``seat`` must be a seat, or None (a spectator) where ``allow_spectator``."""
    if seat is None and allow_spectator:
        return
    if not is_seat(seat, players):
        spectator = " or None for a spectator" if allow_spectator else ""
        raise ValueError(f"seat must be 0..{players - 1}{spectator}, got {quote(seat)}")


def check_since(since: Any) -> int:
    """A log position: an event number, 0 or more."""
    if isinstance(since, bool) or not isinstance(since, int) or since < 0:
        raise ValueError(
            f"since must be an event number (an integer, 0 or more), got {quote(since)}"
        )
    return since
