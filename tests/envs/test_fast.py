"""The fast paths of the environments give what the reference paths give, and what an environment
hands out stays the caller's.

``Layout.encode`` and ``PerspectiveLayout.encode`` (a zeroed float32 buffer, version 1 through
the compiled walk of ``contraband.envs.plan``) are checked bit for bit against ``encode_walk``
(the tree walk into a Python list) for every seat at every position of seeded random games of
every game, player count and option variant, on the game's view as the environments read it
(``peek``) and on ``state.view(seat)``, and on determinizations.
"""

import pickle
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import contraband  # noqa: E402
from contraband.envs import env, gym_env  # noqa: E402
from contraband.envs.actions import action_space  # noqa: E402
from contraband.envs.domains import domain  # noqa: E402
from contraband.envs.layout import observation_layout  # noqa: E402
from contraband.envs.peek import peek  # noqa: E402
from tests.envs.cases import VARIANT_IDS, VARIANTS  # noqa: E402


def versions(game):
    return (0, 1) if domain(game) is not None else (0,)


def same(fast, reference):
    """Equal bit for bit (-0.0 is not 0.0), and of the same dtype and shape."""
    assert fast.dtype == reference.dtype == np.float32
    assert fast.shape == reference.shape
    return fast.tobytes() == reference.tobytes()


def check_position(state, layouts, where):
    for seat in range(state.players):
        views = (peek(state, seat), state.view(seat))
        for layout in layouts:
            for view in views:
                fast = layout.encode(view, seat)
                reference = layout.encode_walk(view, seat)
                assert same(fast, reference), (
                    f"{where}: v{layout.version if hasattr(layout, 'version') else 0} seat "
                    f"{seat}: slots {np.flatnonzero(fast != reference)[:10].tolist()} differ"
                )


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_the_fast_encoders_give_the_reference_vectors_over_random_play(game, players, options):
    layouts = [observation_layout(game, players, version) for version in versions(game)]
    for seed in (3,):
        state = contraband.load(game).new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        moves = 0
        while True:
            check_position(state, layouts, f"{game} seed {seed} move {moves}")
            if moves % 7 == 0 and not state.is_terminal():
                seat = state.current_player
                guess = state.determinize(seat, moves)
                check_position(guess, layouts, f"{game} seed {seed} move {moves} determinized")
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions(state.current_player)))
            moves += 1


@pytest.mark.parametrize("game", contraband.game_ids())
def test_the_mask_holds_exactly_the_legal_ids_and_is_the_callers(game):
    actions = action_space(game)
    state = contraband.load(game).new(seed=5)
    rng = random.Random(5)
    kept = []
    while not state.is_terminal():
        for seat in range(state.players):
            mask = actions.mask(state, seat)
            assert mask.dtype == np.int8 and mask.shape == (actions.size,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(actions.legal_ids(state, seat))
            assert mask.flags.writeable
            kept.append((mask, mask.copy()))
        state.apply(rng.choice(state.legal_actions()))
    assert all(np.array_equal(mask, copy) for mask, copy in kept)


@pytest.mark.parametrize("game", contraband.game_ids())
@pytest.mark.parametrize("version", [0, 1])
def test_what_the_aec_environment_returns_is_never_changed_by_it_later(game, version):
    if version not in versions(game):
        pytest.skip(f"{game} declares no domains")
    aec = env(game, version=version)
    aec.reset(seed=8)
    rng = random.Random(8)
    kept = []
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        again = aec.observe(agent)
        assert again["observation"] is not observation["observation"]
        kept.append({key: value.copy() for key, value in observation.items()})
        kept.append(observation)
        # the caller may write into what it was given: the environment's next answer is the same
        observation["observation"][:] = 7.0
        observation["action_mask"][:] = 1
        third = aec.observe(agent)
        assert np.array_equal(third["observation"], kept[-2]["observation"])
        assert np.array_equal(third["action_mask"], kept[-2]["action_mask"])
        kept[-1] = third
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(third["action_mask"]))))
    for copy, given in zip(kept[::2], kept[1::2], strict=True):
        for key in copy:
            assert np.array_equal(copy[key], given[key])


@pytest.mark.parametrize("game", ["tony-tino", "narcos"])
def test_what_the_gym_environment_returns_is_never_changed_by_it_later(game):
    single = gym_env(game, seat=0, version=1)
    observation, _ = single.reset(seed=9)
    rng = random.Random(9)
    kept = [(observation, {key: value.copy() for key, value in observation.items()})]
    terminated = False
    while not terminated:
        action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, _, terminated, _, _ = single.step(action)
        kept.append((observation, {key: value.copy() for key, value in observation.items()}))
    for given, copy in kept:
        for key in copy:
            assert np.array_equal(copy[key], given[key])


def test_the_wrappers_still_refuse_what_pettingzoos_refuse():
    aec = env("narcos", 2)
    with pytest.raises(AttributeError, match="before reset"):
        _ = aec.agent_selection
    aec.reset(seed=1)
    size = aec.unwrapped.actions.size
    for bad in (size, -1, 1.0, "3", None):
        with pytest.raises(AssertionError, match="not in action space"):
            aec.step(bad)
    legal = np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])
    aec.step(np.int64(legal[0]))  # a NumPy integer is an action, as in PettingZoo's check
    assert aec.unwrapped.state.history


def test_a_view_lacking_a_key_its_game_declares_is_encoded_as_the_reference_does():
    layout = observation_layout("tony-tino", 2, 1)
    state = contraband.load("tony-tino").new(seed=2)
    view = state.view(0)
    assert "phase" in view and "phase" in {name.split("=")[0] for name in layout.names}
    del view["phase"]
    del view["board"][3]["open"]
    assert same(layout.encode(view, 0), layout.encode_walk(view, 0))
    view["hand"] = ["no such card"]
    with pytest.raises(KeyError):
        layout.encode_walk(view, 0)
    with pytest.raises(KeyError):
        layout.encode(view, 0)


def test_a_version_1_environment_pickles_and_encodes_the_same_after():
    single = gym_env("narcos", seat=0, version=1)
    observation, _ = single.reset(seed=4)
    again = pickle.loads(pickle.dumps(single))
    view = peek(again.state, 0)
    assert same(again.layout.encode(view, 0), observation["observation"])
    assert same(again.layout.encode(view, 0), single.layout.encode(view, 0))
