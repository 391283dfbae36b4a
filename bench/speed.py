"""Speed of every registered game against a yardstick, as a ratio that holds on any machine.

    python bench/speed.py [--game ID ...] [--seconds 2] [--rounds 5]

The yardstick is uniformly random play of OpenSpiel's pure-Python tic-tac-toe
(``pyspiel.load_game("python_tic_tac_toe")``, the open-spiel package: ``pip install -e
.[bench]``), drawn with the same generator as the games. Every game and player count is timed
in ``--rounds`` short blocks that alternate with equally long yardstick blocks, so that load on
a shared machine hits both alike; the rates printed are the medians of the blocks, and the
ratio is the median of the per-round ratios game / yardstick. The goal (issue 34) is a ratio of
at least 5 for every game and player count. Also prints games/s and the µs of clone and
determinize. Times are CPU time of this process (``time.process_time``). For a change, compare
two trees in one run with research/ab.py. Never asserted in tests.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Iterator

import contraband
from contraband.core.random import Rng

GOAL = 5.0


class Yardstick:
    """Random play of OpenSpiel's Python tic-tac-toe, whole games, resumed block after block."""

    def __init__(self) -> None:
        try:
            import pyspiel
            from open_spiel.python.games import tic_tac_toe  # noqa: F401 (registers the game)
        except ImportError:
            sys.exit("bench/speed.py needs open-spiel for its yardstick: pip install -e '.[bench]'")
        self.game = pyspiel.load_game("python_tic_tac_toe")
        self.rng = Rng(1)

    def rate(self, seconds: float) -> float:
        game, choice = self.game, self.rng.choice
        decisions = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
        return decisions / (time.process_time() - start)


class RandomPlay:
    """Random play of one game and player count, whole games, resumed block after block."""

    def __init__(self, game_id: str, players: int) -> None:
        self.game = contraband.load(game_id)
        self.players = players
        self.rng = Rng(1)
        self.decisions = self.games = 0
        self.seconds = 0.0
        self.samples: list = []

    def rate(self, seconds: float) -> float:
        game, players, choice, samples = self.game, self.players, self.rng.choice, self.samples
        decisions = games = 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            state = game.new(players, seed=self.games + games)
            while not state.is_terminal():
                state.apply(choice(state.legal_actions()))
                decisions += 1
            games += 1
        elapsed = time.process_time() - start
        if len(samples) < 200:  # positions for clone and determinize, outside the timing
            state = game.new(players, seed=self.games)
            for step in range(10_000):  # every 5th position of one more game
                if state.is_terminal() or len(samples) == 200:
                    break
                state.apply(choice(state.legal_actions()))
                if step % 5 == 0:
                    samples.append(state.clone())
        self.decisions += decisions
        self.games += games
        self.seconds += elapsed
        return decisions / elapsed


def per_call_us(function, states: list, repeat: int = 20) -> float:
    start = time.process_time()
    for _ in range(repeat):
        for state in states:
            function(state)
    return (time.process_time() - start) / (repeat * len(states)) * 1e6


def arguments(doc: str | None) -> argparse.Namespace:
    """The options of a yardstick run (this script's, and research/engine_share.py's)."""
    parser = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU s per loop and case")
    parser.add_argument("--rounds", type=int, default=5, help="alternating blocks per case")
    return parser.parse_args()


def cases(games: list[str] | None) -> Iterator[tuple[str, int]]:
    """(game id, player count) for every player count of ``games`` (default: every game)."""
    for game_id in games or contraband.game_ids():
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            yield game_id, players


def main() -> None:
    args = arguments(__doc__)
    block = args.seconds / max(1, args.rounds)
    yardstick = Yardstick()
    columns = ("players", "decisions/s", "yardstick/s", "ratio", "games/s", "clone µs", "det. µs")
    print(f"{'game':<16}" + "".join(f"{c:>13}" for c in columns))
    short = []
    for game_id, players in cases(args.game):
        play = RandomPlay(game_id, players)
        rates, yards, ratios = [], [], []
        for round_ in range(max(1, args.rounds)):
            pair = (yardstick.rate, play.rate) if round_ % 2 else (play.rate, yardstick.rate)
            first, second = pair[0](block), pair[1](block)
            rate, yard = (second, first) if round_ % 2 else (first, second)
            rates.append(rate)
            yards.append(yard)
            ratios.append(rate / yard)
        ratio = statistics.median(ratios)
        if ratio < GOAL:
            short.append(f"{game_id} {players}p")
        running = [s for s in play.samples if not s.is_terminal()] or play.samples
        clone = per_call_us(lambda s: s.clone(), running)
        guesser = Rng(5)
        determinize = per_call_us(lambda s, r=guesser: s.determinize(s.current_player, r), running)
        figures = (
            f"{players}",
            f"{statistics.median(rates):,.0f}",
            f"{statistics.median(yards):,.0f}",
            f"{ratio:.2f}×",
            f"{play.games / play.seconds:,.1f}",
            f"{clone:.1f}",
            f"{determinize:.1f}",
        )
        print(f"{game_id:<16}" + "".join(f"{f:>13}" for f in figures), flush=True)
    print(f"goal: ratio ≥ {GOAL:g} for every case; short of it: {', '.join(short) or 'none'}")


if __name__ == "__main__":
    main()
