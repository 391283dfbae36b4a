"""Real money changing hands, with the table's public knowledge of each seat's cash.

Every change of a seat's real money is public (RULES.md, D17) except a flight's move between
cash and the offshore account. So the table always knows each seat's total (cash + offshore) and
an interval ``cash_lo..cash_hi`` that its cash must lie in: an income shifts it; a payment first
shows that the cash covered it; a Godfather payment shows the cash to within $10 (half, rounded
up); a flight makes any split possible again. A determinization draws the hidden cash from this
interval, so it stays consistent with everything the other seats have seen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters.board import UNIT

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def gain(state: CounterfeitersState, seat: int, amount: int) -> None:
    """Real money from the bank into ``seat``'s cash, in the open."""
    state.cash[seat] += amount
    state.cash_lo[seat] += amount
    state.cash_hi[seat] += amount


def pay(state: CounterfeitersState, seat: int, amount: int) -> None:
    """``seat`` pays the bank from cash, in the open (the caller checked the cash suffices)."""
    state.cash[seat] -= amount
    state.cash_lo[seat] = max(state.cash_lo[seat], amount) - amount
    state.cash_hi[seat] -= amount


def tribute(cash: int) -> int:
    """The Godfather's share: half of the cash, rounded up to whole $10 notes (D11)."""
    return ((cash // UNIT + 1) // 2) * UNIT


def pay_godfather(state: CounterfeitersState, seat: int) -> int:
    paid = tribute(state.cash[seat])
    # what the payment shows: the cash was 2m-1 or 2m units for a payment of m units (0 for 0)
    units = paid // UNIT
    low = (2 * units - 1) * UNIT if units else 0
    high = 2 * units * UNIT
    state.cash[seat] -= paid
    state.cash_lo[seat] = max(state.cash_lo[seat], low) - paid
    state.cash_hi[seat] = min(state.cash_hi[seat], high) - paid
    return paid


def flown(state: CounterfeitersState, seat: int) -> None:
    """After a flight, any split of the seat's money between cash and offshore is possible."""
    state.cash_lo[seat] = 0
    state.cash_hi[seat] = state.cash[seat] + state.offshore[seat]


def worth(state: CounterfeitersState, seat: int) -> int:
    return state.cash[seat] + state.offshore[seat]
