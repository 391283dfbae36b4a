"""Professional (an extra turn, never cancelled) and Russian Roulette (reshuffle the discs)."""

from collections import Counter

from tests.games.tony_tino.builder import labels, mid_game


def test_professional_gives_a_second_full_turn_and_opens_no_police_window():
    state = mid_game(["professional", "shift"], ["police", "shift"])
    state.apply("play professional")
    assert state.current_player == 0 and state.phase == "place"
    state.apply("place 1 on D3")
    assert state.turn_player == 0 and state.current_player == 0 and state.phase == "card"
    assert not state.extra_turn
    state.apply("discard shift")
    state.apply(labels(state)[0])
    assert state.turn_player == 1  # the double turn is over


def test_a_player_without_figures_passes_and_the_other_plays_on():
    state = mid_game(["professional"], ["shift"], faceup=([1], [1, 1]))
    state.apply("play professional")
    state.apply("place 1 on D3")
    assert state.faceup[0] == [] and state.turn_player == 1


def test_russian_roulette_reshuffles_the_remaining_discs_over_the_same_points():
    state = mid_game(["roulette"], ["shift"])
    points = [p for p in range(36) if state.discs[p]]
    numbers = Counter(state.discs[p] for p in points)
    figures = [(state.owner[p], state.value[p]) for p in range(36)]
    before = [state.discs[p] for p in points]
    state.apply("play roulette")
    state.apply("allow")
    assert [p for p in range(36) if state.discs[p]] == points
    assert Counter(state.discs[p] for p in points) == numbers
    assert [(state.owner[p], state.value[p]) for p in range(36)] == figures
    assert [state.discs[p] for p in points] != before  # 15 discs: a repeat is vanishingly rare
    assert state.phase == "place"
