"""The summary of a run: win rates, scores, seat advantage, game length and thinking time.

``summarize`` turns result rows into a JSON-able dict; ``tables`` renders it as Rich tables, and
``save_summary`` writes ``summary.json`` and ``summary.txt``.

Win rates: each seat's ``win`` is its share of ``returns()`` (1, 0, or a share of a shared win;
0 for every seat when nobody wins, e.g. the house). An agent's win rate is the mean over the
seats it played, with a 95% Wilson interval; a seat's fair share is 1/players.
"""

from __future__ import annotations

import io
import json
import math
from collections import defaultdict
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contraband.lab.stats import mean_interval, median, wilson


def _clean(value: float) -> float | None:
    """JSON has no NaN: undefined bounds become null."""
    return None if isinstance(value, float) and math.isnan(value) else value


def _rate(wins: float, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else None, "win_low": low, "win_high": high}


def _scores(values: list[float]) -> dict[str, Any]:
    mean, low, high = mean_interval(values)
    return {"mean_score": _clean(mean), "score_low": _clean(low), "score_high": _clean(high)}


def summarize(rows: list[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    """The summary of result rows; ``meta`` describes the run (see ``Run.meta``)."""
    players = int(meta["players"])
    by_agent: dict[str, list[dict[str, Any]]] = defaultdict(list)
    by_seat: dict[int, list[dict[str, Any]]] = defaultdict(list)
    by_game: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_agent[row["agent"]].append(row)
        by_seat[row["seat"]].append(row)
        by_game[row["game_index"]].append(row)
    order = list(dict.fromkeys([*meta.get("agents", []), *by_agent]))
    agents = []
    for agent in order:
        own = by_agent.get(agent, [])
        decisions = sum(row["decisions"] for row in own)
        seconds = math.fsum(row["seconds"] for row in own)
        agents.append(
            {
                "agent": agent,
                "seats": len(own),
                **_rate(math.fsum(row["win"] for row in own), len(own)),
                **_scores([row["score"] for row in own]),
                "mean_rank": math.fsum(row["rank"] for row in own) / len(own) if own else None,
                "decisions": decisions,
                "seconds": seconds,
                "ms_per_decision": 1000 * seconds / decisions if decisions else None,
            }
        )
    seats = []
    for seat in range(players):
        own = by_seat.get(seat, [])
        seats.append(
            {
                "seat": seat,
                "games": len(own),
                **_rate(math.fsum(row["win"] for row in own), len(own)),
                **_scores([row["score"] for row in own]),
                "fair_share": 1 / players,
            }
        )
    lengths = [sum(row["decisions"] for row in game) for game in by_game.values()]
    mean, low, high = mean_interval(lengths)
    length = {
        "games": len(lengths),
        "mean": _clean(mean),
        "low": _clean(low),
        "high": _clean(high),
        "min": min(lengths) if lengths else None,
        "median": _clean(median(lengths)),
        "max": max(lengths) if lengths else None,
    }
    outcomes = [math.fsum(row["win"] for row in game) for game in by_game.values()]
    shared = sum(1 for game in by_game.values() if any(0 < row["win"] < 1 for row in game))
    return {
        "run": meta,
        "agents": agents,
        "seats": seats,
        "length": length,
        "games_without_winner": sum(1 for total in outcomes if total < 0.5),
        "games_with_shared_win": shared,
    }


# -- presentation ------------------------------------------------------------------------------
def cell(value: Any, digits: int = 3) -> str:
    """A table cell: floats with fixed decimals (large ones, money scores, without decimals and
    with separators), whole numbers as they are, None as "-"."""
    if value is None:
        return "-"
    if isinstance(value, float):
        return f"{value:,.{0 if abs(value) >= 1000 else digits}f}"
    return str(value)


def span(low: float | None, high: float | None, digits: int = 3) -> str:
    """An interval cell, "-" when it is undefined."""
    if low is None or high is None:
        return "-"
    return f"[{cell(low, digits)}, {cell(high, digits)}]"


def table_cells(summary: dict[str, Any]) -> dict[str, tuple[list[str], list[list[str]]]]:
    """The headers and formatted rows of the three summary tables (agents, seats, length),
    shared by the terminal tables and the HTML report."""
    length = summary["length"]
    return {
        "agents": (
            [
                "agent",
                "seats",
                "wins",
                "win rate",
                "95% interval",
                "mean score",
                "95% interval",
                "mean rank",
                "ms/decision",
            ],
            [
                [
                    a["agent"],
                    cell(a["seats"]),
                    cell(a["wins"], 1),
                    cell(a["win_rate"]),
                    span(a["win_low"], a["win_high"]),
                    cell(a["mean_score"], 2),
                    span(a["score_low"], a["score_high"], 2),
                    cell(a["mean_rank"], 2),
                    cell(a["ms_per_decision"]),
                ]
                for a in summary["agents"]
            ],
        ),
        "seats": (
            ["seat", "games", "wins", "win rate", "95% interval", "mean score"],
            [
                [
                    cell(s["seat"]),
                    cell(s["games"]),
                    cell(s["wins"], 1),
                    cell(s["win_rate"]),
                    span(s["win_low"], s["win_high"]),
                    cell(s["mean_score"], 2),
                ]
                for s in summary["seats"]
            ],
        ),
        "length": (
            ["games", "mean", "95% interval", "min", "median", "max", "no winner", "shared win"],
            [
                [
                    cell(length["games"]),
                    cell(length["mean"], 1),
                    span(length["low"], length["high"], 1),
                    cell(length["min"]),
                    cell(length["median"], 1),
                    cell(length["max"]),
                    cell(summary["games_without_winner"]),
                    cell(summary["games_with_shared_win"]),
                ]
            ],
        ),
    }


def tables(summary: dict[str, Any]) -> list[Table]:
    """Rich tables: agents, seats, game length."""
    run = summary["run"]
    titles = {
        "agents": f"{run['game']}, {run['players']} players: agents",
        "seats": f"seat advantage (fair share {1 / run['players']:.3f})",
        "length": "game length (decisions per game)",
    }
    longest = max((len(row["agent"]) for row in summary["agents"]), default=5)
    built = []
    for name, (headers, rows) in table_cells(summary).items():
        table = Table(title=titles[name])
        for column in headers:
            if name == "agents" and column == "agent":
                table.add_column(column, min_width=min(longest, 28), overflow="fold")
            else:
                table.add_column(column, justify="right")
        for row in rows:
            table.add_row(*row)
        built.append(table)
    return built


def headline(summary: dict[str, Any]) -> str:
    run = summary["run"]
    status = "interrupted: " if run["interrupted"] else ""
    text = (
        f"{status}{run['games_done']} of {run['games_requested']} games of {run['game']} "
        f"({run['players']} players, seed {run['seed']}) in {run['seconds']:.1f} s, "
        f"{run['games_per_second']:.1f} games/s on {run['workers']} {run['backend']} worker(s)"
    )
    if not run["rotation_balanced"] and run["games_done"]:
        text += (
            f"; seats are balanced only when the number of games is a multiple of "
            f"{len(run['agents'])}"
        )
    return text


def as_text(summary: dict[str, Any], width: int = 160) -> str:
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False)
    console.print(headline(summary))
    for table in tables(summary):
        console.print(table)
    return buffer.getvalue()


def save_summary(summary: dict[str, Any], directory: Path) -> tuple[Path, Path]:
    """Write ``summary.json`` and ``summary.txt`` into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    json_path = directory / "summary.json"
    json_path.write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    text_path = directory / "summary.txt"
    text_path.write_text(as_text(summary), encoding="utf-8")
    return json_path, text_path
