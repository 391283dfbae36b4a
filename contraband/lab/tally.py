"""The summary's numbers, built game by game from counts and running moments (no rows held).

``Summarizer.add_game`` takes the rows of one game; ``summarize`` groups rows held in memory,
``summarize_file`` reads a results file back game by game, so a run of any size is summarized in
flat memory. ``contraband.lab.summary`` explains the figures and renders them.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

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
