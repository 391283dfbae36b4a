"""How the lab's speed grows with workers: games/s at each worker count, for every game.

    python -m contraband.lab.throughput [--game ID ...] [--workers 1 2] [--seconds 10]
        [--agent random --agent greedy] [--backend local|ray]

For each game (at its usual player count) it first plays games on one worker to learn the speed,
then plays the same number of games (about ``--seconds`` of single-worker work) at each worker
count and prints wall-clock games/s, the speed-up, and games per CPU-second (this process and its
worker processes; local backend only). The last figure shows the overhead of parallel play
independently of other load on the machine: on a shared machine (Linux shares the CPU between
sessions) more workers cannot get more CPU than the session's share, so wall-clock games/s only
grows with workers when cores are free.
"""

from __future__ import annotations

import argparse
import resource
import time

import contraband
from contraband.lab.backends import make_backend
from contraband.lab.runner import make_config
from contraband.lab.simulate import run_games


def cpu_seconds() -> float:
    """CPU time of this process and of its finished child processes."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def measure(game_id: str, agents: list[str], games: int, workers: int, backend: str) -> dict:
    config = make_config(game_id, None, agents, seed=1, games=games)
    cpu, start = cpu_seconds(), time.perf_counter()
    with make_backend(backend, workers) as chosen:
        run = run_games(config, chosen)
    wall, cpu = time.perf_counter() - start, cpu_seconds() - cpu  # workers joined: counted
    return {
        "game": game_id,
        "players": config.players,
        "workers": workers,
        "games": run.games_done,
        "wall": wall,
        "games_per_second": run.games_done / wall,
        "games_per_cpu_second": run.games_done / cpu if cpu > 0 and backend == "local" else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--seconds", type=float, default=10.0, help="single-worker work per run")
    parser.add_argument("--agent", action="append", help="agent specs (default: random, greedy)")
    parser.add_argument("--backend", default="local")
    args = parser.parse_args()
    agents = args.agent or ["random", "greedy"]
    print(f"agents: {' vs '.join(agents)}; backend: {args.backend}")
    print(
        f"{'game':<16}{'players':>8}{'workers':>8}{'games':>7}{'games/s':>10}{'speed-up':>10}"
        f"{'games/CPU-s':>13}"
    )
    for game_id in args.game or contraband.game_ids():
        probe = measure(game_id, agents, 4, 1, "local")  # CPU speed: not slowed by other load
        games = max(8, round(probe["games_per_cpu_second"] * args.seconds))
        base = None
        for workers in args.workers:
            row = measure(game_id, agents, games, workers, args.backend)
            base = base or row["games_per_second"]
            per_cpu = row["games_per_cpu_second"]
            print(
                f"{game_id:<16}{row['players']:>8}{workers:>8}{row['games']:>7}"
                f"{row['games_per_second']:>10.2f}{row['games_per_second'] / base:>10.2f}"
                f"{'-' if per_cpu is None else f'{per_cpu:.2f}':>13}"
            )


if __name__ == "__main__":
    main()
