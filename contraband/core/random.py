"""A small seeded generator whose whole state is one integer.

SplitMix64 (Steele, Lea & Flood, 2014): statistically sound for games, trivially serializable,
and copied in a single assignment, which keeps ``State.clone`` cheap.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from contraband.core.action import quote

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_new = object.__new__


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = s = (self.state + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    # The methods below inline ``next64`` (a Python call costs as much as the arithmetic): they
    # draw exactly the numbers ``next64`` would, so every result is the same as calling it.
    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of the multiply-shift is below n / 2**64."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        self.state = s = (self.state + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return ((s ^ (s >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        self.state = s = (self.state + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return items[((s ^ (s >> 31)) * n) >> 64]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, in place."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = (state + _GOLDEN) & MASK64
            s = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
            j = ((s ^ (s >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = state

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        new = _new(Rng)
        new.state = self.state
        return new

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


def derive_seed(seed: int, *keys: object) -> int:
    """A 63-bit seed derived from ``seed`` and keys: stable across runs, machines and processes."""
    text = ":".join([str(seed), *map(str, keys)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def as_rng(rng: Rng | random.Random | int) -> Rng:
    """A contraband Rng from an Rng, a ``random.Random`` or an integer seed."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    if isinstance(rng, int) and not isinstance(rng, bool):
        return Rng(rng)
    raise ValueError(f"rng must be an int, a random.Random or a contraband.Rng, not {quote(rng)}")
