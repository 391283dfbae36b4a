"""Taking back a decision (``State.undoable`` and ``State.undo``): Board Game Arena's policy."""

from __future__ import annotations

from typing import Any

from contraband.core import serialize
from contraband.core.action import IllegalAction


def undoable(state: Any, seat: Any) -> bool:
    """Whether ``seat`` may take back its last decision: it was the last decision taken, it
    revealed nothing hidden and no chance was resolved since."""
    state._check_seat(seat, allow_spectator=False)
    if not state.history or state.actors[-1] != seat or state.seed is None:
        return False
    kinds = state.EVENTS
    for kind, _ in state.events()[state._starts[-1] :]:
        if kinds[kind].chance or kinds[kind].reveals:
            return False
    return True


def undo(state: Any, seat: Any) -> Any:
    """A new state: the game without ``seat``'s last decision (see ``undoable``)."""
    if not undoable(state, seat):
        raise IllegalAction(
            "that decision cannot be taken back: it was not your last one, or something "
            "hidden was revealed or chance was resolved since",
            seat=seat,
            reason="cannot_undo",
            turn=state.current_player,
        )
    return serialize.without_last(state)
