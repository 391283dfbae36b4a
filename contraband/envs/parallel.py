"""PettingZoo's parallel API for the turn-based games: every agent sends an action at each step
and only the mover's counts (PettingZoo's own ``turn_based_aec_to_parallel``, as its classic
board games offer). No game of ours has seats deciding at the same moment: the engine asks one
seat at a time, simultaneous choices included (they are secret until revealed).

Each step returns every agent's observation; an agent not on move has an all-zero action mask
and may send any id (0 will do); ``infos[agent]["active_agent"]`` names the mover. Rewards,
versions and reset options are the AEC environment's (``contraband.envs.aec``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pettingzoo import ParallelEnv
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from contraband.envs.aec import env


def parallel_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    version: int = 0,
    reward: str = "win",
    info_view: bool | None = None,
) -> ParallelEnv:
    """The game as a PettingZoo ``ParallelEnv`` (see the module's docstring)."""
    return turn_based_aec_to_parallel(
        env(game, players, options, render_mode, version, reward, info_view)
    )
