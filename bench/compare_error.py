"""How often ``compare`` names a winner between equal agents, and how early it finds a better one.

    python bench/compare_error.py [--game tony-tino] [--seeds 1000] [--first-seed 0]
        [--games 400] [--strong greedy] [--strong-seeds 50] [--workers 2]

1. **False positives.** ``compare GAME --agent random --agent random --games G --seed S`` for
   every seed S from first-seed on (at least 200 seeds): the share of comparisons that named a
   winner, with its 95% Wilson interval. The test promises at most 5%. Beside it, the exact
   error of the test for the runs that went the distance (the chance, given the draws that run
   saw, that its boundaries would have been crossed by equal agents; it depends only on the
   draws).
2. **Power.** ``compare GAME --agent STRONG --agent random`` for strong-seeds seeds: how many of
   them named STRONG, and after how many games they stopped.

Each comparison runs on one worker, in-process (exactly as ``compare --workers 1`` plays it:
the same games, batches and looks); the comparisons are spread over ``--workers`` processes.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from contraband.lab.backends import LocalBackend
from contraband.lab.runner import make_config
from contraband.lab.sequential import ALPHA, compare
from contraband.lab.stats import wilson


def one(game: str, agents: tuple[str, str], games: int, seed: int) -> dict:
    config = make_config(game, None, list(agents), seed=seed, games=games)
    with LocalBackend(1) as backend:
        tally, _ = compare(config, backend)
    return {
        "seed": seed,
        "decided": tally.decided,
        "winner": tally.to_dict()["winner"],
        "games": tally.games,
        "draws": tally.draws,
        "error": tally.test.error_spent,
        "looks": len(tally.test.looks),
    }


def run_all(pool: ProcessPoolExecutor, game: str, agents: tuple[str, str], games: int, seeds):
    futures = [pool.submit(one, game, agents, games, seed) for seed in seeds]
    return [future.result() for future in futures]


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="tony-tino")
    parser.add_argument("--seeds", type=int, default=1000, help="random vs random comparisons")
    parser.add_argument("--first-seed", type=int, default=0, help="the first random vs random seed")
    parser.add_argument("--games", type=int, default=400, help="most games per comparison")
    parser.add_argument("--strong", default="greedy", help="the clearly stronger agent")
    parser.add_argument("--strong-seeds", type=int, default=50, help="strong vs random runs")
    parser.add_argument("--workers", type=int, default=2, help="processes")
    args = parser.parse_args()
    if args.seeds < 200:
        parser.error("--seeds must be at least 200")
    command = "python bench/compare_error.py " + " ".join(sys.argv[1:])
    print(f"`{command}`\n")
    with ProcessPoolExecutor(args.workers) as pool:
        start = time.perf_counter()
        seeds = range(args.first_seed, args.first_seed + args.seeds)
        null = run_all(pool, args.game, ("random", "random"), args.games, seeds)
        named = sum(run["decided"] for run in null)
        low, high = wilson(named, len(null))
        full = [run["error"] for run in null if not run["decided"]]
        print(
            f"random vs random, {args.game}, up to {args.games} games, "
            f"seeds {seeds[0]}-{seeds[-1]}: "
            f"a winner named in {named} of {len(null)} comparisons = {named / len(null):.1%} "
            f"(95% interval {low:.1%} to {high:.1%}; the test promises at most {ALPHA:.0%})"
        )
        print(
            f"  exact error of the test given each run's draws (runs that went the distance): "
            f"mean {statistics.mean(full):.2%}, max {max(full):.2%}; games with a draw "
            f"{sum(run['draws'] for run in null)} of {sum(run['games'] for run in null)}; "
            f"{time.perf_counter() - start:.0f} s"
        )
        start = time.perf_counter()
        strong = run_all(
            pool, args.game, (args.strong, "random"), args.games, range(args.strong_seeds)
        )
        found = [run for run in strong if run["winner"] == args.strong]
        stops = sorted(run["games"] for run in strong)
        print(
            f"{args.strong} vs random, seeds 0-{args.strong_seeds - 1}: {args.strong} named in "
            f"{len(found)} of {len(strong)}; stopped after {stops[0]} to {stops[-1]} games, "
            f"median {statistics.median(stops):g}, mean {statistics.mean(stops):.1f} "
            f"(of at most {args.games}); {time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
