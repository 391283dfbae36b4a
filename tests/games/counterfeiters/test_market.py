"""The black market: the slot's price in real cash (never offshore money), the card face up for
good, no second private jet; and the round-end upkeep."""

from contraband.games.counterfeiters.board import CARD_NAME
from tests.games.counterfeiters.builder import (
    card,
    cards,
    check_totals,
    labels,
    money,
    new,
    play,
    slot,
    texts,
    turn,
)


def test_buying_takes_the_slot_card_face_up_and_pays_the_slot_price():
    state = new(4, seed=1)
    slot(state, 3, "A1")
    money(state, 0, 70)
    play(state, "market 3")
    assert card("A1") in state.owned[0]
    assert state.cash[0] == 20  # slot 3 costs $50
    assert state.market[2] == -1
    assert "red buys printer (A1) from black-market slot 3 for $50 and lays it face up" in texts(
        state
    )
    assert "printer (A1)" in state.view(1)["seats"][0]["cards"]  # everyone sees it
    check_totals(state)


def test_a_slot_needs_enough_real_cash_and_offshore_money_does_not_pay():
    state = new(4, seed=1)
    money(state, 0, 40, offshore=500)
    options = labels(state)
    assert "market 4" in options  # $40
    assert "market 3" not in options and "market 1" not in options  # $50, $60
    money(state, 0, 0, offshore=500)
    assert not any(label.startswith("market") for label in labels(state))


def test_an_empty_slot_cannot_be_taken():
    state = new(4, seed=1)
    slot(state, 7, None)
    assert "market 7" not in labels(state)


def test_a_second_private_jet_is_refused():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S5", "A8")
    slot(state, 6, "D3")
    money(state, 0, 200)
    assert "market 6" not in labels(state)
    cards(state, 1, "S2", "S6")
    turn(state, 1)
    money(state, 1, 200)
    assert "market 6" in labels(state)


def test_any_other_card_may_be_owned_twice():
    state = new(4, seed=1)
    cards(state, 0, "S1", "S5", "A1")
    slot(state, 7, "A2")
    money(state, 0, 100)
    play(state, "market 7")
    assert [c for c in state.owned[0] if c in (card("A1"), card("A2"))] == [
        card("A1"),
        card("A2"),
    ]


def _end_round(state):
    start = state.round
    while state.round == start:
        play(state, "pass")


def test_upkeep_trashes_the_cheap_slots_slides_right_and_refills_from_the_deck():
    state = new(4, seed=1)
    for number, code in enumerate(["A1", "A2", "A3", "A4", "A5", "A6", "A7"], start=1):
        slot(state, number, code)
    # slot 3 and slot 5 are bought this round
    money(state, 0, 200)
    play(state, "market 3")
    money(state, 1, 200)
    play(state, "market 5")
    deck_before = len(state.deck)
    _end_round(state)
    # A6 and A7 lay on the trash slots: out of the game
    assert card("A6") in state.out and card("A7") in state.out
    # the rest slide to the cheap end in their order: A1, A2, A4 on slots 5, 6, 7
    assert state.market[4:] == [card("A1"), card("A2"), card("A4")]
    # slots 1-4 refilled from the deck, from slot 4 leftwards
    assert all(c >= 0 for c in state.market[:4])
    assert len(state.deck) == deck_before - 4
    fills = [e["slot"] for e in state.log(None) if e["kind"] == "fill"][-4:]
    assert fills == [4, 3, 2, 1]
    assert f"{CARD_NAME[card('A6')]} on black-market slot 6 is thrown out of the game" in texts(
        state
    )
    check_totals(state)


def test_when_the_deck_runs_out_the_dearest_slots_stay_empty():
    state = new(4, seed=1)
    for c in list(state.deck)[2:]:
        state.deck.remove(c)
        state.out.append(c)
    state.out.sort()
    _end_round(state)
    # two trash slots emptied, five cards slid to slots 3-7, two deck cards on slots 2 and 1
    assert all(c >= 0 for c in state.market)
    assert state.deck == []
    _end_round(state)
    assert state.market[:2] == [-1, -1]
    assert all(c >= 0 for c in state.market[2:])
    assert "the deck is empty: black-market slot 2 stays empty" in texts(state)
    check_totals(state)
