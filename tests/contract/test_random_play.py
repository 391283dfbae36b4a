"""Properties of whole games under random play, for every game and player count."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS, MAX_DECISIONS

seeds = st.integers(min_value=0, max_value=2**40)


def play(game_id, players, seed, choice_seed, every=None):
    """Play a random game; call ``every(state)`` before each decision. Returns the end state."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(choice_seed)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return state
        if every:
            every(state)
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"{game_id} did not end within {MAX_DECISIONS} decisions")


def advance(game_id, players, seed, choice_seed, stop):
    """A game after up to ``stop`` random decisions, and the generator that chose them."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(choice_seed)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds)
def test_game_ends_with_consistent_decisions_and_conserved_totals(
    game_id, players, seed, choice_seed
):
    start = contraband.load(game_id).new(players, seed=seed).conserved()
    totals = getattr(contraband.load(game_id).state_class, "TOTALS", None)
    if totals is not None:
        assert start == totals, "a new game must hold every component the game declares"

    def check(state):
        assert state.conserved() == start
        legal = state.legal_actions()
        assert legal, "a running game must offer an action"
        labels = [a.label for a in legal]
        assert len(set(labels)) == len(labels), f"duplicate labels: {labels}"
        assert all(a.player == state.current_player for a in legal)
        assert 0 <= state.current_player < players

    end = play(game_id, players, seed, choice_seed, check)
    assert end.conserved() == start
    assert end.current_player is None
    assert end.legal_actions() == []
    result = end.result()
    assert result["final"] is True
    assert len(result["scores"]) == players
    assert all(0 <= w < players for w in result["winners"])
    returns = end.returns()
    assert len(returns) == players and all(0.0 <= r <= 1.0 for r in returns)
    assert sum(returns) == pytest.approx(1.0 if result["winners"] else 0.0)
    json.dumps(result)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=st.integers(min_value=0, max_value=400))
def test_json_round_trip_replay_and_clone_independence(game_id, players, seed, choice_seed, stop):
    game = contraband.load(game_id)
    state, rng = advance(game_id, players, seed, choice_seed, stop)
    data = state.to_json()
    text = json.dumps(data)
    loaded = game.from_json(json.loads(text))
    assert loaded.to_json() == data
    assert game.replay(state.record()).to_json() == data
    # a loaded state and a clone continue exactly like the original, and never alias it
    clone = state.clone()
    continuation = rng.copy()
    for other in (loaded, clone):
        rng_a, rng_b = continuation.copy(), continuation.copy()
        original = game.from_json(data)
        for _ in range(30):
            if original.is_terminal():
                break
            action = rng_a.choice(original.legal_actions())
            assert rng_b.choice(other.legal_actions()) == action
            original.apply(action)
            other.apply(action.label)
        assert other.to_json() == original.to_json()
    assert state.to_json() == data, "playing on a clone or a loaded copy changed the original"


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=st.integers(min_value=0, max_value=400))
def test_illegal_actions_raise_and_change_nothing(game_id, players, seed, choice_seed, stop):
    state, rng = advance(game_id, players, seed, choice_seed, stop)
    before = state.to_json()
    mover = state.current_player
    bad = [contraband.Action(0, "no such action"), "no such action", (0, "x"), None, 7, b"x"]
    if not state.is_terminal():
        legal = state.legal_actions()
        other_seat = (mover + 1) % players
        bad.append(contraband.Action(other_seat, legal[0].label) if players > 1 else "x")
        bad.append(tuple(legal[0]))  # a plain tuple is not an Action, even with equal fields
    for action in bad:
        with pytest.raises(contraband.IllegalAction) as raised:
            state.apply(action)
        error = raised.value
        assert error.reason in ("game_over", "not_your_turn", "not_legal", "bad_input")
        if error.reason == "not_legal":
            assert error.seat == mover and "Legal:" in str(error)
            assert error.legal == [a.label for a in state.legal_actions()]
        else:
            assert error.legal is None and "Legal:" not in str(error)
        assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(
    seed=seeds,
    choice_seed=seeds,
    stop=st.integers(min_value=0, max_value=400),
    det_seeds=st.tuples(seeds, seeds),
)
def test_determinize_keeps_the_view_and_reads_no_hidden_information(
    game_id, players, seed, choice_seed, stop, det_seeds
):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    before = state.to_json()
    for seat in range(players):
        view = state.view(seat)
        json.dumps(view)
        first = state.determinize(seat, Rng(det_seeds[0]))
        second = state.determinize(seat, Rng(det_seeds[1]))
        assert first.view(seat) == view
        assert second.view(seat) == view
        assert first.conserved() == state.conserved()
        # the guess depends only on what the seat sees: guessing from a guess gives the same
        again = second.determinize(seat, Rng(det_seeds[0]))
        assert again.to_json() == first.to_json()
        if not state.is_terminal() and state.current_player == seat:
            assert first.legal_actions() == state.legal_actions()
        # every seat's guess, the seats not on move included, is a position an agent can search
        for guess in (first, second):
            assert guess.is_terminal() == state.is_terminal()
            assert guess.is_terminal() or guess.legal_actions(), "a guess with no legal action"
    json.dumps(state.view(None))
    assert state.to_json() == before


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds)
def test_same_seed_same_game(game_id, players, seed):
    game = contraband.load(game_id)
    assert game.new(players, seed=seed).to_json() == game.new(players, seed=seed).to_json()
