"""Phase 3: the front hand card must be planted, the next one may be; hand order never changes."""

from tests.games.al_cabohne.builder import field, labels, names, position


def test_front_card_must_be_planted_then_the_second_may_be():
    state = position(
        hands=[["Fire", "Blue", "Kidney"], []], fields=[["2 Fire", None], [None, None]]
    )
    assert labels(state) == ["plant Fire on field 1", "plant Fire on field 2", "harvest field 1"]
    state.apply("plant Fire on field 1")
    assert field(state, 0, 0) == "3 Fire"
    assert labels(state) == ["plant Blue on field 2", "harvest field 1", "end planting"]
    state.apply("plant Blue on field 2")
    assert names(state.hands[0]) == ["Kidney"]
    assert state.phase != "planting"  # two cards planted: phase 4 followed at once


def test_ending_planting_after_one_card_keeps_the_hand_in_order():
    state = position(hands=[["Fire", "Blue", "Kidney", "Fire"], []])
    state.apply("plant Fire on field 1")
    state.apply("end planting")
    assert names(state.hands[0])[:3] == ["Blue", "Kidney", "Fire"]


def test_with_no_room_for_the_front_card_only_harvesting_is_offered():
    state = position(hands=[["Puff"], []], fields=[["2 Fire", "3 Blue"], [None, None]])
    assert labels(state) == ["harvest field 1", "harvest field 2"]
    state.apply("harvest field 2")
    assert labels(state) == ["plant Puff on field 2", "harvest field 1"]


def test_only_the_first_of_several_empty_fields_is_offered():
    state = position(1, hands=[["Puff"]], bosses=["1 Fire", "1 Blue", "1 Kidney"])
    assert labels(state) == ["plant Puff on field 1"]


def test_an_empty_hand_skips_phase_3():
    state = position(hands=[[], []], deck=["Fire", "Blue", "Kidney"], bosses=["1 Puff", "1 Broad"])
    assert state.phase == "trading" and names(state.faceup) == ["Fire", "Blue", "Kidney"]
