"""Plots (PNG) and one self-contained HTML report of a run.

Figures are drawn on ``matplotlib.figure.Figure`` objects, which render with the Agg canvas
without touching pyplot's global backend, so this works on machines without a display and does
not disturb other code in the process. The HTML embeds every image as base64 and its own CSS:
the one file can be mailed or archived on its own.
"""

from __future__ import annotations

import base64
import html
import json
from array import array
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from contraband.lab.summary import game_house, headline, house_label, plural, table_cells, titles

#: file name -> caption, in report order (a run draws the ones that apply to it)
PLOTS = {
    "win_rates.png": "Win rate per agent (and the game's own contestant), 95% Wilson intervals",
    "scores.png": "Score distribution per agent",
    "margins.png": "Margin over the game's own contestant per agent",
    "seats.png": "Win rate per seat (seat advantage), with 95% Wilson intervals",
    "length.png": "Game length: decisions per game",
}


def error_bars(entries: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    """Bar heights and (below, above) error bar lengths, never negative: an interval that
    misses its rate by a rounding error, or an entry without games, draws no bar there."""
    rates = [entry["win_rate"] or 0.0 for entry in entries]
    below = [max(0.0, rate - entry["win_low"]) for rate, entry in zip(rates, entries, strict=True)]
    above = [max(0.0, entry["win_high"] - rate) for rate, entry in zip(rates, entries, strict=True)]
    return rates, [below, above]


def _fair_line(axes: Any, summary: dict[str, Any]) -> None:
    if summary["run"]["players"] < 2:
        return
    fair = summary.get("fair_share", 1 / summary["run"]["players"])
    axes.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.3f}")
    axes.legend(loc="best")


def plot_win_rates(summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    entries = list(summary["agents"])
    colours = ["#4c72b0"] * len(entries)
    house = summary.get("house")
    if house is not None:
        entries.append({**house, "agent": house_label(house)})
        colours.append("#8c8c8c")
    rates, errors = error_bars(entries)
    names = [entry["agent"] for entry in entries]
    axes.bar(names, rates, yerr=errors, capsize=6, color=colours)
    _fair_line(axes, summary)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title("Win rate per agent")
    return figure


def _boxes(axes: Any, values: dict[str, Sequence[float]]) -> None:
    names = [name for name, own in values.items() if len(own)]
    if names:
        axes.boxplot([values[name] for name in names], showmeans=True)
        axes.set_xticks(range(1, len(names) + 1), names)


@dataclass
class PlotData:
    """The values the plots need, in compact arrays (8 bytes a value, no row dicts): scores and
    margins per agent, the house's score and the length of every game."""

    scores: dict[str, array] = field(default_factory=dict)
    margins: dict[str, array] = field(default_factory=dict)
    house: array = field(default_factory=lambda: array("d"))
    lengths: array = field(default_factory=lambda: array("q"))

    def add_game(self, game: list[dict[str, Any]]) -> None:
        house = game_house(game)
        if house is not None:
            self.house.append(house.total)
        for row in game:
            self.scores.setdefault(row["agent"], array("d")).append(row["score"])
            if house is not None:
                margin = row["score"] - house.total
                self.margins.setdefault(row["agent"], array("d")).append(margin)
        self.lengths.append(sum(row["decisions"] for row in game))

    @classmethod
    def of(cls, games: Iterable[list[dict[str, Any]]]) -> PlotData:
        data = cls()
        for game in games:
            data.add_game(game)
        return data


def games_of(rows: Iterable[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """Rows in memory grouped by game, in game order."""
    by_game: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        by_game[row["game_index"]].append(row)
    return [by_game[index] for index in sorted(by_game)]


def plot_scores(data: PlotData, summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    values = {entry["agent"]: data.scores.get(entry["agent"], []) for entry in summary["agents"]}
    house = summary.get("house")
    if house is not None:
        values[house_label(house)] = data.house
    _boxes(axes, values)
    axes.set_ylabel("final score")
    axes.set_title("Score distribution per agent (triangle: mean)")
    return figure


def plot_margins(data: PlotData, summary: dict[str, Any]) -> Figure:
    """Each agent's score less the house's, per seat played."""
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    margins = {entry["agent"]: data.margins.get(entry["agent"], []) for entry in summary["agents"]}
    _boxes(axes, margins)
    axes.axhline(0, color="grey", linestyle="--", linewidth=1)
    name = summary["house"]["name"]
    axes.set_ylabel(f"score less the {name}'s")
    axes.set_title(f"Margin over the {name} (above 0: ahead of it; triangle: mean)")
    return figure


def plot_seats(summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    entries = summary["seats"]
    rates, errors = error_bars(entries)
    labels = [f"seat {entry['seat']}" for entry in entries]
    axes.bar(labels, rates, yerr=errors, capsize=6, color="#dd8452")
    _fair_line(axes, summary)
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title("Seat advantage")
    return figure


def plot_lengths(data: PlotData) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    lengths = data.lengths
    if lengths:
        low, high = min(lengths), max(lengths)
        step = max(1, -(-(high - low + 1) // 40))  # whole decisions per bin, at most 40 bins
        edges = [low - 0.5 + step * i for i in range((high - low) // step + 2)]
        axes.hist(lengths, bins=edges, color="#55a868", edgecolor="white")
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel("decisions per game")
    axes.set_ylabel("games")
    axes.set_title("Game length")
    return figure


def draw(rows: Iterable[dict[str, Any]] | Path, summary: dict[str, Any]) -> dict[str, Figure]:
    """The plots that apply to the run: margins when the game has a house, seats when there is
    more than one. ``rows`` are result rows in memory, or a results file read game by game."""
    if isinstance(rows, Path):
        from contraband.lab.results import SUMMARY_COLUMNS, iter_games

        data = PlotData.of(iter_games(rows, SUMMARY_COLUMNS))
    else:
        data = PlotData.of(games_of(rows))
    figures = {
        "win_rates.png": plot_win_rates(summary),
        "scores.png": plot_scores(data, summary),
    }
    if summary.get("house") is not None:
        figures["margins.png"] = plot_margins(data, summary)
    if summary["run"]["players"] > 1:
        figures["seats.png"] = plot_seats(summary)
    figures["length.png"] = plot_lengths(data)
    return figures


def write_report(
    rows: Iterable[dict[str, Any]] | Path, summary: dict[str, Any], directory: Path
) -> Path:
    """Write every plot as PNG and ``report.html`` with them embedded; the report's path.
    ``rows``: result rows in memory, or the path of a results file (read game by game)."""
    directory.mkdir(parents=True, exist_ok=True)
    images: dict[str, bytes] = {}
    for name, figure in draw(rows, summary).items():
        path = directory / name
        figure.savefig(path, format="png", dpi=100)
        images[name] = path.read_bytes()
    path = directory / "report.html"
    path.write_text(render_html(summary, images), encoding="utf-8")
    return path


# -- HTML ------------------------------------------------------------------------------------
_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.3em 0.7em; text-align: right; }
th { background: #f3f3f3; }
td:first-child { text-align: left; }
figure { margin: 1.5em 0; }
figcaption { color: #555; font-size: 0.9em; }
img { max-width: 100%; }
"""


def figures_html(images: dict[str, bytes], plots: dict[str, str]) -> str:
    """Each drawn plot (``plots``: name -> caption, in order) as a figure with its PNG embedded."""
    return "".join(
        f'<figure><img alt="{html.escape(caption)}" '
        f'src="data:image/png;base64,{base64.b64encode(images[name]).decode("ascii")}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        for name, caption in plots.items()
        if name in images
    )


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_html(summary: dict[str, Any], images: dict[str, bytes]) -> str:
    run = summary["run"]
    cells = table_cells(summary)
    named = titles(summary)
    house = summary.get("house")
    figures = figures_html(images, PLOTS)
    title = f"contraband lab: {run['game']}, {plural(run['players'], 'player')}"
    settings = html.escape(json.dumps(run, indent=2))
    notes = (
        "Wins are each seat's share of the game's returns (shared wins split; 0 for all when "
        "nobody wins)."
    )
    if house is not None:
        notes += (
            f" The {house['name']} is the game's own contestant: its line counts the games it "
            f"won; the margin is an agent's score less the {house['name']}'s in the same game; "
            "ranks are among all contestants, ties going to the "
            f"{house['name']}."
        )
    if run["players"] > 1:
        notes += f" Fair share per seat: {summary.get('fair_share', 1 / run['players']):.3f}."
    sections = "".join(
        f"<h2>{html.escape(named[name])}</h2>{_table(*table)}" for name, table in cells.items()
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(headline(summary))}</p>"
        f"<p>{html.escape(notes)}</p>{sections}"
        f"<h2>Plots</h2>{figures}"
        f"<h2>Run</h2><pre>{settings}</pre></body></html>\n"
    )
