"""Rated levels: who plays a ladder, as what, and the ratings' JSON (issues 34 and 46).

A ladder rates the levels as the table plays them: a searching level (``medium``, ``hard``) is
cut at its game's bot clock (the thinking time of ``contraband.server.policy.CLOCKS``), with its
iteration budget as the bound, exactly as ``bot_agent`` plays a bot seat; ``easy``, ``rules``
and ``random`` never read a clock. ``--unclocked`` rates the lab's levels (full budgets) and
``--hard-iterations`` caps the searches in iterations (quick, repeatable ladders).

The play and the fit are in ``ladder_run`` and ``ladder_fit``; this module also reads the
packaged ladders (``contraband/lab/ratings/GAME-Np.json``) for the server's ``/api/ratings``.

Ratings are on an Elo scale around 1500: ``display(mu, sigma)`` keeps the form of the first
ladders (openskill's mu and sigma, ``SCALE`` display points per unit of mu).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from contraband.agents import LEVELS, REGISTRY, parse_spec

#: who plays the ladder, weakest first (the order of the table when ratings tie)
CONTESTANTS = ("random", "easy", "medium", "hard", "rules")

#: the first ladders' units (openskill's defaults), kept for mu and sigma in the JSON
MU0 = 25.0
SIGMA0 = 25.0 / 3
BETA = 25.0 / 6

#: display points per unit of mu: SCALE * mu-units = ELO * strength-units (see ladder_fit)
SCALE = 400 / (math.log(10) * math.sqrt(2) * BETA)
CENTRE = 1500

#: where the packaged ladders live
RATINGS_DIR = Path(__file__).with_name("ratings")

#: the format version of a ladder's JSON (2: the sequential ladder of issue 46)
FORMAT = 2


def think_seconds(game_id: str) -> float:
    """The thinking time of ``game_id``'s bot clock at the table (the server's default)."""
    from contraband.server.policy import Policy

    return Policy().clock(game_id).think


def contestant_spec(
    name: str, iterations: int | None = None, game_id: str | None = None, clocked: bool = True
) -> str:
    """The agent spec a contestant plays as.

    ``iterations`` caps a searching level's budget (quick ladders): ``hard`` becomes
    ``hard:iterations=N``, ``medium`` keeps its own 300 when that is smaller. Otherwise, with
    ``clocked`` and a ``game_id``, a searching level stops at the game's thinking time as at the
    table (``hard:seconds=0.55,iterations=9000`` in Tony & Tino: its budget stays the bound)."""
    if name not in CONTESTANTS:
        raise ValueError(
            f"unknown contestant {name[:40]!r}; contestants are: {', '.join(CONTESTANTS)}"
        )
    searching = name in ("medium", "hard")
    if iterations is not None and searching:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise ValueError(f"--hard-iterations must be a positive integer, got {iterations!r}")
        own = int(parse_spec(LEVELS[name][0])[1].get("iterations", iterations))
        return f"{name}:iterations={min(own, iterations)}"
    if not clocked or game_id is None or iterations is not None:
        return name
    agent, params = parse_spec(name)
    if "seconds" not in REGISTRY[agent].params:
        return name
    if "iterations" in params:
        return f"{name}:seconds={think_seconds(game_id):g}"
    import contraband

    budget = contraband.load(game_id).heuristic.search_iterations
    return f"{name}:seconds={think_seconds(game_id):g},iterations={budget}"


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


def display(mu: float, sigma: float) -> tuple[int, int]:
    """(display rating, +- interval) on the Elo-like scale, rounded to whole points."""
    return round(CENTRE + SCALE * (mu - MU0)), round(2 * SCALE * sigma)


def entry(name: str, spec: str, rating: float, interval: float, **counts: int) -> dict:
    """One contestant's line of the JSON (mu and sigma in the first ladders' units)."""
    mu = MU0 + (rating - CENTRE) / SCALE
    sigma = interval / (2 * SCALE)
    shown = display(mu, sigma)
    return {
        "name": name,
        "spec": spec,
        "rating": shown[0],
        "interval": shown[1],
        "mu": round(mu, 4),
        "sigma": round(sigma, 4),
        **counts,
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
