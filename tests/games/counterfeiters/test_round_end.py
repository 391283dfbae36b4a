"""The end of a round: every henchman back, market upkeep (test_market.py), diners, and the
marker's holder begins the next round."""

from tests.games.counterfeiters.builder import (
    cards,
    check_totals,
    fakes,
    money,
    new,
    pawn,
    play,
    texts,
)


def _end_round(state):
    start = state.round
    while state.round == start:
        play(state, "pass")


def test_every_henchman_comes_back_laid_down_ones_too():
    state = new(3, seed=1)
    play(state, "tax fraud 2", "pass", "tax fraud 3")
    _end_round(state)
    assert state.left == [3, 3, 3] and state.down == [0, 0, 0]
    assert state.occupant == [-1] * len(state.occupant)
    assert state.round == 2


def test_each_diner_turns_one_fake_note_into_a_real_50_lowest_quality_first():
    state = new(3, seed=1)
    cards(state, 0, "S1", "S5", "A7", "B7")
    fakes(state, 0, one=1, three=4)
    money(state, 0, 0)
    _end_round(state)
    assert state.fakes[0:3] == [0, 0, 3]
    assert state.cash[0] == 100
    assert state.supply == [30, 30, 37]
    assert "red's diner (A7) turns a ★ note into a real $50" in texts(state)
    check_totals(state)


def test_a_diner_without_a_note_does_nothing():
    state = new(3, seed=1)
    cards(state, 1, "S2", "S6", "A7", "B7", "C5")
    fakes(state, 1, two=2)
    money(state, 1, 0)
    _end_round(state)
    assert state.fakes[3:6] == [0, 0, 0]
    assert state.cash[1] == 100


def test_diners_cannot_be_refused_even_when_the_notes_would_sell_for_more():
    state = new(3, seed=1)
    cards(state, 2, "S3", "S6", "A7")
    fakes(state, 2, three=1)
    _end_round(state)
    assert state.fakes[6:9] == [0, 0, 0]


def test_no_round_end_when_the_game_ends_on_the_last_henchman_of_a_round():
    state = new(2, seed=1)
    cards(state, 1, "S2", "S6")
    pawn(state, 18)
    play(state, "pass", "pass", "pass", "pass", "pass")
    assert state.current_player == 1 and state.left == [0, 1]
    round_ends = len([t for t in texts(state) if "ends: every henchman" in t])
    market = list(state.market)
    play(state, "print 1")  # the last henchman of the round reaches space 19
    assert state.is_terminal()
    assert len([t for t in texts(state) if "ends: every henchman" in t]) == round_ends
    assert state.market == market  # no upkeep
