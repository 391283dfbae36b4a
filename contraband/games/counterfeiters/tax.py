"""Tax fraud: $30 from the bank; the sunglasses space also takes the start-player marker."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import TAX_FRAUD

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def tax_fraud(state: CounterfeitersState, seat: int, sunglasses: bool) -> None:
    """Tax fraud on a space with (or without) the sunglasses."""
    money.gain(state, seat, TAX_FRAUD)
    state.note("tax", seat, TAX_FRAUD)
    if sunglasses:
        # the current round's order does not change; the marker's holder begins the next (D9)
        state.marker = seat
        state.note("marker" if state.stage == "round" else "marker_late", seat)
