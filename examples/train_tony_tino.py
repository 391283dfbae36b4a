"""A worked example: MaskablePPO (sb3-contrib) learns Tony & Tino against one of our agents.

    .venv/bin/python -m pip install -e '.[rl,examples]'
    .venv/bin/python examples/train_tony_tino.py --opponent greedy --steps 120000 --seed 0
    .venv/bin/python examples/train_tony_tino.py --opponent random --steps 100000 --seed 0

The learner is one seat of the Gymnasium environment (``contraband.envs.gym_env``), drawn at
random each game, against ``--opponent``; it only ever picks a legal action (the environment's
``action_masks()``). The observation vector is squashed with sign(x)·log(1+|x|), since the
encoding keeps raw counts and money. Every finished training game is logged; the learning curve
(win share over the last 500 training games) goes to ``examples/tony_tino_<opponent>_curve.png``
and the figures to ``tony_tino_<opponent>_results.json``. The trained policy (its most likely
legal action) then plays ``--eval`` games against `random` and against `greedy`, seats drawn at
random, seeds 10,000 onwards, and the win share is printed with a 95% Wilson interval. One
PyTorch thread; 120,000 steps took 1,100 s on the project's shared, busy 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path

import gymnasium
import numpy as np

HERE = Path(__file__).resolve().parent
GAME = "tony-tino"


class Squashed(gymnasium.Wrapper):
    """The environment's vector only (sign·log1p-squashed), with its mask kept for MaskablePPO."""

    def __init__(self, env: gymnasium.Env) -> None:
        super().__init__(env)
        size = env.observation_space["observation"].shape
        self.observation_space = gymnasium.spaces.Box(-np.inf, np.inf, size, dtype=np.float32)

    @staticmethod
    def squash(observation: dict[str, np.ndarray]) -> np.ndarray:
        vector = observation["observation"]
        return (np.sign(vector) * np.log1p(np.abs(vector))).astype(np.float32)

    def reset(self, **kwargs):
        observation, info = self.env.reset(**kwargs)
        return self.squash(observation), info

    def step(self, action):
        observation, reward, terminated, truncated, info = self.env.step(action)
        return self.squash(observation), reward, terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        return self.env.unwrapped.action_masks().astype(bool)


def make_env(opponent: str) -> gymnasium.Env:
    from contraband import envs

    return Squashed(envs.gym_env(GAME, seat=None, opponents=opponent, illegal="raise"))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win share (a shared win counts its share)."""
    share = wins / games
    scale = 1 + z * z / games
    centre = (share + z * z / (2 * games)) / scale
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def evaluate(model, opponent: str, games: int, seed: int) -> dict[str, float]:
    env = make_env(opponent)
    wins = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, reward, done, _, _ = env.step(int(action))
        wins += reward
    low, high = wilson(wins, games)
    return {"opponent": opponent, "games": games, "wins": wins, "low": low, "high": high}


def plot(rewards: list[float], lengths: list[int], window: int, opponent: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps = np.cumsum(lengths)
    wins = np.asarray(rewards, dtype=float)
    kernel = np.ones(window) / window
    rolling = np.convolve(wins, kernel, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps[window - 1 :], rolling)
    ax.set_xlabel("learner decisions (training steps)")
    ax.set_ylabel(f"win share, last {window} training games")
    ax.set_title(f"MaskablePPO on Tony & Tino against {opponent}")
    ax.set_ylim(0, max(0.1, float(rolling.max()) * 1.2) if len(rolling) else 1)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=120_000, help="learner decisions to train")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--opponent", default="greedy", help="the agent spec trained against")
    parser.add_argument("--eval", type=int, default=200, help="games per evaluation opponent")
    parser.add_argument("--out", type=Path, default=HERE, help="folder for the curve and figures")
    args = parser.parse_args()

    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor

    torch.set_num_threads(1)
    env = Monitor(make_env(args.opponent))
    env.reset(seed=args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        gamma=1.0,
        ent_coef=0.01,
        policy_kwargs={"net_arch": [128, 128]},
        seed=args.seed,
        device="cpu",
        verbose=0,
    )
    started = time.time()
    model.learn(total_timesteps=args.steps)
    trained = time.time() - started
    rewards, lengths = env.get_episode_rewards(), env.get_episode_lengths()
    args.out.mkdir(parents=True, exist_ok=True)
    window = min(500, max(1, len(rewards) // 5))
    stem = f"tony_tino_{args.opponent.split(':')[0]}"
    plot(rewards, lengths, window, args.opponent, args.out / f"{stem}_curve.png")

    results = [evaluate(model, opponent, args.eval, 10_000) for opponent in ("random", "greedy")]
    summary = {
        "opponent": args.opponent,
        "steps": args.steps,
        "seed": args.seed,
        "training_games": len(rewards),
        "training_seconds": round(trained),
        "first_500_win_share": float(np.mean(rewards[:500])),
        "last_500_win_share": float(np.mean(rewards[-500:])),
        "evaluation": results,
    }
    (args.out / f"{stem}_results.json").write_text(json.dumps(summary, indent=2) + "\n")
    print(f"trained {args.steps} steps ({len(rewards)} games) in {trained:.0f} s")
    for row in results:
        print(
            f"against {row['opponent']:6}: won {row['wins']:g} of {row['games']} = "
            f"{row['wins'] / row['games']:.1%} (95% Wilson {row['low']:.1%}-{row['high']:.1%})"
        )


if __name__ == "__main__":
    main()
