"""Evaluating a trained value net: games through the Gymnasium environment only, no exploration,
and the check that a saved net still matches the environment's observation layout."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import numpy as np
from outcome_net import OutcomeNet
from value_agent import DEPTH, ValueAgent, ValueNet

#: the evaluation's first seed (training's are far from it, from 1,000,000 on)
EVAL_SEED = 10_000


def evaluate_batch(task: dict[str, Any]) -> dict[str, Any]:
    """Evaluation games through the Gymnasium environment only, no exploration."""
    import gymnasium

    import contraband.envs  # noqa: F401  (registers contraband/GAME-vN)

    started = time.process_time()
    net = from_state(task["net"])
    env = gymnasium.make(
        f"contraband/{task['game']}-v{task['version']}",
        players=task["players"],
        seat=None,
        opponents=task["opponent"],
        illegal="raise",
    )
    if isinstance(net, ValueNet) and net.mean.shape[0] != env.unwrapped.layout.size:
        raise ValueError(
            f"the net reads {net.mean.shape[0]} inputs, {task['game']}'s observation has "
            f"{env.unwrapped.layout.size} now (its encoding changed): train it again"
        )
    wins = []
    for seed in task["seeds"]:
        agent = ValueAgent(net, 0.0, seed=seed, depth=task["depth"])
        observation, info = env.reset(seed=seed)
        done, reward = False, 0.0
        while not done:
            action = agent.choose(env, observation["action_mask"])
            observation, reward, done, _, info = env.step(action)
        wins.append(float(reward))
    return {"wins": wins, "cpu": time.process_time() - started}


def evaluate(
    net: Any,
    game: str,
    opponent: str,
    games: int,
    runner: Any,
    version: int = 1,
    players: int | None = None,
    depth: int = DEPTH,
) -> dict:
    from contraband.lab.stats import wilson

    seeds = [EVAL_SEED + i for i in range(games)]
    base = {"game": game, "net": net.state_dict(), "opponent": opponent, "version": version}
    base.update(players=players, depth=depth)
    wins = [
        win
        for result in runner.map(evaluate_batch, runner.split(base, seeds))
        for win in result["wins"]
    ]
    low, high = wilson(sum(wins), len(wins))
    return {
        "opponent": opponent,
        "games": len(wins),
        "wins": sum(wins),
        "share": sum(wins) / len(wins),
        "low": low,
        "high": high,
    }


def layout_digest(game: str, version: int, players: int | None = None) -> str:
    """The fingerprint of the observation layout a net was trained on."""
    from contraband import envs

    return envs.raw_env(game, players, version=version).layout.digest


def from_state(arrays: Any) -> Any:
    """A saved value function: the outcome model or the value net, as its arrays say."""
    if "kind" in arrays and str(arrays["kind"]) == OutcomeNet.kind:
        return OutcomeNet.from_state(arrays)
    return ValueNet.from_state(arrays)


def load_net(path: Path, game: str, version: int, players: int | None = None) -> Any:
    """A saved net, refused clearly when the environment's layout has changed since."""
    with np.load(path) as arrays:
        saved = str(arrays["digest"]) if "digest" in arrays else "none"
        net = from_state(dict(arrays))
    if saved != layout_digest(game, version, players):
        raise ValueError(
            f"{path} was trained on observation layout {saved}, but {game} version {version} "
            f"now has {layout_digest(game, version, players)}: train it again"
        )
    return net


def report(results: list[dict[str, Any]]) -> None:
    for row in results:
        print(
            f"against {row['opponent']:6}: won {row['wins']:g} of {row['games']} = "
            f"{row['share']:.1%} (95% Wilson {row['low']:.1%}-{row['high']:.1%})"
        )
