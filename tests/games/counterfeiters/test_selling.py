"""The supermarket (up to 3 notes at $50, refusing each detected quality and every lower one)
and the fence (up to 8 notes, all paid at the rate of the lowest quality sold)."""

import pytest

from tests.games.counterfeiters.builder import (
    check_totals,
    fakes,
    labels,
    money,
    new,
    pawn,
    play,
    texts,
)


def test_the_supermarket_takes_up_to_three_notes_of_mixed_quality_at_50_each():
    state = new(4, seed=1)
    fakes(state, 0, one=2, two=2, three=2)
    money(state, 0, 20)
    play(state, "supermarket 1")
    assert labels(state) == ["sell 0 one-star", "sell 1 one-star", "sell 2 one-star"]
    play(state, "sell 1 one-star")
    assert labels(state) == ["sell 0 two-star", "sell 1 two-star", "sell 2 two-star"]
    play(state, "sell 1 two-star")
    # one more at most
    assert labels(state) == ["sell 0 three-star", "sell 1 three-star"]
    play(state, "sell 1 three-star")
    assert state.cash[0] == 20 + 150
    assert state.fakes[0:3] == [1, 1, 1]
    assert state.supply == [29, 29, 39]
    assert "red sells 1 ★, 1 ★★ and 1 ★★★ at the supermarket for $150" in texts(state)
    check_totals(state)


def test_a_sale_always_holds_a_note():
    state = new(4, seed=1)
    fakes(state, 0, one=2)
    play(state, "supermarket 1")
    assert labels(state) == ["sell 1 one-star", "sell 2 one-star"]


def test_a_quality_without_a_choice_is_not_asked():
    state = new(4, seed=1)
    fakes(state, 0, three=1)
    money(state, 0, 0)
    play(state, "supermarket 1")  # one note: the sale happens at once
    assert state.cash[0] == 50 and state.fakes[0:3] == [0, 0, 0]
    assert state.current_player == 1


@pytest.mark.parametrize(
    ("space", "refused"),
    [(10, 0), (11, 1), (12, 1), (13, 2), (16, 2), (17, 3), (18, 3)],
)
def test_the_supermarket_refuses_each_detected_quality_and_every_lower_one(space, refused):
    state = new(4, seed=1)
    pawn(state, space)
    fakes(state, 0, one=3, two=3, three=3)
    if refused == 3:
        assert "supermarket 1" not in labels(state)
        return
    play(state, "supermarket 1")
    offered = {label.split()[2] for label in labels(state)}
    words = ["one-star", "two-star", "three-star"]
    assert offered == {words[refused]}
    assert not offered & set(words[:refused])


def test_the_supermarket_is_not_offered_when_every_note_held_is_refused():
    state = new(4, seed=1)
    pawn(state, 13)
    fakes(state, 0, one=5, two=5)
    assert "supermarket 1" not in labels(state)
    assert "fence 1" in labels(state)


def _sell_at_fence(state, one, two, three):
    fakes(state, 0, one=one, two=two, three=three)
    money(state, 0, 0)
    play(state, "fence 2")
    for count, word in zip((one, two, three), ("one-star", "two-star", "three-star"), strict=True):
        label = f"sell {count} {word}"
        if label in labels(state):
            play(state, label)
    return state


def test_fence_example_one_one_two_pays_80():
    state = _sell_at_fence(new(4, seed=1), 1, 1, 2)
    assert state.cash[0] == 80  # 4 x $20: every note at the one-star rate
    assert "red sells 1 ★, 1 ★★ and 2 ★★★ at the fence for $80" in texts(state)


def test_fence_example_three_three_pays_180():
    state = _sell_at_fence(new(4, seed=1), 0, 3, 3)
    assert state.cash[0] == 180  # 6 x $30: every note at the two-star rate
    check_totals(state)


def test_the_fence_takes_up_to_eight_notes_at_every_police_level():
    state = new(4, seed=1)
    pawn(state, 18)
    fakes(state, 0, one=5, two=5, three=5)
    play(state, "fence 2")  # the uncapped fence: the pawn stays put
    assert labels(state)[-1] == "sell 5 one-star"
    play(state, "sell 5 one-star")
    assert labels(state)[-1] == "sell 3 two-star"
    play(state, "sell 3 two-star")
    assert state.cash[0] == 20 + 8 * 20
    assert state.fakes[0:3] == [0, 2, 5]


def test_the_fence_pays_three_stars_at_40():
    state = _sell_at_fence(new(4, seed=1), 0, 0, 8)
    assert state.cash[0] == 320
