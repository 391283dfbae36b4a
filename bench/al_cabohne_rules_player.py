"""Al Cabohne: a rule-based player written from the rulebook, and how often players beat the mafia.

    python bench/al_cabohne_rules_player.py solo --agent rules --agent greedy --games 200
    python bench/al_cabohne_rules_player.py duel --agent ismcts:iterations=200 --agent greedy

The rules player (spec ``rules``) plays as a careful person would from the rulebook alone:

- it never sells a field for nothing unless it must (the front hand card has nowhere to go, or
  the field grows a bean a boss collects and would pay tribute);
- it does not start fields of beans a boss collects: such a card is given to its boss from the
  hand when it is about to be planted;
- the compulsory gift points the empty boss at the scarcest bean it may take (the fewest unseen
  cards left, counting its own hand cards of that bean, which it would have to feed him);
- it feeds the mafia nothing else (no face-up bean ever goes to a boss);
- it takes face-up beans that match its fields, and the biggest other group into an empty field;
- it plants the second hand card when it matches a field or an empty field can take it;
- it sells a field that pays the most its beanometer allows, and otherwise only when forced, then
  the field that pays the most.

It reads only a determinization of its own seat (everything else it knows, the view would tell).

``solo`` plays each agent on the same deals (the lab's seeds: game ``g`` of base seed ``S`` is the
deal of ``contraband simulate al-cabohne -p 1 --seed S``), ``duel`` plays two agents with seats
alternating as the lab does. Both print win rates with 95% Wilson intervals, coins, and the
harvests made during play (the final sales excluded): how many a game and how many paid nothing,
split by why (``forced``: the front hand card had no field; ``boss``: a field of a bean a boss
collects, which would pay him tribute; ``room``: in phase 5, with a face-up bean no field grows;
``other``). Figures only: nothing here is asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from al_cabohne_rules import RULES, AlCabohneRulesPlayer  # noqa: E402

import contraband  # noqa: E402
from contraband.agents import from_spec  # noqa: E402
from contraband.core.random import derive_seed  # noqa: E402
from contraband.games.al_cabohne.actions import (  # noqa: E402
    GIFT,
    HARVEST,
    MEANING,
    PLANT,
    PLANTING,
    TRADING,
)
from contraband.games.al_cabohne.beans import (  # noqa: E402
    VALUE,
)

GAME_ID = "al-cabohne"


def make_agent(spec: str, seed: int):
    name = spec.split(":")[0]
    if name == RULES:
        return AlCabohneRulesPlayer(seed)
    return from_spec(spec, seed=seed)


# -- playing and counting -----------------------------------------------------------------------
def harvest_kind(state, meaning: tuple[int, ...], labels: list[str]) -> str:
    """Why a harvest paying nothing was made: ``forced`` (the front hand card fits no field),
    ``boss`` (the field grows a bean a boss collects: it would pay him tribute), ``room`` (phase
    5, with a face-up bean that no field grows: room for it) or ``other``."""
    seat = state.turn_player
    beans = state.field_bean[seat]
    planting = state.phase == PLANTING and not state.planted
    if planting and not any(MEANING[x][0] == PLANT for x in labels):
        return "forced"
    if beans[meaning[1]] in state.boss_bean:
        return "boss"
    if state.phase in (GIFT, TRADING) and any(
        bean not in beans and bean not in state.boss_bean for bean in state.faceup
    ):
        return "room"
    return "other"


def play(args: tuple) -> list[dict]:
    """Play one game; one row per seat."""
    players, specs, base, index = args
    game = contraband.load(GAME_ID)
    state = game.new(players, seed=derive_seed(base, "game", index))
    seated = [specs[(index + s) % len(specs)] for s in range(players)]
    agents = [
        make_agent(spec, derive_seed(base, "agent", index, s)) for s, spec in enumerate(seated)
    ]
    harvests = [
        {"harvests": 0, "zero": 0, "forced": 0, "boss": 0, "room": 0, "other": 0, "zero_cards": 0}
        for _ in range(players)
    ]
    clock = [0.0] * players
    while not state.is_terminal():
        seat = state.current_player
        start = time.process_time()
        action = agents[seat].act(state, seat)
        clock[seat] += time.process_time() - start
        meaning = MEANING[action.label]
        if meaning[0] == HARVEST:
            f = meaning[1]
            bean, count = state.field_bean[seat][f], state.field_count[seat][f]
            count_row = harvests[seat]
            count_row["harvests"] += 1
            if VALUE[bean][count] == 0:
                count_row["zero"] += 1
                count_row["zero_cards"] += count
                count_row[
                    harvest_kind(state, meaning, [a.label for a in state.legal_actions()])
                ] += 1
        state.apply(action)
    # the same count from the log, as the tests make it
    logged = [0] * players
    for event in state.log(None):
        if event["kind"] == "harvest" and event["coins"] == 0:
            logged[event["seat"]] += 1
    assert logged == [row["zero"] for row in harvests], (logged, harvests)
    wins = state.returns()
    return [
        {
            "index": index,
            "players": players,
            "seat": s,
            "agent": seated[s],
            "coins": state.scores()[s],
            "mafia": state.mafia_total(),
            "win": wins[s],
            "seconds": clock[s],
            **harvests[s],
        }
        for s in range(players)
    ]


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def run(
    players: int, specs: list[str], games: int, seed: int, workers: int, out: Path | None = None
) -> list[dict]:
    """Play the games; with ``out``, every game's rows are appended to it as JSON lines the
    moment the game ends (in order), so a long run can be stopped and summarised."""
    jobs = [(players, specs, seed, index) for index in range(games)]
    rows: list[dict] = []
    sink = out.open("a", encoding="utf-8") if out else None
    try:
        if workers <= 1:
            results = map(play, jobs)
            pool = None
        else:
            pool = ProcessPoolExecutor(workers)
            results = pool.map(play, jobs, chunksize=1)
        for game in results:
            rows.extend(game)
            if sink:
                sink.writelines(json.dumps(row) + "\n" for row in game)
                sink.flush()
        if pool:
            pool.shutdown()
    finally:
        if sink:
            sink.close()
    return rows


def describe(rows: list[dict], spec: str) -> str:
    mine = [row for row in rows if row["agent"] == spec]
    n = len(mine)
    wins = sum(row["win"] for row in mine)
    low, high = wilson(wins, n)
    per = {
        key: sum(row[key] for row in mine) / n
        for key in mine[0]
        if key
        in (
            "coins",
            "mafia",
            "harvests",
            "zero",
            "forced",
            "boss",
            "room",
            "other",
            "zero_cards",
            "seconds",
        )
    }
    return (
        f"{spec}: {n} seats, wins {wins:g} = {wins / n:.3f} [{low:.3f}, {high:.3f}]; "
        f"coins {per['coins']:.1f}, mafia total {per['mafia']:.1f}, "
        f"margin {per['coins'] - per['mafia']:+.1f}; harvests/game {per['harvests']:.1f}, "
        f"zero-coin {per['zero']:.2f} (forced {per['forced']:.2f}, boss's bean {per['boss']:.2f}, "
        f"room {per['room']:.2f}, other {per['other']:.2f}; {per['zero_cards']:.1f} cards); "
        f"{per['seconds']:.1f} s CPU a game"
    )


def tune(settings: list[str]) -> None:
    """Set weights of the game's heuristic before the workers start (they inherit it)."""
    heuristic = contraband.load(GAME_ID).heuristic
    for setting in settings:
        name, _, text = setting.partition("=")
        if not hasattr(heuristic, name):
            raise SystemExit(f"the heuristic has no weight {name!r}")
        parts = tuple(float(part) for part in text.split("/"))
        setattr(heuristic, name, parts if len(parts) > 1 else parts[0])


def duel_summary(rows: list[dict], specs: list[str]) -> str:
    """Two-player games: how often a player beat the mafia, the first agent's share of those
    wins, and how often it finished ahead of the second."""
    games: dict[int, list[dict]] = {}
    for row in rows:
        games.setdefault(row["index"], []).append(row)
    decisive = [g for g in games.values() if sum(r["win"] for r in g) > 0]
    share = sum(
        sum(r["win"] for r in g if r["agent"] == specs[0]) / sum(r["win"] for r in g)
        for g in decisive
    )
    low, high = wilson(share, len(decisive))
    ahead = sum(
        1.0 if a["coins"] > b["coins"] else 0.5 if a["coins"] == b["coins"] else 0.0
        for a, b in (sorted(g, key=lambda r: r["agent"] != specs[0]) for g in games.values())
    )
    a_low, a_high = wilson(ahead, len(games))
    p_low, p_high = wilson(len(decisive), len(games))
    return (
        f"{len(games)} games: a player beat the mafia in {len(decisive)} "
        f"= {len(decisive) / len(games):.3f} [{p_low:.3f}, {p_high:.3f}]; "
        f"{specs[0]} held {share / max(1, len(decisive)):.3f} [{low:.3f}, {high:.3f}] "
        "of those wins; "
        f"finished ahead of {specs[1]} in {ahead / len(games):.3f} [{a_low:.3f}, {a_high:.3f}]"
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("mode", choices=("solo", "duel", "summary"))
    parser.add_argument("--agent", action="append", help="agent spec or 'rules'")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, help="append each game's rows to this JSON-lines file")
    parser.add_argument("--rows", type=Path, action="append", help="summary: JSON-lines files")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="tuning: set a weight of the game's heuristic (solo/two-player pairs as A/B)",
    )
    args = parser.parse_args()
    tune(args.set)
    start = time.perf_counter()
    if args.mode == "summary":
        rows = [json.loads(line) for path in args.rows for line in path.open(encoding="utf-8")]
        specs = list(dict.fromkeys(row["agent"] for row in rows))
        if rows and rows[0].get("players", 1) == 2:
            print(duel_summary(rows, specs))
        for spec in specs:
            print(describe(rows, spec))
        return
    specs = args.agent or [RULES]
    if args.mode == "solo":
        for spec in specs:
            rows = run(1, [spec], args.games, args.seed, args.workers, args.out)
            print(describe(rows, spec), flush=True)
    else:
        if len(specs) != 2:
            raise SystemExit("duel: give two --agent specs")
        rows = run(2, specs, args.games, args.seed, args.workers, args.out)
        print(duel_summary(rows, specs))
        for spec in specs:
            print("  " + describe(rows, spec))
    print(f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
