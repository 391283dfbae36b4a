"""Uniformly random legal actions from the agent's own seeded generator."""

from __future__ import annotations

from contraband.agents.base import check_turn
from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        return self.rng.choice(check_turn(state, seat))
