"""Actions: one small decision of one seat, named by a stable human-readable label."""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """A decision of ``player``; equal actions have equal (player, label).

    A NamedTuple keeps creation and comparison in C, which matters in random playouts.
    """

    player: int
    label: str

    def __str__(self) -> str:
        return self.label


class IllegalAction(ValueError):
    """An action that is not legal in the current state. The state is left unchanged."""


def action_table(players: int, labels: list[str] | tuple[str, ...]) -> list[dict[str, Action]]:
    """Pre-built Action objects per seat, so hot paths look actions up instead of creating them."""
    return [{label: Action(p, label) for label in labels} for p in range(players)]
