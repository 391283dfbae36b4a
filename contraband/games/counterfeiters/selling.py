"""The supermarket and the fence: fake notes for real money, counted quality by quality.

A sale is a run of small decisions, one per quality from one star up (D8): how many notes of
that quality go on the counter. A quality is asked only when there is a real choice; the sale
always holds at least one note. The supermarket takes up to 3 notes at $50 each but refuses
every quality the police have taught it to detect, and all lower ones; the fence takes up to 8
of any quality, all paid at the rate of the lowest quality in the sale.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import (
    FENCE,
    FENCE_NOTES,
    FENCE_RATES,
    QUALITIES,
    SUPERMARKET_NOTES,
    SUPERMARKET_PAYS,
    detected,
    side,
)
from contraband.games.counterfeiters.labels import SELL_LABEL

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState

PLACES = ("supermarket", "fence")


def _rules(state: CounterfeitersState) -> tuple[bool, int, int]:
    """(at the fence, the most notes, the lowest quality accepted) for the pending space."""
    fence = side(state.players).action[state.space] == FENCE
    if fence:
        return True, FENCE_NOTES, 0
    return False, SUPERMARKET_NOTES, detected(state.pawn)


def acceptable(state: CounterfeitersState, seat: int, fence: bool) -> int:
    """How many of ``seat``'s notes the place would take (before its limit per visit)."""
    lowest = 0 if fence else detected(state.pawn)
    base = seat * QUALITIES
    return sum(state.fakes[base + lowest : base + QUALITIES])


def _range(state: CounterfeitersState, q: int) -> tuple[int, int]:
    """The counts allowed for quality ``q`` given the picks so far."""
    fence, most, lowest = _rules(state)
    if q < lowest:
        return 0, 0
    seat = state.current_player
    sofar = sum(state.picks)
    high = min(state.fakes[seat * QUALITIES + q], most - sofar)
    base = seat * QUALITIES
    later = sum(state.fakes[base + max(q + 1, lowest) : base + QUALITIES])
    low = 1 if sofar == 0 and later == 0 else 0
    return low, max(low, high)


def start(state: CounterfeitersState) -> bool:
    """Begin a sale at the pending space; True when it needs no decision at all (then done)."""
    state.picks = [0] * QUALITIES
    state.quality = 0
    return _advance(state)


def _advance(state: CounterfeitersState) -> bool:
    """Fill in every quality with a single possible count; stop at the next real choice.

    True when the sale is complete (and has been carried out)."""
    while state.quality < QUALITIES:
        low, high = _range(state, state.quality)
        if low != high:
            return False
        state.picks[state.quality] = low
        state.quality += 1
    _sell(state)
    return True


def labels(state: CounterfeitersState) -> list[str]:
    low, high = _range(state, state.quality)
    row = SELL_LABEL[state.quality]
    return [row[count] for count in range(low, high + 1)]


def pick(state: CounterfeitersState, q: int, count: int) -> bool:
    """The seat's count for quality ``q``; True when the sale is complete."""
    fence = _rules(state)[0]
    state.picks[q] = count
    state.quality = q + 1
    state.note("pick", state.current_player, count, q, PLACES[fence])
    return _advance(state)


def _sell(state: CounterfeitersState) -> None:
    fence = _rules(state)[0]
    seat = state.current_player
    picks = state.picks
    total = sum(picks)
    if fence:
        lowest = next(q for q in range(QUALITIES) if picks[q])
        cash = total * FENCE_RATES[lowest]
    else:
        cash = total * SUPERMARKET_PAYS
    for q in range(QUALITIES):
        state.fakes[seat * QUALITIES + q] -= picks[q]
        state.supply[q] += picks[q]  # D22: sold notes go back to the supply
    money.gain(state, seat, cash)
    state.note("sold", seat, list(picks), PLACES[fence], cash)
    state.picks = [0] * QUALITIES
    state.quality = 0
