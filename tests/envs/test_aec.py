"""The PettingZoo AEC environments pass PettingZoo's own API and seed tests, and play the game
the engine plays."""

import random
import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

import contraband  # noqa: E402
from contraband.envs import env, raw_env  # noqa: E402
from tests.envs.cases import CASES, IDS  # noqa: E402

#: what api_test says of every environment whose observation is a dict with an action mask,
#: PettingZoo's own board games included (it exempts those by name)
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    # api_test resets with a placeholder option, {"options": 1}: named as ignored
    "reset options may be game_options; ignored options",
)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_pettingzoos_api_test_and_seed_test_pass(game, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, players), num_cycles=40)
        seed_test(lambda: env(game, players), num_cycles=40)
    other = {str(w.message) for w in caught} - {
        str(w.message) for w in caught if str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not other, other


def play_masked(aec, seed):
    """Play a whole game through the AEC API with random legal ids; the agents' final rewards."""
    aec.reset(seed=seed)
    rng = random.Random(seed)
    rewards = {}
    for agent in aec.agent_iter():
        observation, reward, terminated, truncated, info = aec.last()
        if terminated or truncated:
            rewards[agent] = reward
            aec.step(None)
            continue
        assert reward == 0
        legal = np.flatnonzero(observation["action_mask"])
        aec.step(int(rng.choice(legal)))
    return rewards


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_a_seeded_episode_is_the_engines_game_and_ends_with_its_returns(game, players):
    aec = raw_env(game, players)
    rewards = play_masked(aec, 11)
    state = aec.state
    assert state.is_terminal()
    assert rewards == {f"player_{seat}": r for seat, r in enumerate(state.returns())}
    again = contraband.load(game).replay(state.record())
    assert again.record() == state.record()
    assert state.record()["seed"] == 11


def test_infos_hold_the_view_of_the_agent_about_to_act_and_every_agent_observes_now():
    aec = raw_env("nacho-incident", 3)
    aec.reset(seed=4)
    for _ in range(40):
        agent = aec.agent_selection
        seat = int(agent.removeprefix("player_"))
        assert aec.infos[agent]["view"] == aec.state.view(seat)
        for other in aec.agents:
            observed = aec.observe(other)
            seen = int(other.removeprefix("player_"))
            fresh = aec.layout.encode(aec.state.view(seen), seen)
            assert np.array_equal(observed["observation"], fresh)
            assert observed["action_mask"].any() == (other == agent)
        observed = aec.observe(agent)
        observed["observation"][:] = -1  # the caller's to change: the next call is unharmed
        assert aec.observe(agent)["observation"][seat] == 1
        aec.step(int(np.flatnonzero(observed["action_mask"])[0]))


def test_a_numpy_seed_is_a_seed():
    aec = raw_env("tony-tino")
    aec.reset(seed=np.int64(9))
    assert aec.state.record()["seed"] == 9


def test_reset_without_a_seed_continues_the_seeded_stream():
    first, second = raw_env("tony-tino"), raw_env("tony-tino")
    for aec in (first, second):
        aec.reset(seed=5)
        aec.reset()
    assert first.state.record() == second.state.record()
    assert first.state.record()["seed"] != 5


def test_an_illegal_or_bad_action_is_refused_clearly_and_changes_nothing():
    aec = raw_env("narcos", 2)
    aec.reset(seed=1)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = aec.state.to_json()
    with pytest.raises(ValueError, match="is not legal for player_"):
        aec.step(illegal)
    with pytest.raises(ValueError, match="integer id"):
        aec.step("flip")
    with pytest.raises(ValueError, match="out of range"):
        aec.step(10**6)
    assert aec.state.to_json() == before


def test_bad_settings_are_refused_before_a_game_starts():
    with pytest.raises(ValueError, match="played by 2 players"):
        raw_env("tony-tino", 3)
    with pytest.raises(ValueError, match="unknown option"):
        raw_env("narcos", 2, options={"speed": 2})
    with pytest.raises(ValueError, match="render_mode"):
        raw_env("narcos", 2, render_mode="rgb_array")
    for seed in (-1, 2**63, True, 1.5, "7"):
        with pytest.raises(ValueError, match=r"seed must be an integer in 0\.\.2\*\*63-1"):
            raw_env("narcos", 2).reset(seed=seed)
    with pytest.raises(RuntimeError, match="reset"):
        raw_env("narcos", 2).step(0)


def test_options_reach_the_game_and_render_shows_the_spectators_table():
    aec = raw_env("narcos", 2, options={"mode": "advanced"}, render_mode="ansi")
    aec.reset(seed=2)
    assert aec.state.options["mode"] == "advanced"
    assert aec.render() == aec.state.render(None)
