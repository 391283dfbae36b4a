"""Phase 5: the turn player takes any face-up beans for their own fields or a boss's field, and
ends with "done trading"; in the 2-player game what is left waits for the other player."""

from tests.games.al_cabohne.builder import AL, DON, boss, field, labels, names, position


def _trading():
    state = position(
        hands=[["Puff", "Blue"], ["Kidney"]],
        fields=[["2 Fire", None], [None, None]],
        bosses=["1 Runner", "1 Broad"],
        deck=["Fire", "Fire", "Broad", "Kidney", "Runner", "French", "French"],
    )
    state.apply("plant Puff on field 2")
    state.apply("end planting")
    return state


def test_turned_beans_can_be_planted_on_own_fields():
    state = _trading()
    assert state.phase == "trading"
    assert names(state.faceup) == ["Fire", "Fire", "Kidney"]  # the Broad went to Don
    assert boss(state, DON) == "2 Broad"
    assert labels(state) == ["plant face-up Fire on field 1", "harvest field 1", "done trading"]
    state.apply("plant face-up Fire on field 1")
    state.apply("plant face-up Fire on field 1")
    assert field(state, 0, 0) == "4 Fire"
    assert names(state.faceup) == ["Kidney"]


def test_leftovers_stay_face_up_for_the_other_player():
    state = _trading()
    state.apply("plant face-up Fire on field 1")
    state.apply("done trading")
    assert names(state.hands[0]) == ["Blue", "Runner", "French"]  # phase 6: two to the back
    assert state.current_player == 1 and state.phase == "leftovers"
    assert names(state.faceup) == ["Fire", "Kidney"]


def test_a_face_up_bean_goes_only_to_a_boss_that_may_take_it():
    state = _trading()
    assert [x for x in labels(state) if x.startswith("give face-up")] == []
    state.boss_bean[AL], state.boss_count[AL] = -1, 0  # Al's field is empty now
    state._legal = None
    assert [x for x in labels(state) if x.startswith("give face-up")] == [
        "give face-up Kidney to Al Cabohne",
        "give face-up Fire to Al Cabohne",
    ]
    state.apply("give face-up Kidney to Al Cabohne")
    assert boss(state, AL) == "1 Kidney"
    assert names(state.faceup) == ["Fire", "Fire"]
