"""Build Counterfeiters positions by moving components from wherever they are, so that every
position keeps the 100 fake notes and the 42 cards (the tests check conservation too)."""

from __future__ import annotations

from bisect import insort

import contraband
from contraband.games.counterfeiters.board import (
    CARD_CODE,
    CATEGORY_OF,
    HENCHMEN,
    QUALITIES,
    in_game,
    side,
)

GAME = contraband.load("counterfeiters")


def new(players: int = 3, seed: int = 1, **options):
    return GAME.new(players, seed=seed, options=options)


def card(code: str) -> int:
    return CARD_CODE.index(code)


def _take(state, c: int) -> None:
    for pile in [state.deck, state.out, *state.owned]:
        if c in pile:
            pile.remove(c)
            return
    if c in state.market:
        state.market[state.market.index(c)] = -1
        return
    raise AssertionError(f"card {CARD_CODE[c]} not found")


def _put_back(state, c: int) -> None:
    """A card leaving a seat or a slot: into the deck when it may lie there, else out."""
    if CATEGORY_OF[c] >= 0 and in_game(c, state.players):
        insort(state.deck, c)
    else:
        insort(state.out, c)


def give(state, seat: int, *codes: str) -> None:
    """``seat`` also owns these cards (taken from wherever they are)."""
    for code in codes:
        c = card(code)
        _take(state, c)
        insort(state.owned[seat], c)


def cards(state, seat: int, *codes: str) -> None:
    """``seat`` owns exactly these cards (its old ones go back to the deck or out)."""
    for c in list(state.owned[seat]):
        state.owned[seat].remove(c)
        _put_back(state, c)
    give(state, seat, *codes)


def slot(state, number: int, code: str | None) -> None:
    """Black-market slot ``number`` (1 = dearest) holds this card (None: empty)."""
    index = number - 1
    old = state.market[index]
    if old >= 0:
        state.market[index] = -1
        _put_back(state, old)
    if code is not None:
        c = card(code)
        _take(state, c)
        state.market[index] = c


def fakes(state, seat: int, one: int = 0, two: int = 0, three: int = 0) -> None:
    """``seat`` holds exactly these fake notes (taken from or returned to the supply)."""
    for q, count in enumerate((one, two, three)):
        index = seat * QUALITIES + q
        state.supply[q] += state.fakes[index] - count
        state.fakes[index] = count
        assert state.supply[q] >= 0


def money(state, seat: int, cash: int, offshore: int = 0, known: bool = True) -> None:
    """Set ``seat``'s cash and offshore money; ``known``: the table knows the split exactly,
    else only the total (as after a flight)."""
    state.cash[seat] = cash
    state.offshore[seat] = offshore
    state.cash_lo[seat] = cash if known else 0
    state.cash_hi[seat] = cash if known else cash + offshore


def pawn(state, space: int) -> None:
    state.pawn = space


def turn(state, seat: int) -> None:
    """It is ``seat``'s turn to place a henchman in this round."""
    assert state.stage == "round" and state.step == "place"
    state.turn = state.current_player = seat
    state._legal = None


def hand(state, seat: int, count: int) -> None:
    """``seat`` has ``count`` henchmen in hand (the rest laid down)."""
    on_board = state.occupant.count(seat)
    state.left[seat] = count
    state.down[seat] = HENCHMEN - count - on_board


def occupy(state, seat: int, name: str) -> None:
    """A henchman of ``seat`` stands on space ``name`` (taken from the seat's hand)."""
    index = side(state.players).index[name]
    state.occupant[index] = seat
    state.left[seat] -= 1


def space(state, name: str) -> int:
    return side(state.players).index[name]


def labels(state) -> list[str]:
    state._legal = None
    return [a.label for a in state.legal_actions()]


def play(state, *labels_: str):
    for label in labels_:
        state._legal = None
        state.apply(label)
    return state


def texts(state, seat=None, since: int = 0) -> list[str]:
    return [entry["text"] for entry in state.log(seat, since=since)]


def check_totals(state) -> None:
    assert state.conserved() == state.TOTALS
