"""Drawing from face-down piles.

A pile nobody has seen has no order worth storing: it is kept sorted and a draw takes a random
member with the state's generator. This gives exactly the chances of a shuffled pile, and leaves
no hidden order for an AI's guess to leak (see RULES.md, D9).
"""

from __future__ import annotations

from bisect import insort_left
from typing import TYPE_CHECKING

from contraband.core.random import Rng
from contraband.games.nacho_incident.board import FOODS, HAND_SIZE, SMUGGLER_NAME, WAREHOUSE

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def sample(pile: list[int], rng: Rng) -> int:
    """Remove and return a random member of a sorted pile (which stays sorted)."""
    return pile.pop(rng.below(len(pile)))


def draw_smugglers(state: NachoState, seat: int) -> None:
    """Fill ``seat``'s hand back to the hand size; an empty deck is rebuilt from the smugglers
    removed from play (discards, prisoners and retired holders), as far as they go. The cards
    drawn are logged for their owner only."""
    hand = state.hands[seat]
    wanted = HAND_SIZE - len(hand)
    below = state.rng.below
    deck = state.smuggler_deck
    drawn = []
    for _ in range(wanted):  # each draw is sample(deck, rng), inlined
        if not deck:
            if not state.smuggler_out:
                break
            deck = state.smuggler_deck = state.smuggler_out
            state.smuggler_out = []
            state.note("reshuffle", len(deck))
        card = deck.pop(below(len(deck)))
        hand.append(card)
        drawn.append(SMUGGLER_NAME[card])
    hand.sort()
    if drawn:
        state.note("draw", seat, len(drawn), drawn)


def draw_cubes(state: NachoState, seat: int) -> None:
    """Draw cubes from the bag into ``seat``'s warehouse up to the warehouse size (fewer when
    the bag runs dry)."""
    house = state.warehouses[seat]
    wanted = WAREHOUSE - len(house)
    if wanted <= 0:
        return
    drawn = []
    bag = state.bag
    below = state.rng.below
    for _ in range(wanted):
        if not bag:
            break
        food = bag.pop(below(len(bag)))  # sample(bag, rng), inlined
        insort_left(house, food)
        drawn.append(FOODS[food])
    if drawn:
        state.note("cubes", seat, drawn, wanted)
    else:
        state.note("bag_empty", seat)


#: put an item into a sorted pile, keeping it sorted (the C bisect: the leftmost place)
insert_sorted = insort_left
