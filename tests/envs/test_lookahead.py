"""The public look-ahead (contraband.envs.lookahead): afterstates are the acting seat's own view
after each action on a determinization of that seat, they never depend on what the seat cannot
see, and looking ahead leaves the environment's game as it was."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium  # noqa: E402

from contraband import envs  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from contraband.envs.peek import peek  # noqa: E402

GAMES = [("tony-tino", None), ("narcos", 3), ("counterfeiters", 2)]


def _positions(game, players, seed, count):
    """The AEC environment at ``count`` decisions of a seeded random game (fewer if it ends)."""
    env = envs.raw_env(game, players, version=1)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(count):
        if env.state.is_terminal():
            return
        yield env
        ids = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
        env.step(int(rng.choice(ids)))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_afterstates_are_the_seats_view_after_the_action_on_its_determinization(game, players):
    checked = 0
    for env in _positions(game, players, seed=1, count=40):
        seat = env.state.current_player
        mask = env.observe(env.agent_selection)["action_mask"]
        ids, rows = envs.afterstates(env, Rng(7))
        assert list(ids) == list(np.flatnonzero(mask))
        assert rows.shape == (len(ids), env.layout.size) and rows.dtype == np.float32
        guess = env.state.determinize(seat, Rng(7))  # the same draw, made by hand
        for action, row in zip(ids, rows, strict=True):
            after = guess.clone()
            after.apply(env.actions.label(int(action)), seat=seat)
            assert np.array_equal(row, env.layout.encode(after.view(seat), seat))
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_afterstates_do_not_depend_on_what_the_seat_cannot_see(game, players):
    """Swap the real game for another one the seat cannot tell from it (a determinization
    drawn with another generator): the afterstates are the same, bit for bit."""
    differs = 0
    for env in _positions(game, players, seed=2, count=40):
        seat = env.state.current_player
        real = env.state
        ids, seen = envs.afterstates(env, Rng(11))
        other = real.determinize(seat, Rng(500 + env.state.log_length))
        same = env.layout.encode(peek(other, seat), seat)
        assert np.array_equal(same, env.layout.encode(peek(real, seat), seat))
        differs += any(other.view(s) != real.view(s) for s in range(env.players) if s != seat)
        env.state = other
        try:
            again_ids, again = envs.afterstates(env, Rng(11))
        finally:
            env.state = real
        assert np.array_equal(again_ids, ids) and np.array_equal(again, seen)
    assert differs > 0  # the swapped game really held other hidden parts


def test_the_card_a_move_draws_is_redrawn_not_the_true_one():
    """Tony & Tino: discarding a card draws the next one of the seat's deck. The afterstates'
    hands vary with the generator (the deck is redrawn), while the environment's does not."""
    env = envs.raw_env("tony-tino", version=0)
    env.reset(seed=4)
    seat = env.state.current_player
    ids = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    discard = next(i for i in ids if env.actions.label(int(i)).startswith("discard"))
    hands = set()
    for draw in range(30):
        guess = envs.position(env, Rng(draw))
        after = guess.child(int(discard))
        hands.add(tuple(sorted(after._state.view(seat)["hand"])))  # noqa: SLF001
    assert len(hands) > 1


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_looking_ahead_leaves_the_environment_as_it_was(game, players):
    for env in _positions(game, players, seed=3, count=25):
        before = env.state.clone()
        observation = env.observe(env.agent_selection)["observation"]
        guess = envs.position(env, Rng(3))
        ids = guess.legal_ids()
        deep = guess.child(int(ids[0]))
        while not deep.over and len(deep.legal_ids()):
            deep = deep.child(int(deep.legal_ids()[-1]))  # to the end of the game
        assert deep.rewards().shape == (env.players,)
        envs.afterstates(env, Rng(3))
        assert env.state.view(None) == before.view(None)
        for seat in range(env.players):
            assert env.state.view(seat) == before.view(seat)
        assert np.array_equal(env.observe(env.agent_selection)["observation"], observation)


def test_the_gymnasium_environment_looks_ahead_for_its_learning_seat():
    env = gymnasium.make("contraband/tony-tino-v1", seat=None, opponents="greedy")
    observation, info = env.reset(seed=5)
    ids, rows = envs.afterstates(env, Rng(1))
    assert list(ids) == list(np.flatnonzero(observation["action_mask"]))
    guess = envs.position(env, Rng(1))
    assert guess.seat == info["seat"] == guess.mover
    assert np.array_equal(guess.observation(), observation["observation"])
    assert np.array_equal(rows[0], guess.child(int(ids[0])).observation())
    with pytest.raises(ValueError, match="not on move"):
        envs.afterstates(env, Rng(1), seat=1 - info["seat"])
    with pytest.raises(ValueError, match="not over"):
        guess.rewards()
