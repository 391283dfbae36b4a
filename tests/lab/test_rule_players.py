"""The ladder's rule-based bench players (bench/rule_players.py) play fair and play whole games.

(They are built directly, not registered: the agent registry is the package's own.)

Like every registered agent (tests/agents/test_fair_play.py), a rules player must choose the
same action from the real state as from a determinization of it for its seat: it may read only
what its seat sees. And every game they play among themselves ends.
"""

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import rule_players  # noqa: E402

RULE_CASES = [case for case in CASES if case[0] in rule_players.PLAYERS]
RULE_IDS = [name for case, name in zip(CASES, IDS, strict=True) if case in RULE_CASES]
seeds = st.integers(min_value=0, max_value=2**40)


def test_every_game_has_a_rules_player():
    assert set(rule_players.PLAYERS) == set(contraband.game_ids())


@pytest.mark.parametrize(("game_id", "players"), RULE_CASES, ids=RULE_IDS)
@settings(max_examples=15, deadline=None)
@given(seed=seeds, choice_seed=seeds, steps=st.integers(0, 300), guess_seed=seeds)
def test_rules_player_acts_the_same_on_the_truth_and_on_a_determinization(
    game_id, players, seed, choice_seed, steps, guess_seed
):
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(choice_seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal():
        return
    seat = state.current_player
    before = state.to_json()
    guess = state.determinize(seat, Rng(guess_seed))
    on_truth = rule_players.RulesAgent(seed=7).act(state, seat)
    on_guess = rule_players.RulesAgent(seed=7).act(guess, seat)
    assert on_truth == on_guess
    assert on_truth in state.legal_actions()
    assert state.to_json() == before, "a player must not change the state it is given"


@pytest.mark.parametrize(("game_id", "players"), RULE_CASES, ids=RULE_IDS)
def test_rules_players_finish_a_game(game_id, players):
    state = contraband.load(game_id).new(players, seed=11)
    agents = [rule_players.RulesAgent(seed=seat) for seat in range(players)]
    for _ in range(5000):
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(agents[seat].act(state, seat))
    assert state.is_terminal()
