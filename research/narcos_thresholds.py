"""Narcos: simulation figures and the fixed stop thresholds.

    python research/narcos_thresholds.py figures --games 300 [--players 3] [--mode basic]
    python research/narcos_thresholds.py thresholds --games 300 [--players 3] [--mode basic]
    python research/narcos_thresholds.py versus --games 500 [--players 3] [--mode basic]

``figures``: every seat plays the heuristic's rule-based policy (its stop rule: flip while one
more card is worth more than stopping); prints the game length in turns, flips per turn, how
often a turn ends in flight, and the money spread.

``thresholds``: simple agents that differ only in when they stop flipping (every other decision
is the heuristic's rule-based policy): ``siren2`` stops at the 2nd siren, ``cards5`` at 5 cards,
``cards7`` never before 7 cards (it stops only when forced to). At three players one seat of
each, every seating order equally often; at two or four players every agent meets every
other equally often. Prints each agent's win rate (ties shared) and its figures.

``versus``: the ``greedy`` agent against ``random`` seats, the greedy seat rotated.

Prints figures from one run; never asserted in tests. Seeds are fixed, so a run repeats.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import time
from collections import defaultdict

import contraband
from contraband.agents import from_spec
from contraband.core.random import Rng
from contraband.games.narcos import flipping
from contraband.games.narcos.board import FLEE_SIRENS, MAX_CARDS
from contraband.games.narcos.heuristic import should_flip
from contraband.games.narcos.policy import choose

GAME = contraband.load("narcos")


def siren2(state, seat: int) -> bool:
    return flipping.danger(state) < FLEE_SIRENS - 1


def cards5(state, seat: int) -> bool:
    return flipping.table_cards(state) < 5


def cards7(state, seat: int) -> bool:
    return flipping.table_cards(state) < MAX_CARDS


RULES = {"rule": should_flip, "siren2": siren2, "cards5": cards5, "cards7": cards7}


class RuleAgent:
    """The heuristic's rule-based policy with a given stop rule."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.flip_rule = RULES[name]

    def act(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        label = choose(state, [a.label for a in legal], self.flip_rule)
        return next(a for a in legal if a.label == label)


def turn_figures(state) -> list[dict]:
    """Per turn: its player, the flips, whether the player fled, the actions earned."""
    turns: list[dict] = []
    for kind, values in state.events():
        if kind == "turn":
            turns.append({"seat": values[0], "flips": 0, "fled": False, "actions": 0})
        elif not turns:
            continue
        elif kind in ("flip", "eighth_gun"):
            turns[-1]["flips"] += 1
        elif kind == "flee":
            turns[-1]["fled"] = True
        elif kind == "actions":
            turns[-1]["actions"] = values[1]
    return turns


def play(agents, seed: int, mode: str):
    state = GAME.new(len(agents), seed=seed, options={"mode": mode})
    while not state.is_terminal():
        seat = state.current_player
        state.apply(agents[seat].act(state, seat), seat=seat)
    return state


class Tally:
    def __init__(self) -> None:
        self.wins = defaultdict(float)
        self.seats = defaultdict(int)
        self.money = defaultdict(list)
        self.turns = defaultdict(list)  # per agent: its turns' figures
        self.lengths: list[int] = []
        self.spreads: list[int] = []
        self.stdevs: list[float] = []

    def add(self, names: list[str], state) -> None:
        returns = state.returns()
        for seat, name in enumerate(names):
            self.wins[name] += returns[seat]
            self.seats[name] += 1
            self.money[name].append(state.money[seat])
        for turn in turn_figures(state):
            self.turns[names[turn["seat"]]].append(turn)
        self.lengths.append(state.turn)
        self.spreads.append(max(state.money) - min(state.money))
        self.stdevs.append(statistics.pstdev(state.money))

    def report(self, players: int) -> None:
        n = len(self.lengths)
        print(
            f"  game length: {statistics.mean(self.lengths):.1f} turns "
            f"({statistics.mean(self.lengths) / players:.1f} per player; "
            f"range {min(self.lengths)}-{max(self.lengths)}) over {n} games"
        )
        print(
            f"  money spread (richest - poorest): mean {statistics.mean(self.spreads):.1f}, "
            f"median {statistics.median(self.spreads):.0f}; "
            f"standard deviation within a game {statistics.mean(self.stdevs):.1f}"
        )
        header = "  agent     win rate  seats  money  flips/turn  fled  actions/turn"
        print(header)
        for name in sorted(self.seats):
            turns = self.turns[name]
            flips = statistics.mean(t["flips"] for t in turns) if turns else 0
            fled = sum(t["fled"] for t in turns) / len(turns) if turns else 0
            actions = statistics.mean(t["actions"] for t in turns) if turns else 0
            print(
                f"  {name:<9} {self.wins[name] / self.seats[name]:>8.3f}  {self.seats[name]:>5}"
                f"  {statistics.mean(self.money[name]):>5.1f}  {flips:>10.2f}  {fled:>4.2f}"
                f"  {actions:>12.2f}"
            )


def figures(games: int, players: int, mode: str) -> None:
    tally = Tally()
    start = time.perf_counter()
    for g in range(games):
        agents = [RuleAgent("rule") for _ in range(players)]
        tally.add(["rule"] * players, play(agents, 7000 + g, mode))
    print(f"figures: {games} games, {players} players, {mode}, {time.perf_counter() - start:.0f}s")
    tally.report(players)


def thresholds(games: int, players: int, mode: str, names: list[str]) -> None:
    tally = Tally()
    start = time.perf_counter()
    if players == len(names):
        seatings = list(itertools.permutations(names))
    else:
        seatings = [
            tuple(combo[(i + k) % len(combo)] for i in range(players))
            for combo in itertools.combinations(names, 2)
            for k in range(2)
        ]
    for g in range(games):
        seating = list(seatings[g % len(seatings)])
        agents = [RuleAgent(name) for name in seating]
        tally.add(seating, play(agents, 9000 + g, mode))
    print(
        f"thresholds: {games} games, {players} players, {mode}, "
        f"{time.perf_counter() - start:.0f}s; fair share {1 / players:.3f}"
    )
    tally.report(players)


def versus(games: int, players: int, mode: str, spec: str, against: str) -> None:
    tally = Tally()
    start = time.perf_counter()
    for g in range(games):
        names = [against] * players
        names[g % players] = spec
        agents = [from_spec(name, seed=g * 10 + i) for i, name in enumerate(names)]
        tally.add(names, play(agents, 5000 + g, mode))
    print(f"versus: {games} games, {players} players, {mode}, {time.perf_counter() - start:.0f}s")
    tally.report(players)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("figures", "thresholds", "versus"))
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--mode", default="basic", choices=("basic", "advanced"))
    parser.add_argument("--agents", default="siren2,cards5,cards7")
    parser.add_argument("--spec", default="greedy")
    parser.add_argument("--against", default="random")
    args = parser.parse_args()
    Rng(0)  # the seeds are fixed per game
    if args.what == "figures":
        figures(args.games, args.players, args.mode)
    elif args.what == "thresholds":
        thresholds(args.games, args.players, args.mode, args.agents.split(","))
    else:
        versus(args.games, args.players, args.mode, args.spec, args.against)


if __name__ == "__main__":
    main()
