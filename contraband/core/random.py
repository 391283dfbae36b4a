"""A small seeded generator whose whole state is one integer.

SplitMix64 (Steele, Lea & Flood, 2014): statistically sound for games, trivially serializable,
and copied in a few assignments, which keeps ``State.clone`` cheap.

Speed: one number costs about fourteen big-integer operations in Python, more than the rest of
a random playout's decision. A generator that keeps drawing (a playout's chooser, a search's
generator) therefore computes its next numbers in batches with numpy, which gives exactly the
numbers the arithmetic would, and hands them out one by one. Young generators (a game's own,
most copies) draw one by one: a batch pays off only once it is used.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

from contraband.core.action import quote

T = TypeVar("T")

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_new = object.__new__

#: numbers a generator draws one by one before it draws in batches
_WARM = 32
#: the first batch's size; each next batch is twice as big, up to ``_MOST``
_FIRST = 64
_MOST = 1024
#: from how many swaps a young generator's shuffle computes its numbers in one batch (the
#: break-even measured here: 36 items 12 -> 9 µs, 60 items 20 -> 11 µs; 12 items 4 -> 6 µs)
_BATCH_SHUFFLE = 24
_steps: dict[int, Any] = {}  # batch size -> numpy array of k * golden (k = 1..size), mod 2**64


def _batch(state: int, size: int) -> list[int]:
    """SplitMix64's next ``size`` outputs after ``state`` (numpy's uint64 wraps mod 2**64, as
    the masks in ``Rng.next64`` do)."""
    import numpy as np  # here, not at the top: most programs never need a batch

    steps = _steps.get(size)
    if steps is None:
        steps = _steps[size] = np.arange(1, size + 1, dtype=np.uint64) * np.uint64(_GOLDEN)
    s = steps + np.uint64(state)
    s = (s ^ (s >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    s = (s ^ (s >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return (s ^ (s >> np.uint64(31))).tolist()


class Rng:
    """The generator. ``state`` is its whole state: reading it, setting it and ``Rng(state)``
    work as if the numbers were drawn one by one (the batches are an invisible cache).

    Internally, the current state is ``_state + _pos * golden`` (mod 2**64): ``_outs`` holds
    the outputs that follow ``_state`` (a list never changed, so copies share it), ``_pos`` of
    them are drawn and ``_end`` is its length (0: no batch); ``_drawn`` counts the numbers
    drawn one by one.
    """

    __slots__ = ("_state", "_outs", "_pos", "_end", "_drawn")

    def __init__(self, seed: int = 0) -> None:
        self._state = seed & MASK64
        self._outs: Sequence[int] = ()
        self._pos = self._end = self._drawn = 0

    @property
    def state(self) -> int:
        pos = self._pos
        return (self._state + pos * _GOLDEN) & MASK64 if pos else self._state

    @state.setter
    def state(self, value: int) -> None:
        self._state = value
        self._outs = ()
        self._pos = self._end = self._drawn = 0

    def _refill(self) -> int:
        """The next number when no batch holds it: one by one while the generator is young,
        then from a new batch (each twice as big as the last, up to ``_MOST``)."""
        pos = self._pos
        if pos:  # a batch is used up: the next one starts where it ended
            state = self._state = (self._state + pos * _GOLDEN) & MASK64
            return self._fill(state, min(2 * pos, _MOST))
        drawn = self._drawn
        if drawn >= _WARM:
            return self._fill(self._state, _FIRST)
        self._drawn = drawn + 1
        self._state = s = (self._state + _GOLDEN) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def _fill(self, state: int, size: int) -> int:
        outs = self._outs = _batch(state, size)
        self._end = size
        self._pos = 1
        return outs[0]

    # The methods below inline the batch's fast path (a Python call costs as much as the rest).
    def next64(self) -> int:
        pos = self._pos
        if pos < self._end:
            self._pos = pos + 1
            return self._outs[pos]
        return self._refill()

    def below(self, n: int) -> int:
        """A uniform integer in [0, n). The bias of the multiply-shift is below n / 2**64."""
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        pos = self._pos
        if pos < self._end:
            self._pos = pos + 1
            return (self._outs[pos] * n) >> 64
        return (self._refill() * n) >> 64

    def random(self) -> float:
        """A float in [0, 1)."""
        return (self.next64() >> 11) * (1.0 / 9007199254740992.0)

    def choice(self, items: Sequence[T]) -> T:
        n = len(items)
        if n <= 0:
            raise ValueError(f"Rng.below needs a positive bound, got {n}")
        pos = self._pos
        if pos < self._end:
            self._pos = pos + 1
            return items[(self._outs[pos] * n) >> 64]
        return items[(self._refill() * n) >> 64]

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher-Yates, in place."""
        if self._end:  # drawing from batches
            next64 = self.next64
            for i in range(len(items) - 1, 0, -1):
                j = (next64() * (i + 1)) >> 64
                items[i], items[j] = items[j], items[i]
            return
        state = self._state
        last = len(items) - 1
        if last >= _BATCH_SHUFFLE:  # the same numbers, computed at once (a game's setup)
            size = max(last, _FIRST)  # and a first batch for what the game draws next
            outs = self._outs = _batch(state, size)
            self._end = size
            self._pos = last
            for k, i in enumerate(range(last, 0, -1)):
                j = (outs[k] * (i + 1)) >> 64
                items[i], items[j] = items[j], items[i]
            return
        for i in range(last, 0, -1):
            state = (state + _GOLDEN) & MASK64
            s = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
            j = ((s ^ (s >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self._state = state

    def spawn(self) -> Rng:
        """An independent generator seeded from this one."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        new = _new(Rng)
        new._state = self._state
        new._outs = self._outs
        new._pos = self._pos
        new._end = self._end
        new._drawn = self._drawn
        return new

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        """Pickles and deep copies carry the state only (``Rng(state)`` draws the same)."""
        return (Rng, (self.state,))

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
