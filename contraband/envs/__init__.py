"""Reinforcement-learning environments for every game and player count.

    from contraband import envs
    env = envs.env("narcos", players=3)        # a PettingZoo AEC environment
    env = envs.parallel_env("narcos", players=3)   # PettingZoo's parallel API (turn-based)
    env = envs.gym_env("tony-tino", opponents="greedy")   # one learning seat, for Gymnasium
    env = gymnasium.make("contraband/tony-tino-v0", opponents="greedy")   # the same
    env = gymnasium.make("contraband/tony-tino-v1", opponents="greedy", reward="margin")

The action spaces (``action_space(game)``) and observation layouts (``observation_layout(game,
players)``) need only NumPy; the environments need the extra ``rl`` (PettingZoo and Gymnasium):
``pip install -e '.[rl]'``. See docs/envs.md.
"""

from __future__ import annotations

from typing import Any

from contraband.envs.actions import ActionSpace, action_space
from contraband.envs.layout import Layout, observation_layout
from contraband.envs.lookahead import Position, afterstates, position

_NEEDS_RL = {
    "ContrabandEnv": "contraband.envs.aec",
    "env": "contraband.envs.aec",
    "raw_env": "contraband.envs.aec",
    "SingleAgentEnv": "contraband.envs.single",
    "gym_env": "contraband.envs.single",
    "parallel_env": "contraband.envs.parallel",
}

__all__ = [
    "ActionSpace",
    "ContrabandEnv",
    "Layout",
    "Position",
    "SingleAgentEnv",
    "action_space",
    "afterstates",
    "env",
    "gym_env",
    "observation_layout",
    "parallel_env",
    "position",
    "raw_env",
]


def _register_with_gymnasium() -> None:
    """``gymnasium.make("contraband/GAME-v0", players=..., opponents=..., reward=...)`` for every
    game, and ``-v1`` (the mover's perspective) for every game that declares its domains, once
    ``contraband.envs`` is imported (nothing to do without Gymnasium)."""
    try:
        import gymnasium
    except ModuleNotFoundError:
        return
    from contraband import game_ids
    from contraband.envs.domains import encoding_module

    for game in game_ids():
        versions = (0, 1) if encoding_module(game) is not None else (0,)
        for version in versions:
            env_id = f"contraband/{game}-v{version}"
            if env_id not in gymnasium.registry:
                gymnasium.register(
                    env_id,
                    entry_point="contraband.envs.single:gym_env",
                    kwargs={"game": game, "version": version},
                )


_register_with_gymnasium()


def __getattr__(name: str) -> Any:
    """The environments, imported on first use so that a missing extra is named clearly."""
    module = _NEEDS_RL.get(name)
    if module is None:
        raise AttributeError(f"module 'contraband.envs' has no attribute {name!r}")
    try:
        imported = __import__(module, fromlist=[name])
    except ModuleNotFoundError as missing:
        if missing.name not in ("pettingzoo", "gymnasium"):
            raise
        raise ImportError(
            f"contraband.envs.{name} needs PettingZoo and Gymnasium (the extra 'rl'): "
            "pip install -e '.[rl]'"
        ) from None
    return getattr(imported, name)
