"""Named strength levels are agent specs usable wherever a spec is."""

import pytest

import contraband
from contraband.agents import LEVELS, catalog, from_spec
from contraband.agents.greedy import GreedyAgent
from contraband.agents.ismcts import ISMCTSAgent
from contraband.core.random import Rng


def test_levels_build_their_agents_and_take_extra_parameters():
    easy = from_spec("easy")
    assert isinstance(easy, GreedyAgent) and easy.level == "easy" and easy.slip is None
    medium, hard = from_spec("medium"), from_spec("hard:seed=4")
    assert isinstance(medium, ISMCTSAgent) and isinstance(hard, ISMCTSAgent)
    assert medium.iterations < hard.iterations
    # only hard leaves to a game's planner what it settles (hires in Nacho, cards in Tony & Tino)
    assert hard.plan and not medium.plan
    assert from_spec("hard:iterations=12").iterations == 12
    assert hard.spec == "hard:seed=4"


def test_the_bot_catalog_lists_levels_first_then_agents():
    specs = [entry["spec"] for entry in catalog()]
    assert specs[: len(LEVELS)] == list(LEVELS)
    assert {"random", "greedy", "ismcts"} <= set(specs)


def test_an_unknown_level_names_the_choices():
    with pytest.raises(ValueError, match="easy, medium, hard"):
        from_spec("impossible")


@pytest.mark.parametrize("level", list(LEVELS))
def test_a_level_acts_the_same_on_the_truth_and_on_a_determinization(level):
    state = contraband.load("nacho-incident").new(3, seed=5)
    rng = Rng(2)
    for _ in range(7):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    spec = f"{level}:iterations=16,seed=9" if "ismcts" in LEVELS[level][0] else f"{level}:seed=9"
    truth = from_spec(spec).act(state, seat)
    guess = from_spec(spec).act(state.determinize(seat, Rng(1)), seat)
    assert truth == guess
