"""The police track: a step after each action on a capped space; the landing space's effect
after the action (Godfather, investigations, the air-traffic strike)."""

import pytest

from contraband.games.counterfeiters.money import tribute
from tests.games.counterfeiters.builder import (
    cards,
    fakes,
    give,
    money,
    new,
    pawn,
    play,
    texts,
    turn,
)


@pytest.mark.parametrize(
    ("cash", "paid"),
    [(0, 0), (10, 10), (20, 10), (30, 20), (50, 30), (60, 30), (170, 90), (200, 100)],
)
def test_the_godfather_takes_half_the_cash_rounded_up_to_10(cash, paid):
    assert tribute(cash) == paid


def test_a_godfather_right_after_a_supermarket_sale_taxes_the_sale():
    state = new(4, seed=1)
    pawn(state, 9)
    fakes(state, 0, three=3)
    money(state, 0, 20, offshore=100)
    give(state, 0, "C7")  # a lottery ticket: safe
    money(state, 1, 50)
    money(state, 2, 0)
    money(state, 3, 75 - 5)  # $70
    play(state, "supermarket 1", "sell 3 three-star")
    assert state.pawn == 10
    # the action first ($20 + $150 = $170), then the Godfather: $90
    assert state.cash == [80, 20, 0, 30]
    assert state.offshore[0] == 100
    log = texts(state)
    sale = log.index("red sells 3 ★★★ at the supermarket for $150")
    assert log[sale + 1 :][:6] == [
        "the police pawn moves to space 10",
        "the Godfather: everyone pays half of their cash, rounded up to $10",
        "red pays the Godfather $90",
        "blue pays the Godfather $30",
        "green pays the Godfather $0",
        "yellow pays the Godfather $40",
    ]


def test_fake_notes_are_safe_from_the_godfather():
    state = new(4, seed=1)
    pawn(state, 9)
    cards(state, 0, "S1", "S5")
    fakes(state, 1, one=4)
    play(state, "print 1")
    assert state.fakes[3:6] == [4, 0, 0]
    assert state.fakes[0:3] == [2, 0, 0]


@pytest.mark.parametrize(("start", "quality"), [(10, "★"), (12, "★★"), (16, "★★★")])
def test_an_investigation_is_announced_when_the_pawn_lands_on_it(start, quality):
    state = new(4, seed=1)
    pawn(state, start)
    cards(state, 0, "S1", "S5")
    play(state, "print 1")
    assert (
        f"police investigation {quality}: from now on the supermarket refuses {quality} notes "
        "and every lower quality"
    ) in texts(state)


def test_the_strike_holds_only_while_the_pawn_stands_on_it():
    state = new(4, seed=1)
    pawn(state, 14)
    cards(state, 0, "S1", "S5")
    money(state, 1, 100)
    play(state, "print 1")
    assert state.pawn == 15
    assert "air-traffic strike: nobody can fly while the pawn stands here" in texts(state)
    assert "commercial flight" not in [a.label for a in state.legal_actions()]
    # a whole round later the pawn still stands there: still no flights
    while state.round == 1:
        play(state, "pass")
    turn(state, 1)
    assert "commercial flight" not in [a.label for a in state.legal_actions()]
    assert state.view(1)["police"]["strike"] is True
