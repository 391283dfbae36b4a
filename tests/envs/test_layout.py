"""Observation layouts: a fixed-size vector per game and player count, built from the seat's view
alone, that says what the view says."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import contraband
from contraband import Rng
from contraband.envs.actions import action_space
from contraband.envs.layout import LOSSES, learn, missed, observation_layout
from contraband.envs.sampling import sample_views
from tests.envs.cases import CASES, IDS, random_game

seeds = st.integers(min_value=0, max_value=2**40)
stops = st.integers(min_value=0, max_value=400)


def slot(layout, name):
    return layout.names.index(name)


def advance(game, players, seed, stop):
    state = contraband.load(game).new(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(stop):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions(state.current_player)))
    return state


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_every_observation_has_the_layouts_size_and_stays_in_its_bounds(game, players):
    layout = observation_layout(game, players)
    assert len(set(layout.names)) == layout.size
    assert layout.low.shape == layout.high.shape == (layout.size,)

    def check(state):
        for seat in range(players):
            vector = layout.encode(state.view(seat), seat)
            assert vector.dtype == np.float32 and vector.shape == (layout.size,)
            assert (vector >= layout.low).all() and (vector <= layout.high).all()
            assert vector[seat] == 1 and vector[:players].sum() == 1

    end = random_game(game, players, 101, every=check)
    check(end)


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
@given(seed=seeds, stop=stops)
def test_an_observation_is_the_same_for_every_state_the_seat_cannot_tell_apart(
    game, players, seed, stop
):
    """Hidden information stays hidden: a determinization (the hidden parts resampled, the
    seat's view the same) gives the same vector and mask."""
    state = advance(game, players, seed, stop)
    layout, space = observation_layout(game, players), action_space(game)
    for seat in range(players):
        other = state.determinize(seat, Rng(seed + seat))
        assert np.array_equal(
            layout.encode(state.view(seat), seat), layout.encode(other.view(seat), seat)
        )
        assert np.array_equal(space.mask(state, seat), space.mask(other, seat))


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_fresh_random_games_hold_no_key_or_kind_of_value_the_layout_lacks(game, players):
    """Only rare texts (counted as other) or lists longer than any sampled may be lost."""
    layout = observation_layout(game, players)
    lost = set()

    def check(state):
        for seat in range(players):
            lost.update(missed(layout, state.view(seat)))

    check(random_game(game, players, 5000, every=check))
    assert {loss for loss, _ in lost} <= {"text", "cut"}, sorted(lost)[:10]
    assert set(LOSSES) >= {loss for loss, _ in lost}


def test_the_vector_says_what_the_view_says():
    """Tony & Tino mid-game: numbers, texts, counts of a hand and the last move's id."""
    state = advance("tony-tino", 2, 7, 25)
    layout = observation_layout("tony-tino", 2)
    seat = state.current_player
    view = state.view(seat)
    vector = layout.encode(view, seat)
    for player in range(2):
        assert vector[slot(layout, f"seats[{player}].money")] == view["seats"][player]["money"]
    for card in set(view["hand"]):
        assert vector[slot(layout, f"hand#{card}")] == view["hand"].count(card)
    assert vector[slot(layout, "hand.len")] == len(view["hand"])
    assert vector[slot(layout, f"phase={view['phase']}")] == 1
    label = view["last_move"]["label"]
    assert vector[slot(layout, "last_move.label#id")] == action_space("tony-tino").id(label)
    for point, entry in enumerate(view["board"]):
        if entry["disc"] is None:
            assert vector[slot(layout, f"board[{point}].disc=none")] == 1
        else:
            assert vector[slot(layout, f"board[{point}].disc")] == entry["disc"]
    # the point names never change, so they take no slot
    assert not any(name.startswith("board[0].point") for name in layout.names)


def test_al_cabohnes_hand_keeps_its_order():
    state = contraband.load("al-cabohne").new(players=2, seed=1)
    layout = observation_layout("al-cabohne", 2)
    hand = state.view(0)["hand"]
    vector = layout.encode(state.view(0), 0)
    for position, bean in enumerate(hand):
        assert vector[slot(layout, f"hand[{position}]={bean}")] == 1


def test_unseen_texts_count_as_other_and_are_named_by_missed():
    state = contraband.load("tony-tino").new(players=2, seed=3)
    layout = observation_layout("tony-tino", 2)
    view = state.view(0)
    view["phase"] = "a phase no game has"
    view["hand"] = [*view["hand"], "a card no game has"]
    vector = layout.encode(view, 0)
    assert vector[slot(layout, "phase=other")] == 1
    assert vector[slot(layout, "hand#other")] == 1
    assert ("text", "phase=a phase no game has") in missed(layout, view)
    view["a key no game has"] = 1
    assert ("key", "a key no game has") in missed(layout, view)


def test_a_layout_is_learnt_the_same_way_every_time():
    """(Every game declares its domains now; ``learn``, for a game that would not, still learns
    the same layout from the same seeded games.)"""
    one = learn("narcos", 2, sample_views("narcos", 2))
    again = learn("narcos", 2, sample_views("narcos", 2))
    assert one.names == again.names and one.digest == again.digest
