"""Step 6: full province cards, the Mexican market and new food from the bag."""

from contraband.games.nacho_incident.board import CARD_FOODS
from tests.games.nacho_incident.builder import (
    check_totals,
    fill,
    food,
    gem,
    hand,
    hire_all,
    labels,
    new,
    province_card,
    warehouse,
)


def _turn_with_salsa_to_alberta():
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Duke")
    hand(state, 1, "Ugo")
    warehouse(state, 0, "salsa", "onion")
    warehouse(state, 1, "beans", "pepper")
    province_card(state, "Alberta", 0)  # grain 8, tortillas 3, salsa 7, olive 6
    fill(state, "Alberta", "grain", "tortillas", "olive")
    hire_all(state, {0: "Duke", 1: "Ugo"})
    state.apply("ship salsa")
    state.apply("go to Alberta")
    if state.phase != "cargo":  # the turn's mountie may have arrested Duke in Alberta
        state.apply(labels(state)[0])
    state.apply("ship nothing")
    state.apply("go to Quebec")
    while state.phase not in ("market",):
        state.apply(labels(state)[0])
    return state


def test_a_full_province_card_returns_its_cubes_and_the_next_card_comes_up():
    state = _turn_with_salsa_to_alberta()
    alberta_first = 0  # Alberta's first card in the data
    assert state.prov_under[0] == [alberta_first]
    assert state.prov_up[0] != alberta_first and len(state.prov_unseen[0]) == 1
    assert state.slots[0:4] == [0, 0, 0, 0]
    for f in CARD_FOODS[alberta_first]:
        assert f in state.bag
    check_totals(state)


def test_the_mexican_market_pays_one_per_cube_and_sold_cubes_return_after_everyone():
    state = _turn_with_salsa_to_alberta()
    assert state.current_player == 0  # starting with the gem holder
    gold = state.gold[0]
    assert labels(state) == ["restock", "sell onion"]
    state.apply("sell onion")
    assert state.gold[0] == gold + 1 and state.set_aside == [food("onion")]
    assert labels(state) == ["restock"]
    bag = len(state.bag)
    state.apply("restock")
    assert len(state.warehouses[0]) == 2 and len(state.bag) == bag - 2
    assert state.set_aside == [food("onion")]  # not yet back in the bag
    assert state.current_player == 1
    state.apply("sell beans")
    state.apply("sell pepper")
    state.apply("restock")
    assert state.set_aside == [] and len(state.warehouses[1]) == 2
    assert state.phase == "hire" and state.turn == 1
    check_totals(state)


def test_a_warehouse_with_two_or_more_cubes_draws_nothing():
    state = _turn_with_salsa_to_alberta()
    warehouse(state, 0, "grain", "beans", "olive")
    bag = len(state.bag)
    state.apply("restock")
    assert len(state.warehouses[0]) == 3 and len(state.bag) == bag
