"""Actions: one small decision of one seat, named by a stable human-readable label."""

from __future__ import annotations

from typing import Any, NamedTuple

from contraband.core.plain import detached

#: how much of a bad input an error message quotes
QUOTE_LIMIT = 40


class Action(NamedTuple):
    """A decision of ``player``; equal actions have equal (player, label).

    A NamedTuple keeps creation and comparison in C, which matters in random playouts.
    """

    player: int
    label: str

    def __str__(self) -> str:
        return self.label


class IllegalAction(ValueError):
    """An action that is not legal in the current state. The state is left unchanged.

    Structured fields, so a server need not parse the text:
      ``seat``   the seat the action was submitted for (None when unknown);
      ``reason`` one of ``game_over``, ``not_your_turn``, ``not_legal``, ``bad_input``;
      ``legal``  the submitting seat's own legal labels when it is on move, else None (another
                 seat's options are never shown);
      ``turn``   the seat whose decision it is (public knowledge), or None when the game is over.
    """

    def __init__(
        self,
        message: str,
        *,
        seat: int | None = None,
        reason: str = "not_legal",
        legal: list[str] | None = None,
        turn: int | None = None,
    ) -> None:
        super().__init__(message)
        self.seat = seat
        self.reason = reason
        self.legal = legal
        self.turn = turn

    def to_dict(self) -> dict[str, Any]:
        """The error as JSON-able data, exactly what the submitting seat may see."""
        return {
            "error": str(self),
            "seat": self.seat,
            "reason": self.reason,
            "legal": self.legal,
            "turn": self.turn,
        }


def quote(value: Any) -> str:
    """A short, safe rendering of bad input for an error message (never the whole input)."""
    if isinstance(value, str):
        return repr(value[:QUOTE_LIMIT]) + ("..." if len(value) > QUOTE_LIMIT else "")
    if (
        value is None
        or isinstance(value, (bool, float))
        or (isinstance(value, int) and abs(value) < 10**QUOTE_LIMIT)
    ):
        return repr(value)
    name = type(value).__name__
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def action_table(players: int, labels: list[str] | tuple[str, ...]) -> list[dict[str, Action]]:
    """Pre-built Action objects per seat, so hot paths look actions up instead of creating them."""
    return [{label: Action(p, label) for label in labels} for p in range(players)]


def action_info(state: Any, action: Any) -> dict[str, Any]:
    """``State.action_info``: the game's description of an action or label, as a copy the caller
    may change. Anything but an action or a label of the game raises IllegalAction."""
    label = action.label if isinstance(action, Action) else action
    if not isinstance(label, str):
        raise IllegalAction(
            f"an action must be an Action or its label (a string), not {quote(action)}",
            reason="bad_input",
            turn=state.current_player,
        )
    try:
        info = state._action_info(label)
    except (LookupError, TypeError, AttributeError):  # the game's tables never knew the label
        raise IllegalAction(
            f"{quote(label)} is not an action of {state.GAME_ID}",
            reason="bad_input",
            turn=state.current_player,
        ) from None
    return {"label": label, **detached(info)}
