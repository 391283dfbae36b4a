"""Gymnasium's vector environments, PettingZoo's parallel API and reset options."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from pettingzoo.test import parallel_api_test  # noqa: E402

from contraband.envs import env, gym_env, parallel_env  # noqa: E402


def random_ids(masks, rng):
    """A random legal id per env (0 after a game's end: the next step resets, Gymnasium's
    autoreset, and ignores it)."""
    return np.array([rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in masks])


@pytest.mark.parametrize(
    "vector", [gymnasium.vector.SyncVectorEnv, gymnasium.vector.AsyncVectorEnv]
)
@pytest.mark.parametrize("version", [0, 1])
def test_gymnasiums_vector_envs_play_whole_games(vector, version):
    def make():
        return gym_env("tony-tino", opponents="random", version=version, info_view=False)

    vec = vector([make, make])
    try:
        observations, _ = vec.reset(seed=5)
        single = make()
        assert observations["observation"].shape == (2, single.layout.size)
        rng = np.random.default_rng(0)
        ended = 0
        for _ in range(150):
            ids = random_ids(observations["action_mask"], rng)
            observations, rewards, terminated, truncated, _ = vec.step(ids)
            ended += int(terminated.sum())
            assert not truncated.any()
            assert set(np.unique(rewards[terminated])) <= {0.0, 0.5, 1.0}
        assert ended >= 2  # Tony & Tino lasts about 37 learner decisions
        # the same seeds give the same first observations as a single env
        again, _ = make().reset(seed=5)
        first, _ = vec.reset(seed=5)
        assert np.array_equal(first["observation"][0], again["observation"])
        masks = vec.call("action_masks")
        assert np.array_equal(masks[0], first["action_mask"][0])
    finally:
        vec.close()


def test_gymnasium_make_vec_works_with_version_1():
    vec = gymnasium.make_vec(
        "contraband/tony-tino-v1", num_envs=2, vectorization_mode="sync", reward="margin"
    )
    observations, _ = vec.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(60):
        observations, *_ = vec.step(random_ids(observations["action_mask"], rng))
    vec.close()


@pytest.mark.parametrize(("game", "players", "version"), [("tony-tino", 2, 1), ("narcos", 3, 0)])
def test_pettingzoos_parallel_api_test_passes_and_a_seed_replays(game, players, version):
    """(PettingZoo's parallel_seed_test sends unmasked random ids, which a game refuses as
    illegal: the replay is checked here with masked ids instead.)"""
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(game, players, version=version), num_cycles=60)
    runs = []
    for _ in range(2):
        par = parallel_env(game, players, version=version)
        observations, _ = par.reset(seed=8)
        rng = np.random.default_rng(8)
        seen = []
        while par.agents:
            seen.append({a: o["observation"].copy() for a, o in observations.items()})
            actions = {
                agent: int(rng.choice(np.flatnonzero(mask)))
                if (mask := o["action_mask"]).any()
                else 0
                for agent, o in observations.items()
            }
            observations, *_ = par.step(actions)
        runs.append(seen)
    assert len(runs[0]) == len(runs[1]) > 10
    for one, other in zip(*runs, strict=True):
        assert all(np.array_equal(one[a], other[a]) for a in one)


def test_a_parallel_step_takes_only_the_movers_action():
    par = parallel_env("tony-tino", version=1)
    observations, _ = par.reset(seed=2)
    rng = np.random.default_rng(2)
    steps = 0
    while par.agents:
        movers = [a for a in par.agents if observations[a]["action_mask"].any()]
        assert len(movers) == 1
        actions = {agent: 0 for agent in par.agents}
        actions[movers[0]] = int(rng.choice(np.flatnonzero(observations[movers[0]]["action_mask"])))
        observations, rewards, terminations, _, infos = par.step(actions)
        steps += 1
    state = par.unwrapped.state
    assert state.is_terminal() and len(state.history) == steps
    assert [rewards[a] for a in par.possible_agents] == state.returns()


def test_reset_options_change_opponents_seat_and_game_options_from_then_on():
    single = gym_env("tony-tino", opponents="random", version=1)
    _, info = single.reset(seed=1, options={"seat": 1, "opponents": "greedy"})
    assert info["seat"] == 1 and single.opponents == ["greedy"]
    single.reset(seed=2, options={"game_options": {"first_player": "seat 1"}})
    assert single.state.options["first_player"] == "seat 1"
    _, info = single.reset(seed=3)
    assert info["seat"] == 1 and single.state.options["first_player"] == "seat 1"
    aec = env("tony-tino")
    aec.reset(seed=4, options={"game_options": {"first_player": "seat 1"}})
    assert aec.unwrapped.state.options["first_player"] == "seat 1"


def test_bad_reset_options_are_refused_naming_what_is_allowed():
    single = gym_env("tony-tino")
    with pytest.raises(ValueError, match="opponents, seat, game_options, got players"):
        single.reset(options={"players": 3})
    with pytest.raises(ValueError, match="seat must be 0..1"):
        single.reset(options={"seat": 5})
    with pytest.warns(UserWarning, match="may be game_options; ignored opponents"):
        env("tony-tino").reset(options={"opponents": "greedy"})


def test_the_view_is_in_the_info_by_default_in_version_0_and_at_the_end_always():
    assert "view" in gym_env("tony-tino").reset(seed=1)[1]
    assert "view" not in gym_env("tony-tino", version=1).reset(seed=1)[1]
    assert "view" in gym_env("tony-tino", version=1, info_view=True).reset(seed=1)[1]
    aec = env("tony-tino", version=1)
    aec.reset(seed=1)
    rng = np.random.default_rng(1)
    for _agent in aec.agent_iter():
        observation, _, terminated, truncated, info = aec.last()
        if terminated or truncated:
            assert info["view"]["result"]["final"]
            aec.step(None)
            continue
        assert "view" not in info
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
