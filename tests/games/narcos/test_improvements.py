"""Phase 3: one investment, then the other players' leftover purchases at +1 million
(rulebook page 10; DESIGN.md D31-D33)."""

from contraband.games.narcos.board import CARD_NAME
from tests.games.narcos.builder import (
    check_totals,
    goods,
    labels,
    money,
    network,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def investing(cards, players=3, cash=(3, 3, 3)):
    state = new(players, seed=10)
    no_hands(state)
    for seat in range(players):
        money(state, seat, cash[seat])
    turn(state, 0)
    stack(state, *cards)
    for _ in cards:
        play(state, "flip")
        if state.phase == "remove":
            play(state, f"keep the {state.view(0)['pending']}")
    play(state, "stop")
    if state.phase == "bonus":
        play(state, "take a sicario")
    play(state, "end actions")
    if state.phase == "sell":
        play(state, "keep the goods")
    assert state.phase == "invest"
    return state


def test_a_crop_costs_its_printed_price_and_the_plantation_holds_three():
    state = investing(["DEA action agent", "lab"], cash=(9, 0, 0))
    assert labels(state)[:3] == ["plant a crop", "buy lab", "invest nothing"]
    play(state, "plant a crop")
    assert state.crops[0] == 2 and state.money[0] == 7 and state.crop_supply == 12 - 4
    state = investing(["DEA action agent", "boat"], cash=(9, 0, 0))
    state.crops[0], state.crop_supply = 2, state.crop_supply - 1
    play(state, "plant a crop")
    assert state.crops[0] == 3 and state.money[0] == 5
    full = investing(["DEA action agent", "boat"], cash=(9, 0, 0))
    full.crops[0], full.crop_supply = 3, full.crop_supply - 2
    full._legal = None
    assert "plant a crop" not in labels(full)
    check_totals(state)


def test_a_bought_card_replaces_the_old_one_which_goes_to_the_discards_with_the_goods_kept():
    state = investing(["DEA action agent", "lab"], cash=(5, 0, 0))
    goods(state, 0, lab=3)
    old = state.lab_card[0]
    play(state, "buy lab")
    assert CARD_NAME[state.lab_card[0]] == "lab" and state.money[0] == 2
    assert state.lab_goods[0] == 3  # the goods move onto the new laboratory
    assert old in state.discards and CARD_NAME[old] == "basic lab"
    check_totals(state)


def test_one_investment_per_turn():
    state = investing(["DEA action agent", "lab", "boat"], cash=(20, 0, 0))
    play(state, "buy boat")
    assert state.phase != "invest" and state.active != 0 or state.phase == "purchase"


def test_a_smaller_storage_loses_what_does_not_fit():
    state = investing(["DEA action agent", "storage 8"], cash=(5, 0, 0))
    network(state, 0, "storage 10")
    goods(state, 0, storage=10)
    play(state, "buy storage 8")
    assert state.storage_goods[0] == 8 and state.goods_lost[0] == 2
    check_totals(state)


def test_other_players_buy_the_cards_left_in_turn_order_for_a_million_more():
    state = investing(["DEA action agent", "lab", "boat", "storage 8"], cash=(2, 3, 4))
    play(state, "buy boat")  # red: 2 million
    assert state.phase == "purchase" and state.current_player == 1
    # green has 3: the storage 8 costs 2 + 1; the lab (3 + 1) is too dear
    assert labels(state) == ["buy storage 8", "pass"]
    play(state, "buy storage 8")
    assert state.money[1] == 0 and CARD_NAME[state.storage_card[1]] == "storage 8"
    assert state.current_player == 2
    assert labels(state) == ["buy lab", "pass"]
    play(state, "buy lab")
    assert state.money[2] == 0
    # the turn is over: the rest of the timeline goes to the discards
    assert state.active == 1 and state.timeline == []
    assert "DEA action agent" not in [CARD_NAME[c] for c in state.discards]  # it watches
    check_totals(state)


def test_a_player_who_cannot_afford_a_card_left_is_not_asked():
    state = investing(["DEA action agent", "lab"], cash=(0, 3, 9))
    play(state, "invest nothing")
    assert state.current_player == 2


def test_a_starting_card_in_round_two_is_a_gun_and_costs_one_million():
    from contraband.games.narcos import deck

    state = new(3, seed=11)
    no_hands(state)
    truck = state.transport_card[1]
    network(state, 1, "boat")  # green's truck goes to the discards
    assert truck in state.discards
    deck.build_round_two(state, early=True)
    turn(state, 0)
    stack(state, "truck")
    play(state, "flip")
    assert state.view(0)["guns"] == 1
    play(state, "stop", "end actions")
    assert "buy truck" in labels(state)
    play(state, "buy truck")
    assert state.money[0] == 2 and CARD_NAME[state.transport_card[0]] == "truck"
    check_totals(state)
