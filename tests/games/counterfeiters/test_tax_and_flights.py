"""Tax fraud ($30; the sunglasses space takes the start-player marker for the next round) and
flights (any amount in $10 steps, one way; the commercial fare paid from cash first; a private
jet free; none during the air-traffic strike; offshore money never pays)."""

from tests.games.counterfeiters.builder import (
    cards,
    labels,
    money,
    new,
    pawn,
    play,
    texts,
    turn,
)


def test_tax_fraud_pays_30_on_every_space():
    state = new(4, seed=1)
    money(state, 0, 20)
    play(state, "tax fraud 2")
    assert state.cash[0] == 50
    assert state.marker == 0  # not the sunglasses: nothing else


def test_the_sunglasses_space_takes_the_marker_for_the_next_round_only():
    state = new(3, seed=1)
    play(state, "pass")  # red
    play(state, "tax fraud 1")  # blue takes the sunglasses
    assert state.marker == 1
    assert "blue takes the start-player marker and will begin the next round" in texts(state)
    # this round's order does not change: green, then red
    assert state.current_player == 2
    play(state, "pass")
    assert state.current_player == 0
    while state.round == 1:
        play(state, "pass")
    assert state.current_player == 1 and state.leader == 1


def test_the_marker_stays_when_nobody_takes_the_sunglasses():
    state = new(3, seed=1)
    while state.round == 1:
        play(state, "pass")
    assert state.marker == 0 and state.current_player == 0


def test_a_commercial_flight_pays_30_from_cash_first_then_moves_any_amount_one_way():
    state = new(4, seed=1)
    money(state, 0, 130, offshore=50)
    play(state, "commercial flight")
    assert state.cash[0] == 100
    assert labels(state) == ["to offshore", "to cash"]
    play(state, "to offshore")
    assert labels(state) == [f"move ${a}" for a in range(0, 101, 10)]
    play(state, "move $70")
    assert (state.cash[0], state.offshore[0]) == (30, 120)
    assert state.pawn == 1  # flights move no police


def test_money_can_come_back_from_the_offshore_account():
    state = new(4, seed=1)
    money(state, 0, 40, offshore=90)
    play(state, "commercial flight", "to cash")
    assert labels(state)[-1] == "move $90"
    play(state, "move $90")
    assert (state.cash[0], state.offshore[0]) == (100, 0)


def test_offshore_money_cannot_pay_the_fare():
    state = new(4, seed=1)
    money(state, 0, 20, offshore=500)
    assert "commercial flight" not in labels(state)


def test_a_private_jet_flies_free_and_its_owner_may_still_fly_commercial_and_pay():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S5", "A8")
    money(state, 0, 100)
    assert "private jet 1" in labels(state) and "commercial flight" in labels(state)
    play(state, "private jet 1", "to offshore", "move $100")
    assert (state.cash[0], state.offshore[0]) == (0, 100)
    turn(state, 0)
    money(state, 0, 50, offshore=100)
    play(state, "commercial flight")
    assert state.cash[0] == 20


def test_without_a_jet_the_private_jet_spaces_are_closed():
    state = new(4, seed=1)
    money(state, 0, 100)
    assert "private jet 1" not in labels(state)


def test_no_flight_of_either_kind_during_the_strike_and_flights_reopen_after():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S5", "A8")
    money(state, 0, 100)
    pawn(state, 15)
    options = labels(state)
    assert "commercial flight" not in options and "private jet 1" not in options
    # blue's print on the capped space moves the pawn on: the strike lifts
    play(state, "tax fraud 2")
    cards(state, 1, "S2", "S6")
    play(state, "print 1")
    assert state.pawn == 16
    assert "the pawn moves on: the air-traffic strike is over" in texts(state)
    turn(state, 0)
    assert "commercial flight" in labels(state) and "private jet 1" in labels(state)


def test_the_other_seats_see_only_that_a_player_flew():
    state = new(3, seed=1)
    money(state, 0, 130)
    since = len(state.log(None))
    play(state, "commercial flight", "to offshore", "move $60")
    theirs = texts(state, 1, since=since)
    assert "red flies to the Caribbean on a commercial flight and pays $30" in theirs
    assert "red chooses, in secret, which way the money goes" in theirs
    assert "red moves a secret amount between cash and the offshore account" in theirs
    assert not any("$60" in text for text in theirs)
    mine = texts(state, 0, since=since)
    assert "red moves $60 from cash to the offshore account" in mine
    record = state.record(1)
    assert record["actions"][-2:] == [None, None]
    assert state.record(0)["actions"][-2:] == ["to offshore", "move $60"]
