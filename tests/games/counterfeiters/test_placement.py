"""Placing henchmen: one at a time in turn order, each space once per round, only where the
action can be performed, and a pass that lays a henchman down for the round."""

from tests.games.counterfeiters.builder import (
    cards,
    fakes,
    hand,
    labels,
    money,
    new,
    play,
    space,
    texts,
    turn,
)


def test_henchmen_are_placed_one_at_a_time_clockwise():
    state = new(3, seed=1)
    order = []
    for _ in range(6):
        order.append(state.current_player)
        play(state, "tax fraud 2" if "tax fraud 2" in labels(state) else "pass")
    assert order == [0, 1, 2, 0, 1, 2]


def test_a_space_is_used_once_per_round():
    state = new(3, seed=1)
    play(state, "tax fraud 1")
    assert "tax fraud 1" not in labels(state)
    assert state.occupant[space(state, "tax fraud 1")] == 0


def test_interchangeable_spaces_are_offered_once_the_first_free_one():
    state = new(4, seed=1)
    options = labels(state)
    assert "print 1" in options and "print 2" in options  # the police cap makes them differ
    assert "print 3" not in options and "print 4" not in options
    assert "tax fraud 1" in options and "tax fraud 2" in options  # sunglasses differ
    assert "tax fraud 3" not in options
    play(state, "print 2")
    assert "print 3" in labels(state)


def test_only_performable_spaces_are_offered():
    state = new(3, seed=1)
    fakes(state, 0)
    money(state, 0, 0)
    options = labels(state)
    # no notes: no supermarket or fence; no cash: no market, no commercial flight; no jet
    for name in ("supermarket 1", "fence 1", "fence 2", "commercial flight", "private jet 1"):
        assert name not in options
    assert not any(label.startswith("market") for label in options)
    assert options[-1] == "pass"
    assert "print 1" in options and "tax fraud 2" in options


def test_a_pass_is_always_offered_and_lays_a_henchman_down_for_the_round():
    state = new(3, seed=1)
    play(state, "pass")
    assert state.left[0] == 2 and state.down[0] == 1
    assert "red passes and lays a henchman down for the round" in texts(state)
    # the laid-down henchman is used up: red places only twice more this round
    placed = 0
    while state.round == 1:
        if state.current_player == 0:
            placed += 1
        play(state, "pass")
    assert placed == 2
    assert state.left == [3, 3, 3] and state.down == [0, 0, 0]


def test_a_seat_without_henchmen_is_skipped():
    state = new(3, seed=1)
    hand(state, 1, 0)
    play(state, "tax fraud 2")
    assert state.current_player == 2


def test_the_pass_moves_no_police():
    state = new(3, seed=1)
    before = state.pawn
    play(state, "pass")
    assert state.pawn == before


def test_a_capped_space_moves_the_police_and_an_uncapped_one_does_not():
    state = new(3, seed=1)
    cards(state, 0, "S1", "S5")
    turn(state, 0)
    play(state, "print 2")
    assert state.pawn == 4
    turn(state, 0)
    play(state, "print 1")
    assert state.pawn == 5
