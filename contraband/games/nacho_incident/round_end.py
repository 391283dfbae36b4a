"""Step 5, when the round's mountie deck is used up: cantina majorities with their bonuses and
retirements, mountie penalties, and passing the gem to the lowest score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    BONUS,
    COLOURS,
    GEM,
    GEM_LABEL,
    MOUNTIE_PENALTY,
    NPROV,
    PROVINCES,
)
from contraband.games.nacho_incident.draw import insert_sorted, note

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def majority(state: NachoState, province: int) -> int:
    """The seat with strictly more holders in ``province`` than every other seat, or -1."""
    counts = [len(state.cantinas[s * NPROV + province]) for s in range(state.players)]
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return -1
    return counts.index(best)


def score(state: NachoState) -> None:
    """Bonuses (the winner's holders there retire), then every mountie's penalty."""
    for p in range(NPROV):
        seat = majority(state, p)
        if seat < 0:
            continue
        state.gold[seat] += BONUS[p]
        cantina = state.cantinas[seat * NPROV + p]
        for card in cantina:
            insert_sorted(state.smuggler_out, card)
        note(
            state,
            f"{COLOURS[seat]} runs the best cantina in {PROVINCES[p]}: +${BONUS[p]}, "
            f"{len(cantina)} holder(s) retire.",
        )
        cantina.clear()
    for seat in range(state.players):
        fine = sum(MOUNTIE_PENALTY[m] for p in range(NPROV) for m in state.posts[seat * NPROV + p])
        if fine:
            state.gold[seat] -= fine
            note(state, f"{COLOURS[seat]} pays ${fine} for the mounties at their cantinas.")


def lowest(state: NachoState) -> list[int]:
    low = min(state.gold)
    return [seat for seat, gold in enumerate(state.gold) if gold == low]


def offer_gem(state: NachoState) -> bool:
    """Pass the gem to the lowest score; True when the holder must choose among equals."""
    candidates = lowest(state)
    if len(candidates) == 1:
        give_gem(state, candidates[0])
        return False
    state.phase = GEM
    state.current_player = state.gem
    return True


def gem_labels(state: NachoState) -> list[str]:
    return [GEM_LABEL[seat] for seat in lowest(state)]


def give_gem(state: NachoState, seat: int) -> None:
    if seat != state.gem:
        note(state, f"{COLOURS[state.gem]} passes the gem to {COLOURS[seat]}.")
    state.gem = seat
