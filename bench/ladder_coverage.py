"""How often the sequential ladder's intervals cover the truth where it stops, on synthetic
players (Plackett-Luce draws at known strengths, no engine): the figure behind
docs/strength.md's "Honest intervals".

    python bench/ladder_coverage.py [--runs 40] [--players 2] [--target 100] [--seed 0]
    python bench/ladder_coverage.py --round-robin 12 [--runs 100] [--seed 5]

``--round-robin N`` instead plays fixed two-player round robins of N games a pair (the first
ladders' design) and compares the intervals of openskill's online Plackett-Luce update (the
first ladders' fit) with this fit's, on the same games.
"""

from __future__ import annotations

import argparse
import itertools
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from contraband.lab import ladder_fit, ratings  # noqa: E402
from contraband.lab.ladder_run import Ladder  # noqa: E402
from contraband.lab.ladder_store import LadderFolder  # noqa: E402
from tests.lab.test_ladder_run import TRUTH, FakeBackend, setup, truth_on_scale  # noqa: E402


def round_robins(runs: int, games: int, seed: int) -> None:
    """Coverage and width of openskill's and this fit's intervals on fixed round robins."""
    from openskill.models import PlackettLuce

    names = tuple(TRUTH)
    truth = np.array([TRUTH[name] for name in names])
    rng = np.random.default_rng(seed)
    hits = {"openskill": 0, "this fit": 0}
    widths: dict[str, list] = {"openskill": [], "this fit": []}
    for _ in range(runs):
        orders = []
        for _ in range(games):
            for pair in itertools.combinations(names, 2):
                first = rng.random() < 1 / (
                    1 + np.exp(truth[names.index(pair[1])] - truth[names.index(pair[0])])
                )
                orders.append(pair if first else pair[::-1])
        model = PlackettLuce(mu=ratings.MU0, sigma=ratings.SIGMA0, beta=ratings.BETA)
        rated = {name: model.rating(name=name) for name in names}
        for order in orders:
            new = model.rate([[rated[name]] for name in order], ranks=[1, 2])
            for name, team in zip(order, new, strict=True):
                rated[name] = team[0]
        shown = np.array([ratings.SCALE * (rated[name].mu - ratings.MU0) for name in names])
        interval = np.array([2 * ratings.SCALE * rated[name].sigma for name in names])
        true = ladder_fit.ELO * truth
        hits["openskill"] += int(
            (np.abs((shown - shown.mean()) - (true - true.mean())) <= interval).sum()
        )
        widths["openskill"].append(interval)
        fitted = ladder_fit.fit([tuple((name,) for name in order) for order in orders], names)
        centred = truth - float(fitted.weights @ truth)
        hits["this fit"] += int((np.abs(fitted.theta - centred) <= 2 * fitted.sd()).sum())
        widths["this fit"].append(fitted.widths())
    for fit_name in hits:
        mean = np.mean(widths[fit_name], axis=0)
        each = ", ".join(f"{name} {value:.0f}" for name, value in zip(names, mean, strict=True))
        share = hits[fit_name] / (runs * len(names))
        print(f"{fit_name}: {hits[fit_name]} of {runs * len(names)} intervals cover the truth "
              f"({share:.3f}); mean ± by contestant {each}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--target", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--round-robin", type=int, default=0, metavar="N")
    args = parser.parse_args()
    if args.round_robin:
        round_robins(args.runs, args.round_robin, args.seed)
        return
    covered = total = 0
    games, widest = [], []
    with tempfile.TemporaryDirectory() as folder:
        for run in range(args.runs):
            path = Path(folder) / str(run)
            ladder = Ladder(LadderFolder(path, setup(args.players), resume=False))
            rng = np.random.default_rng([args.seed, args.players, run])
            ladder.run(FakeBackend(rng), args.target)
            ladder.folder.close()
            truth = truth_on_scale(ladder)
            covered += int((np.abs(ladder.fitted.theta - truth) <= 2 * ladder.fitted.sd()).sum())
            total += len(truth)
            games.append(ladder.games)
            widest.append(max(ladder.widths().values()))
    share = covered / total
    half = 1.96 * np.sqrt(share * (1 - share) / total)
    print(
        f"{args.players} players, target ±{args.target:g}, {args.runs} ladders: "
        f"{covered} of {total} intervals cover the truth ({share:.3f} ± {half:.3f}); "
        f"games {min(games)} to {max(games)} (mean {np.mean(games):.0f}), "
        f"widest interval at the stop {min(widest):.0f} to {max(widest):.0f}"
    )


if __name__ == "__main__":
    main()
