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
#: the share of its decisions on which a level slips (takes one of its few best moves instead
#: of the best) where the game's ``Heuristic.level_slips`` does not say
DEFAULT_SLIPS: dict[str, float] = {"easy": 0.25}


def check_slips(agent: str, slip: float | None, among: int, level: str) -> None:
    """Refuse slip settings out of range: a share (None: the level's), at least two moves to
    slip among, and a level name of ``LEVEL_NAMES`` (the empty name: no level)."""
    if slip is not None and not 0.0 <= slip <= 1.0:
        raise ValueError(f"{agent}: slip must be a share between 0 and 1, got {slip}")
    if among < 2:
        raise ValueError(f"{agent}: among must be at least 2 moves, got {among}")
    if level and level not in LEVEL_NAMES:
        allowed = ", ".join(LEVEL_NAMES)
        raise ValueError(f"{agent}: level must be one of {allowed}, got {level!r}")


def level_slip(heuristic: object, level: str) -> float:
    """The slip the game gives a level (``Heuristic.level_slips``), else the default one."""
    slips: dict[str, float] = getattr(heuristic, "level_slips", {})
    return slips.get(level, DEFAULT_SLIPS.get(level, 0.0))


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
