"""The Narcos deck and the Cartel deck: drawing, the cards known on top, discards, round 2.

A face-down pile nobody has seen has no order worth storing: it is kept sorted and a draw takes
a random member with the state's generator, which has exactly the chances of a shuffled pile and
leaves no hidden order for an AI's guess to leak. Cards somebody has seen on top of the Narcos
deck (a sapo's peek, Chivatazo) lie in ``top``, in order, with a bitmask per card of the seats
that know it (``top_seen``); they are drawn first.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from contraband.games.narcos.board import CARD_NAME, CARTEL_NAMES, CARTEL_OF

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def cards_left(state: NarcosState) -> int:
    return len(state.deck) + len(state.top)


def draw(state: NarcosState) -> int:
    """The next Narcos card (-1 when the deck is spent)."""
    if state.top:
        state.top_seen.pop(0)
        return state.top.pop(0)
    if not state.deck:
        return -1
    return state.deck.pop(state.rng.below(len(state.deck)))


def peek(state: NarcosState, seat: int) -> int:
    """``seat`` looks at the top card (drawn into ``top`` when nobody knew it); -1: no card."""
    if not state.top:
        if not state.deck:
            return -1
        state.top.append(state.deck.pop(state.rng.below(len(state.deck))))
        state.top_seen.append(0)
    state.top_seen[0] |= 1 << seat
    return state.top[0]


def take_top(state: NarcosState, count: int) -> list[int]:
    """Take up to ``count`` cards off the top (known ones first) for Chivatazo."""
    taken: list[int] = []
    while len(taken) < count:
        card = draw(state)
        if card < 0:
            break
        taken.append(card)
    return taken


def discard(state: NarcosState, card: int) -> None:
    insort(state.discards, card)


def build_round_two(state: NarcosState, early: bool) -> None:
    """Round 2's deck: the discards, the reserved cards and (when switching early) whatever was
    left of round 1's deck, shuffled together (D34)."""
    pool = state.deck + state.top + state.discards + state.reserve
    left = len(state.deck) + len(state.top)
    pool.sort()
    state.deck = pool
    state.top, state.top_seen, state.discards, state.reserve = [], [], [], []
    state.round = 2
    state.note("round2", len(pool), early, left, state.active)


# -- the Cartel deck --------------------------------------------------------------------------
def draw_cartel(state: NarcosState, seat: int, count: int) -> int:
    """``seat`` draws up to ``count`` Cartel cards; an empty deck takes the discards and the
    cards spent face down, reshuffled (D15). Returns how many were drawn."""
    drawn = []
    for _ in range(count):
        if not state.cartel_deck:
            pool = state.cartel_discard + [c for backs in state.backs for c in backs]
            if not pool:
                break
            pool.sort()
            state.cartel_deck = pool
            state.cartel_discard = []
            state.backs = [[] for _ in range(state.players)]
            state.note("cartel_reshuffle", len(pool))
        card = state.cartel_deck.pop(state.rng.below(len(state.cartel_deck)))
        insort(state.hands[seat], card)
        drawn.append(CARTEL_NAMES[CARTEL_OF[card]])
    if drawn:
        state.note("draw", seat, len(drawn), drawn)
    return len(drawn)


def card_names(cards: list[int]) -> list[str]:
    return [CARD_NAME[c] for c in cards]
