"""A search tree's node: the statistics of one action, from the viewpoint of the seat that chose
it."""

from __future__ import annotations

from contraband.core.action import Action

_INF = float("inf")


class Node:
    """Statistics of one action in the tree, from the viewpoint of the seat that chose it."""

    __slots__ = ("player", "visits", "total", "avail", "children", "priors")

    def __init__(self, player: int) -> None:
        self.player = player
        self.visits = 0
        self.total = 0.0
        self.avail = 1
        self.children: dict[Action, Node] = {}
        #: the evaluation (for the mover) of the position after each untried action, once asked
        self.priors: dict[Action, float] | None = None

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0
