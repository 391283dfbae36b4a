"""Advanced mode: city majorities, workers sent to the cities, the event tokens and the police
warehouse (rulebook pages 11-12; DESIGN.md D39-D44, D51-D52)."""

from tests.games.narcos.builder import (
    check_totals,
    goods,
    labels,
    log_kinds,
    money,
    network,
    new,
    no_hands,
    play,
    stack,
    tokens,
    turn,
    workers_to_city,
)

CALM = {"Miami": "-2", "Chicago": "boat", "New York": "plane", "Los Angeles": ">=8"}


def board(players=4, placement=None, seed=16):
    state = new(players, seed=seed, mode="advanced")
    no_hands(state)
    tokens(state, **(placement or CALM))
    return state


def selling_to(state, seat, city, storage):
    """``seat``'s turn: a trafficker of ``city`` on the timeline, ``storage`` goods to sell."""
    goods(state, seat, storage=storage)
    turn(state, seat)
    stack(state, f"{city} trafficker")
    play(state, "flip", "stop", "end actions")
    assert f"sell to the {city} trafficker" in labels(state)


def test_the_rulebooks_chicago_example():
    # red 0, green 1, yellow 2, blue 3; Chicago holds 2 green workers and 1 yellow
    state = board(
        placement={"Miami": "-2", "Chicago": "boat", "New York": "plane", "Los Angeles": ">=8"}
    )
    workers_to_city(state, 1, "Chicago", 2)
    workers_to_city(state, 2, "Chicago", 1)
    network(state, 0, "storage 10")
    selling_to(state, 0, "Chicago", 9)
    play(state, "sell to the Chicago trafficker")
    # red hands 2 units to green and 1 to yellow, into their storages, and is paid for 6
    assert state.storage_goods[1:] == [2, 1, 0]
    assert state.pending_income == 6
    assert log_kinds(state).count("hand_over") == 2
    # now red may send a worker to Chicago: +1 million, and it stays there
    assert state.phase == "worker" and labels(state) == [
        "send a worker to Chicago",
        "keep the worker",
    ]
    play(state, "send a worker to Chicago")
    assert state.money[0] == 3 + 6 + 1 and state.workers[0] == 4
    assert state.view(1)["cities"][1]["workers"] == [1, 2, 1, 0]
    # only green still outnumbers red; blue (none there) hands over to all three
    goods(state, 1, storage=0)
    goods(state, 2, storage=0)
    selling_to(state, 3, "Chicago", 6)
    play(state, "sell to the Chicago trafficker")
    assert state.storage_goods[:3] == [1, 2, 1]
    assert state.pending_income == 2  # 6 units less 4 handed over
    check_totals(state)


def test_a_hand_over_that_does_not_fit_is_lost_and_a_short_seller_gives_what_it_has():
    state = board()
    workers_to_city(state, 1, "Chicago", 3)
    workers_to_city(state, 2, "Chicago", 2)
    goods(state, 1, storage=5)  # green has room for 1 of its 3
    selling_to(state, 0, "Chicago", 4)
    play(state, "sell to the Chicago trafficker", "keep the worker")
    assert state.storage_goods[1] == 6 and state.storage_goods[2] == 1
    assert state.goods_lost[0] == 2 and state.pending_income == 0
    check_totals(state)


def test_the_minus_two_city_is_an_outlet_at_any_time_once_per_turn():
    state = board()
    goods(state, 0, storage=5)
    turn(state, 0)
    stack(state, "Chicago trafficker")
    play(state, "flip", "stop")
    assert "sell early in Miami at -2" in labels(state)
    assert "sell early to the permanent trafficker" not in labels(state)
    play(state, "sell early in Miami at -2", "keep the worker")
    assert state.pending_income == 3
    goods(state, 0, storage=2)
    assert "sell early in Miami at -2" not in labels(state)


def test_the_boat_and_plane_tokens_pay_for_a_sale_with_that_transport():
    state = board()
    network(state, 0, "boat")
    selling_to(state, 0, "Chicago", 3)
    play(state, "sell to the Chicago trafficker")
    assert state.pending_income == 3 + 2 and "token" in log_kinds(state)
    plane = board()
    network(plane, 0, "plane")
    selling_to(plane, 0, "New York", 3)
    play(plane, "sell to the New York trafficker")
    assert plane.pending_income == 3 + 3
    truck = board()
    selling_to(truck, 0, "Chicago", 3)
    play(truck, "sell to the Chicago trafficker")
    assert truck.pending_income == 3


def test_eight_units_or_more_in_one_sale_earn_two_million_more():
    state = board()
    network(state, 0, "storage 10")
    selling_to(state, 0, "Los Angeles", 8)
    play(state, "sell to the Los Angeles trafficker")
    assert state.pending_income == 8 + 2
    small = board()
    network(small, 0, "storage 10")
    selling_to(small, 0, "Los Angeles", 7)
    play(small, "sell to the Los Angeles trafficker")
    assert small.pending_income == 7


def test_police_takings_go_to_the_police_warehouse_money_too():
    state = board(players=3)
    goods(state, 0, lab=0)
    turn(state, 0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip", "decline the peeked card")
    assert state.warehouse_money == 1 and state.money[0] == 2
    assert state.view(1)["warehouse"] == {"goods": 0, "money": 1}
    check_totals(state)


def test_leftover_sales_by_other_players_follow_the_majorities_too():
    state = board(players=3)
    workers_to_city(state, 0, "Chicago", 1)
    goods(state, 1, storage=3)
    turn(state, 0)
    stack(state, "Chicago trafficker")
    money(state, 0, 3)
    play(state, "flip", "stop", "end actions")
    assert state.phase == "leftover" and state.current_player == 1
    play(state, "sell to the Chicago trafficker")
    assert state.storage_goods[0] == 1 and state.money[1] == 3 + 2
    assert state.phase == "worker" and state.current_player == 1
    play(state, "send a worker to Chicago")
    assert state.money[1] == 3 + 2 + 1
    check_totals(state)
