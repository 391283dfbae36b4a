"""Every log line a seat reads is words: no Python list, dict, None or True leaks into the text,
and no event falls back to "cannot describe"."""

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contraband.core.log import english_list
from tests.contract.cases import CASES, IDS
from tests.contract.test_random_play import MAX_DECISIONS, advance

PYTHON = re.compile(r"[\[\]{}]|\bNone\b|\bTrue\b|\bFalse\b|cannot describe")
seeds = st.integers(min_value=0, max_value=2**40)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(seed=seeds, choice_seed=seeds)
def test_log_text_is_words_for_every_seat(game_id, players, seed, choice_seed):
    state, _ = advance(game_id, players, seed, choice_seed, MAX_DECISIONS)
    for seat in [None, *range(players)]:
        for entry in state.log(seat):
            assert not PYTHON.search(entry["text"]), (seat, entry)


def test_a_list_reads_as_words():
    assert english_list(["police"]) == "police"
    assert english_list(["a", "b", "c"]) == "a, b and c"
    assert english_list([]) == "nothing"
