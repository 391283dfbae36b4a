"""How far engine work alone could take random play: the games' own rules with no engine around
them, against the public API and the yardstick of bench/speed.py, in one run.

    python research/engine_share.py [--game ID ...] [--seconds 2] [--rounds 5]

Three loops over whole games from ``new``, alternated block by block so that load hits all
alike (CPU time, ``time.process_time``):

- ``api``: bench/speed.py's own loop (``RandomPlay``),
  ``state.apply(choice(state.legal_actions()))``;
- ``rules only``: ``state._apply(choice(state._legal_actions()))``, the game's own functions
  without ``State``'s cache, checks, copy and history: the rate random play would reach if the
  engine cost nothing (the state it leaves has no history, so it is a bound, not a playout);
- the yardstick, OpenSpiel's Python tic-tac-toe as in bench/speed.py.

Prints each rate and the ratios ``api / yardstick`` and ``rules only / yardstick``: where the
second is below bench/speed.py's goal of 5, no change to ``contraband.core`` can reach it. Never
asserted in tests.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from speed import GOAL, RandomPlay, Yardstick, arguments, cases  # noqa: E402

import contraband  # noqa: E402
from contraband.core.random import Rng  # noqa: E402


class RulesOnly:
    """Whole games of one game and player count with the game's own functions only (no
    engine), resumed block after block; ``speed.RandomPlay`` is the same through the API."""

    def __init__(self, game_id: str, players: int) -> None:
        self.game = contraband.load(game_id)
        self.players = players
        self.rng = Rng(1)
        self.games = 0

    def rate(self, seconds: float) -> float:
        game, players, choice = self.game, self.players, self.rng.choice
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new(players, seed=self.games)
            self.games += 1
            while not state.is_terminal():
                state._apply(choice(state._legal_actions()))
                decisions += 1
        return decisions / (time.process_time() - start)


def main() -> None:
    args = arguments(__doc__)
    block = args.seconds / max(1, args.rounds)
    yardstick = Yardstick()
    columns = ("players", "api/s", "rules only/s", "yardstick/s", "api ×", "rules only ×")
    print(f"{'game':<16}" + "".join(f"{c:>14}" for c in columns))
    for game_id, players in cases(args.game):
        timed = [
            RandomPlay(game_id, players).rate,
            RulesOnly(game_id, players).rate,
            yardstick.rate,
        ]
        rates: list[list[float]] = [[], [], []]
        for round_ in range(max(1, args.rounds)):
            order = range(3) if round_ % 2 == 0 else reversed(range(3))
            for index in order:
                rates[index].append(timed[index](block))
        api, bare, yard = (statistics.median(r) for r in rates)
        api_x = statistics.median(a / y for a, y in zip(rates[0], rates[2], strict=True))
        bare_x = statistics.median(b / y for b, y in zip(rates[1], rates[2], strict=True))
        figures = (
            f"{players}",
            f"{api:,.0f}",
            f"{bare:,.0f}",
            f"{yard:,.0f}",
            f"{api_x:.2f}",
            f"{bare_x:.2f}",
        )
        print(f"{game_id:<16}" + "".join(f"{f:>14}" for f in figures), flush=True)
    print(f"goal of bench/speed.py: api × ≥ {GOAL:g}")


if __name__ == "__main__":
    main()
