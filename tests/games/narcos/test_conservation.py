"""The ledger: every card and Cartel card in exactly one place, the workers and crops counted,
and every goods cube produced somewhere or sold or lost, every million held, in the police
warehouse or paid out, at every step of random games in both modes."""

import pytest

from contraband.core.random import Rng
from tests.games.narcos.builder import new


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_components_and_ledgers_balance_at_every_step(players, mode):
    for seed in range(3):
        state = new(players, seed=seed * 11 + players, mode=mode)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            assert state.conserved() == state.TOTALS, state.history[-3:]
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
        assert state.conserved() == state.TOTALS
        made = sum(state.goods_made)
        where = sum(state.lab_goods) + sum(state.storage_goods) + state.warehouse_goods
        assert made == where + sum(state.goods_sold) + sum(state.goods_lost)
        assert steps < 20_000


def test_the_ledgers_catch_a_cube_or_a_million_that_appears_from_nowhere():
    state = new(3, seed=5)
    state.lab_goods[1] += 1
    assert state.conserved()["goods not accounted for"] == -1
    state.lab_goods[1] -= 1
    state.money[2] += 4
    assert state.conserved()["money not accounted for"] == 4
