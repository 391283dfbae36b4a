"""Sales: the end sale, the permanent trafficker and the other players' leftover sales
(rulebook pages 9-10; DESIGN.md D28-D30, D55)."""

from tests.games.narcos.builder import (
    check_totals,
    goods,
    labels,
    log_kinds,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def selling(cards, players=3, storage=(5, 0, 0)):
    state = new(players, seed=9)
    no_hands(state)
    for seat, units in enumerate(storage[:players]):
        goods(state, seat, storage=units)
    turn(state, 0)
    stack(state, *cards)
    play(state, *["flip"] * len(cards), "stop")
    if state.phase == "bonus":
        play(state, "take a sicario")
    return state


def test_the_end_sale_moves_the_whole_storage_to_a_trafficker_for_free():
    state = selling(["Miami trafficker", "lab"])
    play(state, "end actions")
    assert state.phase == "sell"
    assert labels(state) == ["sell to the Miami trafficker", "keep the goods"]
    play(state, "sell to the Miami trafficker")
    assert state.storage_goods[0] == 0 and state.money[0] == 3 + 5
    assert state.goods_sold[0] == 5
    check_totals(state)


def test_each_trafficker_takes_one_sale():
    state = selling(["Miami trafficker", "Chicago trafficker"])
    play(state, "sell early to the Miami trafficker")
    assert "sell early to the Miami trafficker" not in labels(state)
    goods(state, 0, lab=4)
    play(state, "transport", "end actions")
    assert labels(state) == ["sell to the Chicago trafficker", "keep the goods"]
    play(state, "sell to the Chicago trafficker")
    assert state.money[0] == 3 + 5 + 3
    assert state.phase == "invest", "no trafficker is left for the other players"


def test_without_a_trafficker_the_permanent_one_buys_at_minus_two_once_per_turn():
    state = selling(["lab", "boat"])
    assert "sell early to the permanent trafficker" in labels(state)
    play(state, "sell early to the permanent trafficker")
    assert state.pending_income == 3
    goods(state, 0, storage=4)
    assert not [label for label in labels(state) if label.startswith("sell")]
    play(state, "end actions")
    assert state.phase == "invest" and state.storage_goods[0] == 4
    assert state.money[0] == 6
    small = selling(["lab"], storage=(2, 0, 0))
    play(small, "end actions", "sell to the permanent trafficker")
    assert small.money[0] == 3 and small.storage_goods[0] == 0  # 2 units, 2 kept: nothing
    check_totals(small)


def test_the_permanent_trafficker_is_not_offered_while_a_trafficker_card_is_free():
    state = selling(["New York trafficker"])
    assert [label for label in labels(state) if "sell" in label] == [
        "sell early to the New York trafficker"
    ]


def test_other_players_sell_to_the_traffickers_left_in_turn_order():
    state = selling(["Miami trafficker", "Chicago trafficker", "lab"], storage=(0, 4, 3))
    play(state, "end actions")
    # red has nothing to sell; green is asked first, then yellow
    assert state.phase == "leftover" and state.current_player == 1
    assert labels(state) == [
        "sell to the Miami trafficker",
        "sell to the Chicago trafficker",
        "pass",
    ]
    play(state, "sell to the Chicago trafficker")
    assert state.money[1] == 3 + 4  # paid at once
    assert state.current_player == 2
    assert labels(state) == ["sell to the Miami trafficker", "pass"]
    play(state, "pass")
    assert state.phase == "invest" and state.current_player == 0
    assert "pass" in log_kinds(state)
    check_totals(state)


def test_a_player_with_an_empty_storage_is_not_asked_and_the_permanent_is_not_for_others():
    state = selling(["lab"], storage=(0, 4, 0))
    play(state, "end actions")
    assert state.phase == "invest", "no trafficker card: nobody else may sell"
    other = selling(["Miami trafficker"], storage=(0, 0, 2))
    play(other, "end actions")
    assert other.current_player == 2


def test_the_active_players_sales_are_paid_once_the_actions_are_over():
    state = selling(["Miami trafficker", "lab", "boat"])
    play(state, "sell early to the Miami trafficker")
    assert state.money[0] == 3 and state.view(0)["pending_income"] == 5
    play(state, "end actions")
    assert state.money[0] == 8 and "collect" in log_kinds(state)
