"""The strength ladder: ismcts against greedy and random, per game and player count.

    python bench/ladder.py [--game ID ...] [--players N ...] [--games 200]
        [--ismcts "ismcts:iterations=200"] [--workers 2] [--out docs/strength.md]

A pairing "A vs B" fills the seats alternately with A and B; game i rotates the seats by i and,
for odd player counts, swaps which agent holds the extra seat every n games, so both agents sit
in every seat equally often. A's score in a game is the share of the win held by A's seats; the
table shows A's mean share with a 95% Wilson interval (0.5 = as strong as B). A solo game has no
opponent agent: each agent's win rate against the game itself is shown instead, over the same
seeds. Every seed is derived from --seed with ``derive_seed`` so a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import sys
import time
from collections.abc import Iterable
from pathlib import Path

import contraband
from contraband.agents import from_spec
from contraband.core.random import derive_seed

DEFAULT_ISMCTS = "ismcts:iterations=200"
OPPONENTS = ("greedy", "random")
DOC = Path(__file__).resolve().parent.parent / "docs" / "strength.md"


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may be fractional for shares)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def seating(players: int, index: int) -> list[int]:
    """Which agent (0 = A, 1 = B) sits in each seat in game ``index`` of a pairing."""
    flip = (index // players) % 2 if players % 2 else 0
    return [((seat + index) % players) % 2 ^ flip for seat in range(players)]


def play_one(task: tuple) -> tuple[list[float], list[int], float]:
    """One game: (returns per seat, agent index per seat, seconds)."""
    game_id, players, specs, index, base = task
    start = time.perf_counter()
    who = seating(players, index) if players > 1 else [0]
    game_seed = derive_seed(base, game_id, players, index)
    agents = [
        from_spec(specs[who[seat]], seed=derive_seed(base, game_id, players, index, seat))
        for seat in range(players)
    ]
    state = contraband.load(game_id).new(players, seed=game_seed)
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(state, seat))
    return state.returns(), who, time.perf_counter() - start


def run_pairing(
    game_id: str, players: int, specs: tuple[str, ...], games: int, base: int, pool
) -> dict:
    tasks = [(game_id, players, specs, i, base) for i in range(games)]
    results = pool.imap_unordered(play_one, tasks) if pool else map(play_one, tasks)
    share = 0.0
    counted = 0
    seconds = 0.0
    for returns, who, elapsed in results:
        seconds += elapsed
        total = sum(returns)
        if players == 1:
            share += returns[0]
            counted += 1
        elif total > 0:
            share += sum(r for r, w in zip(returns, who) if w == 0) / total
            counted += 1
    low, high = wilson(share, counted)
    return {
        "game": game_id,
        "players": players,
        "a": specs[0],
        "b": specs[1] if len(specs) > 1 else None,
        "games": games,
        "counted": counted,
        "rate": share / counted if counted else float("nan"),
        "low": low,
        "high": high,
        "seconds": seconds,
    }


def cases(game_ids: Iterable[str], players_wanted: list[int] | None) -> list[tuple[str, int]]:
    found = []
    for game_id in game_ids:
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            if not players_wanted or players in players_wanted:
                found.append((game_id, players))
    return found


def row(result: dict) -> str:
    opponent = result["b"] or "(the game)"
    return (
        f"| {result['game']} | {result['players']} | {result['a']} | {opponent} | "
        f"{result['counted']} | {result['rate']:.3f} | [{result['low']:.3f}, {result['high']:.3f}] |"
    )


HEADER = (
    "| game | players | agent | against | games | win share | 95% interval |\n"
    "|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--players", action="append", type=int, help="player count (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--ismcts", default=DEFAULT_ISMCTS, help="the ismcts spec under test")
    parser.add_argument("--opponent", action="append", help="opponent specs (greedy, random)")
    parser.add_argument("--workers", type=int, default=2, help="processes (1: no pool)")
    parser.add_argument("--seed", type=int, default=2024, help="base seed")
    parser.add_argument("--out", type=Path, help="write the table to this markdown file")
    args = parser.parse_args()
    opponents = args.opponent or list(OPPONENTS)
    pool = multiprocessing.Pool(args.workers) if args.workers > 1 else None
    lines = [HEADER]
    print(HEADER, flush=True)
    try:
        for game_id, players in cases(args.game or contraband.game_ids(), args.players):
            if players == 1:
                pairings = [(args.ismcts,), *((o,) for o in opponents)]
            else:
                pairings = [(args.ismcts, o) for o in opponents]
            for specs in pairings:
                result = run_pairing(game_id, players, specs, args.games, args.seed, pool)
                lines.append(row(result))
                print(lines[-1], f"({result['seconds']:.0f} s of play)", flush=True)
    finally:
        if pool:
            pool.close()
            pool.join()
    if args.out:
        command = "python bench/ladder.py " + " ".join(sys.argv[1:])
        args.out.write_text("\n".join(lines) + f"\n\nCommand: `{command}`\n", encoding="utf-8")


if __name__ == "__main__":
    main()
