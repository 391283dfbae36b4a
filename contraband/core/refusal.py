"""Why an action was refused, told so that the error names only what the submitting seat may
know: whose turn it is, never the mover's options (which in a game with hands are its cards)."""

from __future__ import annotations

from typing import Any

from contraband.core.action import Action, IllegalAction, quote
from contraband.core.checks import is_seat


def refusal(state: Any, action: Any, seat: Any, legal: list[Action]) -> IllegalAction:
    """The error for a refused action, naming only what ``seat`` may know."""
    turn = state.current_player
    if not isinstance(action, (str, Action)):
        return IllegalAction(
            f"an action must be an Action or its label (a string), not {quote(action)}",
            seat=None,
            reason="bad_input",
            turn=turn,
        )
    if seat is not None and not is_seat(seat, state.players):
        return IllegalAction(
            f"seat must be 0..{state.players - 1}, not {quote(seat)}",
            reason="bad_input",
            turn=turn,
        )
    if isinstance(action, Action) and not is_seat(action.player, state.players):
        return IllegalAction(
            f"an action's player must be a seat 0..{state.players - 1}, not {quote(action.player)}",
            reason="bad_input",
            turn=turn,
        )
    if not legal:
        return IllegalAction("the game is over; no action is legal", seat=seat, reason="game_over")
    names = state.seat_names()
    if seat != turn:
        return IllegalAction(
            f"it is {names[turn]}'s decision (seat {turn}), not {names[seat]}'s",
            seat=seat,
            reason="not_your_turn",
            turn=turn,
        )
    label = action if isinstance(action, str) else action.label
    labels = [a.label for a in legal]
    return IllegalAction(
        f"{quote(label)} is not legal now. Legal: {', '.join(labels)}",
        seat=seat,
        reason="not_legal",
        legal=labels,
        turn=turn,
    )
