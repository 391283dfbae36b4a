"""The summary of a run: win rates, scores, seat advantage, game length and thinking time.

``summarize`` turns result rows into a JSON-able dict (``summarize_file`` a results file, read
game by game: both are built in ``tally``); ``tables`` renders it as Rich tables, and
``save_summary`` writes ``summary.json`` and ``summary.txt``.

Win rates: each seat's ``win`` is its share of ``returns()`` (1, 0, or a share of a shared win;
0 for every seat when nobody wins, e.g. the house). An agent's win rate is the mean over the
seats it played, with a 95% Wilson interval. A seat's fair share is the mean win rate of all
seats: 1/players when every game has a winner, less when the house (see ``house``) takes some.

A game with a house, Al Cabohne's bean mafia, gets a contestant line for it (its wins, scores
and mean rank among all contestants), and each agent's mean margin over it (its score less the
house's), which in the solo game is the measure next to the win rate against the house.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

# the numbers are built in tally (game by game, flat memory); these names stay importable here
from contraband.lab.tally import Summarizer, game_house, summarize, summarize_file  # noqa: F401


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


def plural(count: int | float, word: str, many: str | None = None) -> str:
    """ "1 game", "2 games", "0 games" (``many`` for irregular plurals)."""
    return f"{count} {word if count == 1 else many or word + 's'}"


def house_label(house: dict[str, Any]) -> str:
    """The house's line in the agents table: "mafia (the game)"."""
    return f"{house['name']} (the game)"


def table_cells(summary: dict[str, Any]) -> dict[str, tuple[list[str], list[list[str]]]]:
    """The headers and formatted rows of the summary tables, shared by the terminal tables and
    the HTML report: agents (with the house's line when the game has one), seats (not for a
    solo game: one seat has no advantage over another) and length."""
    length = summary["length"]
    house = summary.get("house")
    margin = house is not None
    headers = ["agent", "seats", "wins", "win rate", "95% interval", "mean score", "95% interval"]
    if margin:
        headers += [f"margin over {house['name']}", "95% interval"]
    headers += ["mean rank", "ms/decision"]
    agent_rows = []
    for a in summary["agents"]:
        line = [
            a["agent"],
            cell(a["seats"]),
            cell(a["wins"], 1),
            cell(a["win_rate"]),
            span(a["win_low"], a["win_high"]),
            cell(a["mean_score"], 2),
            span(a["score_low"], a["score_high"], 2),
        ]
        if margin:
            line += [cell(a["mean_margin"], 2), span(a["margin_low"], a["margin_high"], 2)]
        agent_rows.append([*line, cell(a["mean_rank"], 2), cell(a["ms_per_decision"])])
    if house is not None:
        agent_rows.append(
            [
                house_label(house),
                cell(house["games"]),
                cell(house["wins"], 1),
                cell(house["win_rate"]),
                span(house["win_low"], house["win_high"]),
                cell(house["mean_score"], 2),
                span(house["score_low"], house["score_high"], 2),
                "-",
                "-",
                cell(house["mean_rank"], 2),
                "-",
            ]
        )
    cells = {"agents": (headers, agent_rows)}
    if summary["run"]["players"] > 1:
        cells["seats"] = (
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
        )
    cells["length"] = (
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
    )
    return cells


def titles(summary: dict[str, Any]) -> dict[str, str]:
    """The title of each summary table."""
    run = summary["run"]
    house = summary.get("house")
    players = run["players"]
    if players == 1:
        against = f"against the {house['name']}" if house else "against the game"
        agents = f"{run['game']}, solo {against}: win rate and margin per agent"
        if not house:
            agents = f"{run['game']}, solo {against}: win rate per agent"
    else:
        agents = f"{run['game']}, {plural(players, 'player')}: agents"
        if house:
            agents += f" and the {house['name']}"
    fair = summary.get("fair_share", 1 / players)
    return {
        "agents": agents,
        "seats": f"seat advantage (fair share {fair:.3f}, the mean win rate of a seat)",
        "length": "game length (decisions per game)",
    }


def tables(summary: dict[str, Any]) -> list[Table]:
    """Rich tables: agents (and the house), seats (not in a solo game), game length."""
    named = titles(summary)
    longest = max((len(row["agent"]) for row in summary["agents"]), default=5)
    built = []
    for name, (headers, rows) in table_cells(summary).items():
        table = Table(title=named[name])
        for column in headers:
            if name == "agents" and column == "agent":
                table.add_column(column, min_width=min(longest, 28), overflow="fold")
            else:
                table.add_column(column, justify="right")
        for row in rows:
            table.add_row(*row)
        built.append(table)
    return built


def speed(games: int, seconds: float) -> str:
    """Wall-clock speed, readable at any pace: "1,066 games/s", "33.8 games/s", "2.35 games/s",
    and below one game a second the time per game, "48.2 s/game" (not "0.0 games/s")."""
    if games <= 0 or seconds <= 0:
        return "- games/s"
    rate = games / seconds
    if rate < 1:
        return f"{seconds / games:,.1f} s/game"
    return f"{rate:,.{0 if rate >= 1000 else 1 if rate >= 10 else 2}f} games/s"


def seconds_text(seconds: float) -> str:
    """ "0.49 s", "12.3 s", "1,234 s"."""
    return f"{seconds:,.{2 if seconds < 10 else 1 if seconds < 1000 else 0}f} s"


def balance_note(run: dict[str, Any]) -> str:
    """Why the seats are not balanced, or "" when they are."""
    if run["rotation_balanced"] or not run["games_done"]:
        return ""
    agents = len(run["agents"])
    if not run["interrupted"] and run["games_done"] % agents:
        return f"seats are balanced only when the number of games is a multiple of {agents}"
    return "seats are not balanced: the finished games did not give every agent every seat equally"


def headline(summary: dict[str, Any]) -> str:
    run = summary["run"]
    status = "interrupted: " if run["interrupted"] else ""
    resumed = run.get("games_resumed", 0)
    played = run["games_done"] - resumed  # this session's games: the speed is theirs
    then = f" ({resumed} stored before, {played} played now)" if resumed else ""
    text = (
        f"{status}{run['games_done']} of {plural(run['games_requested'], 'game')} of "
        f"{run['game']} ({plural(run['players'], 'player')}, seed {run['seed']}){then} in "
        f"{seconds_text(run['seconds'])}, {speed(played, run['seconds'])} on "
        f"{plural(run['workers'], run['backend'] + ' worker')}"
    )
    note = balance_note(run)
    return f"{text}; {note}" if note else text


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
