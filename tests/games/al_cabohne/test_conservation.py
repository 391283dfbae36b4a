"""All 116 cards stay in play at every step: deck, discard, hands, fields, bosses, face-up
cards and coin piles."""

import pytest

from contraband.core.random import Rng
from tests.games.al_cabohne.builder import GAME


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(4))
def test_every_card_is_somewhere_at_every_step(players, seed):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed + 100)
    steps = 0
    while not state.is_terminal():
        assert state.conserved() == state.TOTALS
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    assert state.conserved() == state.TOTALS
    assert state.TOTALS["cards"] == 116 and steps > 0
