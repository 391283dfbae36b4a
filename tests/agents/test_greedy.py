"""Greedy's choice among valued moves, and the slips that make the ``easy`` level softer."""

import pytest

from contraband.agents import from_spec
from contraband.agents.greedy import GreedyAgent

MOVES = ["a", "b", "c", "d"]
VALUES = [0.1, 0.9, 0.5, 0.7]


def picks(agent: GreedyAgent, times: int = 200) -> set[str]:
    return {agent._pick(MOVES, VALUES) for _ in range(times)}


def test_without_slips_greedy_always_takes_the_best_valued_move():
    assert picks(GreedyAgent(seed=3)) == {"b"}


def test_a_slip_takes_one_of_the_few_best_moves_and_never_a_worse_one():
    assert picks(GreedyAgent(seed=3, slip=1.0, among=2)) == {"b", "d"}
    assert picks(GreedyAgent(seed=3, slip=1.0, among=3)) == {"b", "c", "d"}


def test_slips_happen_on_about_their_share_of_decisions():
    agent = GreedyAgent(seed=5, slip=0.25, among=2)
    chosen = [agent._pick(MOVES, VALUES) for _ in range(4000)]
    # a slip picks "d" half of the time: about one decision in eight
    assert 0.09 < chosen.count("d") / len(chosen) < 0.16
    assert set(chosen) == {"b", "d"}


def test_ties_for_the_best_move_are_broken_at_random():
    agent = GreedyAgent(seed=1)
    assert {agent._pick(MOVES, [0.2, 0.8, 0.8, 0.1]) for _ in range(100)} == {"b", "c"}


@pytest.mark.parametrize(
    ("spec", "message"),
    [("greedy:slip=1.5", "slip must be a share between 0 and 1"), ("greedy:among=1", "at least 2")],
)
def test_bad_slip_settings_are_refused_with_what_is_allowed(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec)
