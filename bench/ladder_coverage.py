"""How often the sequential ladder's intervals cover the truth where it stops, on synthetic
players (Plackett-Luce draws at known strengths, no engine): the figure behind
docs/strength.md's "Honest intervals".

    python bench/ladder_coverage.py [--runs 40] [--players 2] [--target 100] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from contraband.lab.ladder_run import Ladder  # noqa: E402
from contraband.lab.ladder_store import LadderFolder  # noqa: E402
from tests.lab.test_ladder_run import FakeBackend, setup, truth_on_scale  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--target", type=float, default=100.0)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
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
