"""Action 3: a completed street pays its token to the higher sum; a tie removes the token.

In these boards rows 1-5 are full, so column F is P1 five times above F6: filling F6 also
completes column F, which Tino (5 or more against at most 3) collects.
"""

from contraband.games.tony_tino.board import REMOVED, STREET_INDEX
from tests.games.tony_tino.builder import FULL, position

ROW6 = STREET_INDEX["row 6"]
COLUMN_F = STREET_INDEX["column F"]
TOKENS = {"row 6": 50000, "column F": 20000}


def test_the_higher_sum_collects_the_token():
    state = position(FULL, FULL, FULL, FULL, FULL, "B3 P2 B0 P1 B0 1", tokens=TOKENS)
    state.apply("place 1 on F6")  # row 6: Tony 3+0+0+1 = 4 against Tino 2+1 = 3
    assert state.street_winner[ROW6] == 0
    assert state.street_winner[COLUMN_F] == 1
    assert state.money == [50000, 20000]


def test_equal_sums_take_the_token_out_of_the_game():
    state = position(
        FULL,
        FULL,
        FULL,
        FULL,
        FULL,
        "B2 P1 B0 P1 B0 1",
        to_move=1,
        faceup=([1, 1], [0, 0]),
        tokens=TOKENS,
    )
    state.apply("place 0 on F6")  # row 6: Tony 2 against Tino 1+1+0 = 2
    assert state.street_winner[ROW6] == REMOVED
    assert state.money == [0, 20000]
    assert state.conserved()["money+tokens"] == sum(state.tokens)


def test_one_figure_can_complete_a_row_and_a_column_at_once():
    rows = ["B1 P1 B1 P1 B1 B3"] * 5 + ["P1 B1 P1 B1 P1 1"]
    state = position(*rows, to_move=1, faceup=([1, 1], [3, 0]), tokens=TOKENS)
    state.apply("place 3 on F6")
    # row 6: Tino 1+1+1+3 = 6 against Tony 2; column F: Tony 5*3 = 15 against Tino 3
    assert state.street_winner[ROW6] == 1 and state.street_winner[COLUMN_F] == 0
    assert state.money == [20000, 50000]


def test_an_unfinished_street_pays_nothing():
    state = position(FULL, FULL, FULL, FULL, "B1 P1 B1 P1 B1 2", "B3 P2 B0 P1 B0 1", tokens=TOKENS)
    state.apply("place 1 on F6")
    assert state.street_winner[ROW6] == 0
    assert state.street_winner[COLUMN_F] == -2  # F5 is still open
    assert state.money == [50000, 0]
