"""A search tree's node: the statistics of one action, from the viewpoint of the seat that chose
it."""

from __future__ import annotations

import math

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


def sprout(parent: Node, action: Action, weight: int) -> Node:
    """A new child of ``parent`` for ``action``. With a ``weight``, the evaluation's value of
    the action (``parent.priors``, when widening asked for it) counts as that many visits
    already made, so that a move the evaluation likes keeps its lead until real returns
    outweigh it, and an opponent's node plays the evaluation's choice from its first visits
    rather than at random (as PUCT's prior does)."""
    child = parent.children[action] = Node(action.player)
    if weight:
        priors = parent.priors
        if priors is not None:
            prior = priors.get(action)
            if prior is not None:
                child.visits = weight
                child.total = weight * prior
    return child


def select(
    node: Node, legal: list[Action], c: float, widen: float
) -> tuple[Action | None, Node | None, list[Action] | None]:
    """One step down a tree: the available child with the best UCB score (counting it as
    available, whose count replaces the parent's visits), and the untried actions when the node
    should expand one (progressive widening: at most 1 + widen * sqrt(visits) children;
    ``widen`` 0 expands every action first), else None.

    One pass scores every available child; the scores are wasted only at the node that expands.
    """
    log, sqrt = math.log, math.sqrt
    children = node.children
    untried = None
    available = 0
    best, best_score, best_child = None, -_INF, None
    for action in legal:
        child = children.get(action)
        if child is None:
            if untried is None:
                untried = [action]
            else:
                untried.append(action)
            continue
        avail = child.avail = child.avail + 1
        available += 1
        visits = child.visits
        score = child.total / visits + c * sqrt(log(avail) / visits)
        if score > best_score:
            best, best_score, best_child = action, score, child
    if untried is not None and (
        widen <= 0.0 or available == 0 or available < 1.0 + widen * sqrt(node.visits)
    ):
        return best, best_child, untried
    return best, best_child, None


def most_visited(root: Node, legal: list[Action]) -> list[Action]:
    """The root's searched moves, most visited first; ties go to the better mean, then to the
    legal order. A move the search never expanded is left out unless none was (then every
    legal move, in the legal order)."""
    children = root.children
    searched = [
        (-child.visits, -child.mean(), index, action)
        for index, action in enumerate(legal)
        if (child := children.get(action)) is not None
    ]
    if not searched:
        return list(legal)
    searched.sort()
    return [entry[3] for entry in searched]


def settled(root: Node, left: int) -> bool:
    """Whether the most visited root move stays the most visited however the ``left``
    remaining iterations fall (each adds at most one visit to one root move)."""
    first = second = 0
    for child in root.children.values():
        visits = child.visits
        if visits > first:
            first, second = visits, first
        elif visits > second:
            second = visits
    return first - second > left
