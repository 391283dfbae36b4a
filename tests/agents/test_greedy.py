"""Greedy's choice among valued moves, and the slips that make the ``easy`` level softer."""

import pytest

import contraband
from contraband.agents import from_spec
from contraband.agents.base import DEFAULT_SLIPS, level_slip
from contraband.agents.greedy import GreedyAgent
from tests.agents.test_ismcts import running_position

MOVES = ["a", "b", "c", "d"]
VALUES = [0.1, 0.9, 0.5, 0.7]


def picks(agent: GreedyAgent, times: int = 200) -> set[str]:
    return {agent._pick(MOVES, VALUES, agent.slip or 0.0) for _ in range(times)}


def test_without_slips_greedy_always_takes_the_best_valued_move():
    assert picks(GreedyAgent(seed=3)) == {"b"}


def test_a_slip_takes_one_of_the_few_best_moves_and_never_a_worse_one():
    assert picks(GreedyAgent(seed=3, slip=1.0, among=2)) == {"b", "d"}
    assert picks(GreedyAgent(seed=3, slip=1.0, among=3)) == {"b", "c", "d"}


def test_slips_happen_on_about_their_share_of_decisions():
    agent = GreedyAgent(seed=5, slip=0.25, among=2)
    chosen = [agent._pick(MOVES, VALUES, 0.25) for _ in range(4000)]
    # a slip picks "d" half of the time: about one decision in eight
    assert 0.09 < chosen.count("d") / len(chosen) < 0.16
    assert set(chosen) == {"b", "d"}


def test_ties_for_the_best_move_are_broken_at_random():
    agent = GreedyAgent(seed=1)
    assert {agent._pick(MOVES, [0.2, 0.8, 0.8, 0.1], 0.0) for _ in range(100)} == {"b", "c"}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("greedy:slip=1.5", "slip must be a share between 0 and 1"),
        ("greedy:among=1", "at least 2"),
        ("greedy:level=expert", "level must be one of easy, medium, hard"),
    ],
)
def test_bad_slip_settings_are_refused_with_what_is_allowed(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec)


def slipped(spec: str, state, seeds=range(40)) -> bool:
    """Whether the agent, over a few seeds, ever plays a move other than plain greedy's."""
    seat = state.current_player
    best = GreedyAgent(seed=0).act(state, seat)
    return any(from_spec(spec, seed=seed).act(state, seat) != best for seed in seeds)


def test_the_easy_level_slips_as_its_game_says_else_one_time_in_four(monkeypatch):
    heuristic = contraband.load("tony-tino").heuristic
    assert level_slip(heuristic, "easy") == DEFAULT_SLIPS["easy"] == 0.25
    assert level_slip(heuristic, "hard") == 0.0
    monkeypatch.setattr(type(heuristic), "level_slips", {"easy": 0.0})
    state = running_position("tony-tino", 2, seed=4)
    assert not slipped("easy", state)
    assert slipped("easy:slip=1", state)
    monkeypatch.setattr(type(heuristic), "level_slips", {"easy": 1.0})
    assert slipped("easy", state)
    assert not slipped("greedy", state)
