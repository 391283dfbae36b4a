"""Encoding version 1 passes the libraries' own checks as version 0 does."""

import warnings

import pytest

pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from contraband import game_ids  # noqa: E402
from contraband.envs import env  # noqa: E402
from contraband.envs.domains import declared_games  # noqa: E402
from tests.envs.test_aec import DICT_OBSERVATION_WARNINGS  # noqa: E402


@pytest.mark.parametrize("game", declared_games())
@pytest.mark.parametrize("reward", ["win", "margin"])
def test_check_env_passes_for_gymnasium_make_v1(game, reward):
    made = gymnasium.make(f"contraband/{game}-v1", opponents="greedy", reward=reward)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(made.unwrapped)
    assert not caught, [str(w.message) for w in caught]
    assert made.unwrapped.layout.version == 1


@pytest.mark.parametrize("game", declared_games())
def test_pettingzoos_api_test_and_seed_test_pass_for_v1(game):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game, version=1, reward="rank"), num_cycles=40)
        seed_test(lambda: env(game, version=1, reward="rank"), num_cycles=40)
    other = {
        str(w.message) for w in caught if not str(w.message).startswith(DICT_OBSERVATION_WARNINGS)
    }
    assert not other, other


def test_version_1_of_a_game_without_declared_domains_is_refused_naming_those_with():
    undeclared = [game for game in game_ids() if game not in declared_games()]
    if not undeclared:
        pytest.skip("every game declares its domains")
    with pytest.raises(ValueError, match="version 1 is available for"):
        env(undeclared[0], version=1)
    with pytest.raises(ValueError, match="version is 0 or 1"):
        env("tony-tino", version=2)
