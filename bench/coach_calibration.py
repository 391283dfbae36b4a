"""Is the coach's review calibrated? How often it flags `hard`'s own decisions, and how often it
flags a clearly worse move put in their place.

    nice -n 10 python bench/coach_calibration.py [--games 1] [--positions 6] [--seed 44]
        [--game ID ...] [--game-iterations 1000] [--iterations N] [--worse 0.10]
        [--cache DIR] [--out FILE.json] [--report FILE ...]

For every game (its most usual table: two players in Tony & Tino and Al Cabohne, three in the
others) the bench plays ``--games`` games of ``hard`` against ``hard`` (its planner where it has
one, each search capped at ``--game-iterations`` so that the games are affordable) and saves
each record in ``--cache`` (default results/coach_games; a later run reuses them). In each game
it picks up to ``--positions`` decisions with a choice, spread evenly over the game and its
seats, and at each one:

- **hard's own move**: ``hard`` decides again at its full budget (the lab's ``hard``; or
  ``--iterations`` per search, for a cheaper run at which the review searches as much), and the
  review's own analysis (``coach.analyse`` with the review's settings: four full searches, or
  the planner's votes and 16 deals) gives its verdict. The share called costly is the *false
  alarm* rate (the issue asks for at most 5%).
- **a planted mistake**: a *large* analysis (twice the search budget, other seeds; with the
  planner three times the deals) values the moves; a random legal move it rates at least
  ``--worse`` below hard's move is put in hard's place (where the planner judges, up to three
  random moves are tried; a position whose moves are all about as good plants none). Changing
  a decision changes nothing before it, so the review of the game with that decision replaced
  reads exactly the review's verdict on that move at that position. The share flagged costly
  is the *detection* rate (the issue asks for at least 80%).

Both rates are printed with 95% Wilson intervals, per game and over all, and each position's
figures are printed as a JSON line as it is done and written to ``--out`` (default
results/coach_calibration.json). ``--report FILE ...`` prints the table from such lines or files
without computing anything.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

import contraband  # noqa: E402
from contraband.agents import coach_planner, from_spec  # noqa: E402
from contraband.agents.coach import COSTLY, analyse, decisions  # noqa: E402
from contraband.core.random import Rng, derive_seed  # noqa: E402

TABLES = {"tony-tino": 2, "al-cabohne": 2, "counterfeiters": 3, "nacho-incident": 3, "narcos": 3}
ROOT = Path(__file__).resolve().parent.parent


def wilson(hits: int, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def hard_game(game_id: str, players: int, seed: int, iterations: int) -> dict:
    """One game of ``hard`` in every seat (its planner where it has one), each search capped at
    ``iterations`` (the positions only need to be ones ``hard`` reaches)."""
    state = contraband.load(game_id).new(players, seed=seed)
    agents = [
        from_spec("hard", seed=derive_seed(seed, "seat", s), iterations=iterations)
        for s in range(players)
    ]
    while not state.is_terminal():
        mover = state.current_player
        state.apply(agents[mover].act(state, mover).label, seat=mover)
    return state.record()


def saved_game(cache: Path, game_id: str, players: int, seed: int, iterations: int) -> dict:
    path = cache / f"{game_id}-{players}p-{seed}-{iterations}.json"
    if path.exists():
        return json.loads(path.read_text())
    record = hard_game(game_id, players, seed, iterations)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record))
    return record


def positions(record: dict, count: int) -> list[tuple[int, int, object, str]]:
    """Up to ``count`` decisions with a choice, spread evenly over the game and the seats."""
    every = []
    for seat in range(record["players"]):
        every += [(index, seat, state, label) for index, state, label in decisions(record, seat)]
    every.sort(key=lambda found: found[0])
    if len(every) <= count:
        return every
    step = len(every) / count
    return [every[int(i * step + step / 2)] for i in range(count)]


def large(state, seat: int, ask: str | None, seed: int, budget: int):
    """The large analysis that decides whether a planted move is clearly worse: twice the
    review's search budget, or three times its sampled deals with the planner."""
    old = coach_planner.SAMPLES
    coach_planner.SAMPLES = old * 3
    try:
        return analyse(state, seat, iterations=budget * 2, seed=seed, ask=ask)
    finally:
        coach_planner.SAMPLES = old


@contextlib.contextmanager
def full_planner(budget: int, game_budget: int):
    """The planner's full deals and votes even when ``--iterations`` cuts the searches (the
    analysis asks the planner for the budget's share of them: here the share of more)."""
    old = coach_planner.SAMPLES, coach_planner.VOTES
    scale = game_budget / budget
    coach_planner.SAMPLES, coach_planner.VOTES = round(old[0] * scale), round(old[1] * scale)
    try:
        yield
    finally:
        coach_planner.SAMPLES, coach_planner.VOTES = old


def one_position(state, seat: int, seed: int, worse: float, iterations: int | None) -> dict:
    game_budget = contraband.load(state.GAME_ID).heuristic.search_iterations
    with full_planner(iterations or game_budget, game_budget):
        return _one_position(state, seat, seed, worse, iterations)


def _one_position(state, seat: int, seed: int, worse: float, iterations: int | None) -> dict:
    """``hard``'s own move here (full budget, or ``iterations``) and a planted clearly worse
    one, each with the verdict of the review (at the same budget per search)."""
    budget = iterations or contraband.load(state.GAME_ID).heuristic.search_iterations
    own = (
        from_spec("hard", seed=derive_seed(seed, "hard"), iterations=budget).act(state, seat).label
    )
    review_seed = derive_seed(seed, "review")
    judged = analyse(state, seat, iterations=budget, seed=review_seed, ask=own)
    row = {"own": own, "own_verdict": judged.verdict(own), "method": judged.method}
    rng = Rng(derive_seed(seed, "plant"))
    others = [a.label for a in state.legal_actions(seat) if a.label != own]
    big = large(state, seat, own, derive_seed(seed, "large"), budget)
    if big.method == "search":  # every move valued: plant one of the clearly worse at random
        reference = big.choice(own).win
        worse_moves = [m for m in others if reference - big.choice(m).win >= worse]
        tries = [worse_moves[rng.below(len(worse_moves))]] if worse_moves else []
    else:  # the planner values the moves asked: try up to three random ones
        tries = [others.pop(rng.below(len(others))) for _ in range(min(3, len(others)))]
    for planted in tries:
        if big.choice(planted) is None:
            big = large(state, seat, planted, derive_seed(seed, "large"), budget)
        own_value = big.choice(own).win if big.choice(own) else big.best.win
        lower = own_value - big.choice(planted).win
        if lower >= worse:
            review = judged
            if judged.choice(planted) is None:  # the planner's review did not value it
                review = analyse(state, seat, iterations=budget, seed=review_seed, ask=planted)
            verdict = review.verdict(planted)
            row |= {"planted": planted, "lower": round(lower, 4), "planted_verdict": verdict}
            break
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--game-iterations", type=int, default=1000)
    parser.add_argument(
        "--iterations", type=int, help="per search, for hard and the review (default: full)"
    )
    parser.add_argument("--seed", type=int, default=44)
    parser.add_argument("--worse", type=float, default=0.10, help="clearly worse: this much lower")
    parser.add_argument("--game", action="append", choices=sorted(TABLES))
    parser.add_argument("--cache", type=Path, default=ROOT / "results" / "coach_games")
    parser.add_argument("--out", type=Path, default=ROOT / "results" / "coach_calibration.json")
    parser.add_argument("--report", type=Path, nargs="+", help="only tabulate these logs")
    args = parser.parse_args()
    if args.report:
        report(read_rows(args.report))
        return
    rows = []
    for game_id in args.game or list(TABLES):
        players = TABLES[game_id]
        for number in range(args.games):
            seed = derive_seed(args.seed, game_id, number) % 2**31
            started = time.perf_counter()
            record = saved_game(args.cache, game_id, players, seed, args.game_iterations)
            for index, seat, state, _label in positions(record, args.positions):
                at = derive_seed(seed, "at", index)
                row = one_position(state, seat, at, args.worse, args.iterations)
                row = {"game": game_id, "seed": seed, "index": index, **row}
                rows.append(row | {"iterations": args.iterations or "full"})
                print(json.dumps(rows[-1]), flush=True)
            print(f"# {game_id} game {number}: {time.perf_counter() - started:.0f} s", flush=True)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(rows, indent=1))
    report(rows)


def read_rows(paths: list[Path]) -> list[dict]:
    """Position rows from JSON files or logs of this bench (one JSON object a line)."""
    rows: list[dict] = []
    for path in paths:
        text = path.read_text()
        if text.lstrip().startswith("["):
            rows += json.loads(text)
            continue
        rows += [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    # a position measured twice (two runs over the same games) counts once
    unique = {(r["game"], r["seed"], r["index"], r.get("iterations", "full")): r for r in rows}
    return list(unique.values())


def report(rows: list[dict]) -> None:
    budgets = sorted({str(r.get("iterations", "full")) for r in rows})
    searched = sum(r["method"] == "search" for r in rows)
    print(f"{len(rows)} positions ({searched} searched, {len(rows) - searched} by the planner);"
          f" iterations per search: {', '.join(budgets)}")  # fmt: skip
    print(f"{'game':16} {'false alarms':>22} {'planted flagged':>24}")
    for game_id in [*dict.fromkeys(r["game"] for r in rows), "all"]:
        mine = [r for r in rows if game_id in ("all", r["game"])]
        alarms = sum(r["own_verdict"] == COSTLY for r in mine)
        planted = [r for r in mine if "planted" in r]
        caught = sum(r["planted_verdict"] == COSTLY for r in planted)
        low, high = wilson(alarms, len(mine))
        plow, phigh = wilson(caught, len(planted))
        print(
            f"{game_id:16} {alarms:3}/{len(mine):<3} [{low:.2f}, {high:.2f}]"
            f"      {caught:3}/{len(planted):<3} [{plow:.2f}, {phigh:.2f}]"
        )


if __name__ == "__main__":
    main()
