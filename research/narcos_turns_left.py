"""Narcos: the evaluation's estimate of a seat's turns left against the turns it goes on to play.

    python research/narcos_turns_left.py --players 3 --games 100

Every seat is the rule-based player (``rules``). At each investment decision (phase 3, where an
investment's worth is its extra income times the turns left) the deciding seat's
``worth.turns_left`` is recorded, and after the game the number of that seat's turns that
started later. Prints the mean of both, overall and by the estimate (in bands of two turns).
``worth.DECK_PER_TURN`` (the deck's cards used up per turn, by player count) is set so that
the two means agree. Figures from one run; never asserted in tests. Seeds are fixed.
"""

from __future__ import annotations

import argparse
import statistics

import contraband
from contraband.agents import from_spec
from contraband.games.narcos.board import INVEST
from contraband.games.narcos.worth import turns_left

GAME = contraband.load("narcos")


def estimates_and_turns(players: int, seed: int) -> list[tuple[float, int]]:
    """(estimated turns left, turns then played) at each investment decision of one game."""
    seats = [from_spec("rules", seed=2 * seed + s) for s in range(players)]
    state = GAME.new(players, seed=seed)
    marks: list[tuple[int, float, int]] = []  # seat, estimate, the turn's number
    starts: dict[int, int] = {}  # turn number -> its active seat
    while not state.is_terminal():
        starts.setdefault(state.turn, state.active)
        if state.phase == INVEST:
            marks.append((state.active, turns_left(state)[state.active], state.turn))
        seat = state.current_player
        state.apply(seats[seat].act(state, seat))
    return [
        (estimate, sum(1 for t, s in starts.items() if t > turn and s == seat))
        for seat, estimate, turn in marks
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    rows = []
    for game in range(args.games):
        rows += estimates_and_turns(args.players, args.seed + game)
    estimated = statistics.mean(e for e, _ in rows)
    played = statistics.mean(t for _, t in rows)
    print(f"{args.players} players, {len(rows)} investment decisions in {args.games} games:")
    print(f"  turns left estimated {estimated:.2f}, played {played:.2f}")
    for low in range(0, 12, 2):
        band = [(e, t) for e, t in rows if low <= e < low + 2]
        if band:
            e = statistics.mean(e for e, _ in band)
            t = statistics.mean(t for _, t in band)
            print(f"  estimated [{low}, {low + 2}): {len(band)} decisions, {e:.2f}, played {t:.2f}")


if __name__ == "__main__":
    main()
