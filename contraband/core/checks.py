"""Checks of what callers hand the engine's entry points: each refuses a wrong type or value with
a ``ValueError`` that names what was wrong and what is allowed (never a TypeError).

A leaf module: ``game``, ``state`` and ``serialize`` all check seeds and seats here.
"""

from __future__ import annotations

import re
from typing import Any

from contraband.core.action import quote

MAX_SEED = 2**63 - 1
#: ASCII digits only: ``str.isdigit`` (and a pattern's ``\d``) also accept superscripts, which
#: ``int`` refuses, and Arabic-Indic or fullwidth digits, which it reads: neither is a label
_ASCII_DIGITS = re.compile("[0-9]+")


def ascii_number(text: str, most_digits: int = 18) -> int | None:
    """``text`` as a whole number when it is written in ASCII digits only, at most
    ``most_digits`` of them ("120" -> 120), else None ("1²0", "١٢٠", "１２０", "", "-1", a
    number too long to mean anything here). Every parse of text a client gave uses this, so a
    bad label is refused as one, never with ``int``'s own ValueError."""
    if len(text) > most_digits or _ASCII_DIGITS.fullmatch(text) is None:
        return None
    return int(text)


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
