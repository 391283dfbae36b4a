"""Rule variants (issue 46): what a variant costs, as same-run ratios.

    python bench/variants.py [--game narcos] [--players 2] [--games 20] [--rounds 3]

Prints the time to build a variant (its package copy imported, the game's checks and the random
smoke games played; the first call only, later ones are cached), and seeded random games per
second of the published game and of a variant in the same process, alternating rounds, with
their ratio. The variant is pure Python; the published game runs compiled when ``make fast``
built it (``CONTRABAND_PURE=1``: both pure, and the ratio shows the copy itself costs nothing).
"""

from __future__ import annotations

import argparse
import time

import contraband
from contraband.compiled import running
from contraband.core.random import Rng
from contraband.core.variants import variant_game

#: a change of each game's numbers that leaves its flow alone
CHANGE = {
    "narcos": {"start.money": 4},
    "tony-tino": {"cards.hand_size": 4},
    "nacho-incident": {"start.gold": 11},
    "al-cabohne": {"fields.third_field_cost": 3},
    "counterfeiters": {"money.fare": 40},
}


def play(game, players: int, games: int) -> float:
    """Seconds to play ``games`` seeded random games."""
    start = time.perf_counter()
    for seed in range(games):
        state = game.new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="narcos", choices=sorted(CHANGE))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    standard = contraband.load(args.game)
    start = time.perf_counter()
    variant = variant_game(args.game, CHANGE[args.game])
    built = time.perf_counter() - start
    start = time.perf_counter()
    assert variant_game(args.game, CHANGE[args.game]) is variant
    cached = time.perf_counter() - start
    print(f"{args.game} ({running()}), variant {variant.variant}")
    print(f"build: {built:.2f} s the first time, {cached * 1e6:.0f} µs when cached")
    times = {"published": 0.0, "variant": 0.0}
    for _ in range(args.rounds):
        times["published"] += play(standard, args.players, args.games)
        times["variant"] += play(variant, args.players, args.games)
    total = args.games * args.rounds
    for name, seconds in times.items():
        print(f"{name}: {total / seconds:.1f} random games/s ({total} games)")
    print(f"variant / published speed: {times['published'] / times['variant']:.2f}")


if __name__ == "__main__":
    main()
