"""Speed of every registered game: random-play decisions/s and games/s, clone and determinize µs.

    python bench/speed.py [--game ID ...] [--seconds 2]

Times are CPU time of this process (``time.process_time``), so that other work on a shared
machine does not count against them; for a change, compare two trees in one run with
research/ab.py. Prints rates from one run on one core; never asserted in tests.
"""

from __future__ import annotations

import argparse
import time

import contraband
from contraband.core.random import Rng


def random_play(game_id: str, players: int, seconds: float) -> tuple[float, float, list]:
    game = contraband.load(game_id)
    rng = Rng(1)
    decisions = games = 0
    samples = []
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players, seed=games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
            if decisions % 97 == 0 and len(samples) < 200:
                samples.append(state.clone())
        games += 1
    elapsed = time.process_time() - start
    return decisions / elapsed, games / elapsed, samples


def per_call_us(function, states: list, repeat: int = 20) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            function(state)
    return (time.process_time() - start) / (repeat * len(states)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="random play CPU s per case")
    args = parser.parse_args()
    columns = ("players", "decisions/s", "games/s", "clone µs", "determinize µs")
    print(f"{'game':<16}" + "".join(f"{c:>16}" for c in columns))
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            rate, game_rate, samples = random_play(game_id, players, args.seconds)
            running = [s for s in samples if not s.is_terminal()] or samples
            clone = per_call_us(lambda s: s.clone(), running)
            guesser = Rng(5)
            determinize = per_call_us(
                lambda s, r=guesser: s.determinize(s.current_player, r), running
            )
            figures = (
                f"{players}",
                f"{rate:,.0f}",
                f"{game_rate:,.1f}",
                f"{clone:.1f}",
                f"{determinize:.1f}",
            )
            print(f"{game_id:<16}" + "".join(f"{f:>16}" for f in figures))


if __name__ == "__main__":
    main()
