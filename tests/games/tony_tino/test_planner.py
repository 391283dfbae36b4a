"""Tony & Tino's planner takes the search's card decisions: which card, and on what."""

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.agents.ismcts import ISMCTSAgent
from contraband.core.random import Rng
from contraband.games.tony_tino.heuristic import HEURISTIC, PLANNED_PHASES
from contraband.games.tony_tino.labels import MEANING
from tests.games.tony_tino.builder import ROW_ONE_FOR_A_SHIFT, position


def shift_position(hand=("shift", "roulette")):
    return position(
        *ROW_ONE_FOR_A_SHIFT,
        hands=(list(hand), ["shift", "roulette"]),
        decks=(["corruption"] * 4, ["corruption"] * 4),
        faceup=([1, 2], [1, 2]),
        stacks=([1, 1, 1], [1, 1, 1]),
        tokens={"row 1": 50000},
    )


def test_the_planner_plays_the_shift_that_wins_a_street():
    state = shift_position()
    assert state.phase == "card"
    assert HEURISTIC.planned(state, Rng(1)).label == "play shift"


def test_the_planner_shifts_the_disc_that_opens_the_street_and_the_search_follows():
    agent = ISMCTSAgent(iterations=50, seed=3)
    state = shift_position()
    state.apply(agent.act(state, 0))
    assert agent.last_iterations == 0, "a planned decision is not searched"
    if state.phase == "react":  # Tino holds no Police here; a react step lets it through
        state.apply(state.legal_actions()[0])
    assert state.phase == "target"
    assert agent.act(state, 0).label.endswith("F1")


def test_without_a_card_worth_playing_the_cheapest_is_discarded():
    """Roulette and Police: reshuffling the discs gains little, so the least worth keeping
    (Roulette) goes to the discard pile and Police is kept."""
    state = shift_position(hand=("roulette", "police"))
    choice = HEURISTIC.planned(state, Rng(2))
    assert choice.label in ("discard roulette", "play roulette")
    assert "police" not in choice.label


def test_a_search_told_not_to_plan_searches_the_card_decision():
    agent = ISMCTSAgent(iterations=40, plan=False, seed=3)
    state = shift_position()
    agent.act(state, 0)
    assert agent.last_iterations > 0


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**31 - 1))
def test_the_planner_answers_every_card_decision_with_a_legal_move_and_nothing_else(seed):
    rng = Rng(seed)
    state = contraband.load("tony-tino").new(2, seed=seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        before = state.to_json()
        planned = HEURISTIC.planned(state.determinize(state.current_player, rng), rng)
        assert state.to_json() == before
        if state.phase in PLANNED_PHASES:
            assert planned in legal
            assert MEANING[planned.label][0] in ("play", "discard", "first", "second")
        else:
            assert planned is None
        state.apply(rng.choice(legal))
