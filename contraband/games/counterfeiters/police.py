"""The police track: the pawn moves one space after an action on a space with a police cap, and
the space it lands on takes effect once that action is complete.

Godfather: every player pays half of their cash, rounded up to $10 (fake notes, offshore money
and lottery tickets are safe). Investigation: the supermarket refuses that quality and every
lower one, for good. Strike: no flights while the pawn stands there. The last space (a
Godfather) ends the game after the action that reached it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import GODFATHER, INVESTIGATION, STRIKE, TRACK

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def advance(state: CounterfeitersState) -> bool:
    """Move the pawn one step and apply its new space; True when it reached the end."""
    if state.pawn >= TRACK:
        return True
    leaving_strike = state.pawn == STRIKE
    state.pawn += 1
    pawn = state.pawn
    state.note("police", pawn)
    if leaving_strike:
        state.note("strike_over")
    if pawn in GODFATHER:
        godfather(state)
    if pawn in INVESTIGATION:
        state.note("investigation", INVESTIGATION.index(pawn))
    if pawn == STRIKE:
        state.note("strike")
    return pawn == TRACK


def godfather(state: CounterfeitersState) -> None:
    state.note("godfather")
    for seat in range(state.players):
        paid = money.pay_godfather(state, seat)
        state.note("tribute", seat, paid)
