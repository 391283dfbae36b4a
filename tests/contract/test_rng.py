"""Rng draws SplitMix64's numbers exactly, whether one by one or from its internal batches.

Seeded games, stored records and the tutorials replay only if every generator gives the same
numbers forever: these tests compare ``Rng`` with SplitMix64 written out plainly, over long runs
(which reach the batches) mixed with copies, state reads and sets, and pickles.
"""

from __future__ import annotations

import copy
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contraband.core.random import Rng

MASK64 = (1 << 64) - 1


class Plain:
    """SplitMix64 (Steele, Lea & Flood, 2014), one number at a time."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK64
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & MASK64
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        return (self.next64() * n) >> 64


def test_the_published_first_outputs() -> None:
    # SplitMix64 from seed 0 (the reference C code's first outputs)
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]


@pytest.mark.parametrize("draws", [1, 31, 33, 64, 97, 200, 5000])
def test_long_runs_draw_the_plain_numbers(draws: int) -> None:
    rng, plain = Rng(12345), Plain(12345)
    assert [rng.next64() for _ in range(draws)] == [plain.next64() for _ in range(draws)]
    assert rng.state == plain.state
    assert repr(rng) == f"Rng(state={plain.state})"


_step = st.one_of(
    st.tuples(st.just("choice"), st.integers(1, 30)),
    st.tuples(st.just("below"), st.integers(1, 1 << 70)),
    st.tuples(st.just("next64"), st.integers(1, 300)),
    st.tuples(st.just("shuffle"), st.integers(0, 80)),
    st.tuples(st.just("random"), st.just(0)),
    st.tuples(st.just("copy"), st.just(0)),
    st.tuples(st.just("pickle"), st.just(0)),
    st.tuples(st.just("set"), st.integers(0, MASK64)),
)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, MASK64), st.lists(_step, max_size=40))
def test_any_mix_of_draws_copies_and_sets_matches_plain(seed: int, steps: list) -> None:
    rng, plain = Rng(seed), Plain(seed)
    for op, arg in steps:
        if op == "choice":
            items = list(range(arg))
            for _ in range(20):
                assert rng.choice(items) == items[plain.below(arg)]
        elif op == "below":
            assert rng.below(arg) == plain.below(arg)
        elif op == "next64":
            assert [rng.next64() for _ in range(arg)] == [plain.next64() for _ in range(arg)]
        elif op == "shuffle":
            mine, theirs = list(range(arg)), list(range(arg))
            rng.shuffle(mine)
            for i in range(arg - 1, 0, -1):
                j = plain.below(i + 1)
                theirs[i], theirs[j] = theirs[j], theirs[i]
            assert mine == theirs
        elif op == "random":
            assert rng.random() == (plain.next64() >> 11) / 2.0**53
        elif op == "copy":
            twin = rng.copy()
            assert twin.next64() == rng.next64()  # the copy goes on exactly where it was
            plain.next64()
        elif op == "pickle":
            rng = pickle.loads(pickle.dumps(rng)) if arg % 2 else copy.deepcopy(rng)
        else:
            rng.state = arg
            plain.state = arg
        assert rng.state == plain.state


def test_a_copy_does_not_move_its_original() -> None:
    rng = Rng(7)
    for _ in range(100):  # past the one-by-one start, into a batch
        rng.next64()
    before = rng.state
    twin = rng.copy()
    drawn = [twin.next64() for _ in range(500)]
    assert rng.state == before
    assert [rng.next64() for _ in range(500)] == drawn


@pytest.mark.parametrize("size", [0, 1, 2, 23, 24, 25, 26, 36, 154])
def test_a_young_generators_shuffle_is_the_plain_fisher_yates(size: int) -> None:
    """Small shuffles draw one number at a time, large ones in one batch: the same numbers."""
    rng, plain = Rng(77), Plain(77)
    mine, theirs = list(range(size)), list(range(size))
    rng.shuffle(mine)
    for i in range(size - 1, 0, -1):
        j = plain.below(i + 1)
        theirs[i], theirs[j] = theirs[j], theirs[i]
    assert mine == theirs
    assert rng.state == plain.state and rng.next64() == plain.next64()
