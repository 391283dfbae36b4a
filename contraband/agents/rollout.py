"""Rollouts: how a search plays a position on from a new leaf."""

from __future__ import annotations

from typing import Any

from contraband.core.random import Rng
from contraband.core.state import State

#: the rollout kinds: uniform random moves, the game's heuristic policy, or greedy by evaluation
ROLLOUTS = ("random", "heuristic", "greedy")
_INF = float("inf")


def rollout(kind: str, state: State, heuristic: Any, rng: Rng, cutoff: int) -> list[float]:
    """Play ``state`` on (in place) and return each seat's value: ``kind`` moves at random, by
    the game's policy, or greedily by its evaluation, until the game ends or ``cutoff`` steps
    have been played (then the evaluation scores the position; -1: no cutoff)."""
    steps = 0
    if kind == "random":
        while not state.is_terminal():
            if steps == cutoff:
                return heuristic.search_value(state)
            legal = state._cached_legal()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
    elif kind == "greedy":
        evaluate = heuristic.search_value
        while not state.is_terminal():
            if steps == cutoff:
                return evaluate(state)
            legal = state._cached_legal()
            if len(legal) == 1:
                state.apply(legal[0])
            else:
                mover = state.current_player
                best, best_value = legal[0], -_INF
                for action in legal:
                    value = evaluate(state.clone().apply(action))[mover]
                    if value > best_value:
                        best, best_value = action, value
                state.apply(best)
            steps += 1
    else:
        policy = heuristic.policy
        while not state.is_terminal():
            if steps == cutoff:
                return heuristic.search_value(state)
            state.apply(policy(state, rng))
            steps += 1
    return heuristic.search_value(state)
