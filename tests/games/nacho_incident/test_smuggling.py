"""Step 3: destination within the flag or a neighbour, delivery to an empty slot for its price,
and the hiring cost paid in every case."""

from tests.games.nacho_incident.builder import (
    check_totals,
    fill,
    food,
    gem,
    hand,
    hire_all,
    labels,
    new,
    province,
    province_card,
    warehouse,
)


def _turn(first: str, second: str, house=("salsa", "grain")):
    """Seat 0 hires ``first`` (ranked higher), seat 1 ``second``; returns the state at seat 1's
    cargo decision after seat 0 has sent its smuggler to its flag without cargo."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, first)
    hand(state, 1, second)
    warehouse(state, 1, *house)
    province_card(state, "Alberta", 0)  # grain 8, tortillas 3, salsa 7, olive 6
    province_card(state, "Saskatchewan", 0)  # pepper 4, olive 6, salsa 6, grain 8
    province_card(state, "Ontario", 0)  # salsa 6, grain 4, sour cream 9, tortillas 5
    province_card(state, "Quebec", 2)  # olive 8, grain 6, salsa 3, sour cream 7
    hire_all(state, {0: first, 1: second})
    state.apply("ship nothing")
    state.apply(state.legal_actions()[0].label)
    assert state.current_player == 1
    return state


def test_an_edge_flag_reaches_two_provinces_a_middle_flag_three():
    state = _turn("Duke", "Gus")  # Gus: Alberta flag
    state.apply("ship nothing")
    assert labels(state) == ["go to Alberta", "go to Saskatchewan"]
    state = _turn("Duke", "Ozzy")  # Ozzy: Saskatchewan flag
    state.apply("ship nothing")
    assert labels(state) == ["go to Alberta", "go to Saskatchewan", "go to Ontario"]
    state = _turn("Duke", "Walt")  # Walt: Quebec flag
    state.apply("ship nothing")
    assert labels(state) == ["go to Ontario", "go to Quebec"]


def test_delivery_pays_the_price_of_the_empty_slot_and_the_cost_is_paid():
    state = _turn("Duke", "Hugo")  # Hugo: Ontario 3, cost 1
    assert labels(state) == ["ship grain", "ship salsa", "ship nothing"]
    state.apply("ship grain")
    assert labels(state) == ["go to Saskatchewan", "go to Ontario", "go to Quebec"]
    state.apply("go to Saskatchewan")
    assert state.gold[1] == 10 + 8 - 1
    assert state.warehouses[1] == [food("salsa")]
    card = state.prov_up[province("Saskatchewan")]
    from contraband.games.nacho_incident.board import CARD_FOODS

    slot = CARD_FOODS[card].index(food("grain"))
    assert state.slots[province("Saskatchewan") * 4 + slot] == 1
    check_totals(state)


def test_a_filled_slot_takes_no_more_cubes():
    state = _turn("Duke", "Gus")  # Gus reaches Alberta and Saskatchewan
    fill(state, "Alberta", "salsa")
    fill(state, "Saskatchewan", "salsa")
    state._legal = None
    assert labels(state) == ["ship grain", "ship nothing"]
    state.apply("ship grain")
    assert labels(state) == ["go to Alberta", "go to Saskatchewan"]


def test_a_cube_nowhere_in_demand_is_not_offered_and_nothing_still_costs():
    state = _turn("Duke", "Ugo", house=("beans", "onion"))  # Ugo: Quebec 1, cost 0
    assert labels(state) == ["ship nothing"]
    state = _turn("Duke", "Etienne", house=("beans", "onion"))  # Etienne: Quebec 7, cost 3
    # Duke (9) still goes first; Etienne ships nothing and pays anyway
    state.apply("ship nothing")
    state.apply("go to Quebec")
    assert state.gold[1] == 10 - 3
    assert state.warehouses[1] == [food("beans"), food("onion")]


def test_the_smuggler_opens_a_cantina_at_its_destination_not_its_flag():
    state = _turn("Duke", "Ozzy")
    state.apply("ship salsa")
    state.apply("go to Ontario")
    assert state.cantinas[1 * 4 + province("Ontario")] == [state.played[1]]
