"""The game ends when all 36 points hold a figure; most money wins; equal money is a draw."""

import pytest

from tests.games.tony_tino.builder import FULL, position


def last_point(row6: str, money=(0, 0)):
    return position(
        FULL, FULL, FULL, FULL, FULL, row6, money=money, tokens={"row 6": 20000, "column F": 10000}
    )


def test_the_last_figure_ends_the_game_and_the_richer_player_wins():
    state = last_point("B3 P2 B0 P1 B0 1", money=(0, 0))
    state.apply("place 1 on F6")
    assert state.is_terminal() and state.current_player is None
    assert state.money == [20000, 10000]
    assert state.result()["winners"] == [0]
    assert state.returns() == [1.0, 0.0]


def test_equal_money_is_a_draw():
    state = last_point("B3 P2 B0 P1 B0 1", money=(0, 10000))
    state.apply("place 1 on F6")
    assert state.money == [20000, 20000]
    assert state.result()["winners"] == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_returns_are_only_defined_at_the_end():
    state = last_point("B3 P2 B0 P1 B0 1")
    with pytest.raises(ValueError, match="over"):
        state.returns()
