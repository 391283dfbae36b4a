"""One move ahead by a game's evaluation: the judgement of the greedy agent, shared with the
games' planners (a game may not import the agents).

A move with parts (a card, then its targets) is several decisions of the same seat, so each
candidate is followed through the seat's own later decisions, taking at each step the option the
evaluation likes best, until another seat is to decide. A game's heuristic may name the reply
it assumes from the other seat at such a point (``assumed_reply``), so that a card that the
opponent could cancel is still judged by its effect. A game may end the plan where chance is
resolved (``Heuristic.plan_through_chance``), so that the sampled cards do not pick the move.
"""

from __future__ import annotations

from typing import Any

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State

MAX_CHAIN = 8  # own decisions followed after the candidate


def move_values(state: State, seat: int, heuristic: Any, legal: list[Action]) -> list[float]:
    """How much ``seat`` (on move) likes each of ``legal``, each followed through its own later
    decisions. ``state`` should be a determinization, never the truth: the children are
    judged on it."""
    through_chance = heuristic.plan_through_chance
    values = []
    for action in legal:
        start = state.log_length
        child = state.clone().apply(action)
        if through_chance or not chance_since(child, start):
            values.append(follow(child, seat, heuristic, through_chance))
        else:
            values.append(value_of(child, seat, heuristic))
    return values


def best_move(legal: list[Action], values: list[float], rng: Rng) -> Action:
    """The best-valued of ``legal``, ties broken at random."""
    best_value, best = float("-inf"), []
    for action, value in zip(legal, values, strict=True):
        if value > best_value + 1e-12:
            best_value, best = value, [action]
        elif abs(value - best_value) <= 1e-12:
            best.append(action)
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


def follow(state: State, seat: int, heuristic: Any, through_chance: bool = True) -> float:
    """``seat``'s value of ``state`` after its own next decisions, each the evaluation's best."""
    for _ in range(MAX_CHAIN):
        if state.is_terminal():
            return state.returns()[seat]
        if state.current_player != seat:
            reply = heuristic.assumed_reply(state)
            if reply is None:
                break
            state.apply(reply)
            continue
        legal = state.legal_actions()
        scored = [(heuristic.evaluate(state.clone().apply(a))[seat], a) for a in legal]
        start = state.log_length
        state.apply(max(scored, key=lambda pair: pair[0])[1])
        if not through_chance and chance_since(state, start):
            break
    return value_of(state, seat, heuristic)


def value_of(state: State, seat: int, heuristic: Any) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    return heuristic.evaluate(state)[seat]


def chance_since(state: State, start: int) -> bool:
    """Whether an event from log position ``start`` on resolved chance (a draw, a turn)."""
    kinds, events = state.EVENTS, state.events()
    offset = state.log_length - len(events)  # what a determinization left out of its log
    return any(kinds[kind].chance for kind, _ in events[start - offset :])
