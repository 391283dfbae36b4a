"""What the game log costs random play: the same games with recording on and off, in one run.

    python research/log_overhead.py [--game ID ...] [--games 200] [--rounds 5]

Recording is ``State.note`` (a tuple append); "off" swaps it for a function that does nothing.
The two are interleaved round by round so that machine load hits both alike. Prints, per game
and player count, decisions/s with the log and without it, and their ratio (1.00 = free).
Never asserted in tests.
"""

from __future__ import annotations

import argparse
import time

import contraband
from contraband.core.random import Rng
from contraband.core.state import State


def playouts(game_id: str, players: int, games: int) -> tuple[int, float]:
    game = contraband.load(game_id)
    rng = Rng(7)
    decisions = 0
    start = time.perf_counter()
    for index in range(games):
        state = game.new(players, seed=index)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions, time.perf_counter() - start


def _silent(self: State, kind: str, *values: object) -> None:
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per round and setting")
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds")
    args = parser.parse_args()
    recording = State.note
    print(f"{'game':<16}{'players':>8}{'log on /s':>14}{'log off /s':>14}{'on / off':>10}")
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            totals = {"on": [0, 0.0], "off": [0, 0.0]}
            for _ in range(args.rounds):
                for setting in ("on", "off"):
                    State.note = recording if setting == "on" else _silent
                    decisions, seconds = playouts(game_id, players, args.games)
                    totals[setting][0] += decisions
                    totals[setting][1] += seconds
            State.note = recording
            on = totals["on"][0] / totals["on"][1]
            off = totals["off"][0] / totals["off"][1]
            print(f"{game_id:<16}{players:>8}{on:>14,.0f}{off:>14,.0f}{on / off:>10.3f}")


if __name__ == "__main__":
    main()
