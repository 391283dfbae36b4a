"""Rated levels: a round robin of the strength levels and the rule-based player, rated with
openskill (issue 34).

``ladder`` seats every set of ``players`` contestants at its own table (every combination, so
every pair of contestants meets at the same number of tables) and plays each table through the
lab's runner: seeded, reproducible and on any backend. Within a table the seats rotate (see
``contraband.lab.runner``), so every contestant sits in every seat equally often once a table's
game count is a multiple of the player count, which ``plan`` rounds it up to.

The fit is openskill's Plackett-Luce model, one full ranking per game (tied places shared), the
games fed in an interleaved order (game 0 of every table, then game 1, ...) so no table weighs
more for being played last. Ratings are shown on an Elo-like scale:

    display = 1500 + SCALE * (mu - 25),  interval = 2 * SCALE * sigma  (about 95%)

``SCALE`` makes display differences mean what Elo's mean: with beta = 25/6, the model gives a
player ahead by ``d`` in mu a win chance of logistic(d / (beta * sqrt 2)) against one other, and
Elo gives logistic(D * ln 10 / 400) for D points, so D = SCALE * d with
SCALE = 400 / (ln 10 * sqrt 2 * beta), about 29.5. A fresh rating is 1500 +- 491.

Packaged ladders (written by ``contraband ladder ... --out``) live in ``contraband/lab/ratings/``
as ``GAME-Np.json``; ``packaged()`` reads them for the server's ``/api/ratings``.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from contraband.agents import LEVELS
from contraband.core.random import derive_seed
from contraband.lab.runner import RunConfig, make_config
from contraband.lab.simulate import run_games

#: who plays the ladder, weakest first (the order of the table when ratings tie)
CONTESTANTS = ("random", "easy", "medium", "hard", "rules")

#: openskill's defaults, which the fit uses
MU0 = 25.0
SIGMA0 = 25.0 / 3
BETA = 25.0 / 6

#: display points per unit of mu (see the module's docstring); display centre
SCALE = 400 / (math.log(10) * math.sqrt(2) * BETA)
CENTRE = 1500

#: the default games per table
GAMES_PER_TABLE = 20

#: where the packaged ladders live
RATINGS_DIR = Path(__file__).with_name("ratings")

#: the format version of a ladder's JSON
FORMAT = 1


@dataclass(frozen=True)
class Table:
    """One set of contestants and the run that plays their games."""

    names: tuple[str, ...]
    config: RunConfig


def contestant_spec(name: str, iterations: int | None = None) -> str:
    """The agent spec a contestant plays as; ``iterations`` caps a searching level's budget
    (for quick ladders): ``hard`` becomes ``hard:iterations=N``, ``medium`` keeps its own 300
    when that is smaller."""
    if name not in CONTESTANTS:
        raise ValueError(
            f"unknown contestant {name[:40]!r}; contestants are: {', '.join(CONTESTANTS)}"
        )
    if iterations is None or name not in ("medium", "hard"):
        return name
    if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
        raise ValueError(f"--hard-iterations must be a positive integer, got {iterations!r}")
    preset = dict(
        part.split("=", 1) for part in LEVELS[name][0].partition(":")[2].split(",") if part
    )
    own = int(preset.get("iterations", iterations))
    return f"{name}:iterations={min(own, iterations)}"


def check_names(names: list[str] | None, players: int) -> tuple[str, ...]:
    """The contestants, in the order of CONTESTANTS, each once; at least ``players`` of them."""
    chosen = list(CONTESTANTS) if not names else [name.strip() for name in names]
    for name in chosen:
        contestant_spec(name)
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"each contestant may be listed once, got {', '.join(chosen)}")
    if len(chosen) < max(players, 2):
        raise ValueError(
            f"a ladder at {players} players needs at least {max(players, 2)} contestants, "
            f"got {len(chosen)}: {', '.join(chosen)}"
        )
    return tuple(name for name in CONTESTANTS if name in chosen)


def plan(
    game_id: str,
    players: int | None = None,
    names: list[str] | None = None,
    games: int = GAMES_PER_TABLE,
    seed: int = 0,
    iterations: int | None = None,
    options: dict[str, Any] | None = None,
) -> list[Table]:
    """The ladder's tables: every combination of ``players`` contestants, each playing ``games``
    games rounded up to a multiple of the player count (so seats rotate evenly). Each table's
    master seed derives from ``seed`` and the contestants' names. A ValueError says what is
    wrong with the game, player count, contestants, game count or options."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"--games-per-pair must be a positive integer, got {games!r}")
    probe = make_config(game_id, players, ["random"], options, seed, 1)
    if probe.players < 2:
        raise ValueError(f"{probe.game_id} at 1 player has no opponents to be rated against")
    count = probe.players
    chosen = check_names(names, count)
    rounded = -(-games // count) * count
    tables = []
    for group in itertools.combinations(chosen, count):
        specs = [contestant_spec(name, iterations) for name in group]
        table_seed = derive_seed(seed, "ladder", *group)
        config = make_config(probe.game_id, count, specs, probe.options, table_seed, rounded)
        tables.append(Table(group, config))
    return tables


def play(
    tables: list[Table], backend: Any, progress: Callable[[int], None] | None = None
) -> list[list[dict[str, Any]]]:
    """Play every table on ``backend``; one list of result rows per table (raises on error)."""
    played = []
    for table in tables:
        run = run_games(table.config, backend, progress=progress)
        if run.interrupted:
            raise KeyboardInterrupt
        played.append(run.rows)
    return played


def rankings(tables: list[Table], played: list[list[dict[str, Any]]]) -> list[dict[str, int]]:
    """Each game as {contestant: rank} (1 = best, ties share), interleaved across tables."""
    per_table = []
    for table, rows in zip(tables, played, strict=True):
        name_of = {spec: name for name, spec in zip(table.names, table.config.agents, strict=True)}
        games: dict[int, dict[str, int]] = {}
        for row in rows:
            games.setdefault(row["game_index"], {})[name_of[row["agent"]]] = int(row["rank"])
        per_table.append([games[index] for index in sorted(games)])
    ordered = []
    for layer in itertools.zip_longest(*per_table):
        ordered.extend(game for game in layer if game is not None)
    return ordered


def fit(games: list[dict[str, int]], names: tuple[str, ...]) -> dict[str, tuple[float, float]]:
    """openskill Plackett-Luce ratings {name: (mu, sigma)} from ranked games, in order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(mu=MU0, sigma=SIGMA0, beta=BETA)
    ratings = {name: model.rating(name=name) for name in names}
    for game in games:
        seated = list(game)
        teams = [[ratings[name]] for name in seated]
        rated = model.rate(teams, ranks=[game[name] for name in seated])
        for name, team in zip(seated, rated, strict=True):
            ratings[name] = team[0]
    return {name: (rating.mu, rating.sigma) for name, rating in ratings.items()}


def display(mu: float, sigma: float) -> tuple[int, int]:
    """(display rating, +- interval) on the Elo-like scale, rounded to whole points."""
    return round(CENTRE + SCALE * (mu - MU0)), round(2 * SCALE * sigma)


def summary(
    tables: list[Table],
    played: list[list[dict[str, Any]]],
    meta: dict[str, Any],
) -> dict[str, Any]:
    """The ladder's JSON: what was run and one entry per contestant, strongest first."""
    names = tuple(name for name in CONTESTANTS if any(name in t.names for t in tables))
    games = rankings(tables, played)
    fitted = fit(games, names)
    spec_of = {n: s for t in tables for n, s in zip(t.names, t.config.agents, strict=True)}
    counts = {name: sum(name in game for game in games) for name in names}
    firsts = {name: sum(game.get(name) == 1 for game in games) for name in names}
    entries = []
    for name in names:
        mu, sigma = fitted[name]
        rating, interval = display(mu, sigma)
        entries.append(
            {
                "name": name,
                "spec": spec_of[name],
                "rating": rating,
                "interval": interval,
                "mu": round(mu, 4),
                "sigma": round(sigma, 4),
                "games": counts[name],
                "firsts": firsts[name],
            }
        )
    entries.sort(key=lambda entry: (-entry["mu"], CONTESTANTS.index(entry["name"])))
    first = tables[0].config
    return {
        "format": FORMAT,
        "game": first.game_id,
        "players": first.players,
        "options": first.options,
        "games": len(games),
        "tables": [list(table.names) for table in tables],
        "games_per_table": first.games,
        "model": "openskill PlackettLuce, full rankings, ties shared",
        "scale": f"rating = {CENTRE} + {SCALE:.2f} * (mu - {MU0:g}); interval = 2 sigma",
        **meta,
        "ratings": entries,
    }


def packaged(folder: Path | None = None) -> dict[str, dict[str, dict[str, dict[str, int]]]]:
    """The ladders in ``folder`` (default: the packaged ones) as {game: {players: {name:
    {"rating", "interval"}}}}; a file that cannot be read or has the wrong shape is skipped (the
    lobby then shows no rating)."""
    found: dict[str, dict[str, dict[str, dict[str, int]]]] = {}
    for path in sorted((RATINGS_DIR if folder is None else folder).glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            table = {
                str(entry["name"]): {
                    "rating": int(entry["rating"]),
                    "interval": int(entry["interval"]),
                }
                for entry in data["ratings"]
            }
            found.setdefault(str(data["game"]), {})[str(int(data["players"]))] = table
        except (OSError, ValueError, KeyError, TypeError):
            continue
    return found
