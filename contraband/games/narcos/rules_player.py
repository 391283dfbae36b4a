"""Narcos' rule-based player (the ``rules`` agent in this game): the game's rule-based policy
(``policy.choose``, which the search also plays in its rollouts and its planner for the
decisions it does not evaluate) with the heuristic's stop rule (``should_flip``), played
directly on a determinization of its own seat.

The policy names its choice by label. A label it names that is not legal (an action renamed, or
a decision the policy does not know) is not played: the player then declines, with the first of
``DECLINE`` that is legal, else the first legal action. Legal actions the policy does not know
are simply never chosen by it.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.narcos.heuristic import should_flip
from contraband.games.narcos.policy import choose

#: the labels that decline or end a decision, tried in this order when the policy's choice is
#: not among the legal actions
DECLINE = (
    "pass",
    "end actions",
    "invest nothing",
    "keep the goods",
    "keep the worker",
    "stop",
)


def decide(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """One of ``legal``, judged on ``state`` (a determinization for ``seat``)."""
    by_label = {action.label: action for action in legal}
    label = choose(state, list(by_label), should_flip)
    if label in by_label:
        return by_label[label]
    return next((by_label[x] for x in DECLINE if x in by_label), legal[0])
