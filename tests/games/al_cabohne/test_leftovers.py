"""Phase 1 (2 players): the beans the other player left face up are planted or discarded."""

from tests.games.al_cabohne.builder import field, labels, names, position


def test_leftovers_are_planted_or_discarded_one_by_one_before_phase_2():
    state = position(
        hands=[["Blue"], ["Kidney"]],
        fields=[["2 Fire", None], [None, None]],
        faceup=["Fire", "Runner"],
    )
    assert state.phase == "leftovers"
    assert labels(state) == [
        "plant leftover Fire on field 1",
        "plant leftover Fire on field 2",
        "discard leftover Fire",
        "plant leftover Runner on field 2",
        "discard leftover Runner",
        "harvest field 1",
    ]
    state.apply("plant leftover Fire on field 1")
    assert field(state, 0, 0) == "3 Fire"
    state.apply("discard leftover Runner")
    assert names(state.discard) == ["Runner"]
    assert state.faceup == [] and state.phase == "planting"


def test_without_leftovers_phase_1_is_skipped():
    state = position(hands=[["Blue"], []])
    assert state.phase == "planting"


def test_solo_discards_leftovers_at_the_end_of_phase_5():
    state = position(
        1,
        hands=[["Blue"]],
        bosses=["1 Kidney", "1 Puff", "1 French"],
        deck=["Fire", "Runner", "Broad", "Fire", "Fire"],
    )
    state.apply("plant Blue on field 1")
    assert state.phase == "trading" and names(state.faceup) == ["Fire", "Runner", "Broad"]
    state.apply("done trading")
    assert names(state.discard) == ["Fire", "Runner", "Broad"]
    assert state.faceup == [] and state.phase == "planting"  # the next turn starts at phase 3
