"""Every game as an OpenSpiel game: OpenSpiel's own random-simulation test passes, its ISMCTS bot
plays whole games, and the tensors, ids and seeds are those of the environments and the engine."""

import numpy as np
import pytest

pytest.importorskip(
    "pyspiel",
    reason="OpenSpiel is missing (the optional extra 'openspiel': pip install -e '.[openspiel]')",
)

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import evaluate_bots  # noqa: E402

import contraband  # noqa: E402
from contraband.envs import action_space, observation_layout, openspiel  # noqa: E402

GAMES = contraband.game_ids()
#: two seats everywhere (every game allows it) keeps these plays short; other counts load alike
PLAYERS = 2


def loaded(game, players=PLAYERS):
    return pyspiel.load_game(f"{openspiel.game_name(game)}(players={players})")


def dealt(game, seed, players=PLAYERS):
    state = loaded(game, players).new_initial_state()
    assert state.is_chance_node()
    state.apply_action(seed)
    return state


def test_every_game_is_registered_under_its_name():
    names = set(pyspiel.registered_names())
    assert {openspiel.game_name(game) for game in GAMES} <= names
    assert openspiel.game_name("tony-tino") == "contraband_tony_tino"


@pytest.mark.parametrize("game", GAMES)
def test_openspiels_random_simulation_test_passes(game):
    pyspiel.random_sim_test(loaded(game), num_sims=1, serialize=True, verbose=False)


# Al Cabohne's game, the longest, in the long tier (make test-slow)
@pytest.mark.parametrize(
    "game", [pytest.param(g, marks=[pytest.mark.slow] if g == "al-cabohne" else []) for g in GAMES]
)
def test_openspiels_ismcts_bot_plays_a_whole_game_against_a_random_bot(game):
    os_game = loaded(game)
    bots = [openspiel.ismcts_bot(os_game, simulations=3, seed=1)]
    bots += [pyspiel.make_uniform_random_bot(seat, 7) for seat in range(1, PLAYERS)]
    state = os_game.new_initial_state()
    returns = evaluate_bots.evaluate_bots(state, bots, np.random.RandomState(3))
    assert state.is_terminal()
    assert returns == state.engine.returns()
    # the game replays in the engine from the chance outcome and the seats' labels
    seed, *moves = state.history()
    replay = contraband.load(game).new(players=PLAYERS, seed=seed)
    for move in moves:
        replay.apply(state.action_to_string(replay.current_player, move))
    assert replay.is_terminal()
    assert replay.returns() == returns


@pytest.mark.parametrize("game", GAMES)
def test_the_chance_outcome_is_the_engines_seed_and_ids_are_the_environments(game):
    seed = 12
    state = dealt(game, seed)
    engine = contraband.load(game).new(players=PLAYERS, seed=seed)
    assert state.engine.view(None) == engine.view(None)
    actions = action_space(game)
    assert loaded(game).num_distinct_actions() == actions.size
    rng = np.random.default_rng(seed)
    for _ in range(30):
        if state.is_terminal():
            break
        mover = state.current_player()
        assert state.legal_actions() == sorted(np.flatnonzero(actions.mask(state.engine, mover)))
        assert state.legal_actions(1 - mover) == []
        state.apply_action(int(rng.choice(state.legal_actions())))


@pytest.mark.parametrize("game", GAMES)
def test_tensors_are_the_environments_encoding_of_each_seats_view(game):
    state = dealt(game, 5)
    layout = observation_layout(game, PLAYERS)
    assert loaded(game).information_state_tensor_shape() == [layout.size]
    assert loaded(game).observation_tensor_shape() == [layout.size]
    rng = np.random.default_rng(5)
    for _ in range(10):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for seat in range(PLAYERS):
        expected = layout.encode(state.engine.view(seat), seat)
        assert np.array_equal(np.asarray(state.information_state_tensor(seat)), expected)
        assert np.array_equal(np.asarray(state.observation_tensor(seat)), expected)


@pytest.mark.parametrize("game", GAMES)
def test_a_resampled_state_keeps_the_seats_view_and_information_state(game):
    state = dealt(game, 9)
    rng = np.random.default_rng(9)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    resampled = state.resample_from_infostate(seat, sampler)
    assert resampled.information_state_string(seat) == state.information_state_string(seat)
    assert resampled.engine.view(seat) == state.engine.view(seat)
    assert resampled.legal_actions() == state.legal_actions()
    assert resampled.engine is not state.engine


def test_a_clone_is_independent():
    state = dealt("tony-tino", 3)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.engine is not state.engine
    assert len(state.history()) == 1 and len(clone.history()) == 2


def test_a_bad_player_count_is_refused_with_the_allowed_counts():
    with pytest.raises(ValueError, match="tony-tino is played by 2 players, not 5"):
        pyspiel.load_game("contraband_tony_tino(players=5)")
