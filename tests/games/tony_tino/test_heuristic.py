"""Tony & Tino's evaluation: the shortcut the search widens by agrees with playing each move."""

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.heuristic import Heuristic
from contraband.core.random import Rng
from contraband.games.tony_tino.heuristic import HEURISTIC


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_action_values_match_each_move_played_and_evaluated(seed):
    """Over a random game, every decision's shortcut values equal the default (copy, apply,
    evaluate): the cards a move spends, the figures it places and the swaps it makes."""
    rng = Rng(seed)
    state = contraband.load("tony-tino").new(2, seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        fast = HEURISTIC.action_values(state, legal)
        slow = Heuristic.action_values(HEURISTIC, state, legal)
        for action, a, b in zip(legal, fast, slow, strict=True):
            assert abs(a - b) < 1e-9, action.label
        state.apply(rng.choice(legal))


def test_spending_a_card_costs_what_it_is_worth_kept():
    """Discarding Corruption leaves the mover worse off than discarding Shift, and that than
    keeping both: the board is the same after either, only the cards left differ."""
    state = contraband.load("tony-tino").new(2, seed=3)
    assert state.current_player == 0 and state.hands[0] == [0, 1, 4]  # shift, corruption, switch
    legal = state.legal_actions()
    values = dict(zip((a.label for a in legal), HEURISTIC.action_values(state, legal), strict=True))
    assert values["discard corruption"] < values["discard shift"] < HEURISTIC.evaluate(state)[0]
