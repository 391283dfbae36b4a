"""Greedy: one ply of the agent's own move, judged by the game's evaluation, each candidate
followed through the seat's own later decisions (``contraband.core.lookahead``).

``slip`` makes a softer player (the ``easy`` level): on that share of its decisions it takes one
of its ``among`` best-valued moves at random instead of the best, as a casual player misjudges
now and then, without ever choosing a move the evaluation ranks below those. Unset, it is the
slip the game gives ``level`` (``Heuristic.level_slips``; ``easy`` slips on one decision in four
where the game does not say), and none without a level.
"""

from __future__ import annotations

from contraband.agents.base import check_slips, check_turn, level_slip
from contraband.core.action import Action
from contraband.core.lookahead import best_move, move_values
from contraband.core.random import Rng
from contraband.core.registry import game_of
from contraband.core.state import State


class GreedyAgent:
    name = "greedy"

    def __init__(
        self, seed: int = 0, slip: float | None = None, among: int = 3, level: str = ""
    ) -> None:
        check_slips("greedy", slip, among, level)
        self.seed = seed
        self.slip = slip
        self.among = among
        self.level = level
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        heuristic = game_of(state).heuristic
        guess = state.determinize(seat, self.rng)
        # our legal actions depend only on what we see: the copies below share them
        guess._legal = state._cached_legal()
        values = move_values(guess, seat, heuristic, legal)
        slip = self.slip if self.slip is not None else level_slip(heuristic, self.level)
        return self._pick(legal, values, slip)

    def _pick(self, legal: list[Action], values: list[float], slip: float) -> Action:
        """The best-valued move (ties broken at random), or on a slip one of the few best."""
        if slip > 0.0 and self.rng.random() < slip:
            ranked = sorted(range(len(legal)), key=lambda i: -values[i])[: self.among]
            return legal[ranked[self.rng.below(len(ranked))]]
        return best_move(legal, values, self.rng)
