"""The black market: buying a card, filling the slots from the deck, and the round-end upkeep.

The deck holds no order: it is kept sorted, and a draw takes a random card of the topmost
category still in it (A before B before C before D), which is exactly a deck shuffled category
by category and stacked A on top. Its order is therefore never saved, and a determinization
needs only a fresh generator.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import CARD_NAME, CATEGORY_OF, JETS, side

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def draw(state: CounterfeitersState) -> int:
    """The top card of the deck (-1 when it is empty)."""
    deck = state.deck
    if not deck:
        return -1
    top = CATEGORY_OF[deck[0]]  # sorted by id, and ids run A..D
    count = 1
    while count < len(deck) and CATEGORY_OF[deck[count]] == top:
        count += 1
    return deck.pop(state.rng.below(count))


def refill(state: CounterfeitersState) -> None:
    """Fill the empty open slots from the cheapest (rightmost) leftwards (D12)."""
    board = side(state.players)
    for slot in reversed(board.open_slots(state.players)):
        if state.market[slot] >= 0:
            continue
        card = draw(state)
        if card < 0:
            state.note("deck_empty", slot + 1)
            continue
        state.market[slot] = card
        state.note("fill", CARD_NAME[card], slot + 1)


def upkeep(state: CounterfeitersState) -> None:
    """Round end: the trash slots' cards leave the game, the rest slide right, then refill."""
    board = side(state.players)
    market = state.market
    open_slots = board.open_slots(state.players)
    for slot in open_slots:
        if board.trash[slot] and market[slot] >= 0:
            state.note("trash", CARD_NAME[market[slot]], slot + 1)
            insort(state.out, market[slot])
            market[slot] = -1
    kept = [market[slot] for slot in open_slots if market[slot] >= 0]
    for slot in open_slots:
        market[slot] = -1
    for slot, card in zip(open_slots[len(open_slots) - len(kept) :], kept, strict=True):
        market[slot] = card
    refill(state)
    state.note("market", [CARD_NAME[c] if c >= 0 else None for c in market])


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
