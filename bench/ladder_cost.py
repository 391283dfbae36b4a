"""What a ladder has cost and what it still needs: read a ladder folder (while it plays, too).

    python bench/ladder_cost.py DIR [DIR ...] [--target 100]

For each folder: games played, the agents' CPU time (the rows' thinking seconds plus a little
engine time per decision), the wall time of its sessions, each table's games and CPU seconds a
game, the intervals now, and the projection of ``Ladder.projection``: the games and CPU time
still needed to bring every interval within the target if the fitted strengths are the truth.
Reads only (a cut last line of a folder being written is skipped).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from contraband.lab.ladder_run import Ladder  # noqa: E402
from contraband.lab.ladder_store import Setup  # noqa: E402


def read(folder: Path) -> Ladder:
    setup = Setup(**json.loads((folder / "ladder.json").read_text(encoding="utf-8")))
    records = []
    path = folder / "games.jsonl"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line))
            except ValueError:  # the line being written
                continue
    return Ladder(None, setup, records)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path)
    parser.add_argument("--target", type=float, default=100.0)
    args = parser.parse_args()
    for folder in args.folders:
        ladder = read(folder)
        sessions = folder / "sessions.jsonl"
        wall = 0.0
        if sessions.exists():
            lines = sessions.read_text(encoding="utf-8").splitlines()
            wall = sum(json.loads(line)["seconds"] for line in lines if line.strip())
        cpu = sum(sum(costs) for costs in ladder.costs)
        print(f"{folder}: {ladder.setup.game} at {ladder.setup.players} players, "
              f"{ladder.games} games, {cpu / 3600:.2f} CPU-hours of play, "
              f"{wall / 3600:.2f} h in finished sessions")  # fmt: skip
        for number, (group, _) in enumerate(ladder.tables):
            print(f"  {'-'.join(group):28} {len(ladder.played[number]):5} games "
                  f"{ladder.cost(number):7.2f} s a game")  # fmt: skip
        for name, (rating, width) in ladder.fitted.ratings().items():
            print(f"  {name:8} {rating:7.0f} ± {width:.0f}")
        games, seconds = ladder.projection(args.target)
        print(f"  to ±{args.target:g}: about {games} more games, {seconds / 3600:.1f} CPU-hours")


if __name__ == "__main__":
    main()
