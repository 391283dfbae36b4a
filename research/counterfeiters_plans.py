"""Counterfeiters: fixed plans against each other, and the length of games.

    python bench/counterfeiters_plans.py [--games 200] [--players 2 3 4] [--seed 1]

Four simple plan agents share the same sensible habits (sell at the end, keep cash away from a
Godfather that is one step off) and differ in what they go for:

  supermarket  buy printers and components, print, and pass the notes at the supermarket
  fence        print and sell in bulk to the fence (the uncapped one first); never the supermarket
  offshore     print and sell, but buy a jet first and fly the cash offshore every round
  lawyers      buy lawyers and lottery tickets whenever they are affordable, else print and sell

The win rates: at 2 players each pair of plans plays the same deals with the seats swapped; at 3
and 4 players every table mixes different plans, rotating them over the seats. Shared wins
count as fractions. Rounds per game are measured with greedy players (and the plans). The
figures go into the game's RULES.md; they are printed, never asserted.
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
from contraband.core.action import Action  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from contraband.games.counterfeiters.board import (  # noqa: E402
    CARD_KIND,
    CARD_VALUE,
    COMPONENT_OF,
    GODFATHER,
    QUALITIES,
    TRACK,
    detected,
    side,
)
from contraband.games.counterfeiters.printing import printers  # noqa: E402

PLANS = ("supermarket", "fence", "offshore", "lawyers")
RESERVE = 60  # cash a plan keeps at hand when it flies money offshore


def _godfather_near(state, within: int) -> bool:
    ahead = [g for g in GODFATHER if g > state.pawn]
    return bool(ahead) and min(ahead) - state.pawn <= within


def _card_use(state, seat: int, card: int, plan: str, price: int) -> float:
    """How much the plan wants a card (0: not at all), on the scale of ``PlanAgent._score``."""
    kind = CARD_KIND[card]
    owned = state.owned[seat]
    printing = True
    if kind == "printer":
        most = 3 if plan == "fence" else 2
        return 8.7 if printing and printers(owned) < most else 0.0
    if COMPONENT_OF[card] >= 0:
        kinds = {COMPONENT_OF[c] for c in owned if COMPONENT_OF[c] >= 0}
        return 9.6 if printing and COMPONENT_OF[card] not in kinds else 0.0
    if kind == "jet":
        return 9.7 if plan == "offshore" else 0.0
    if kind == "diner":
        diners = sum(1 for c in owned if CARD_KIND[c] == "diner")
        return 8.2 if printing and plan != "lawyers" and diners < 2 else 0.0
    if kind == "lottery":
        if plan == "lawyers":
            return 9.5 if CARD_VALUE[card] >= price else 0.0
        return 8.1 if CARD_VALUE[card] - price >= 20 else 0.0
    if kind in ("great lawyer", "bad lawyer"):
        return 9.9 if plan == "lawyers" else 0.0
    return 0.0


class PlanAgent:
    def __init__(self, plan: str, seed: int = 0) -> None:
        self.plan = plan
        self.rng = Rng(seed)
        self.name = plan

    def act(self, state, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        step = state.step
        labels = [a.label for a in legal]
        if step == "place":
            return legal[self._place(state, seat, labels)]
        if step == "sell":
            return legal[self._sell(state, seat, labels)]
        if step == "direction":
            return legal[labels.index("to offshore")]
        if step == "amount":
            keep = 0 if _godfather_near(state, 1) or state.pawn >= TRACK - 3 else RESERVE
            move = max(0, state.cash[seat] - keep)
            best = max(i for i, label in enumerate(labels) if int(label[6:]) <= move)
            return legal[best]
        return legal[self._lawyer(state, seat, labels)]

    # -- placing --------------------------------------------------------------------------
    def _score(self, state, seat: int, label: str) -> float:
        if label == "pass":
            return 0.0
        board = side(state.players)
        space = board.index[label]
        action = board.action[space]
        cash = state.cash[seat]
        base = seat * QUALITIES
        notes = state.fakes[base : base + QUALITIES]
        accepted = sum(notes[detected(state.pawn) :])
        plan = self.plan
        final = state.stage != "round"
        total = sum(notes)
        cap = 0.0
        if board.cap[space] and not final:
            # hurry the end when ahead (the totals are public), slow it down when behind
            worth = [state.cash[s] + state.offshore[s] for s in range(state.players)]
            cap = -2.0 if worth[seat] == max(worth) else 0.5
            if state.pawn + 1 in GODFATHER and cash >= 100:
                cap = 6.0  # do not call the Godfather on one's own cash
        if action == 0:  # the black market
            if final:
                return 0.0
            want = _card_use(state, seat, state.market[space], plan, board.price[space])
            return want - board.price[space] / 100.0 if want else 0.0
        if action == 1:  # supermarket
            if plan == "fence" or final or not accepted:
                return 0.0
            return (9.0 if accepted >= 2 else 7.0) - cap
        if action == 2:  # fence
            if final:
                return 9.0
            if plan == "fence":
                return (9.5 if total >= 4 else 4.0) - cap
            return (8.5 if accepted == 0 and total >= 2 else 1.0) - cap
        if action == 3:  # print
            if final:
                return 0.0
            return (8.0 if total < 8 else 2.0) - cap
        if action == 4:  # tax fraud
            return 3.0
        # flights
        if final:
            return 0.0
        risky = _godfather_near(state, 2) or state.pawn >= TRACK - 3
        # the offshore plan flies whenever it holds more than a reserve; the others only when a
        # Godfather (or the end) is near
        wanted = 60 + RESERVE * (not risky) if plan == "offshore" else (80 if risky else None)
        if wanted is None or cash < wanted:
            return 0.0
        return (9.5 if plan == "offshore" else 9.8) + (0.3 if action == 6 else 0.0)

    def _place(self, state, seat: int, labels: list[str]) -> int:
        scores = [self._score(state, seat, label) for label in labels]
        best = max(scores)
        ties = [i for i, score in enumerate(scores) if score == best]
        return ties[self.rng.below(len(ties))]

    # -- selling ----------------------------------------------------------------------------
    def _sell(self, state, seat: int, labels: list[str]) -> int:
        board = side(state.players)
        if board.action[state.space] == 1:  # supermarket: as many as allowed, lowest first
            return len(labels) - 1
        # the fence pays every note at the lowest quality sold: sell one quality at a time
        if sum(state.picks):
            return 0
        return len(labels) - 1

    # -- the lawyer -------------------------------------------------------------------------
    def _lawyer(self, state, seat: int, labels: list[str]) -> int:
        base = seat * QUALITIES
        if sum(state.fakes[base : base + QUALITIES]) == 0 and self.plan != "lawyers":
            return len(labels) - 1  # no move
        for i, label in enumerate(labels):
            if "print" in label or "market" in label:
                return i
        return 0


def rules_player(seed: int = 0) -> PlanAgent:
    """The rule-based bench player (bench/rule_players.py): the supermarket plan, the strongest
    of the four at three and four players."""
    return PlanAgent("supermarket", seed)


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
