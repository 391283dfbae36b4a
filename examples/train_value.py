"""An example that learns: a value function over observations, and a small search with it.

    nice -n 5 .venv/bin/python examples/train_value.py --game tony-tino --seed 0   # extra 'rl'

Two value functions, ``--model``: ``outcome`` (``outcome_net.OutcomeNet``, where the game's
structure is declared, Tony & Tino: how each street ends, learnt from watched games;
``train_outcome.py``) and ``value`` (any game), trained as follows. Training plays generations
of games in the PettingZoo environment (``contraband.envs``). The first only watches: both seats
played by the same built-in agent (``greedy``, or a ``greedy`` that slips now and then), every
seat's observation after every move kept with its result, and in the games of plain ``greedy``
each decision's sibling afterstates with the one it took. Then the learner
(``value_agent.ValueAgent``: epsilon-greedy, searching through ``contraband.envs.position``)
plays ``greedy``, itself and ``random`` in turn. After each generation the net
(``value_net.ValueNet``) is fitted (Adam) to TD(lambda) targets over every seat's observations,
a finished game's target being half the win and half the score margin, and to the watched
choices among siblings. The games run in ``--workers`` processes; the CPU seconds of every
process are summed (``time.process_time``), and training stops before a generation would take
them past ``--budget``.

Evaluation plays ``--eval`` games against ``random`` and as many against ``greedy`` through the
Gymnasium environment (``gymnasium.make("contraband/GAME-v1", seat=None, ...)``: the learner's
seat drawn each game), no exploration, seeds from 10,000 on (training's from 1,000,000 on), and
prints the win shares with their 95% Wilson intervals. The net goes to
``examples/<game>_<model>.npz`` (``tony_tino_outcome.npz``), the figures to
``<game>_<model>_results.json``, the learning curve to ``<game>_<model>_curve.png``.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

# one BLAS thread per process: the batches are small, and threads only fight over the cores
for _variable in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from outcome_net import STRUCTURES  # noqa: E402
from train_outcome import train_outcome  # noqa: E402
from value_agent import DEPTH, Sibling, ValueAgent, ValueNet, fit, outcome  # noqa: E402
from value_eval import evaluate, evaluate_batch, layout_digest, load_net, report  # noqa: E402, F401

#: the built-in agents that play the watched games, one drawn per game for every seat: a game
#: between unequal players (greedy against random) is won by the stronger whatever the position,
#: and the learner, which cannot see who plays, would learn the mix instead of the position
WATCHED = ("greedy", "greedy:slip=0.2", "greedy:slip=0.5")
WATCHED_SHARES = (0.7, 0.2, 0.1)
#: the settings each model trains with unless told otherwise
DEFAULTS = {
    "value": {"games": 100, "watch": 1200, "rows": 60_000, "rate": 3e-3, "hidden": 64},
    "outcome": {"games": 500, "watch": 1500, "rows": 300_000, "rate": 2e-3, "hidden": 128},
}
#: the opponents of the generations after the first, in turn
OPPONENTS = ("greedy", "greedy", "self", "greedy", "greedy", "random")


def curriculum(generation: int) -> str:
    """The opponent of a generation: watch first, then mostly greedy, some self-play and random."""
    if generation == 0:
        return "watch"
    return OPPONENTS[(generation - 1) % len(OPPONENTS)]


def play_training_game(
    game: str,
    net: ValueNet | None,
    opponent: str,
    epsilon: float,
    seed: int,
    version: int = 1,
    players: int | None = None,
    depth: int = DEPTH,
    siblings: bool = True,
) -> tuple[list[tuple[np.ndarray, float]], float, list[Sibling]]:
    """One game in the AEC environment: the learner in a random seat and every other seat
    played by ``opponent`` (an agent spec), by the learner too ("self"), or every seat by a
    built-in agent ("watch"). Returns every seat's (observations, target): the observation
    vector each seat had after every move of the game; the learner's win share; and, in a
    watched game of ``greedy`` (no slips), every decision's sibling afterstates (the seat's
    observation after each legal action, on a determinization through ``envs.position``) with
    the one ``greedy`` took (unless ``siblings`` is false)."""
    from contraband import envs
    from contraband.agents import from_spec
    from contraband.core.random import Rng

    env = envs.raw_env(game, players, version=version)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    learner_seat = int(rng.integers(env.players))
    agents: dict[int, Any] = {}
    watched = WATCHED[rng.choice(len(WATCHED), p=WATCHED_SHARES)]
    for seat in range(env.players):
        if opponent == "watch":
            agents[seat] = from_spec(watched, seed=seed * 8 + seat)
        elif seat == learner_seat or opponent == "self":
            agents[seat] = ValueAgent(net, epsilon, seed=seed * 8 + seat, depth=depth)
        else:
            agents[seat] = from_spec(opponent, seed=seed * 8 + seat)
    seen: dict[int, list[np.ndarray]] = {seat: [] for seat in range(env.players)}
    sets: list[Sibling] = []
    teacher = siblings and opponent == "watch" and watched == "greedy"
    sampler = Rng(seed)
    while not env.state.is_terminal():
        name = env.agent_selection
        seat = env.possible_agents.index(name)
        agent = agents[seat]
        if isinstance(agent, ValueAgent):
            env.step(agent.choose(env, env.observe(name)["action_mask"]))
        else:  # a built-in agent, as the Gymnasium environment plays its opponents
            chosen = env.actions.id(agent.act(env.state, seat).label)
            ids = np.flatnonzero(env.observe(name)["action_mask"]) if teacher else ()
            if len(ids) > 1:
                guess = envs.position(env, sampler)
                after = [guess.child(int(action)).observation() for action in ids]
                taken = int(np.searchsorted(ids, chosen))
                sets.append((np.asarray(after, dtype=np.float32), taken))
            env.step(chosen)
        for other, rows in seen.items():
            rows.append(env.observe(env.possible_agents[other])["observation"])
    results = []
    for seat, rows in seen.items():
        name = env.possible_agents[seat]
        target = outcome(env.infos[name]["view"], seat, env.rewards[name])
        results.append((np.asarray(rows, dtype=np.float32), target))
    return results, float(env.rewards[env.possible_agents[learner_seat]]), sets


def play_batch(task: dict[str, Any]) -> dict[str, Any]:
    """A worker's share of a generation, with the CPU seconds it used."""
    started = time.process_time()
    net = None if task["net"] is None else ValueNet.from_state(task["net"])
    games, wins, siblings = [], [], []
    for seed in task["seeds"]:
        keys = ("game", "opponent", "epsilon", "version", "players", "depth", "siblings")
        trajectories, win, sets = play_training_game(
            net=net, seed=seed, **{k: task[k] for k in keys}
        )
        games.extend(trajectories)
        wins.append(win)
        siblings.extend(sets)
    return {
        "games": games,
        "wins": wins,
        "siblings": siblings,
        "cpu": time.process_time() - started,
    }


class Runner:
    """Runs batches of games in worker processes (or in this one) and sums their CPU time."""

    def __init__(self, workers: int) -> None:
        self.pool = ProcessPoolExecutor(workers) if workers > 1 else None
        self.workers = max(1, workers)
        self.cpu = 0.0
        self._mark = 0.0  # the CPU seconds when the last generation ended

    def another_overruns(self, budget: float) -> bool:
        """Whether another generation as costly as the one just ended would take the CPU seconds
        past ``budget`` (call once at the end of each generation)."""
        spent, self._mark = self.cpu - self._mark, self.cpu
        return self.cpu + spent > budget

    def map(self, function, tasks: list[dict[str, Any]]) -> list[dict[str, Any]]:
        results = list(self.pool.map(function, tasks) if self.pool else map(function, tasks))
        self.cpu += sum(result["cpu"] for result in results)
        return results

    def split(self, base: dict[str, Any], seeds: list[int]) -> list[dict[str, Any]]:
        return [{**base, "seeds": seeds[i :: self.workers]} for i in range(self.workers)]

    def close(self) -> None:
        if self.pool:
            self.pool.shutdown()


def train(args: argparse.Namespace, runner: Runner) -> tuple[ValueNet, list[dict[str, Any]]]:
    """The generations of play and fitting; returns the net and one curve row per generation."""
    net: ValueNet | None = None
    from contraband import envs

    watched: list[tuple[np.ndarray, float]] = []  # the first generation's games, always kept
    siblings: list[Sibling] = []  # and the choices greedy made in them
    buffer: list[list[tuple[np.ndarray, float]]] = []
    curve = []
    next_seed = (args.seed + 1) * 1_000_000  # far from the evaluation's seeds (10,000 on)
    for generation in range(args.generations):
        opponent = curriculum(generation)
        count = args.watch if generation == 0 else args.games
        seeds = list(range(next_seed, next_seed + count))
        next_seed += count
        base = {
            "game": args.game,
            "net": None if net is None else net.state_dict(),
            "opponent": opponent,
            "epsilon": args.epsilon,
            "version": args.version,
            "players": args.players,
            "depth": args.depth,
            "siblings": True,
        }
        results = runner.map(play_batch, runner.split(base, seeds))
        games = [trajectory for result in results for trajectory in result["games"]]
        wins = [win for result in results for win in result["wins"]]
        if generation == 0:
            watched = games
            siblings = [s for result in results for s in result["siblings"]]
        else:
            buffer = [*buffer[-(args.keep - 1) :], games] if args.keep > 1 else [games]
        started = time.process_time()
        lam = args.lam
        if net is None:  # nothing to bootstrap from yet: the first targets are the results
            names = envs.raw_env(args.game, args.players, version=args.version).layout.names
            net = ValueNet(games[0][0].shape[1], args.hidden, seed=args.seed, names=names)
            lam = 1.0
            net.scale_to(np.concatenate([rows for rows, _ in games]))
        trajectories = watched + [trajectory for batch in buffer for trajectory in batch]
        loss, agreement = fit(
            net, trajectories, lam, args.epochs, args.rows, args.decay, generation, args.rate,
            siblings, args.rank_weight,
        )  # fmt: skip
        runner.cpu += time.process_time() - started
        curve.append(
            {
                "generation": generation,
                "opponent": opponent,
                "games": len(wins),
                "win_share": float(np.mean(wins)),
                "held_out_loss": loss,
                "held_out_agreement": agreement,
                "cpu_seconds": round(runner.cpu, 1),
            }
        )
        save(net, curve, args, runner.cpu)
        print(
            f"generation {generation:2} vs {opponent:6}: won {np.mean(wins):.1%} of "
            f"{len(wins)} (epsilon {args.epsilon}), held-out loss {loss:.3f}, "
            f"CPU {runner.cpu:.0f} s",
            flush=True,
        )
        if runner.another_overruns(args.budget):
            break
    assert net is not None
    return net, curve


def stem_of(args: argparse.Namespace) -> str:
    """The name of a run's files: ``tony_tino_outcome`` (the outcome model), ``tony_tino_value``."""
    return args.game.replace("-", "_") + ("_outcome" if args.model == "outcome" else "_value")


def save(net: Any, curve: list[dict[str, Any]], args, cpu: float) -> None:
    """The net and the figures so far (after every generation: a stopped run keeps them)."""
    args.out.mkdir(parents=True, exist_ok=True)
    stem = stem_of(args)
    net.save(args.out / f"{stem}.npz", digest=layout_digest(args.game, args.version, args.players))
    summary = {
        "game": args.game,
        "command": "examples/train_value.py " + " ".join(args.argv),
        "settings": {k: str(v) for k, v in vars(args).items() if k not in ("out", "argv")},
        "training_cpu_seconds": round(cpu),
        "curve": curve,
    }
    (args.out / f"{stem}_results.json").write_text(json.dumps(summary, indent=2) + "\n")
    plot(curve, args.game, args.out / f"{stem}_curve.png")


def plot(curve: list[dict[str, Any]], game: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    if curve and "held_out_cross_entropy" in curve[0]:  # the outcome model's: how well it foresees
        ax.plot([r["cpu_seconds"] for r in curve], [r["held_out_cross_entropy"] for r in curve],
                marker="o", label="how streets end: held-out cross-entropy")  # fmt: skip
        ax.set_ylabel("cross-entropy on held-out games (lower: better)")
        ax.set_title(f"Outcome model on {game} (watched games)")
    else:
        for opponent, marker in (("random", "o"), ("greedy", "s"), ("self", "^")):
            rows = [row for row in curve if row["opponent"] == opponent]
            ax.plot(
                [r["cpu_seconds"] for r in rows],
                [r["win_share"] for r in rows],
                marker=marker,
                label=f"against {opponent}",
            )
        ax.axhline(0.5, color="grey", lw=0.8)
        ax.set_ylabel("learner's win share in a generation")
        ax.set_title(f"Afterstate value learning on {game} (training games, epsilon-greedy)")
        ax.set_ylim(0, 1)
    ax.set_xlabel("CPU seconds of training (all processes)")
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="tony-tino")
    parser.add_argument("--players", type=int, help="the game's default when not given")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--version", type=int, default=1, help="the observation encoding")
    parser.add_argument("--generations", type=int, default=16)
    parser.add_argument("--games", type=int, help="games per later generation (100; outcome 500)")
    parser.add_argument("--watch", type=int, help="games of the first generation (1200; 1500)")
    parser.add_argument("--depth", type=int, default=DEPTH, help="decisions the look-ahead follows")
    parser.add_argument(
        "--keep", type=int, default=6, help="generations fitted on, besides the watched one"
    )
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument(
        "--model",
        choices=("value", "outcome"),
        help="the value net learnt from results and choices, or the outcome model (outcome_net.py: "
        "how each street ends); outcome where the game's structure is declared, else value",
    )
    parser.add_argument("--hidden", type=int, help="hidden units (64; 128)")
    parser.add_argument("--rows", type=int, help="rows sampled per epoch (60,000; 300,000)")
    parser.add_argument("--rate", type=float, help="Adam's learning rate (0.003; 0.002)")
    parser.add_argument("--decay", type=float, default=1e-4, help="L2 on the input weights")
    parser.add_argument("--lam", type=float, default=0.7, help="TD(lambda)'s lambda")
    parser.add_argument("--epsilon", type=float, default=0.05)
    parser.add_argument(
        "--rank-weight", type=float, default=1.0, help="weight of the watched choices' fit"
    )
    parser.add_argument("--eval", type=int, default=400, help="games per evaluation opponent")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=HERE)
    parser.add_argument("--load", type=Path, help="evaluate this saved net instead of training")
    parser.add_argument("--budget", type=float, default=1800, help="training CPU seconds at most")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    args = parse(argv)
    import contraband

    if args.game not in contraband.game_ids():
        raise SystemExit(
            f"unknown game {args.game!r}; games are: {', '.join(contraband.game_ids())}"
        )
    if args.model is None:
        args.model = "outcome" if args.game in STRUCTURES else "value"
    if args.model == "outcome" and args.game not in STRUCTURES:
        raise SystemExit(
            f"--model outcome needs the structure of the game's score, declared for "
            f"{', '.join(STRUCTURES)} (outcome_net.STRUCTURES); use --model value for {args.game}"
        )
    for name, value in DEFAULTS[args.model].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    args.argv = sys.argv[1:] if argv is None else argv
    stem = stem_of(args)
    results_path = args.out / f"{stem}_results.json"
    runner = Runner(args.workers)
    try:
        if args.load:
            net = load_net(args.load, args.game, args.version, args.players)
        elif args.model == "outcome":
            net, _ = train_outcome(args, runner, play_batch, save)
        else:
            net, _ = train(args, runner)
        runner.cpu = 0.0
        results = [
            evaluate(
                net, args.game, opponent, args.eval, runner, args.version, args.players, args.depth
            )
            for opponent in ("random", "greedy")
        ]
    finally:
        runner.close()
    report(results)
    if args.load and args.load.resolve() != (args.out / f"{stem}.npz").resolve():
        return {"evaluation": results, "evaluation_cpu_seconds": round(runner.cpu)}
    summary = json.loads(results_path.read_text())
    summary["evaluation"] = results
    summary["evaluation_cpu_seconds"] = round(runner.cpu)
    summary["evaluation_command"] = "examples/train_value.py " + " ".join(args.argv)
    results_path.write_text(json.dumps(summary, indent=2) + "\n")
    print(f"trained in {summary['training_cpu_seconds']} CPU seconds")
    return summary


def cli(argv: list[str] | None = None) -> dict[str, Any]:
    """``main`` for the command line: a bad game, a missing saved net or one trained on another
    layout ends with its reason, not a traceback."""
    try:
        return main(argv)
    except (OSError, ValueError) as error:
        raise SystemExit(f"train_value.py: {error}") from None


if __name__ == "__main__":
    cli()
