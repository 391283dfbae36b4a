"""The reward options: paid at the end, to the right seat (also when the game ends on another
seat's move), more to a winner than to a loser."""

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from contraband.envs import gym_env, raw_env  # noqa: E402
from contraband.envs.domains import declared_games  # noqa: E402
from contraband.envs.rewards import REWARDS, final_rewards  # noqa: E402
from tests.envs.cases import CASES, IDS, random_game  # noqa: E402


def options_for(game):
    return REWARDS if game in declared_games() else ("win", "rank")


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_reward_ranks_winners_above_losers(game, players):
    for seed in range(4):
        state = random_game(game, players, seed)
        winners = set(state.winners())
        scores = state.scores()
        for reward in options_for(game):
            paid = final_rewards(state, reward)
            assert len(paid) == players and all(-1 <= value <= 1 for value in paid)
            for seat in range(players):
                for other in range(players):
                    if seat in winners and other not in winners:
                        assert paid[seat] >= paid[other], (reward, paid)
                        if reward != "margin" or scores[seat] > scores[other]:
                            assert paid[seat] > paid[other], (reward, paid)
            if reward == "rank" and not winners:
                assert all(value < 1 for value in paid)  # the game (its mafia) came first


@pytest.mark.parametrize("reward", REWARDS)
def test_the_aec_env_pays_each_seat_its_own_reward_whoever_moved_last(reward):
    last_movers = set()
    for seed in range(12):
        aec = raw_env("tony-tino", 2, reward=reward, version=1)
        aec.reset(seed=seed)
        rng = random.Random(seed)
        paid = {}
        for agent in aec.agent_iter():
            observation, value, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                paid[agent] = value
                aec.step(None)
                continue
            assert value == 0
            last_movers.add(agent)
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        state = aec.unwrapped.state
        assert paid == dict(zip(aec.possible_agents, final_rewards(state, reward), strict=True))
        last_movers.add(f"ended:{state.actors[-1]}")
    assert {"ended:0", "ended:1"} <= last_movers


@pytest.mark.parametrize("reward", REWARDS)
def test_the_single_agent_env_pays_the_learners_reward(reward):
    for seat in (0, 1):
        single = gym_env("tony-tino", seat=seat, opponents="random", reward=reward, version=1)
        _, info = single.reset(seed=seat)
        rng = np.random.default_rng(seat)
        terminated = False
        while not terminated:
            mask = single.action_masks()
            _, value, terminated, _, info = single.step(int(rng.choice(np.flatnonzero(mask))))
        assert value == final_rewards(single.state, reward)[seat]
        _, value, terminated, _, _ = (single.reset(seed=9), None, None, None, None)
        illegal = int(np.flatnonzero(single.action_masks() == 0)[0])
        assert single.step(illegal)[1] == -1.0


def test_a_bad_reward_is_refused_naming_the_choices():
    with pytest.raises(ValueError, match="win, rank, margin"):
        gym_env("tony-tino", reward="points")
