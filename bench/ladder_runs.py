"""One ladder line from saved lab runs: win share and score share of an agent, over one or more
result directories (finished or interrupted runs, several seeds together).

    contraband simulate narcos -p 3 -a hard -a greedy -n 60 --seed 2024 --out runs/a
    contraband simulate narcos -p 3 -a hard -a greedy -n 40 --seed 2025 --out runs/b
    python bench/ladder_runs.py hard runs/a runs/b

Long pairings (a ``hard`` seat thinks about a second a decision) are best played this way: the
lab saves the finished games when a run is stopped (Ctrl-C), and runs with different base seeds
add up. Games are told apart by their directory and index. The shares are counted as in
bench/ladder.py; prints one markdown row. Never asserted in tests.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ladder import score_share, share_of_wins, wilson

from contraband.lab.results import read_results


def results_file(directory: Path) -> Path:
    for name in ("results.parquet", "results.csv"):
        if (directory / name).exists():
            return directory / name
    raise SystemExit(f"{directory}: no results.parquet or results.csv (is it a lab run's --out?)")


def gather(directories: list[Path]) -> list[dict]:
    """Every seat row of the runs, each game with an index unique over the runs."""
    rows: list[dict] = []
    for number, directory in enumerate(directories):
        for row in read_results(results_file(directory)):
            rows.append({**row, "game_index": (number, row["game_index"])})
    return rows


def line(rows: list[dict], spec: str, label: str) -> str:
    games = {row["game_index"] for row in rows}
    agents = sorted({row["agent"] for row in rows})
    if spec not in agents:
        raise SystemExit(f"agent {spec!r} is not in these runs; they seat: {', '.join(agents)}")
    others = ", ".join(agent for agent in agents if agent != spec) or "(the game)"
    wins, decisive = share_of_wins(rows, spec)
    points, compared = score_share(rows, spec)
    low, high = wilson(wins, decisive)
    score_low, score_high = wilson(points, compared)
    game, players = rows[0]["game"], rows[0]["players"]
    return (
        f"| {game} | {players} | {label} | {others} | {len(games)} | {decisive} | "
        f"{wins / max(decisive, 1):.3f} | [{low:.3f}, {high:.3f}] | "
        f"{points / max(compared, 1):.3f} | [{score_low:.3f}, {score_high:.3f}] |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("spec", help="the agent whose share is counted, as the runs name it")
    parser.add_argument("runs", nargs="+", type=Path, help="lab output directories")
    parser.add_argument("--label", help="the agent's name in the row (default: the spec)")
    args = parser.parse_args()
    print(line(gather(args.runs), args.spec, args.label or args.spec))


if __name__ == "__main__":
    main()
