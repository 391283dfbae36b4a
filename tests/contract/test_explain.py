""" "Why not?" over random play in every game: an explanation reads as a sentence in both
languages, agrees with the legal actions, changes nothing, and uses only what the asking seat may
see (the same answer on any determinization for that seat)."""

import re
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS
from tests.contract.test_random_play import advance

seeds = st.integers(min_value=0, max_value=2**40)
stops = st.integers(min_value=0, max_value=300)
NOT_PROSE = re.compile(r"[{}\[\]<>]|\bNone\b|\bTrue\b|\bFalse\b|__|Action\(|\\n")


@cache
def label_pool(game_id: str, players: int) -> tuple[str, ...]:
    """Labels of this game seen in a few random games: the candidates a table might ask about."""
    seen: dict[str, None] = {}
    for seed in range(3):
        state = contraband.load(game_id).new(players, seed=seed)
        rng = Rng(seed + 100)
        while not state.is_terminal() and len(state.history) < 2000:
            legal = state.legal_actions()
            for action in legal:
                seen.setdefault(action.label)
            state.apply(rng.choice(legal))
    return tuple(seen)


def asked(state, game_id, players, rng) -> list[str]:
    pool = label_pool(game_id, players)
    picks = [rng.choice(pool) for _ in range(12)]
    return picks + [a.label for a in state.legal_actions()[:3]] + ["no such thing"]


def check_sentence(text: str) -> None:
    assert text and text[0].isupper(), text
    assert text.rstrip()[-1] in ".!?", text
    assert not NOT_PROSE.search(text), text


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=25, deadline=None)
@given(seed=seeds, choice_seed=seeds, stop=stops, resample=seeds)
def test_explanations_are_sentences_that_agree_with_the_rules_and_keep_secrets(
    game_id, players, seed, choice_seed, stop, resample
):
    state, rng = advance(game_id, players, seed, choice_seed, stop)
    before = state.to_json()
    for seat in [None, *range(players)]:
        legal = {a.label for a in state.legal_actions(seat)} if seat is not None else set()
        twin = state.determinize(seat, Rng(resample)) if seat is not None else None
        for label in asked(state, game_id, players, rng):
            for lang in ("en", "nl"):
                answer = state.explain(label, seat, lang)
                check_sentence(answer["text"])
                assert answer["legal"] == (label in legal), (label, answer)
                if twin is not None:
                    assert twin.explain(label, seat, lang) == answer, (seat, label)
    assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "players"), CASES[:3], ids=IDS[:3])
def test_bad_questions_are_answered_or_refused_by_name(game_id, players):
    state = contraband.load(game_id).new(players, seed=5)
    for label in ("", "x" * 500, 3, None):
        assert state.explain(label, 0)["reason"] == "bad_input"
    with pytest.raises(ValueError, match="lang"):
        state.explain("x", 0, "de")
    with pytest.raises(ValueError, match="seat"):
        state.explain("x", players)
