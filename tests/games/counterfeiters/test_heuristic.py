"""The AI's evaluation and rollout policy: plain sanity checks (strength is measured by the
benches, never asserted)."""

import pytest

from contraband.core.random import Rng
from contraband.games.counterfeiters.heuristic import HEURISTIC
from tests.games.counterfeiters.builder import money, new, pawn


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_evaluation_is_a_share_of_the_win_and_the_policy_plays_legal_moves(players):
    state = new(players, seed=3)
    rng = Rng(9)
    while not state.is_terminal():
        values = HEURISTIC.evaluate(state)
        assert len(values) == players and sum(values) == pytest.approx(1.0)
        action = HEURISTIC.policy(state, rng)
        assert action in state.legal_actions()
        state.apply(action)
    assert HEURISTIC.evaluate(state) == state.returns()


def test_money_offshore_is_worth_more_than_cash_next_to_a_godfather():
    state = new(3, seed=3)
    pawn(state, 9)
    money(state, 0, 300)
    money(state, 1, 0, offshore=300)
    money(state, 2, 0)
    expected = HEURISTIC.expected_money(state)
    assert expected[1] > expected[0] > expected[2]
    far = new(3, seed=3)
    money(far, 0, 300)
    assert HEURISTIC.expected_money(far)[0] > expected[0]
