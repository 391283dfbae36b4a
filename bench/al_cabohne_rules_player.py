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

import contraband  # noqa: E402
from contraband.agents import check_turn, from_spec  # noqa: E402
from contraband.agents.greedy import MAX_CHAIN, GreedyAgent  # noqa: E402
from contraband.core.game import load  # noqa: E402
from contraband.core.random import Rng, derive_seed  # noqa: E402
from contraband.games.al_cabohne.actions import (  # noqa: E402
    BUY,
    DISCARD,
    DONE,
    END_PLANTING,
    GIFT,
    GIVE_HAND,
    HARVEST,
    KEEP,
    LEFTOVERS,
    MEANING,
    PAY,
    PLANT,
    PLANTING,
    TAKE,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import (  # noqa: E402
    BEAN_COUNTS,
    BEANOMETER,
    VALUE,
)

GAME_ID = "al-cabohne"
RULES = "rules"
STOP = "greedy-stop"


# -- the rules player ---------------------------------------------------------------------------
def unseen(state, seat: int) -> list[int]:
    """Per bean, the cards ``seat`` has not seen: all of them less every card in sight."""
    left = list(BEAN_COUNTS)
    seen = [*state.discard, *state.faceup, *state.mafia_coins, *state.hands[seat]]
    for s in range(state.players):
        seen += state.coins[s]
        for bean, count in zip(state.field_bean[s], state.field_count[s], strict=True):
            if count:
                left[bean] -= count
    for bean, count in zip(state.boss_bean, state.boss_count, strict=True):
        if count:
            left[bean] -= count
    for bean in seen:
        left[bean] -= 1
    return left


class AlCabohneRulesPlayer:
    """The rulebook's advice as plain rules (see the module's docstring)."""

    name = RULES

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.spec = RULES

    def act(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        guess = state.determinize(seat, self.rng)  # all it reads
        by_label = {action.label: action for action in legal}
        label = self.choose(guess, seat, [action.label for action in legal])
        return by_label[label]

    # each rule returns a label among ``labels``
    def choose(self, state, seat: int, labels: list[str]) -> str:
        kinds: dict[int, list[tuple[int, ...]]] = {}
        meaning = {}
        for label in labels:
            m = MEANING[label]
            kinds.setdefault(m[0], []).append(m)
            meaning[m] = label
        beans = state.field_bean[seat]
        counts = state.field_count[seat]
        owned = state.fields_owned[seat]
        bosses = state.boss_bean
        harvests = [m[1] for m in kinds.get(HARVEST, [])]

        def worth(f: int) -> int:
            return VALUE[beans[f]][counts[f]] if counts[f] else 0

        # a field that pays the most its beanometer allows gains nothing by waiting
        for f in harvests:
            if counts[f] >= BEANOMETER[beans[f]][-1]:
                return meaning[(HARVEST, f)]
        phase = state.phase
        if phase == TRIBUTE:
            pays = kinds.get(PAY, [])
            for m in pays:
                f = m[2]
                if f in harvests and (worth(f) > 0 or counts[f] > 1):
                    return meaning[(HARVEST, f)]  # sell it rather than feed the boss
            return meaning[pays[0]]
        if phase == PLANTING:
            plants = kinds.get(PLANT, [])
            if not plants and state.planted:
                return meaning[(END_PLANTING,)]
            if not plants:  # forced: the front card fits no field
                return meaning[(HARVEST, self._cheapest_sale(state, seat, harvests))]
            bean = plants[0][1]
            matching = [m for m in plants if beans[m[2]] == bean]
            if matching:
                return meaning[matching[0]]
            if state.planted == 0 or bean not in bosses:
                return meaning[plants[0]]  # the first card must go somewhere; a new bean may
            return meaning[(END_PLANTING,)]
        if phase == LEFTOVERS:
            keeps = kinds.get(KEEP, [])
            for m in keeps:
                if beans[m[2]] == m[1] and m[1] not in bosses:
                    return meaning[m]
            groups = {}
            for m in keeps:
                if m[1] not in bosses:
                    groups[m[1]] = m
            if groups:
                best = max(groups, key=state.faceup.count)
                if state.faceup.count(best) >= 2:
                    return meaning[groups[best]]
            return meaning[kinds[DISCARD][0]]
        if phase == GIFT:
            left = unseen(state, seat)
            hand = state.hands[seat]

            def scarcity(m: tuple[int, ...]) -> tuple[int, int]:
                bean = m[3]
                return (left[bean] + hand.count(bean) - 1, m[1])

            return meaning[min(kinds[GIVE_HAND], key=scarcity)]
        # phase 5: take face-up beans for own fields, give boss beans about to be planted
        takes = kinds.get(TAKE, [])
        for m in takes:
            if beans[m[2]] == m[1] and m[1] not in bosses:
                return meaning[m]
        new = [m for m in takes if counts[m[2]] == 0 and m[1] not in bosses]
        if new:
            best = max(new, key=lambda m: (self._group(state, m[1]), -m[1]))
            if self._group(state, best[1]) >= 2:
                return meaning[best]
        for m in kinds.get(GIVE_HAND, []):
            position, boss, bean = m[1], m[2], m[3]
            if position < 2 and bosses[boss] == bean:
                return meaning[m]
        # room for a big face-up group: sell a field that pays (never one for nothing)
        if not any(counts[f] == 0 for f in range(owned)):
            groups = [b for b in set(state.faceup) if b not in bosses and b not in beans]
            if groups:
                big = max(groups, key=state.faceup.count)
                size = state.faceup.count(big)
                paying = [f for f in harvests if worth(f) > 0]
                if size >= 3 and paying:
                    return meaning[(HARVEST, max(paying, key=worth))]
        if BUY in kinds and state.players == 2 and state.deck_pass == 1:
            return meaning[(BUY,)]
        return meaning[(DONE,)]

    @staticmethod
    def _group(state, bean: int) -> int:
        return state.faceup.count(bean)

    @staticmethod
    def _cheapest_sale(state, seat: int, harvests: list[int]) -> int:
        """The field to sell when forced: the one paying the most; then the one with the fewest
        cards (the least thrown away)."""
        beans, counts = state.field_bean[seat], state.field_count[seat]
        return max(harvests, key=lambda f: (VALUE[beans[f]][counts[f]], -counts[f]))


class ChanceStopGreedy(GreedyAgent):
    """``greedy`` whose plan ends where chance speaks (spec ``greedy-stop``).

    ``greedy`` follows each candidate through the seat's own later decisions (up to 8) in one
    determinization. In the solo game every decision is the player's, so the plan runs through
    the cards turned up and drawn in that sample and picks the move that was lucky in it (a
    field sold for nothing, then gathered back from the discard pile by a turned card). This
    variant stops following a candidate once a chance event (a card turned or drawn) has been
    logged, and judges the position there. It is the hook proposed for the agent (issue 15):
    the game's heuristic cannot stop greedy's plan, so it lives here for measuring.
    """

    def act(self, state, seat: int):
        legal = check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        heuristic = load(state.GAME_ID).heuristic
        guess = state.determinize(seat, self.rng)
        start = len(guess.events())
        best_value, best = float("-inf"), []
        for action in legal:
            child = guess.clone().apply(action)
            if _chance_since(child, start):
                value = heuristic.evaluate(child)[seat]
            else:
                value = self._follow(child, seat, heuristic)
            if value > best_value + 1e-12:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]

    def _follow(self, state, seat: int, heuristic) -> float:
        for _ in range(MAX_CHAIN):
            if state.is_terminal() or state.current_player != seat:
                break
            start = len(state.events())
            legal = state.legal_actions()
            scored = [(heuristic.evaluate(state.clone().apply(a))[seat], a) for a in legal]
            state.apply(max(scored, key=lambda pair: pair[0])[1])
            if _chance_since(state, start):
                break
        if state.is_terminal():
            return state.returns()[seat]
        return heuristic.evaluate(state)[seat]


def _chance_since(state, start: int) -> bool:
    kinds = state.EVENTS
    return any(kinds[kind].chance for kind, _ in state.events()[start:])


def make_agent(spec: str, seed: int):
    name = spec.split(":")[0]
    if name == RULES:
        return AlCabohneRulesPlayer(seed)
    if name == STOP:
        return ChanceStopGreedy(seed)
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
    parser.add_argument("--agent", action="append", help="agent spec, 'rules' or 'greedy-stop'")
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
