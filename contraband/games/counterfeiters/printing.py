"""Print: 2 fake notes per printer owned, of the quality the owner's components give."""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING

from contraband.games.counterfeiters.board import (
    COMPONENT_KINDS,
    COMPONENT_OF,
    NOTES_PER_PRINTER,
    PRINTERS,
    QUALITIES,
)

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def quality(owned: Collection[int]) -> int:
    """The quality index (0: one star) that the distinct components give; -1 without any."""
    ink, paper, hologram = _COMPONENTS  # three C loops: this is on the hot path
    count = (
        (not ink.isdisjoint(owned))
        + (not paper.isdisjoint(owned))
        + (not hologram.isdisjoint(owned))
    )
    return (count if count < QUALITIES else QUALITIES) - 1


#: the cards of each component kind (ink, paper, hologram)
_COMPONENTS = tuple(
    frozenset(c for c, kind in enumerate(COMPONENT_OF) if kind == k)
    for k in range(len(COMPONENT_KINDS))
)


def printers(owned: list[int]) -> int:
    return len(PRINTERS.intersection(owned))  # each card is owned once


def can_print(state: CounterfeitersState, seat: int) -> bool:
    """At least one note of the owner's quality must be left in the supply (D5, D7)."""
    owned = state.owned[seat]
    if PRINTERS.isdisjoint(owned):
        return False
    q = quality(owned)
    return q >= 0 and state.supply[q] > 0


def print_notes(state: CounterfeitersState, seat: int) -> None:
    """Take the notes from the supply; when it runs short, take what is left (D7)."""
    owned = state.owned[seat]
    q = quality(owned)
    wanted = NOTES_PER_PRINTER * printers(owned)
    count = min(wanted, state.supply[q])
    state.supply[q] -= count
    state.fakes[seat * QUALITIES + q] += count
    state.note("print", seat, count, q, wanted)
