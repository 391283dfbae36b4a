"""The planner behind ``hard``: phase 2 (and with two players the investments) by the
evaluation one move ahead, everything else by the rule-based policy; and ``hard`` follows it."""

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.agents import from_spec
from contraband.core.lookahead import move_values
from contraband.core.random import Rng
from contraband.games.narcos.board import INVEST, MANAGE, PURCHASE
from contraband.games.narcos.heuristic import HEURISTIC, should_flip, too_late_to_invest
from contraband.games.narcos.policy import choose

games = {
    "seed": st.integers(0, 2**31 - 1),
    "players": st.sampled_from([2, 3, 4]),
    "mode": st.sampled_from(["basic", "advanced"]),
}


def decisions(seed: int, players: int, mode: str, count: int = 60):
    """Positions with a choice, met in random play."""
    state = contraband.load("narcos").new(players, seed=seed, options={"mode": mode})
    rng = Rng(seed)
    found = 0
    while not state.is_terminal() and found < count:
        legal = state.legal_actions()
        if len(legal) > 1:
            found += 1
            yield state, legal
        state.apply(rng.choice(legal))


def evaluated(state) -> bool:
    if state.phase == MANAGE:
        return True
    investing = state.players == 2 and state.phase in (INVEST, PURCHASE)
    return investing and not too_late_to_invest(state)


@settings(max_examples=12, deadline=None)
@given(**games)
def test_phase_two_is_planned_by_the_evaluation_and_the_rest_by_the_policy(seed, players, mode):
    checked = {True: 0, False: 0}
    for state, legal in decisions(seed, players, mode):
        move = HEURISTIC.planned(state, Rng(seed))
        assert move in legal
        if too_late_to_invest(state):
            assert move.label in ("invest nothing", "pass")
            continue
        if evaluated(state):
            values = move_values(state.clone(), state.current_player, HEURISTIC, legal)
            assert values[legal.index(move)] >= max(values) - 1e-9
        else:
            labels = [a.label for a in legal]
            assert move.label == choose(state, labels, should_flip)
        checked[evaluated(state)] += 1
    assert checked[False], "random play reached no decision for the policy"


def test_with_two_players_the_investments_are_evaluated_too():
    """Random play reaches an investment with a real choice, and with two players the planner
    takes the one the evaluation prefers."""
    for seed in range(40):
        for state, legal in decisions(seed, 2, "basic", count=200):
            if state.phase == INVEST and not too_late_to_invest(state):
                move = HEURISTIC.planned(state, Rng(seed))
                values = move_values(state.clone(), state.current_player, HEURISTIC, legal)
                assert values[legal.index(move)] >= max(values) - 1e-9
                return
    raise AssertionError("no investment with a choice in 40 two-player games")


def test_with_two_players_nothing_is_bought_in_the_last_expected_turn():
    """Near the end a two-player seat expects less than one more turn of its own; an upgrade
    bought then pays back only if that turn comes, so the planner invests nothing, also where
    the evaluation (which counts the expected fraction of a turn) would buy."""
    for seed in range(200):
        for state, legal in decisions(seed, 2, "basic", count=400):
            if state.phase != INVEST or not too_late_to_invest(state):
                continue
            values = move_values(state.clone(), state.current_player, HEURISTIC, legal)
            liked = legal[values.index(max(values))].label
            if liked != "invest nothing":
                assert HEURISTIC.planned(state, Rng(seed)).label == "invest nothing"
                return
    raise AssertionError("no late investment the evaluation would make in 200 two-player games")


def test_hard_follows_the_planner_without_searching():
    state = contraband.load("narcos").new(3, seed=11)
    agent = from_spec("hard", seed=4)
    rng = Rng(5)
    decided = 0
    while not state.is_terminal() and decided < 40:
        seat = state.current_player
        if seat == 0 and len(state.legal_actions()) > 1:
            agent.act(state, seat)
            assert agent.last_iterations == 0
            decided += 1
        state.apply(rng.choice(state.legal_actions()))
    assert decided == 40
