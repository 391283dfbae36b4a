"""Drawing from face-down piles.

A pile nobody has seen has no order worth storing: it is kept sorted and a draw takes a random
member with the state's generator. This gives exactly the chances of a shuffled pile, and leaves
no hidden order for an AI's guess to leak (see RULES.md, D2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.random import Rng
from contraband.games.nacho_incident.board import HAND_SIZE

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def sample(pile: list[int], rng: Rng) -> int:
    """Remove and return a random member of a sorted pile (which stays sorted)."""
    return pile.pop(rng.below(len(pile)))


def draw_cube(state: NachoState) -> int:
    """A cube from the bag, or -1 when the bag is empty."""
    return sample(state.bag, state.rng) if state.bag else -1


def draw_smugglers(state: NachoState, seat: int) -> None:
    """Fill ``seat``'s hand back to the hand size; an empty deck is rebuilt from the smugglers
    removed from play (discards, prisoners and retired holders), as far as they go."""
    hand = state.hands[seat]
    while len(hand) < HAND_SIZE:
        if not state.smuggler_deck:
            if not state.smuggler_out:
                break
            state.smuggler_deck, state.smuggler_out = state.smuggler_out, []
            note(state, "The smuggler deck is reshuffled from the removed smugglers.")
        hand.append(sample(state.smuggler_deck, state.rng))
    hand.sort()


def insert_sorted(pile: list[int], item: int) -> None:
    """Put ``item`` into a sorted pile, keeping it sorted."""
    low, high = 0, len(pile)
    while low < high:
        mid = (low + high) // 2
        if pile[mid] < item:
            low = mid + 1
        else:
            high = mid
    pile.insert(low, item)


EVENTS_KEPT = 24  # the public log keeps this many recent lines


def note(state: NachoState, text: str) -> None:
    """Add a line to the public event log (only what every seat may know)."""
    events = state.events
    events.append(text)
    if len(events) > EVENTS_KEPT:
        del events[0]
