"""A flight offers only choices that can move money (issue 36): a direction away from an empty
side is not offered, since its only amount would be $0, the same nothing "move $0" already is
in the other direction. Every split a flight could reach before is still reachable (the
rulebook: any amount, to or from the offshore account; D10 admits $0)."""

import pytest

from contraband.core.random import Rng
from contraband.games.counterfeiters.board import UNIT
from tests.games.counterfeiters.builder import cards, labels, money, new, play, texts


def test_with_an_empty_offshore_account_the_money_can_only_go_offshore():
    state = new(4, seed=1)
    money(state, 0, 130, offshore=0)
    play(state, "commercial flight")  # the fare first: $100 left
    assert labels(state) == ["to offshore"]
    play(state, "to offshore")
    assert labels(state) == [f"move ${a}" for a in range(0, 101, 10)]  # $0: keep it all


def test_when_the_fare_takes_all_the_cash_the_money_can_only_come_back():
    state = new(4, seed=1)
    money(state, 0, 30, offshore=50)
    play(state, "commercial flight")
    assert state.cash[0] == 0
    assert labels(state) == ["to cash"]
    play(state, "to cash")
    assert labels(state) == ["move $0", "move $10", "move $20", "move $30", "move $40", "move $50"]


def test_a_flight_with_nothing_to_move_still_asks_both_questions_in_the_open():
    """Skipping them would tell the table that this player's money is all gone."""
    state = new(3, seed=1)
    cards(state, 0, "S1", "S5", "A8")  # a private jet: the flight is free
    money(state, 0, 0, offshore=0)
    since = len(state.log(None))
    play(state, "private jet 1")
    assert labels(state) == ["to offshore"]
    play(state, "to offshore")
    assert labels(state) == ["move $0"]
    play(state, "move $0")
    theirs = texts(state, 1, since=since)
    assert "red chooses, in secret, which way the money goes" in theirs
    assert "red moves a secret amount between cash and the offshore account" in theirs


def test_the_other_seats_draw_only_a_direction_the_money_allows():
    """They know red's cash exactly here (no flight yet), so its offshore account is empty."""
    state = new(3, seed=1)
    money(state, 0, 130)
    play(state, "commercial flight", "to offshore")
    assert {state.determinize(1, Rng(s)).direction for s in range(20)} == {0}


def _reachable(state) -> set[tuple[int, int]]:
    """Every (cash, offshore) the offered choices of the flight being decided lead to (what
    "move $X" does in each direction is tested in test_tax_and_flights)."""
    seat = state.current_player
    cash, offshore = state.cash[seat], state.offshore[seat]
    ends = set()
    for direction in labels(state):
        for amount in labels(play(state.clone(), direction)):
            moved = int(amount.removeprefix("move $"))
            if direction == "to offshore":
                ends.add((cash - moved, offshore + moved))
            else:
                ends.add((cash + moved, offshore - moved))
    return ends


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_split_a_flight_allows_is_offered_once_and_each_direction_can_move_money(players):
    flights = 0
    for seed in range(40):
        state = new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            if state.step == "direction":
                flights += 1
                seat = state.current_player
                cash, offshore = state.cash[seat], state.offshore[seat]
                every = {(cash - k, offshore + k) for k in range(0, cash + 1, UNIT)}
                every |= {(cash + k, offshore - k) for k in range(0, offshore + 1, UNIT)}
                assert _reachable(state) == every
                for direction in labels(state):
                    chosen = play(state.clone(), direction)
                    moves = [label for label in labels(chosen) if label != "move $0"]
                    assert moves or cash + offshore == 0, (direction, cash, offshore)
            state.apply(rng.choice(state.legal_actions()))
    assert flights > 20
