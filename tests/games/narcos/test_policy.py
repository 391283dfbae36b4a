"""The rollout policy's shortcuts agree with playing each choice on a copy of the state."""

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from contraband.games.narcos import heuristic
from contraband.games.narcos.board import MANAGE


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([2, 3, 4]))
def test_producing_and_transporting_are_judged_as_if_played(seed, players):
    """The turn's value after producing or transporting, from the turn key with the goods
    moved, equals ``turn_value`` of a copy on which the action was played."""
    rng = Rng(seed)
    state = contraband.load("narcos").new(players, seed=seed)
    checked = 0
    while not state.is_terminal() and checked < 40:
        legal = state.legal_actions()
        if state.phase == MANAGE:
            seat = state.current_player
            key = heuristic.turn_key(state, seat)
            for action in legal:
                if action.label not in ("produce", "transport"):
                    continue
                child = state.clone().apply(action)
                slow = heuristic.turn_value(child, seat, child.actions)
                moved = child.lab_goods[seat] - state.lab_goods[seat]
                stored = child.storage_goods[seat] - state.storage_goods[seat]
                fast_key = (key[0] + moved, key[1] + stored, *key[2:])
                assert heuristic.planned_turn(fast_key, state.actions - 1) == slow
                assert heuristic.turn_key(child, seat) == fast_key
                checked += 1
        state.apply(rng.choice(legal))
    assert checked, "random play reached no production or transport to check"
