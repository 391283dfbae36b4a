"""Tony & Tino's evaluation: the shortcut the search widens by agrees with playing each move."""

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from contraband.games.tony_tino.board import CORRUPTION, SHIFT
from contraband.games.tony_tino.heuristic import HEURISTIC
from contraband.games.tony_tino.labels import MEANING
from contraband.games.tony_tino.rules import PLACE, TARGET
from tests.games.tony_tino.builder import ROW_ONE_FOR_A_SHIFT, position


def looked_ahead(state, action):
    """The mover's value of ``action`` as the heuristic means it, the slow way: a card's target
    by the best second target and then the best placement it opens (each played on a copy and
    evaluated); any other action by the evaluation after it."""
    mover = state.current_player
    after = state.clone().apply(action)
    if MEANING[action.label][0] not in ("first", "second"):
        return HEURISTIC.evaluate(after)[mover]
    if after.phase == TARGET and after.current_player == mover:
        return max(looked_ahead(after, second) for second in after.legal_actions())
    if state.pending_card in (SHIFT, CORRUPTION) and after.phase == PLACE:
        return max(looked_ahead(after, place) for place in after.legal_actions())
    return HEURISTIC.evaluate(after)[mover]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_action_values_match_each_move_played_and_evaluated(seed):
    """Over a random game, every decision's shortcut values equal the slow way: the cards a
    move spends, the figures it places and the swaps it makes, played on a copy and evaluated;
    a card's targets by the best placement they open."""
    rng = Rng(seed)
    state = contraband.load("tony-tino").new(2, seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        fast = HEURISTIC.action_values(state, legal)
        for action, value in zip(legal, fast, strict=True):
            assert abs(value - looked_ahead(state, action)) < 1e-9, action.label
        state.apply(rng.choice(legal))


def test_a_shift_is_valued_by_the_street_it_opens():
    """Row 1 lacks one point, F1 (a 3), for Tony to collect $50,000; the lowest disc is a 2
    elsewhere. Shifting F1 is worth more to him than shifting any other disc."""
    state = position(
        *ROW_ONE_FOR_A_SHIFT,
        hands=(["shift", "roulette"], []),
        faceup=([1, 2], [1, 2]),
        stacks=([1, 1, 1], [1, 1, 1]),
        tokens={"row 1": 50000},
    )
    state.apply(state.legal_actions()[[a.label for a in state.legal_actions()].index("play shift")])
    assert state.phase == TARGET
    legal = state.legal_actions()
    values = dict(zip((a.label for a in legal), HEURISTIC.action_values(state, legal), strict=True))
    best = max(values, key=values.get)
    assert best == "shift F1"
    assert values["shift F1"] > values["shift A6"]


def test_spending_a_card_costs_what_it_is_worth_kept():
    """Discarding Corruption leaves the mover worse off than discarding Shift, and that than
    keeping both: the board is the same after either, only the cards left differ."""
    state = contraband.load("tony-tino").new(2, seed=3)
    assert state.current_player == 0 and state.hands[0] == [0, 1, 4]  # shift, corruption, switch
    legal = state.legal_actions()
    values = dict(zip((a.label for a in legal), HEURISTIC.action_values(state, legal), strict=True))
    assert values["discard corruption"] < values["discard shift"] < HEURISTIC.evaluate(state)[0]
