"""ISMCTS iterations per second, per game and player count, on one core.

    python bench/ismcts.py [--game ID ...] [--iterations 1000] [--positions 8]
        [--spec "ismcts" ...]

Positions are sampled from random play (only decisions with at least two choices); each spec
searches every position with ``--iterations`` iterations and the rate is total iterations over
total CPU time of this process (``time.process_time``, so that other work on a shared machine
does not count against it). 4,000 iterations/s is 1000 iterations in 250 ms. For a change,
compare two trees in one run with research/ab.py. Prints rates from one run; never asserted in
tests.
"""

from __future__ import annotations

import argparse
import time

from positions import positions_of

import contraband
from contraband.agents import from_spec
from contraband.core.random import Rng

SPECS = ("ismcts", "ismcts:rollout=random,cutoff=-1", "ismcts:cutoff=0")


def positions(game_id: str, players: int, count: int, seed: int = 1) -> list:
    """Decisions with two or more choices, spread over whole random games."""
    return positions_of(contraband.load(game_id), Rng, players, count, seed)


def rate(spec: str, states: list, iterations: int) -> float:
    done = 0
    start = time.process_time()
    for index, state in enumerate(states):
        agent = from_spec(spec, iterations=iterations, seed=index, reuse=False)
        agent.act(state, state.current_player)
        done += agent.last_iterations
    return done / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--iterations", type=int, default=1000, help="iterations per position")
    parser.add_argument("--positions", type=int, default=8, help="positions per game")
    parser.add_argument("--spec", action="append", help=f"ismcts specs (default: {SPECS})")
    args = parser.parse_args()
    specs = args.spec or list(SPECS)
    widths = [max(16, len(spec) + 2) for spec in specs]
    print(
        f"{'game':<16}{'players':>8}"
        + "".join(f"{spec:>{w}}" for spec, w in zip(specs, widths, strict=True))
    )
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            states = positions(game_id, players, args.positions)
            rates = [rate(spec, states, args.iterations) for spec in specs]
            # no iteration at all: the game's planner decided every position (Narcos' does);
            # "ismcts:plan=false" times the search itself
            cells = [f"{r:,.0f} it/s" if r else "planner" for r in rates]
            print(
                f"{game_id:<16}{players:>8}"
                + "".join(f"{cell:>{w}}" for cell, w in zip(cells, widths, strict=True)),
                flush=True,
            )


if __name__ == "__main__":
    main()
