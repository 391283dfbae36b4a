"""The Nacho Incident: greedy against random, and balance figures from greedy self-play.

    python research/nacho_balance.py versus --games 500      # 1 greedy + 3 random, seats rotated
    python research/nacho_balance.py balance --games 200     # 4 greedy: rank / flag / province

Prints figures from one run; never asserted in tests.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import contraband
from contraband.agents import from_spec
from contraband.games.nacho_incident import round_end
from contraband.games.nacho_incident.board import (
    PROVINCES,
    SHORT,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_RANK,
)

GAME = contraband.load("nacho-incident")


def play(agents, seed: int, options=None, watch=None):
    state = GAME.new(len(agents), seed=seed, options=options or {})
    while not state.is_terminal():
        seat = state.current_player
        action = agents[seat].act(state, seat)
        if watch:
            watch(state, action)
        state.apply(action)
    return state


def versus(games: int, players: int, options) -> None:
    totals = defaultdict(float)
    seats_played = defaultdict(int)
    gold = defaultdict(float)
    decisions, think = 0, 0.0
    start = time.perf_counter()
    for g in range(games):
        kinds = ["random"] * players
        kinds[g % players] = "greedy"
        agents = [from_spec(k, seed=g * 10 + i) for i, k in enumerate(kinds)]

        state = GAME.new(players, seed=1000 + g, options=options)
        while not state.is_terminal():
            seat = state.current_player
            t0 = time.perf_counter()
            action = agents[seat].act(state, seat)
            if kinds[seat] == "greedy":
                think += time.perf_counter() - t0
                decisions += 1
            state.apply(action)
        for seat, r in enumerate(state.returns()):
            totals[kinds[seat]] += r
            seats_played[kinds[seat]] += 1
            gold[kinds[seat]] += state.gold[seat]
    elapsed = time.perf_counter() - start
    print(f"{games} games, {players} players, options {options or 'none'}, {elapsed:.0f}s")
    for kind in sorted(totals):
        k = seats_played[kind]
        print(
            f"  {kind:<7} win rate {totals[kind] / k:.3f} over {k} seats "
            f"(fair share {1 / players:.3f}); mean gold {gold[kind] / k:.1f}"
        )
    print(f"  greedy: {think / max(decisions, 1) * 1000:.2f} ms per decision")


def balance(games: int, players: int, options) -> None:
    hires = []  # (game, seat, card, destination, net gold of the move)
    bonuses = defaultdict(int)
    delivered = defaultdict(int)
    results = {}
    score = round_end.score

    def counting_score(state):  # count majorities as they are scored in the real game
        for p in range(len(PROVINCES) if state.seed is not None else 0):
            if round_end.majority(state, p) >= 0:
                bonuses[p] += 1
        score(state)

    round_end.score = counting_score
    for g in range(games):
        agents = [from_spec("greedy", seed=g * 10 + i) for i in range(players)]
        pending = {}

        def watch(state, action, g=g, pending=pending):
            if action.label.startswith("go to "):
                seat = state.current_player
                pending[seat] = (state.chosen[seat], state.gold[seat])

        state = GAME.new(players, seed=5000 + g, options=options)
        while not state.is_terminal():
            seat = state.current_player
            action = agents[seat].act(state, seat)
            before = list(state.gold)
            watch(state, action)
            state.apply(action)
            if action.label.startswith("go to "):
                card, _ = pending.pop(seat)
                dest = PROVINCES.index(action.label[6:])
                net = state.gold[seat] - before[seat]
                hires.append((g, seat, card, dest, net))
                if net + SMUGGLER_COST[card] > 0:
                    delivered[dest] += net + SMUGGLER_COST[card]
        results[g] = state.returns()
    print(f"{games} games of greedy self-play, {players} players, options {options or 'none'}")

    def table(title, key, names):
        groups = defaultdict(list)
        for g, seat, card, dest, net in hires:
            groups[key(card, dest)].append((net, results[g][seat]))
        print(f"  {title:<14}{'hires':>7}{'net gold':>10}{'win share':>11}")
        for k in sorted(groups):
            rows = groups[k]
            net = sum(r[0] for r in rows) / len(rows)
            win = sum(r[1] for r in rows) / len(rows)
            print(f"  {names(k):<14}{len(rows):>7}{net:>10.2f}{win:>11.3f}")

    table("rank", lambda c, d: SMUGGLER_RANK[c], str)
    table("flag", lambda c, d: SMUGGLER_FLAG[c], lambda k: SHORT[k])
    table("destination", lambda c, d: d, lambda k: SHORT[k])
    print(
        "  delivery gold per game by province: "
        + ", ".join(f"{SHORT[p]} {delivered[p] / games:.1f}" for p in range(len(PROVINCES)))
    )
    print(
        "  majority bonuses per game by province: "
        + ", ".join(f"{SHORT[p]} {bonuses[p] / games:.2f}" for p in range(len(PROVINCES)))
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=("versus", "balance"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--option", action="append", default=[], help="an option to switch on")
    args = parser.parse_args()
    options = {name: True for name in args.option}
    if args.mode == "versus":
        versus(args.games, args.players, options)
    else:
        balance(args.games, args.players, options)


if __name__ == "__main__":
    main()
