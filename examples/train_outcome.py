"""Training the outcome model (``outcome_net.OutcomeNet``) of the learning example.

Generations of watched games in the PettingZoo environment, both seats played by the same
built-in agent (``greedy`` mostly, a ``greedy`` that slips now and then in the rest: the
``watch`` games of ``train_value``); after each generation the model is fitted again on every
game watched so far (every other observation; every tenth game held out, the epoch that does
best on them kept) and its ``scale`` on the held-out games' results. Training stops before a
generation would take the CPU seconds of every process past ``--budget``.
"""

from __future__ import annotations

import time
from argparse import Namespace
from typing import Any

import numpy as np
from outcome_net import OutcomeNet, fit, fit_scale, training_rows


def train_outcome(
    args: Namespace, runner: Any, play_batch: Any, save: Any
) -> tuple[OutcomeNet, list]:
    """The generations of watching and fitting (``save(net, curve, args, cpu)`` after each);
    returns the model and one curve row each."""
    from contraband import envs

    env = envs.raw_env(args.game, args.players, version=args.version)
    net = OutcomeNet(args.game, env.layout, args.hidden, args.seed)
    train: list[tuple[np.ndarray, ...]] = []
    held: list[tuple[np.ndarray, ...]] = []
    curve: list[dict[str, Any]] = []
    next_seed = (args.seed + 1) * 1_000_000  # far from the evaluation's seeds (10,000 on)
    games_seen = 0
    for generation in range(args.generations):
        count = args.watch if generation == 0 else args.games
        seeds = list(range(next_seed, next_seed + count))
        next_seed += count
        base = {"game": args.game, "net": None, "opponent": "watch", "epsilon": 0.0,
                "version": args.version, "players": args.players, "depth": 0,
                "siblings": False}  # fmt: skip
        results = runner.map(play_batch, runner.split(base, seeds))
        started = time.process_time()
        for result in results:
            trajectories = result["games"]
            for start in range(0, len(trajectories), env.players):
                game = trajectories[start : start + env.players]
                rows = training_rows(net, game)
                if games_seen % 10 == 0:  # every tenth game held out, the first among them
                    held.append(rows)
                else:  # the observations themselves are kept for the held-out games only
                    train.append((rows[0], rows[1], rows[2][:0], rows[3][:0]))
                games_seen += 1
        train = [tuple(np.concatenate([part[i] for part in train]) for i in range(4))]
        held = [tuple(np.concatenate([part[i] for part in held]) for i in range(4))]
        stacked, held_out = train[0], held[0]
        entropy, accuracy = fit(
            net, (stacked[0], stacked[1]), (held_out[0], held_out[1]), args.epochs, args.rows,
            args.rate, args.seed * 100 + generation,
        )  # fmt: skip
        error = fit_scale(net, held_out[2], held_out[3])
        runner.cpu += time.process_time() - started
        curve.append(
            {
                "generation": generation,
                "opponent": "watch",
                "games": games_seen,
                "held_out_cross_entropy": round(entropy, 4),
                "held_out_accuracy": round(accuracy, 4),
                "held_out_loss": round(error, 4),
                "scale_dollars": float(net.scale[0]),
                "cpu_seconds": round(runner.cpu, 1),
            }
        )
        save(net, curve, args, runner.cpu)
        print(
            f"generation {generation:2}: {games_seen} games watched, held-out cross-entropy "
            f"{entropy:.4f} (accuracy {accuracy:.3f}), scale ${net.scale[0]:,.0f}, "
            f"CPU {runner.cpu:.0f} s",
            flush=True,
        )
        if runner.another_overruns(args.budget):
            break
    return net, curve
