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
    MAX_PLAYERS,
    QUALITIES,
    SUPERMARKET_NOTES,
    SUPERMARKET_PAYS,
    TRACK,
    detected,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, SELL_LABEL

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState

PLACES = ("supermarket", "fence")


def _rules(state: CounterfeitersState) -> tuple[bool, int, int]:
    """(at the fence, the most notes, the lowest quality accepted) for the pending space."""
    if _FENCE[state.players == 2][state.space]:
        return _AT_FENCE
    return False, SUPERMARKET_NOTES, _DETECTED[state.pawn]


#: (3-4 players, 2 players) -> space -> whether it is a fence
_FENCE = tuple(tuple(action == FENCE for action in side(n).action) for n in (3, 2))
_AT_FENCE = (True, FENCE_NOTES, 0)
#: pawn space -> the qualities the supermarket refuses
_DETECTED = tuple(detected(pawn) for pawn in range(TRACK + 1))


def acceptable(state: CounterfeitersState, seat: int, fence: bool) -> int:
    """How many of ``seat``'s notes the place would take (before its limit per visit)."""
    lowest = 0 if fence else detected(state.pawn)
    base = seat * QUALITIES
    return sum(state.fakes[base + lowest : base + QUALITIES])


def _range(state: CounterfeitersState, q: int) -> tuple[int, int]:
    """The counts allowed for quality ``q`` given the picks so far."""
    _, most, lowest = _rules(state)
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    return _bounds(state.fakes, seat * QUALITIES, state.picks, q, most, lowest)


def _bounds(
    fakes: list[int], base: int, picks: list[int], q: int, most: int, lowest: int
) -> tuple[int, int]:
    """The counts allowed for quality ``q``: the seat's notes start at ``fakes[base]``, at most
    ``most`` in all, none below quality ``lowest``."""
    if q < lowest:
        return 0, 0
    sofar = sum(picks)
    high = fakes[base + q]
    if high > most - sofar:
        high = most - sofar
    # the sale's first note must be of this quality when no later one has any (q >= lowest)
    low = 1 if not sofar and not any(fakes[base + q + 1 : base + QUALITIES]) else 0
    return low, (low if low > high else high)


def start(state: CounterfeitersState) -> bool:
    """Begin a sale at the pending space; True when it needs no decision at all (then done)."""
    state.picks = [0] * QUALITIES
    state.quality = 0
    return _advance(state, _rules(state))


def _advance(state: CounterfeitersState, rules: tuple[bool, int, int]) -> bool:
    """Fill in every quality with a single possible count; stop at the next real choice.

    True when the sale is complete (and has been carried out). ``rules``: ``_rules(state)``."""
    fence, most, lowest = rules
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    fakes, base, picks = state.fakes, seat * QUALITIES, state.picks
    q = state.quality
    while q < QUALITIES:
        low, high = _bounds(fakes, base, picks, q, most, lowest)
        if low != high:
            state.quality = q
            return False
        picks[q] = low
        q += 1
    state.quality = q
    _sell(state, fence)
    return True


def actions(state: CounterfeitersState) -> list[Action]:
    """The counts the mover may choose for the quality being counted, fewest first."""
    q = state.quality
    low, high = _range(state, q)
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    return list(_SELL_ACTIONS[seat][q][low : high + 1])


#: seat -> quality -> count -> the action selling that many
_SELL_ACTIONS = tuple(
    tuple(tuple(ACTIONS[seat][label] for label in row) for row in SELL_LABEL)
    for seat in range(MAX_PLAYERS)
)


def pick(state: CounterfeitersState, q: int, count: int) -> bool:
    """The seat's count for quality ``q``; True when the sale is complete."""
    rules = _rules(state)
    state.picks[q] = count
    state.quality = q + 1
    state.note("pick", state.current_player, count, q, PLACES[rules[0]])
    return _advance(state, rules)


def _sell(state: CounterfeitersState, fence: bool) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    picks = state.picks
    total = sum(picks)
    if fence:
        lowest = 0
        while not picks[lowest]:  # a sale holds at least one note
            lowest += 1
        cash = total * FENCE_RATES[lowest]
    else:
        cash = total * SUPERMARKET_PAYS
    fakes, supply, base = state.fakes, state.supply, seat * QUALITIES
    for q in range(QUALITIES):
        fakes[base + q] -= picks[q]
        supply[q] += picks[q]  # D22: sold notes go back to the supply
    money.gain(state, seat, cash)
    state.note("sold", seat, list(picks), PLACES[fence], cash)
    state.picks = [0] * QUALITIES
    state.quality = 0
