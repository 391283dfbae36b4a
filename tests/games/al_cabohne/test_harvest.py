"""Harvesting: coins are card backs; a one-card field only when no field holds more; the third
field costs 4 coins."""

from tests.games.al_cabohne.builder import labels, names, position


def test_harvest_turns_beanometer_coins_into_coin_cards_and_discards_the_rest():
    state = position(hands=[["Puff", "Puff"], []], fields=[["6 Blue", "5 Broad"], [None, None]])
    state.apply("harvest field 1")
    assert names(state.coins[0]) == ["Blue", "Blue"]  # 6 Blue pay 2 coins
    assert names(state.discard) == ["Blue"] * 4
    state.apply("harvest field 2")
    assert len(state.coins[0]) == 4  # 5 Broad pay 2 (printed in the rulebook: 3, 5, 7, 8)


def test_a_one_card_field_may_not_be_harvested_while_another_holds_more():
    state = position(hands=[["Puff", "Fire"], []], fields=[["1 Blue", "3 Broad"], [None, None]])
    assert [x for x in labels(state) if x.startswith("harvest")] == ["harvest field 2"]
    single = position(hands=[["Puff", "Fire"], []], fields=[["1 Blue", "1 Broad"], [None, None]])
    assert [x for x in labels(single) if x.startswith("harvest")] == [
        "harvest field 1",
        "harvest field 2",
    ]


def test_harvesting_is_offered_in_every_phase_with_a_decision():
    state = position(
        hands=[["Puff", "Blue"], []],
        fields=[["3 Fire", "2 Kidney"], [None, None]],
        bosses=["1 Kidney", "1 Broad"],
        faceup=["Runner"],
        deck=["French", "French", "French"],
    )
    seen = set()
    while state.current_player == 0:
        seen.add((state.phase, "harvest field 1" in labels(state)))
        last = labels(state)
        state.apply(last[0] if state.phase != "trading" else "done trading")
    assert {phase for phase, offered in seen if offered} == {
        "leftovers",
        "tribute",
        "planting",
        "trading",
    }


def test_the_third_field_costs_four_coins_which_go_to_the_discard_pile():
    state = position(
        hands=[["Puff", "Blue"], []],
        fields=[["2 Fire", "2 Kidney"], [None, None]],
        coins=[["Blue", "Runner", "Fire", "Fire", "Broad"], []],
    )
    assert "buy third field" in labels(state)
    state.apply("buy third field")
    assert state.fields_owned[0] == 3
    assert names(state.coins[0]) == ["Blue"]
    assert names(state.discard) == ["Runner", "Fire", "Fire", "Broad"]
    assert "plant Puff on field 3" in labels(state)
    assert "buy third field" not in labels(state)


def test_the_third_field_needs_four_coins():
    state = position(hands=[["Puff"], []], coins=[["Blue", "Blue", "Blue"], []])
    assert "buy third field" not in labels(state)
