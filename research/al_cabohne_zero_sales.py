"""Solo Al Cabohne: how often an agent beats the mafia, and why it sells fields for nothing.

    python research/al_cabohne_zero_sales.py [--agent greedy] [--deals 200] [--base 2024]
        [--set faceup_share=0.6]

Plays ``--deals`` solo deals (seeds ``--base`` on) with the agent (``greedy`` unless
``--agent`` names another spec, ``rules`` say) and prints its win share
against the mafia and its zero-coin sales a game by reason (``boss``: a field of a bean a boss
collects; ``forced``: the front hand card fits no field; ``hand``: room for one of the next hand
cards to plant; ``room``: room for a face-up bean;
``nothing``), as ``contraband.games.al_cabohne.zero_sales`` classifies them. ``--set``
overrides a parameter of the game's heuristic for this run (a per-mode pair takes the number
for both modes). Prints figures from one run; never asserted in tests.
"""

from __future__ import annotations

import argparse
import collections

import contraband
from contraband.agents import from_spec
from contraband.games.al_cabohne.zero_sales import play


def override(heuristic, setting: str) -> None:
    name, eq, text = setting.partition("=")
    try:
        value = float(text)
    except ValueError:
        value = None
    if not eq or not hasattr(heuristic, name) or value is None:
        raise SystemExit(f"--set takes NAME=NUMBER with a heuristic parameter, got {setting!r}")
    current = getattr(heuristic, name)
    setattr(heuristic, name, (value, value) if isinstance(current, tuple) else value)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--agent", default="greedy", help="the agent spec that plays")
    parser.add_argument("--deals", type=int, default=200, help="solo deals to play")
    parser.add_argument("--base", type=int, default=2024, help="the first deal's seed")
    parser.add_argument("--set", action="append", default=[], help="NAME=NUMBER")
    args = parser.parse_args()
    try:
        from_spec(args.agent)
    except ValueError as error:
        parser.error(str(error))
    game = contraband.load("al-cabohne")
    heuristic = game.heuristic
    for setting in args.set:
        override(heuristic, setting)
    reasons: collections.Counter[str] = collections.Counter()
    wins = 0
    for seed in range(args.base, args.base + args.deals):
        state, sold = play(game, from_spec(args.agent, seed=seed), seed)
        reasons.update(sold)
        wins += state.returns()[0] == 1.0
    per_game = {reason: round(count / args.deals, 2) for reason, count in sorted(reasons.items())}
    total = sum(reasons.values()) / args.deals
    print(f"{args.agent} beat the mafia in {wins / args.deals:.3f} of {args.deals} deals")
    print(f"zero-coin sales a game: {total:.2f} {per_game}")


if __name__ == "__main__":
    main()
