"""The agent protocol: ``agent.act(state, seat) -> Action``.

An agent sees only what its seat may see. Agents that look ahead do so on
``state.determinize(seat, rng)``, never on the state they were handed.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from contraband.core.action import Action
from contraband.core.state import State

#: the named strength levels, weakest first (their specs: ``contraband.agents.LEVELS``)
LEVEL_NAMES = ("easy", "medium", "hard")


@runtime_checkable
class Agent(Protocol):
    name: str

    def act(self, state: State, seat: int) -> Action: ...


def check_turn(state: State, seat: int) -> list[Action]:
    """The legal actions for ``seat``; a clear error when it is not that seat's decision."""
    if state.is_terminal():
        raise ValueError("the game is over: there is nothing to decide")
    if state.current_player != seat:
        raise ValueError(f"it is seat {state.current_player}'s decision, not seat {seat}'s")
    return state.legal_actions()
