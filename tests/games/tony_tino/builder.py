"""Build Tony & Tino positions from a picture of the board.

Each of the six rows is six cells separated by spaces: ``B2`` is a blue (Tony, seat 0) figure of
value 2, ``P0`` a purple (Tino, seat 1) spy, and a plain number is a disc still on the point.
"""

from __future__ import annotations

import contraband
from contraband.games.tony_tino.board import (
    CARD,
    POINT_INDEX,
    STREET_INDEX,
    STREET_POINTS,
    UNRESOLVED,
)
from contraband.games.tony_tino.rules import _start_turn


def position(
    *rows: str,
    to_move: int = 0,
    hands: tuple[list[str], list[str]] = ([], []),
    decks: tuple[list[str], list[str]] = ([], []),
    faceup: tuple[list[int], list[int]] = ([1, 1], [1, 1]),
    stacks: tuple[list[int], list[int]] = ([], []),
    tokens: dict[str, int] | None = None,
    money: tuple[int, int] = (0, 0),
    seed: int = 1,
):
    state = contraband.load("tony-tino").new(seed=seed)
    cells = [cell for row in rows for cell in row.split()]
    assert len(cells) == 36, f"a board has 36 cells, got {len(cells)}"
    for p, cell in enumerate(cells):
        if cell[0] in "BP":
            state.owner[p], state.value[p], state.discs[p] = "BP".index(cell[0]), int(cell[1:]), 0
        else:
            state.owner[p], state.value[p], state.discs[p] = -1, -1, int(cell)
    state.remaining = sum(1 for d in state.discs if d)
    state.hands = [sorted(CARD[c] for c in hand) for hand in hands]
    state.decks = [[CARD[c] for c in deck] for deck in decks]
    state.discards = [[], []]
    state.faceup = [sorted(f) for f in faceup]
    state.stacks = [list(s) for s in stacks]
    state.money = list(money)
    if tokens is not None:
        for street, amount in tokens.items():
            state.tokens[STREET_INDEX[street]] = amount
    # streets that the picture already shows full count as collected by nobody
    state.street_winner = [
        UNRESOLVED if any(state.owner[p] < 0 for p in STREET_POINTS[s]) else -1 for s in range(12)
    ]
    state.pending_card = state.pending_first = state.shifted = state.last_cancelled = -1
    state.extra_turn = False
    state._events.clear()  # the log tells only what happens from this position on
    _start_turn(state, to_move)
    state._legal = None
    return state


def labels(state) -> list[str]:
    return [a.label for a in state.legal_actions()]


def texts(state, seat, since=0) -> list[str]:
    """The log's texts as ``seat`` (None: a spectator) reads them."""
    return [entry["text"] for entry in state.log(seat, since)]


def at(point: str) -> int:
    return POINT_INDEX[point]


FULL = "B1 P1 B1 P1 B1 P1"  # a full row of alternating hitmen

#: a middle-game board: the lowest disc is the 1 on D3
MID = (
    "B1 P1  3  5 B2 P0",
    "P1 B0  2  7 P2 B1",
    " 4 P3  6  1 B1 P1",
    "B3  8 P1 B1  2 P1",
    "P0 B1  9  4 P1 B0",
    " 5 P1 B1  3 10 P2",
)
DECK = ["shift", "shift", "corruption"]


def mid_game(tony: list[str], tino: list[str], **kwargs):
    """Tony to play with the given hand; both decks hold three cards."""
    return position(*MID, hands=(tony, tino), decks=(list(DECK), list(DECK)), **kwargs)


#: Row 1 is Tony's (B) by 3 to 2 with one point left, F1, whose disc shows 3; the only 2 is on
#: A6, a point that decides nothing. A Shift makes F1 count as a 2, so Tony may take it and
#: collect row 1's token before Tino can contest it.
ROW_ONE_FOR_A_SHIFT = (
    "B1 B1 B1 P1 P1 3",
    "4 4 4 5 5 5",
    "6 6 6 7 7 8",
    "8 9 10 4 5 6",
    "4 5 6 7 8 9",
    "2 4 5 6 7 8",
)
