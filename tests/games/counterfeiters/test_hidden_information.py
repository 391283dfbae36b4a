"""Secrets: each seat's cash, offshore money and fake notes (until the end), a flight's direction
and amount (for good), the deck order. What the log, the views, the records and the errors show,
and what a determinization resamples."""

import json

import pytest

import contraband
from contraband.core.random import Rng
from tests.games.counterfeiters.builder import (
    fakes,
    labels,
    money,
    new,
    play,
    texts,
)


def _random_game(players, seed, stop=None):
    state = new(players, seed=seed)
    rng = Rng(seed)
    steps = 0
    while not state.is_terminal() and (stop is None or steps < stop):
        state.apply(rng.choice(state.legal_actions()))
        steps += 1
    return state


def test_holdings_are_shown_only_to_their_owner_until_the_end():
    state = new(3, seed=2)
    for viewer in (None, 0, 1, 2):
        seats = state.view(viewer)["seats"]
        for s, shown in enumerate(seats):
            if s == viewer:
                assert shown["cash"] == state.cash[s] and shown["fakes"] == [0, 0, 0]
            else:
                assert shown["cash"] is shown["offshore"] is shown["fakes"] is None
    end = _random_game(3, 5)
    for viewer in (None, 0, 1):
        assert [s["cash"] for s in end.view(viewer)["seats"]] == end.cash


def test_the_view_and_the_text_table_hide_other_seats_holdings():
    state = new(3, seed=2)
    fakes(state, 2, one=7, three=9)
    other = state.clone()
    money(other, 0, 990, offshore=70)
    fakes(other, 2)  # the same notes held by red instead of green: the supply is the same
    fakes(other, 0, one=7, three=9)
    for viewer in (None, 1):
        assert other.view(viewer) == state.view(viewer)
        assert other.render(viewer) == state.render(viewer)
    assert other.view(0) != state.view(0)
    assert "cash $990, offshore $70" in other.render(0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_log_never_shows_another_seats_flight(players):
    for seed in range(6):
        end = _random_game(players, seed)
        for viewer in (None, *range(players)):
            for entry in end.log(viewer):
                if entry["kind"] in ("move", "direction") and entry["seat"] != viewer:
                    assert entry["masked"]
                    assert "amount" not in entry and "direction" not in entry
                    assert "$" not in entry["text"]


def test_nobody_s_holdings_are_revealed_before_the_end():
    for seed in range(6):
        state = _random_game(3, seed, stop=150)
        if state.is_terminal():
            continue
        for viewer in (None, 0, 1, 2):
            assert not [e for e in state.log(viewer) if e["kind"] == "reveal"]
        end = _random_game(3, seed)
        reveals = [e for e in end.log(1) if e["kind"] == "reveal"]
        assert [e["cash"] for e in reveals] == end.cash
        assert [e["offshore"] for e in reveals] == end.offshore


def test_records_mask_the_flight_choices_and_errors_name_no_other_seat_s_options():
    state = new(3, seed=1)
    money(state, 0, 130)
    play(state, "commercial flight", "to offshore")
    mover_labels = labels(state)
    assert mover_labels[-1] == "move $100"
    with pytest.raises(contraband.IllegalAction) as raised:
        state.apply("move $0", seat=1)
    error = raised.value
    assert error.reason == "not_your_turn" and error.legal is None
    assert "move $" not in json.dumps(error.to_dict()).replace("'move $0'", "")
    assert state.record(1)["actions"][-1] is None
    assert state.record(None)["actions"][-2:] == ["commercial flight", None]
    view = state.view(1)
    assert view["pending"]["direction"] is None
    assert state.view(0)["pending"]["direction"] == "to offshore"
    assert view["last_move"]["label"] is None


def test_the_deck_order_is_never_stored():
    state = new(4, seed=3)
    assert state.deck == sorted(state.deck)
    saved = state.to_json()["state"]["deck"]
    assert saved == sorted(saved)
    view_deck = state.view(0)["deck"]
    assert view_deck["size"] == len(state.deck)
    assert sum(view_deck["by_category"].values()) == len(state.deck)


def test_determinize_keeps_what_the_log_tells_and_draws_the_cash_split():
    state = new(3, seed=4)
    money(state, 1, 120, offshore=80, known=False)  # after a flight: any split of $200
    fakes(state, 1, two=5)
    guesses = set()
    for s in range(30):
        guess = state.determinize(0, Rng(s))
        assert guess.cash[1] + guess.offshore[1] == 200
        assert guess.cash[1] % 10 == 0 and 0 <= guess.cash[1] <= 200
        assert guess.fakes == state.fakes
        assert guess.cash[0] == state.cash[0]
        assert guess.view(0) == state.view(0)
        guesses.add(guess.cash[1])
    assert len(guesses) > 5
    # the owner's own guess keeps its own split
    assert all(state.determinize(1, Rng(s)).cash[1] == 120 for s in range(5))


def test_a_godfather_payment_tells_the_cash_to_within_10():
    state = new(3, seed=4)
    money(state, 1, 120, offshore=80, known=False)
    state.pawn = 9
    fakes(state, 0, three=1)
    play(state, "supermarket 1")  # the pawn reaches the Godfather: blue pays $60
    assert state.cash[1] == 60
    seen = {state.determinize(2, Rng(s)).cash[1] for s in range(30)}
    assert seen == {50, 60}  # the cash was $110 or $120 before paying $60


def test_determinize_redraws_a_pending_flight_direction_for_the_other_seats():
    state = new(3, seed=1)
    money(state, 0, 130, offshore=50)
    play(state, "commercial flight", "to cash")
    assert {state.determinize(1, Rng(s)).direction for s in range(20)} == {0, 1}
    assert {state.determinize(0, Rng(s)).direction for s in range(5)} == {1}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_public_cash_interval_always_holds_the_truth(players):
    for seed in range(8):
        state = new(players, seed=seed)
        rng = Rng(seed + 77)
        while not state.is_terminal():
            for s in range(players):
                low, high = state.cash_lo[s], state.cash_hi[s]
                assert low <= state.cash[s] <= high <= state.cash[s] + state.offshore[s]
            state.apply(rng.choice(state.legal_actions()))


def test_the_log_names_the_godfather_payments_and_sales_for_everyone():
    state = new(3, seed=4)
    state.pawn = 9
    fakes(state, 0, three=1)
    money(state, 0, 40)
    play(state, "supermarket 1")
    for viewer in (None, 1, 2):
        log = texts(state, viewer)
        assert "red sells 1 ★★★ at the supermarket for $50" in log
        assert "red pays the Godfather $50" in log


@pytest.mark.parametrize("players", [2, 3, 4])
def test_nothing_a_seat_is_shown_depends_on_another_seat_s_cash_split(players):
    """Move another seat's money between cash and offshore (within what the table knows) and
    flip a pending flight's direction: the seat's view, text table, legal moves and errors stay
    the same."""
    for seed in range(4):
        state = new(players, seed=seed)
        rng = Rng(seed + 5)
        for step in range(400):
            if state.is_terminal():
                break
            if step % 7 == 0:
                mover = state.current_player
                for seat in range(players):
                    other = state.clone()
                    for s in range(players):
                        if s != seat:
                            total = other.cash[s] + other.offshore[s]
                            other.cash[s] = other.cash_lo[s]
                            other.offshore[s] = total - other.cash[s]
                    if other.direction >= 0 and mover != seat:
                        other.direction = 1 - other.direction
                    assert other.view(seat) == state.view(seat)
                    assert other.render(seat) == state.render(seat)
                    assert other.log(seat) == state.log(seat)
                    assert other.legal_moves(seat) == state.legal_moves(seat)
                    if seat != mover:
                        for attempt in (state.legal_actions()[0].label, "move $0"):
                            errors = []
                            for copy in (state, other):
                                with pytest.raises(contraband.IllegalAction) as raised:
                                    copy.apply(attempt, seat=seat)
                                errors.append(raised.value.to_dict())
                            assert errors[0] == errors[1]
            state.apply(rng.choice(state.legal_actions()))
