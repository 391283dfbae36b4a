"""The black market: buying a card, filling the slots from the deck, and the round-end upkeep.

The deck holds no order: it is kept sorted, and a draw takes a random card of the topmost
category still in it (A before B before C before D), which is exactly a deck shuffled category
by category and stacked A on top. Its order is therefore never saved, and a determinization
needs only a fresh generator.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import (
    CARD_NAME,
    CATEGORY_OF,
    JETS,
    MAX_PLAYERS,
    side,
)

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def draw(state: CounterfeitersState) -> int:
    """The top card of the deck (-1 when it is empty)."""
    deck = state.deck
    if not deck:
        return -1
    # sorted by id, and ids run A..D: the top category's cards are those below its end
    count = bisect_left(deck, _CATEGORY_END[CATEGORY_OF[deck[0]]])
    return deck.pop(state.rng.below(count))


#: category -> the first card id after its cards
_CATEGORY_END = tuple(
    max(c for c, category in enumerate(CATEGORY_OF) if category == k) + 1
    for k in range(max(CATEGORY_OF) + 1)
)


def refill(state: CounterfeitersState) -> None:
    """Fill the empty open slots from the cheapest (rightmost) leftwards (D12)."""
    market = state.market
    for slot in _RIGHT_TO_LEFT[state.players]:
        if market[slot] >= 0:
            continue
        card = draw(state)
        if card < 0:
            state.note("deck_empty", slot + 1)
            continue
        market[slot] = card
        state.note("fill", CARD_NAME[card], slot + 1)


def upkeep(state: CounterfeitersState) -> None:
    """Round end: the trash slots' cards leave the game, the rest slide right, then refill."""
    players = state.players
    market = state.market
    for slot in _TRASH[players]:
        card = market[slot]
        if card >= 0:
            state.note("trash", CARD_NAME[card], slot + 1)
            insort(state.out, card)
            market[slot] = -1
    first = _FIRST_OPEN[players]  # the open slots are the rightmost ones
    kept = [card for card in market[first:] if card >= 0]
    market[first:] = [-1] * (len(market) - first - len(kept)) + kept
    refill(state)
    state.note("market", list(map(_NAME_OR_NONE.__getitem__, market)))


#: players -> the open slots from the cheapest (rightmost) leftwards; the open trash slots
_RIGHT_TO_LEFT = tuple(tuple(reversed(side(n).opened[n])) for n in range(MAX_PLAYERS + 1))
_TRASH = tuple(
    tuple(s for s in side(n).opened[n] if side(n).trash[s]) for n in range(MAX_PLAYERS + 1)
)
#: players -> the leftmost open slot (the open slots run from it to the right end)
_FIRST_OPEN = tuple(min(side(n).opened[n], default=0) for n in range(MAX_PLAYERS + 1))
assert all(
    side(n).opened[n] == tuple(range(_FIRST_OPEN[n], side(n).slots))
    for n in range(1, MAX_PLAYERS + 1)
)
#: a card's name by id, None for -1 (an empty slot)
_NAME_OR_NONE = (*CARD_NAME, None)


def owns_jet(state: CounterfeitersState, seat: int) -> bool:
    return not JETS.isdisjoint(state.owned[seat])


def buyable(state: CounterfeitersState, seat: int) -> list[int]:
    """The open market slots nobody has taken this round whose card ``seat`` may buy now: a
    card lies there, its price is in the seat's cash, and it is not a second private jet."""
    board = side(state.players)
    offer, price, occupant, cash = state.market, board.price, state.occupant, state.cash[seat]
    jet_owned: bool | None = None
    found = []
    for slot in board.opened[state.players]:
        if occupant[slot] >= 0:
            continue
        card = offer[slot]
        if card < 0 or cash < price[slot]:
            continue
        if card in JETS:
            if jet_owned is None:
                jet_owned = owns_jet(state, seat)
            if jet_owned:
                continue
        found.append(slot)
    return found


def buy(state: CounterfeitersState, seat: int, slot: int, price: int) -> None:
    """Take the slot's card face up and pay its ``price`` in real cash (never offshore money)."""
    market = state.market
    card = market[slot]
    money.pay(state, seat, price)
    market[slot] = -1
    insort(state.owned[seat], card)
    state.note("buy", seat, CARD_NAME[card], slot + 1, price)
