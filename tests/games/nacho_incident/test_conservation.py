"""32 food cubes and every card (56 smugglers, 12 mounties, 12 province cards) at every step,
with every combination of the optional rules."""

import itertools

import pytest

from contraband.core.random import Rng
from tests.games.nacho_incident.builder import new

OPTIONS = ("reselect_hand", "random_mounties", "blind_smuggling")


@pytest.mark.parametrize("switched", list(itertools.product([False, True], repeat=3)))
def test_components_are_conserved_at_every_step(switched):
    options = dict(zip(OPTIONS, switched, strict=True))
    for players in (2, 3, 4):
        state = new(players, seed=players * 7 + sum(switched), **options)
        rng = Rng(players)
        while not state.is_terminal():
            assert state.conserved() == state.TOTALS
            state.apply(rng.choice(state.legal_actions()))
        assert state.conserved() == state.TOTALS
        assert state.turn == 11
