"""Counterfeiters: fixed plans against each other, and the length of games.

    python research/counterfeiters_plans.py [--games 200] [--players 2 3 4] [--seed 1]

Four simple plan agents (``contraband/games/counterfeiters/rules_player.py``; the supermarket
plan is the game's ``rules`` agent) share the same sensible habits (sell at the end, keep cash
away from a Godfather that is one step off) and differ in what they go for:

  supermarket  buy printers and components, print, and pass the notes at the supermarket
  fence        print and sell in bulk to the fence (the uncapped one first); never the supermarket
  offshore     print and sell, but buy a jet first and fly the cash offshore every round
  lawyers      buy lawyers and lottery tickets whenever they are affordable, else print and sell

The win rates: at 2 players each pair of plans plays the same deals with the seats swapped; at 3
and 4 players every table mixes different plans, rotating them over the seats. Shared wins
count as fractions. Rounds per game are measured with greedy players (and the plans). The
figures go into the game's DESIGN.md; they are printed, never asserted.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contraband  # noqa: E402
from contraband.agents import from_spec  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from contraband.games.counterfeiters.rules_player import PLANS, Plan  # noqa: E402


class PlanAgent:
    """A fixed plan as an agent: the plan judges a determinization of its own seat."""

    def __init__(self, plan: str, seed: int = 0) -> None:
        self.plan = Plan(plan)
        self.rng = Rng(seed)
        self.name = plan

    def act(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.plan.decide(state.determinize(seat, self.rng), seat, legal, self.rng)


def _make(spec: str, seed: int):
    if spec in PLANS:
        return PlanAgent(spec, seed)
    return from_spec(spec, seed=seed)


def play(players: int, specs: list[str], seed: int) -> tuple[list[float], int]:
    game = contraband.load("counterfeiters")
    state = game.new(players, seed=seed)
    agents = [_make(spec, seed * 10 + k) for k, spec in enumerate(specs)]
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(state, seat))
    return state.returns(), state.round


def tables(players: int, entrants: tuple[str, ...], games: int, seed: int) -> dict:
    """Each plan's share of the wins over mixed tables (1/players = even)."""
    wins = dict.fromkeys(entrants, 0.0)
    seats = dict.fromkeys(entrants, 0)
    rounds = []
    groups = list(itertools.combinations(entrants, players)) if players <= len(entrants) else []
    if not groups:
        groups = [entrants]
    for g in range(games):
        group = list(groups[g % len(groups)])
        shift = (g // len(groups)) % players
        specs = [group[(k + shift) % len(group)] for k in range(players)]
        returns, length = play(players, specs, seed + g)
        rounds.append(length)
        for spec, value in zip(specs, returns, strict=True):
            wins[spec] += value
            seats[spec] += 1
    return {
        "share": {spec: wins[spec] / seats[spec] for spec in entrants if seats[spec]},
        "rounds": statistics.mean(rounds),
    }


def pairs(entrants: tuple[str, ...], games: int, seed: int) -> dict:
    """Two players: every pair of plans over the same deals, seats swapped each game."""
    result = {}
    for a, b in itertools.combinations(entrants, 2):
        score = 0.0
        for g in range(games):
            specs = [a, b] if g % 2 == 0 else [b, a]
            returns, _ = play(2, specs, seed + g // 2)
            score += returns[specs.index(a)]
        result[(a, b)] = score / games
    return result


def rounds_per_game(players: int, spec: str, games: int, seed: int) -> tuple[float, int, int]:
    lengths = [play(players, [spec] * players, seed + g)[1] for g in range(games)]
    return statistics.mean(lengths), min(lengths), max(lengths)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds-games", type=int, default=100)
    args = parser.parse_args()
    if 2 in args.players:
        print(f"## 2 players: plan against plan ({args.games} games each pair)")
        print("| plan A | plan B | A's share |")
        print("|---|---|---|")
        for (a, b), share in pairs(PLANS, args.games, args.seed).items():
            print(f"| {a} | {b} | {share:.2f} |")
    for players in args.players:
        if players == 2:
            continue
        found = tables(players, PLANS, args.games, args.seed)
        print(
            f"\n## {players} players: mixed tables ({args.games} games; even = {1 / players:.2f})"
        )
        print("| plan | win share |")
        print("|---|---|")
        for spec, share in found["share"].items():
            print(f"| {spec} | {share:.2f} |")
    print(f"\n## Rounds per game ({args.rounds_games} games each)")
    print("| players | greedy: mean (min-max) | plans: mean |")
    print("|---|---|---|")
    for players in args.players:
        mean, low, high = rounds_per_game(players, "greedy", args.rounds_games, args.seed)
        mixed = tables(players, PLANS, args.rounds_games, args.seed + 7)["rounds"]
        print(f"| {players} | {mean:.1f} ({low}-{high}) | {mixed:.1f} |")


if __name__ == "__main__":
    main()
