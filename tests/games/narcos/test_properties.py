"""The game-agnostic properties, in both modes (the contract tests run the default, basic):
games end with their totals kept, saved states and records replay exactly, copies never
alias, determinizations keep the seat's view and depend on nothing else, undo gives back the
position before, and the log tells every decision."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contraband.core.random import Rng
from tests.games.narcos.builder import GAME

seeds = st.integers(min_value=0, max_value=2**40)
CASES = [(mode, players) for mode in ("basic", "advanced") for players in (2, 3, 4)]
IDS = [f"{mode}-{players}p" for mode, players in CASES]
few = settings(max_examples=8)


def advance(mode, players, seed, choice_seed, stop):
    state = GAME.new(players, seed=seed, options={"mode": mode})
    rng = Rng(choice_seed)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state, rng


@pytest.mark.parametrize(("mode", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds)
def test_random_games_end_with_the_totals_kept_and_a_log_of_every_decision(
    mode, players, seed, choice_seed
):
    state, _ = advance(mode, players, seed, choice_seed, 100_000)
    assert state.is_terminal() and state.conserved() == state.TOTALS
    assert state.current_player is None and state.legal_actions() == []
    for seat in [None, *range(players)]:
        log = state.log(seat)
        caused = {entry["action"] for entry in log if entry["action"] is not None}
        assert caused == set(range(len(state.history)))
        assert all("None" not in entry["text"] and "{" not in entry["text"] for entry in log)
    assert state.record(0) == state.record()


@pytest.mark.parametrize(("mode", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 400))
def test_saving_replaying_and_copies(mode, players, seed, choice_seed, stop):
    state, rng = advance(mode, players, seed, choice_seed, stop)
    data = state.to_json()
    assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data
    assert GAME.replay(state.record()).to_json() == data
    clone = state.clone()
    for _ in range(20):
        if clone.is_terminal():
            break
        clone.apply(rng.choice(clone.legal_actions()))
    assert state.to_json() == data


@pytest.mark.parametrize(("mode", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 400), det=st.tuples(seeds, seeds))
def test_determinize_keeps_the_view_and_reads_no_hidden_information(
    mode, players, seed, choice_seed, stop, det
):
    state, _ = advance(mode, players, seed, choice_seed, stop)
    for seat in range(players):
        view = state.view(seat)
        first = state.determinize(seat, Rng(det[0]))
        second = state.determinize(seat, Rng(det[1]))
        assert first.view(seat) == view == second.view(seat)
        assert first.conserved() == state.conserved()
        assert second.determinize(seat, Rng(det[0])).to_json() == first.to_json()
        if not state.is_terminal() and state.current_player == seat:
            assert first.legal_actions() == state.legal_actions()
            first.apply(first.legal_actions()[0])


@pytest.mark.parametrize(("mode", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 400))
def test_undo_gives_back_the_position_before(mode, players, seed, choice_seed, stop):
    state, rng = advance(mode, players, seed, choice_seed, stop)
    if state.is_terminal():
        return
    before = state.to_json()
    seat = state.current_player
    state.apply(rng.choice(state.legal_actions()))
    if state.undoable(seat):
        assert state.undo(seat).to_json() == GAME.from_json(before).to_json()
