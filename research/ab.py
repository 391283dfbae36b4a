"""A/B speed of two source trees of contraband, interleaved in one run so that load hits both alike.

    git archive <old commit> | tar -x -C /tmp/old     # the tree to compare against
    python research/ab.py --old /tmp/old [--new .] [--mode random|ismcts|determinize] [--rounds 5]
        [--game ID ...] [--spec ismcts] [--iterations 1000]

Each round runs every case once in a fresh process per tree (old and new alternate, the order
flipping every round); rates are CPU time (``time.process_time``). Prints, per game and player
count, the median rate of each tree and the median of the per-round ratios new / old. Never
asserted in tests.

Modes: ``random`` decisions/s of uniformly random play; ``ismcts`` iterations/s of an ismcts spec
on positions sampled from random play (as bench/ismcts.py); ``determinize`` µs per call (lower
is better: the ratio printed is still new / old rate, so above 1 means faster).

``--same-process`` runs a warm-up case first (its line is the first printed: ignore it) and loads
both trees into this one process (copies renamed ``contraband_old`` and
``contraband_new``) and alternates them every few games, positions or calls, so that even a
machine whose load changes by the second treats both alike; the totals over all slices give
the rates, and the ratio is of the totals.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))  # bench/positions.py

from positions import positions_of  # noqa: E402


# -- the worker: runs inside the tree under test ----------------------------------------------
def _random(game_id: str, players: int, seconds: float) -> float:
    import contraband
    from contraband.core.random import Rng

    game = contraband.load(game_id)
    rng = Rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players, seed=games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - start)


def _positions(game_id: str, players: int, count: int, seed: int = 1) -> list:
    import contraband
    from contraband.core.random import Rng

    return positions_of(contraband.load(game_id), Rng, players, count, seed)


def _ismcts(game_id: str, players: int, spec: str, iterations: int, count: int) -> float:
    from contraband.agents import from_spec

    states = _positions(game_id, players, count)
    done = 0
    start = time.process_time()
    for index, state in enumerate(states):
        agent = from_spec(spec, iterations=iterations, seed=index, reuse=False)
        agent.act(state, state.current_player)
        done += agent.last_iterations
    return done / (time.process_time() - start)


def _determinize(game_id: str, players: int, seconds: float) -> float:
    """Calls per second (the printout turns it into µs)."""
    from contraband.core.random import Rng

    states = [s for s in _positions(game_id, players, 200) if not s.is_terminal()]
    rng = Rng(5)
    calls = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for state in states:
            state.determinize(state.current_player, rng)
        calls += len(states)
    return calls / (time.process_time() - start)


def worker(args: argparse.Namespace) -> None:
    cases = json.loads(args.cases)
    rates = []
    for game_id, players in cases:
        if args.mode == "random":
            rates.append(_random(game_id, players, args.seconds))
        elif args.mode == "ismcts":
            rates.append(_ismcts(game_id, players, args.spec, args.iterations, args.positions))
        else:
            rates.append(_determinize(game_id, players, args.seconds))
    print(json.dumps(rates))


# -- both trees in one process ------------------------------------------------------------------
def renamed_copy(tree: Path, name: str, into: Path) -> None:
    """Copy ``tree``'s contraband package to ``into/name`` with every import renamed."""
    pattern = re.compile(r"\bcontraband\b")
    target = into / name
    shutil.copytree(
        tree / "contraband", target, ignore=shutil.ignore_patterns("__pycache__", "web")
    )
    for path in target.rglob("*.py"):
        path.write_text(pattern.sub(name, path.read_text(encoding="utf-8")), encoding="utf-8")


class Slices:
    """Alternating slices of the same work for two packages; CPU time summed per package."""

    def __init__(self) -> None:
        self.seconds = {"old": 0.0, "new": 0.0}
        self.done = {"old": 0, "new": 0}

    def run(self, name: str, work) -> None:
        start = time.process_time()
        done = work()
        self.seconds[name] += time.process_time() - start
        self.done[name] += done

    def rate(self, name: str) -> float:
        return self.done[name] / self.seconds[name]


def same_process(args: argparse.Namespace, old: Path, new: Path, cases: list) -> None:
    import importlib

    into = Path(tempfile.mkdtemp(prefix="contraband-ab-"))
    try:
        renamed_copy(old, "contraband_old", into)
        renamed_copy(new, "contraband_new", into)
        sys.path.insert(0, str(into))
        packages = {name: importlib.import_module(f"contraband_{name}") for name in ("old", "new")}
        agents = {name: importlib.import_module(f"contraband_{name}.agents") for name in packages}
        rngs = {
            name: importlib.import_module(f"contraband_{name}.core.random") for name in packages
        }
        unit = {"random": "decisions/s", "ismcts": "iterations/s", "determinize": "µs"}[args.mode]
        print(f"{'game':<16}{'players':>8}{'old ' + unit:>20}{'new ' + unit:>20}{'new/old':>10}")
        for game_id, players in cases:
            slices = Slices()
            works = {}
            for name, package in packages.items():
                works[name] = _slice_work(args, package, agents[name], rngs[name], game_id, players)
            for round_ in range(args.rounds * 20):
                order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
                for name in order:
                    slices.run(name, works[name])
            a, b = slices.rate("old"), slices.rate("new")
            ratio = b / a
            if args.mode == "determinize":
                cells = f"{1e6 / a:>20.1f}{1e6 / b:>20.1f}"
            else:
                cells = f"{a:>20,.0f}{b:>20,.0f}"
            print(f"{game_id:<16}{players:>8}{cells}{ratio:>10.2f}", flush=True)
    finally:
        shutil.rmtree(into, ignore_errors=True)


def _slice_work(args, package, agents, random_module, game_id: str, players: int):
    """A function doing one slice of the work and returning how much it did; each call goes
    on where the last one stopped (the next games, positions or states)."""
    game = package.load(game_id)
    Rng = random_module.Rng
    if args.mode == "random":
        rng = Rng(1)
        seeds = iter(range(1 << 30))

        def work() -> int:
            decisions = 0
            for _ in range(args.games):
                state = game.new(players, seed=next(seeds))
                while not state.is_terminal():
                    state.apply(rng.choice(state.legal_actions()))
                    decisions += 1
            return decisions

        return work
    states = positions_of(game, Rng, players, args.positions if args.mode == "ismcts" else 200)
    if args.mode == "ismcts":
        index = iter(range(1 << 30))

        def work() -> int:
            i = next(index)
            state = states[i % len(states)]
            agent = agents.from_spec(args.spec, iterations=args.iterations, seed=i, reuse=False)
            agent.act(state, state.current_player)
            return agent.last_iterations

        return work
    running = [s for s in states if not s.is_terminal()]
    rng = Rng(5)

    def work() -> int:
        for state in running:
            state.determinize(state.current_player, rng)
        return len(running)

    return work


# -- the driver --------------------------------------------------------------------------------
def run_tree(tree: Path, args: argparse.Namespace, cases: list) -> list[float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    command = [
        sys.executable,
        str(Path(__file__).resolve()),
        "--worker",
        "--mode",
        args.mode,
        "--seconds",
        str(args.seconds),
        "--spec",
        args.spec,
        "--iterations",
        str(args.iterations),
        "--positions",
        str(args.positions),
        "--cases",
        json.dumps(cases),
    ]
    out = subprocess.run(command, env=env, cwd=tree, check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--old", help="source tree to compare against (required)")
    parser.add_argument("--new", default=".", help="source tree under test (default: here)")
    parser.add_argument("--mode", choices=("random", "ismcts", "determinize"), default="random")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", action="append", help="game id (default: all in --new)")
    parser.add_argument("--seconds", type=float, default=1.0, help="random play CPU s per case")
    parser.add_argument("--spec", default="ismcts")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--same-process", action="store_true", help="both trees in one process")
    parser.add_argument("--games", type=int, default=5, help="random games per slice")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--cases", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker(args)
        return
    if not args.old:
        parser.error("--old is required")
    old, new = Path(args.old).resolve(), Path(args.new).resolve()
    sys.path.insert(0, str(new))
    import contraband

    cases = []
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        cases += [[game_id, p] for p in range(info.min_players, info.max_players + 1)]
    if args.same_process:
        # the first case of a run pays one-time costs (imports, caches warming) in whichever
        # tree goes first: a discarded warm-up case takes them (its line is printed first)
        import numpy  # noqa: F401  (the generator's batches import it on first use)

        same_process(args, old, new, [cases[-1], *cases])
        return
    results: dict[str, list[list[float]]] = {"old": [], "new": []}
    for round_ in range(args.rounds):
        order = ("old", "new") if round_ % 2 == 0 else ("new", "old")
        for name in order:
            results[name].append(run_tree(old if name == "old" else new, args, cases))
        print(f"round {round_ + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    sys.stderr.flush()
    unit = {"random": "decisions/s", "ismcts": "iterations/s", "determinize": "µs"}[args.mode]
    print(f"{'game':<16}{'players':>8}{'old ' + unit:>20}{'new ' + unit:>20}{'new/old':>10}")
    for index, (game_id, players) in enumerate(cases):
        olds = [r[index] for r in results["old"]]
        news = [r[index] for r in results["new"]]
        ratio = statistics.median(n / o for n, o in zip(news, olds, strict=True))
        a, b = statistics.median(olds), statistics.median(news)
        if args.mode == "determinize":
            a, b = 1e6 / a, 1e6 / b
            cells = f"{a:>20.1f}{b:>20.1f}"
        else:
            cells = f"{a:>20,.0f}{b:>20,.0f}"
        print(f"{game_id:<16}{players:>8}{cells}{ratio:>10.2f}")


if __name__ == "__main__":
    main()
