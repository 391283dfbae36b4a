"""The strength ladder: an agent against others, per game and player count.

    python bench/ladder.py [--game ID ...] [--players N ...] [--games 200]
        [--ismcts hard] [--opponent medium --opponent rules ...] [--workers 2]
        [--seed 2024] [--save DIR] [--out FILE.md]
        [--tune [MODULE.]NAME=NUMBER ...]  # a constant of the game's AI, for every seat using it

``--ismcts`` is the agent under test and each ``--opponent`` one it plays against: any agent
spec (``hard``, ``medium``, ``easy``, ``rules`` for the game's rule-based player, ``greedy``,
``ismcts:iterations=200`` ...). docs/strength.md gives the command behind each of its lines.

A pairing "A vs B" is a lab run with agents (A, B): the seats are filled alternately with A
and B and the rotation moves every agent one seat on each game (A B A, then B A B at three
players), so both agents sit in every seat equally often over any two games. A's score in a
game is the share of the win held by A's seats; the table shows A's mean share with a 95%
Wilson interval (0.5 = as strong as B). Games nobody won (Al Cabohne's mafia) are left out of
the win share; the **score share** counts every game: the share of (A seat, B seat) pairs in
which A's seat finished with more points (a tie counts half).

A solo game has no opponent agent: each agent's win rate against the game itself is shown, over
the same deals, and then a paired line per opponent: on the same deals, the win share among the
deals that exactly one of the two won, and the score share, the share of deals on which A's
margin over the game's own total (``mafia_total`` in the result detail, else 0) was the better.
The lab derives every seed from --seed, so a run can be repeated exactly.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import math
import sys
from collections.abc import Iterable
from pathlib import Path

import contraband
from contraband.lab.backends import LocalBackend
from contraband.lab.results import write_results
from contraband.lab.runner import make_config
from contraband.lab.simulate import run_games

DEFAULT_ISMCTS = "ismcts:iterations=200"
OPPONENTS = ("greedy", "random")


def wilson(successes: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (successes may be fractional for shares)."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def share_of_wins(rows: list[dict], spec: str) -> tuple[float, int]:
    """Summed over games: the share of each game's wins held by the seats of ``spec``.

    In a solo game this is the win rate against the game; games nobody won (the mafia won Al
    Cabohne) are not counted in multi-player pairings.
    """
    games: dict[int, list[dict]] = {}
    for row in rows:
        games.setdefault(row["game_index"], []).append(row)
    share, counted = 0.0, 0
    for seats in games.values():
        total = sum(row["win"] for row in seats)
        mine = sum(row["win"] for row in seats if row["agent"] == spec)
        if len(seats) == 1:
            share += mine
            counted += 1
        elif total > 0:
            share += mine / total
            counted += 1
    return share, counted


def beats(mine: float, theirs: float) -> float:
    """1 when ``mine`` is the higher, 0.5 for a tie, 0 otherwise."""
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def score_share(rows: list[dict], spec: str) -> tuple[float, int]:
    """Summed over games: the share of (``spec`` seat, other seat) pairs that ``spec``'s seat
    finished ahead of on points (ties count half); each game counts once."""
    games: dict[int, list[dict]] = {}
    for row in rows:
        games.setdefault(row["game_index"], []).append(row)
    share, counted = 0.0, 0
    for seats in games.values():
        mine = [row["score"] for row in seats if row["agent"] == spec]
        theirs = [row["score"] for row in seats if row["agent"] != spec]
        pairs = [beats(a, b) for a in mine for b in theirs]
        if pairs:
            share += sum(pairs) / len(pairs)
            counted += 1
    return share, counted


def solo_margin(row: dict) -> float:
    """A solo seat's points less the total the game itself reached (0 if it names none)."""
    detail = json.loads(row.get("detail") or "{}")
    return row["score"] - detail.get("mafia_total", 0)


def paired(solo_a: dict, solo_b: dict) -> dict:
    """Two solo runs over the same deals compared deal by deal."""
    a = {row["game_index"]: row for row in solo_a["rows"]}
    b = {row["game_index"]: row for row in solo_b["rows"]}
    deals = sorted(a.keys() & b.keys())
    discordant = [i for i in deals if a[i]["win"] != b[i]["win"]]
    wins = sum(1 for i in discordant if a[i]["win"] > b[i]["win"])
    better = sum(beats(solo_margin(a[i]), solo_margin(b[i])) for i in deals)
    low, high = wilson(wins, len(discordant))
    score_low, score_high = wilson(better, len(deals))
    return {
        **solo_a,
        "b": f"{solo_b['a']} (same deals)",
        "counted": len(discordant),
        "rate": wins / len(discordant) if discordant else float("nan"),
        "low": low,
        "high": high,
        "score_rate": better / len(deals),
        "score_low": score_low,
        "score_high": score_high,
    }


def run_pairing(
    game_id: str,
    players: int,
    specs: tuple[str, ...],
    games: int,
    base: int,
    backend,
    save: Path | None = None,
) -> dict:
    """Play one pairing with the lab (seats rotate game by game) and summarise it; with
    ``save``, its rows go to a directory below it, also when the run is stopped (Ctrl-C), for
    bench/ladder_runs.py (which pools the saved runs of several seeds into one line)."""
    config = make_config(game_id, players, list(specs), seed=base, games=games)
    run = run_games(config, backend)
    if save is not None and run.rows:
        name = "-vs-".join(spec.replace(":", "_").replace("=", "") for spec in specs)
        where = save / f"{game_id}-{players}p-{name}-seed{base}"
        write_results(run.rows, where)
        print(f"saved {len({row['game_index'] for row in run.rows})} games to {where}", flush=True)
    if run.error or run.interrupted:
        raise SystemExit(
            f"{game_id} {players}p {specs}: run stopped ({run.error or 'interrupted'})"
        )
    share, counted = share_of_wins(run.rows, specs[0])
    low, high = wilson(share, counted)
    if players == 1:
        margins = [solo_margin(row) for row in run.rows]
        score_rate = sum(margins) / len(margins)
        score_low = score_high = float("nan")
    else:
        points, compared = score_share(run.rows, specs[0])
        score_rate = points / compared
        score_low, score_high = wilson(points, compared)
    return {
        "game": game_id,
        "players": players,
        "a": specs[0],
        "b": specs[1] if len(specs) > 1 else None,
        "games": games,
        "counted": counted,
        "rate": share / counted if counted else float("nan"),
        "low": low,
        "high": high,
        "score_rate": score_rate,
        "score_low": score_low,
        "score_high": score_high,
        "seconds": run.seconds,
        "rows": run.rows,
    }


def cases(game_ids: Iterable[str], players_wanted: list[int] | None) -> list[tuple[str, int]]:
    found = []
    for game_id in game_ids:
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            if not players_wanted or players in players_wanted:
                found.append((game_id, players))
    return found


def row(result: dict) -> str:
    opponent = result["b"] or "(the game)"
    if math.isnan(result["score_low"]):  # a solo run: the mean margin over the game's total
        score = f"margin {result['score_rate']:+.1f} | |"
    else:
        score = (
            f"{result['score_rate']:.3f} | "
            f"[{result['score_low']:.3f}, {result['score_high']:.3f}] |"
        )
    return (
        f"| {result['game']} | {result['players']} | {result['a']} | {opponent} | "
        f"{result['games']} | {result['counted']} | {result['rate']:.3f} | "
        f"[{result['low']:.3f}, {result['high']:.3f}] | {score}"
    )


def constants(module) -> list[str]:
    """The numeric constants assigned in ``module`` itself (also ``A, B = 1, 2``), not imported."""
    defined = {
        name.id
        for node in ast.parse(Path(module.__file__).read_text(encoding="utf-8")).body
        if isinstance(node, (ast.Assign, ast.AnnAssign))
        for target in (node.targets if isinstance(node, ast.Assign) else [node.target])
        for name in (target.elts if isinstance(target, ast.Tuple) else [target])
        if isinstance(name, ast.Name)
    }
    return sorted(
        name
        for name in defined
        if isinstance(getattr(module, name), (int, float))
        and not isinstance(getattr(module, name), bool)
    )


def tune(game_ids: Iterable[str], settings: list[str]) -> None:
    """Set numeric constants of each game's AI modules for this run: ``NAME=NUMBER`` in the
    heuristic module, ``MODULE.NAME=NUMBER`` in another module of the game's package (say
    ``outlook.CUBE_SHARE=0.3``). Every seat whose agent uses the game's heuristic (greedy,
    ismcts, the levels) plays with them; the lab's workers are forked afterwards and inherit
    them."""
    for game_id in game_ids:
        heuristic = sys.modules[type(contraband.load(game_id).heuristic).__module__]
        package = heuristic.__name__.rpartition(".")[0]
        for setting in settings:
            target, _, text = setting.partition("=")
            where, _, name = target.rpartition(".")
            module = heuristic
            if where:
                try:
                    module = importlib.import_module(f"{package}.{where}")
                except ImportError:
                    raise SystemExit(
                        f"--tune {setting}: {game_id} has no module {where!r} in {package}"
                    ) from None
            numbers = constants(module)
            if name not in numbers:
                raise SystemExit(
                    f"--tune {setting}: {module.__name__} has no numeric constant {name!r}; "
                    f"it has: {', '.join(numbers) or 'none'}"
                )
            try:
                value = type(getattr(module, name))(float(text))
            except ValueError:
                raise SystemExit(f"--tune {setting}: give a number after '='") from None
            setattr(module, name, value)


HEADER = (
    "| game | players | agent | against | games | decisive | win share | 95% interval "
    "| score share | 95% interval |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument("--game", action="append", help="game id (default: every game)")
    parser.add_argument("--players", action="append", type=int, help="player count (default: all)")
    parser.add_argument("--games", type=int, default=200, help="games per pairing")
    parser.add_argument("--ismcts", default=DEFAULT_ISMCTS, help="the agent spec under test")
    parser.add_argument(
        "--opponent",
        action="append",
        help="opponent specs (default: greedy and random; rules: the game's rule-based player)",
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=2024, help="base seed")
    parser.add_argument("--out", type=Path, help="write the table to this markdown file")
    parser.add_argument(
        "--save", type=Path, help="keep each pairing's games below this directory (even if stopped)"
    )
    parser.add_argument(
        "--tune",
        action="append",
        default=[],
        metavar="[MODULE.]NAME=NUMBER",
        help="set a numeric constant of the game's heuristic (or of another module of the "
        "game's package) for every seat that uses it",
    )
    args = parser.parse_args()
    tune(args.game or contraband.game_ids(), args.tune)
    opponents = args.opponent or list(OPPONENTS)
    lines = [HEADER]
    print(HEADER, flush=True)
    with LocalBackend(args.workers) as backend:
        for game_id, players in cases(args.game or contraband.game_ids(), args.players):
            if players == 1:
                pairings = [(args.ismcts,), *((o,) for o in opponents)]
            else:
                pairings = [(args.ismcts, o) for o in opponents]
            results = []
            for specs in pairings:
                result = run_pairing(
                    game_id, players, specs, args.games, args.seed, backend, args.save
                )
                results.append(result)
                lines.append(row(result))
                print(lines[-1], f"({result['seconds']:.0f} s)", flush=True)
            if players == 1:
                for other in results[1:]:
                    lines.append(row(paired(results[0], other)))
                    print(lines[-1], flush=True)
    if args.out:
        command = "python bench/ladder.py " + " ".join(sys.argv[1:])
        args.out.write_text("\n".join(lines) + f"\n\nCommand: `{command}`\n", encoding="utf-8")


if __name__ == "__main__":
    main()
