"""Which Tony & Tino decisions the search makes well: a seat that searches some kinds of
decision and leaves the rest to the rule-based bench player, against the rule-based player.

    python bench/tony_tino_phases.py --search card --iterations 1000 --games 100
    python bench/tony_tino_phases.py --search place,react --iterations 1000 --games 100

``--search`` names the kinds the search decides (``card``: which card to play or discard and
its targets; ``place``: the figure and point; ``react``: whether to call the Police on the
opponent's card); the search runs with ``plan=false`` so that it decides those itself. Seats
alternate game by game; game i is dealt with seed ``--seed + i``. Prints the mixed seat's
share of the wins with a 95% Wilson interval every ten games. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ladder import wilson  # noqa: E402
from tony_tino_rules import TonyTinoRulesPlayer  # noqa: E402

from contraband.agents.ismcts import ISMCTSAgent  # noqa: E402
from contraband.core.game import load  # noqa: E402
from contraband.games.tony_tino.rules import CARD, PLACE, REACT, TARGET  # noqa: E402

KINDS = {"card": (CARD, TARGET), "place": (PLACE,), "react": (REACT,)}


class MixedSeat:
    """The search for the phases in ``searched``, the rule-based player for the others."""

    def __init__(self, searched: set[str], iterations: int, seed: int) -> None:
        self.searched = searched
        self.rules = TonyTinoRulesPlayer(seed)
        self.search = ISMCTSAgent(iterations=iterations, plan=False, seed=seed)

    def act(self, state, seat: int):
        agent = self.search if state.phase in self.searched else self.rules
        return agent.act(state, seat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--search", default="card", help="card,place,react")
    parser.add_argument("--iterations", type=int, default=1000)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()
    kinds = [k for k in args.search.split(",") if k]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"unknown kind {unknown[0]!r}; choose from {', '.join(KINDS)}")
    searched = {phase for kind in kinds for phase in KINDS[kind]}
    game, won, start = load("tony-tino"), 0.0, time.time()
    for i in range(args.games):
        mixed_seat = i % 2
        seats = [None, None]
        seats[mixed_seat] = MixedSeat(searched, args.iterations, args.seed + 2 * i)
        seats[1 - mixed_seat] = TonyTinoRulesPlayer(args.seed + 2 * i + 1)
        state = game.new(2, seed=args.seed + i)
        while not state.is_terminal():
            seat = state.current_player
            state.apply(seats[seat].act(state, seat))
        won += state.returns()[mixed_seat]
        if (i + 1) % 10 == 0 or i + 1 == args.games:
            low, high = wilson(won, i + 1)
            elapsed = time.time() - start
            print(f"{i + 1} games: {won / (i + 1):.3f} [{low:.3f}, {high:.3f}] ({elapsed:.0f} s)")


if __name__ == "__main__":
    main()
