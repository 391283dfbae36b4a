"""What a game tells its AIs: an evaluation, an assumed reply, and a rollout policy.

Every hook works on a state the agent may fully read (a determinization), never on the truth.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State


class Heuristic:
    """Defaults that know nothing about the game; each game's heuristic.py overrides them."""

    #: rollout steps a searching agent plays before it trusts ``evaluate`` (when its own spec does
    #: not say): short rollouts correct the evaluation, but in a game where one seat makes long
    #: runs of decisions, random steps mostly measure whose poor random moves come next.
    rollout_cutoff: int = 4

    def evaluate(self, state: State) -> list[float]:
        """Per seat, an estimate of ``returns()`` (1 win, 0 loss, shares for draws)."""
        if state.is_terminal():
            return state.returns()
        return [1.0 / state.players] * state.players

    def assumed_reply(self, state: State) -> Action | None:
        """The reply another seat is assumed to make while a greedy seat plans its own move.

        None means: stop planning here and evaluate.
        """
        return None

    def policy(self, state: State, rng: Rng) -> Action:
        """A fast move for rollouts; the default is uniformly random."""
        return rng.choice(state.legal_actions())
