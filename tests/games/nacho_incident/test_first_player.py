"""The first player's mountie and steal (with the hand-over of all their own cubes)."""

from tests.games.nacho_incident.builder import (
    check_totals,
    food,
    gem,
    hand,
    hire_all,
    labels,
    mountie,
    mountie_up,
    new,
    province,
    province_card,
    warehouse,
)


def _rulebook_example():
    """Filip (seat 0) goes first with Jen (Saskatchewan, 5, cost 2); Johan (seat 1) has salsa."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Jen")
    hand(state, 1, "Gus")
    mountie_up(state, "Steele")  # an Ontario mountie
    warehouse(state, 0, "grain", "beans")
    warehouse(state, 1, "salsa", "onion")
    province_card(state, "Alberta", 0)  # salsa 7
    province_card(state, "Saskatchewan", 2)  # no salsa
    province_card(state, "Ontario", 1)  # no salsa
    hire_all(state, {0: "Jen", 1: "Gus"})
    return state


def test_the_first_player_must_put_the_mountie_on_the_cantina_of_its_flag():
    state = _rulebook_example()
    assert state.posts[0 * 4 + province("Ontario")] == [mountie("Steele")]
    assert state.mountie_up == -1
    check_totals(state)


def test_rulebook_example_steal_salsa_deliver_to_alberta_and_hand_over_own_cubes():
    state = _rulebook_example()
    assert "steal salsa from blue" in labels(state)
    state.apply("steal salsa from blue")
    # a stolen cube must be delivered: only provinces with an empty salsa slot are offered
    assert labels(state) == ["go to Alberta"]
    state.apply("go to Alberta")
    assert state.gold[0] == 10 + 7 - 2
    assert state.warehouses[0] == []
    assert state.warehouses[1] == sorted([food("onion"), food("grain"), food("beans")])
    check_totals(state)


def test_only_the_first_player_may_steal():
    state = _rulebook_example()
    state.apply("ship nothing")
    state.apply("go to Saskatchewan")
    assert state.current_player == 1
    assert not [label for label in labels(state) if label.startswith("steal")]


def test_a_cube_that_cannot_be_delivered_cannot_be_stolen():
    state = _rulebook_example()
    # Jen reaches Alberta, Saskatchewan and Ontario; none of their cards demands onion
    province_card(state, "Saskatchewan", 0)
    province_card(state, "Ontario", 0)
    assert "steal onion from blue" not in labels(state)
    assert "steal salsa from blue" in labels(state)
