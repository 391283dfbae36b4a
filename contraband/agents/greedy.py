"""Greedy: one ply of the agent's own move, judged by the game's evaluation.

A move with parts (a card, then its targets) is several decisions of the same seat, so each
candidate is followed through the seat's own later decisions, taking at each step the option the
evaluation likes best, until another seat is to decide. A game's heuristic may name the reply
it assumes from the other seat at such a point (``assumed_reply``), so that a card that the
opponent could cancel is still judged by its effect. A game may end the plan where chance is
resolved (``Heuristic.plan_through_chance``), so that the sampled cards do not pick the move.

``slip`` makes a softer player (the ``easy`` level): on that share of its decisions it takes one
of its ``among`` best-valued moves at random instead of the best, as a casual player misjudges
now and then, without ever choosing a move the evaluation ranks below those.
"""

from __future__ import annotations

from contraband.agents.base import check_turn
from contraband.core.action import Action
from contraband.core.game import load
from contraband.core.random import Rng
from contraband.core.state import State

MAX_CHAIN = 8  # own decisions followed after the candidate


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0, slip: float = 0.0, among: int = 3) -> None:
        if not 0.0 <= slip <= 1.0:
            raise ValueError(f"greedy: slip must be a share between 0 and 1, got {slip}")
        if among < 2:
            raise ValueError(f"greedy: among must be at least 2 moves, got {among}")
        self.seed = seed
        self.slip = slip
        self.among = among
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        heuristic = load(state.GAME_ID).heuristic
        guess = state.determinize(seat, self.rng)
        # our legal actions depend only on what we see: the copies below share them
        guess._legal = state._cached_legal()
        through_chance = heuristic.plan_through_chance
        values = []
        for action in legal:
            start = guess.log_length
            child = guess.clone().apply(action)
            if through_chance or not _chance_since(child, start):
                values.append(self._follow(child, seat, heuristic, through_chance))
            else:
                values.append(self._value(child, seat, heuristic))
        return self._pick(legal, values)

    def _pick(self, legal: list[Action], values: list[float]) -> Action:
        """The best-valued move (ties broken at random), or on a slip one of the few best."""
        if self.slip > 0.0 and self.rng.random() < self.slip:
            ranked = sorted(range(len(legal)), key=lambda i: -values[i])[: self.among]
            return legal[ranked[self.rng.below(len(ranked))]]
        best_value, best = float("-inf"), []
        for action, value in zip(legal, values, strict=True):
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _follow(self, state: State, seat: int, heuristic, through_chance: bool = True) -> float:
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
            if not through_chance and _chance_since(state, start):
                break
        return self._value(state, seat, heuristic)

    @staticmethod
    def _value(state: State, seat: int, heuristic) -> float:
        if state.is_terminal():
            return state.returns()[seat]
        return heuristic.evaluate(state)[seat]


def _chance_since(state: State, start: int) -> bool:
    """Whether an event from log position ``start`` on resolved chance (a draw, a turn)."""
    kinds, events = state.EVENTS, state.events()
    offset = state.log_length - len(events)  # what a determinization left out of its log
    return any(kinds[kind].chance for kind, _ in events[start - offset :])
