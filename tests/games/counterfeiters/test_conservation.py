"""The 100 fake notes (30 one-star, 30 two-star, 40 three-star) and the 42 cards (out-of-game
cards counted as a place) are all there at every moment of random games."""

import pytest

from contraband.core.random import Rng
from contraband.games.counterfeiters.board import CARDS, QUALITIES, SUPPLY
from tests.games.counterfeiters.builder import new


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fake_notes_and_cards_are_conserved_through_random_games(players):
    for seed in range(10):
        state = new(players, seed=seed)
        rng = Rng(seed)
        while True:
            held = [
                sum(state.fakes[s * QUALITIES + q] for s in range(players)) + state.supply[q]
                for q in range(QUALITIES)
            ]
            assert held == list(SUPPLY) and sum(held) == 100
            places = state.deck + state.out + [c for c in state.market if c >= 0]
            places += [c for owned in state.owned for c in owned]
            assert sorted(places) == list(range(CARDS))
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_the_totals_name_each_quality_and_the_cards():
    state = new(2, seed=1)
    assert state.conserved() == {
        "fake notes ★": 30,
        "fake notes ★★": 30,
        "fake notes ★★★": 40,
        "cards": 42,
        "different cards": 42,
    }
