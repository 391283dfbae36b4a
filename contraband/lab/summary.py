"""The summary of a run: win rates, scores, seat advantage, game length and thinking time.

``summarize`` turns result rows into a JSON-able dict; ``tables`` renders it as Rich tables, and
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
import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from contraband.lab.house import House, house_of, house_rank
from contraband.lab.stats import Moments, counted_median, wilson


def _clean(value: float) -> float | None:
    """JSON has no NaN: undefined bounds become null."""
    return None if isinstance(value, float) and math.isnan(value) else value


def _rate(wins: float, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"wins": wins, "win_rate": wins / n if n else None, "win_low": low, "win_high": high}


def _scores(moments: Moments) -> dict[str, Any]:
    mean, low, high = moments.interval()
    return {"mean_score": _clean(mean), "score_low": _clean(low), "score_high": _clean(high)}


def game_house(game: list[dict[str, Any]]) -> House | None:
    """The house of a game's rows; a detail that cannot name one is not parsed (a million
    games' JSON is seconds of work)."""
    detail = game[0].get("detail") if game else None
    if isinstance(detail, str) and '_wins"' not in detail:
        return None
    return house_of(detail)


class _Line:
    """What the summary keeps of one agent or seat: counts and running moments, no rows."""

    def __init__(self) -> None:
        self.seats = 0
        self.wins = 0.0
        self.score = Moments()
        self.margin = Moments()
        self.rank = 0
        self.decisions = 0
        self.seconds = 0.0

    def add(self, row: dict[str, Any], house: House | None) -> None:
        self.seats += 1
        self.wins += row["win"]
        self.score.add(row["score"])
        self.rank += row["rank"]
        self.decisions += row["decisions"]
        self.seconds += row["seconds"]
        if house is not None:
            self.margin.add(row["score"] - house.total)


class Summarizer:
    """Builds the summary game by game (``add_game``), holding counts and running moments
    rather than rows, so a results file of any size is summarized in flat memory."""

    def __init__(self, meta: dict[str, Any]) -> None:
        self.meta = meta
        self.agents: dict[str, _Line] = {}
        self.seats: dict[int, _Line] = {}
        self.rows = 0
        self.wins = 0.0
        self.games = 0
        self.lengths: Counter[int] = Counter()
        self.length = Moments()
        self.no_winner = 0
        self.shared = 0
        self.all_house = True
        self.house_name: str | None = None
        self.house_won = 0
        self.house_score = Moments()
        self.house_rank = 0

    def add_game(self, game: list[dict[str, Any]]) -> None:
        """The rows of one game (every seat)."""
        house = game_house(game)
        if house is None:
            self.all_house = False
        else:
            self.house_name = self.house_name or house.name
            self.house_won += house.won
            self.house_score.add(house.total)
            self.house_rank += house_rank([row["score"] for row in game], house)
        for row in game:
            self.agents.setdefault(row["agent"], _Line()).add(row, house)
            self.seats.setdefault(row["seat"], _Line()).add(row, None)
            self.wins += row["win"]
        self.rows += len(game)
        self.games += 1
        length = sum(row["decisions"] for row in game)
        self.lengths[length] += 1
        self.length.add(length)
        won = math.fsum(row["win"] for row in game)
        self.no_winner += won < 0.5
        self.shared += any(0 < row["win"] < 1 for row in game)

    def result(self) -> dict[str, Any]:
        meta = self.meta
        players = int(meta["players"])
        has_house = self.games > 0 and self.all_house
        order = list(dict.fromkeys([*meta.get("agents", []), *self.agents]))
        agents = []
        for agent in order:
            own = self.agents.get(agent, _Line())
            entry = {
                "agent": agent,
                "seats": own.seats,
                **_rate(own.wins, own.seats),
                **_scores(own.score),
                "mean_rank": own.rank / own.seats if own.seats else None,
                "decisions": own.decisions,
                "seconds": own.seconds,
                "ms_per_decision": 1000 * own.seconds / own.decisions if own.decisions else None,
            }
            if has_house:
                mean, low, high = own.margin.interval()
                entry.update(
                    mean_margin=_clean(mean), margin_low=_clean(low), margin_high=_clean(high)
                )
            agents.append(entry)
        house = None
        if has_house:
            house = {
                "name": self.house_name,
                "games": self.games,
                **_rate(float(self.house_won), self.games),
                **_scores(self.house_score),
                "mean_rank": self.house_rank / self.games,
            }
        fair_share = self.wins / self.rows if self.rows else 1 / players
        seats = []
        for seat in range(players):
            own = self.seats.get(seat, _Line())
            seats.append(
                {
                    "seat": seat,
                    "games": own.seats,
                    **_rate(own.wins, own.seats),
                    **_scores(own.score),
                    "fair_share": fair_share,
                }
            )
        mean, low, high = self.length.interval()
        length = {
            "games": self.games,
            "mean": _clean(mean),
            "low": _clean(low),
            "high": _clean(high),
            "min": min(self.lengths) if self.lengths else None,
            "median": _clean(counted_median(self.lengths)),
            "max": max(self.lengths) if self.lengths else None,
        }
        return {
            "run": meta,
            "agents": agents,
            "house": house,
            "seats": seats,
            "fair_share": fair_share,
            "length": length,
            "games_without_winner": self.no_winner,
            "games_with_shared_win": self.shared,
        }


def summarize(rows: Iterable[dict[str, Any]], meta: dict[str, Any]) -> dict[str, Any]:
    """The summary of result rows in memory; ``meta`` describes the run (see ``Run.meta``)."""
    by_game: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_game[row["game_index"]].append(row)
    summarizer = Summarizer(meta)
    for index in sorted(by_game):
        summarizer.add_game(by_game[index])
    return summarizer.result()


def summarize_file(path: Path, meta: dict[str, Any]) -> dict[str, Any]:
    """The summary of a results file, read game by game (flat memory, any number of games)."""
    from contraband.lab.results import SUMMARY_COLUMNS, iter_games

    summarizer = Summarizer(meta)
    for game in iter_games(path, SUMMARY_COLUMNS):
        summarizer.add_game(game)
    return summarizer.result()


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
