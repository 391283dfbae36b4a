"""The view an encoder reads: ``state.view(seat)`` without its defensive deep copy.

``State.view`` deep-copies what the game's view function returns (``detached``), so that a caller
may keep or change it without touching the game: about three quarters of a view's cost. The
encoders (``layout.Layout.encode``, ``perspective.PerspectiveLayout.encode``) only read the view,
once, while it is being encoded: they write into their own vector and keep no reference to any
part of it. So the environments encode ``peek(state, seat)``, which returns the game's view as the
game made it, which may share lists with the state, and must be neither kept nor changed. It has
the same content as ``view(seat)`` except the last move's log events (``last_move.events``), which
no encoder reads (they are left out, ``domains.SKIPPED``), and the seat names (also left out).
"""

from __future__ import annotations

from typing import Any

from contraband import State


def peek(state: State, seat: int) -> dict[str, Any]:
    """``state.view(seat)`` for an encoder: not a copy; never keep or change it."""
    data = state._view(seat)  # noqa: SLF001 - the game's view, before State.view copies it
    history = state.history
    if history:
        last = len(history) - 1
        move = {
            "index": state._offset[0] + last,  # noqa: SLF001 - as core.log.last_move counts
            "seat": state.actors[last],
            "label": state.visible_label(last, seat),
        }
        return {**data, "last_move": move}
    return {**data, "last_move": None}
