"""The Gymnasium single-agent environment passes Gymnasium's check_env and plays one seat
against agents."""

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402

from contraband.envs import gym_env  # noqa: E402
from tests.envs.cases import CASES, IDS  # noqa: E402


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_gymnasiums_check_env_passes(game, players):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(gym_env(game, players, render_mode="ansi"), skip_render_check=False)
    messages = [str(w.message) for w in caught]
    # only that an environment made without gymnasium.make has no spec to make others from
    assert all("not having a spec" in message for message in messages), messages


def test_check_env_passes_through_gymnasium_make_with_an_agent_opponent():
    made = gymnasium.make("contraband/counterfeiters-v0", players=3, opponents="greedy")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    assert not caught, [str(w.message) for w in caught]


def play(single, seed):
    """A whole episode with random legal ids; (total reward, steps)."""
    observation, info = single.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert np.array_equal(observation["action_mask"], single.action_masks())
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = single.step(action)
        total += reward
        steps += 1
        assert not truncated
        if terminated:
            return total, steps


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_an_episode_is_the_learners_game_and_pays_its_return(game, players):
    single = gym_env(game, players, seat=players - 1, opponents="random")
    total, steps = play(single, 8)
    state = single.state
    assert state.is_terminal() and state.record()["seed"] == 8
    assert total == state.returns()[players - 1]
    assert steps == state.actors.count(players - 1)
    assert not single.action_masks().any()
    with pytest.raises(RuntimeError, match="reset"):
        single.step(0)


def test_the_same_seed_replays_the_same_game_and_opponents():
    records = []
    for _ in range(2):
        single = gym_env("nacho-incident", 3, seat=None, opponents=["greedy", "random"])
        play(single, 21)
        records.append((single.seat, single.state.record()))
    assert records[0] == records[1]


def test_the_learners_seat_may_be_drawn_at_each_reset():
    single = gym_env("narcos", 4, seat=None)
    seats = set()
    for seed in range(12):
        single.reset(seed=seed)
        seats.add(single.seat)
        assert single.state.current_player == single.seat
    assert len(seats) > 1


def test_an_illegal_action_ends_the_episode_or_raises_as_asked():
    single = gym_env("tony-tino", illegal_reward=-2.0)
    observation, _ = single.reset(seed=1)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    label = single.actions.label(illegal)
    observation, reward, terminated, truncated, info = single.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, label)
    assert not observation["action_mask"].any()
    strict = gym_env("tony-tino", illegal="raise")
    strict.reset(seed=1)
    before = strict.state.to_json()
    with pytest.raises(ValueError, match="is not legal now"):
        strict.step(illegal)
    assert strict.state.to_json() == before


def test_bad_settings_are_refused_with_what_is_allowed():
    with pytest.raises(ValueError, match="unknown agent"):
        gym_env("tony-tino", opponents="grandmaster")
    with pytest.raises(ValueError, match="one per other seat"):
        gym_env("narcos", 3, opponents=["random"])
    with pytest.raises(ValueError, match="seat must be 0..1"):
        gym_env("tony-tino", seat=2)
    with pytest.raises(ValueError, match="illegal must be one of"):
        gym_env("tony-tino", illegal="ignore")
    with pytest.raises(ValueError, match="seed must be an integer"):
        gym_env("tony-tino").reset(seed=-3)


def test_al_cabohne_solo_has_no_opponent_seat_and_plays_the_mafia():
    single = gym_env("al-cabohne", 1)
    total, _ = play(single, 3)
    assert total == single.state.returns()[0]
