"""Action 2: a figure goes only on a point whose disc shows the lowest number now."""

from tests.games.tony_tino.builder import FULL, at, labels, position


def board(*rows):
    return position(*rows, faceup=([2, 0], [1, 1]))


ROWS = (FULL, FULL, FULL, FULL, "B1 P1 3 5 3 P1", "B1 P1 4 P1 9 8")


def test_only_the_lowest_discs_are_open_and_the_player_picks_figure_and_point():
    state = board(*ROWS)
    assert labels(state) == ["place 0 on C5", "place 0 on E5", "place 2 on C5", "place 2 on E5"]


def test_equal_face_up_figures_give_one_choice_per_point():
    state = position(*ROWS, faceup=([1, 1], [1, 1]))
    assert labels(state) == ["place 1 on C5", "place 1 on E5"]


def test_placing_removes_the_disc_and_the_next_lowest_opens_once_all_lower_are_taken():
    state = board(*ROWS)
    state.stacks[0] = [3]
    state.apply("place 2 on C5")
    assert state.discs[at("C5")] == 0 and (state.owner[at("C5")], state.value[at("C5")]) == (0, 2)
    assert state.faceup[0] == [0, 3]  # the next figure from the stack lies open
    assert state.current_player == 1
    assert labels(state) == ["place 1 on E5"]
    state.apply("place 1 on E5")
    assert labels(state) == ["place 0 on C6", "place 3 on C6"]  # the 4 is now the lowest
