"""Step 5, when the round's mountie deck is used up: cantina majorities with their bonuses and
retirements, mountie penalties, and passing the gem to the lowest score."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    BONUS,
    GEM,
    GEM_LABEL,
    MOUNTIE_NAME,
    MOUNTIE_PENALTY,
    NPROV,
    PROVINCES,
    SMUGGLER_NAME,
    TURNS_PER_ROUND,
)
from contraband.games.nacho_incident.draw import insert_sorted

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
    state.note("round_end", state.turn // TURNS_PER_ROUND + 1)
    n, cantinas = state.players, state.cantinas
    for p in range(NPROV):
        counts = list(map(len, cantinas[p::NPROV]))  # cantina seat * NPROV + p, per seat
        best = max(counts)
        if best == 0:
            continue
        if counts.count(best) > 1:
            tied = [s for s in range(n) if counts[s] == best]
            state.note("tie", PROVINCES[p], tied, best)
            continue
        seat = counts.index(best)
        state.gold[seat] += BONUS[p]
        state.bonuses[seat] += BONUS[p]
        cantina = cantinas[seat * NPROV + p]
        for card in cantina:
            insert_sorted(state.smuggler_out, card)
        state.note("majority", seat, PROVINCES[p], BONUS[p], [SMUGGLER_NAME[c] for c in cantina])
        cantina.clear()
    posts = state.posts
    for seat in range(n):
        base = seat * NPROV
        mounties = [m for post in posts[base : base + NPROV] for m in post]
        if mounties:
            fine = sum(MOUNTIE_PENALTY[m] for m in mounties)
            state.gold[seat] -= fine
            state.fines[seat] += fine
            state.note("fine", seat, [MOUNTIE_NAME[m] for m in mounties], fine)


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
    state.note("gem", state.gem, seat)
    state.gem = seat
