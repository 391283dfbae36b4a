"""Fair play: no agent may read what its seat cannot see.

For any position and seat, an agent must choose the same action from the real state as from a
determinization of it for that seat (same agent seed): the determinization keeps everything the
seat sees and resamples everything else, so any difference would come from hidden information.
Checked for every registered agent, game and player count, at positions reached by random play.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contraband
from contraband.agents import REGISTRY, from_spec
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS

#: the long tier (make test-slow): every agent over many seeded games of every case
pytestmark = pytest.mark.slow

#: a budget small enough for property tests; agents not listed run with their defaults
SPECS = {
    "greedy": ["greedy", "greedy:slip=0.5,among=2"],  # slips draw from the agent's own generator
    "ismcts": [
        "ismcts:iterations=24",
        "ismcts:iterations=16,rollout=random,cutoff=-1,reuse=false",
        "ismcts:iterations=8,rollout=greedy,cutoff=3,widen=0",
        "ismcts:iterations=16,multi=true",  # one tree per seat wherever there are secrets
        "ismcts:iterations=16,multi=false",  # one tree in Nacho too
        "ismcts:iterations=16,plan=false",  # every decision searched, none left to a planner
        "ismcts:iterations=16,prior=4",  # the evaluation counted as visits
    ],
}
AGENT_SPECS = [spec for name in sorted(REGISTRY) for spec in SPECS.get(name, [name])]

seeds = st.integers(min_value=0, max_value=2**40)


def position(game_id, players, seed, choice_seed, steps):
    """A running position reached by random play, or None when the game ended first."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(choice_seed)
    for _ in range(steps):
        if state.is_terminal():
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def test_every_registered_agent_is_covered():
    assert {spec.partition(":")[0] for spec in AGENT_SPECS} == set(REGISTRY)


@pytest.mark.parametrize("spec", AGENT_SPECS)
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(
    seed=seeds,
    choice_seed=seeds,
    steps=st.integers(min_value=0, max_value=300),
    agent_seed=seeds,
    guess_seed=seeds,
)
def test_agent_acts_the_same_on_the_truth_and_on_a_determinization(
    spec, game_id, players, seed, choice_seed, steps, agent_seed, guess_seed
):
    state = position(game_id, players, seed, choice_seed, steps)
    if state is None:
        return
    seat = state.current_player
    before = state.to_json()
    guess = state.determinize(seat, Rng(guess_seed))
    truth_agent, guess_agent = from_spec(spec, seed=agent_seed), from_spec(spec, seed=agent_seed)
    on_truth = truth_agent.act(state, seat)
    on_guess = guess_agent.act(guess, seat)
    assert on_truth == on_guess
    if hasattr(truth_agent, "root_stats"):  # a search agent: its whole tree must agree too
        assert truth_agent.root_stats() == guess_agent.root_stats()
    assert on_truth in state.legal_actions()
    assert state.to_json() == before, "an agent must not change the state it is given"
