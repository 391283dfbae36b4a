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
from collections import defaultdict
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from contraband.lab.summary import headline, table_cells

#: file name -> caption, in report order
PLOTS = {
    "win_rates.png": "Win rate per agent, with 95% Wilson intervals",
    "scores.png": "Score distribution per agent",
    "seats.png": "Win rate per seat (seat advantage), with 95% Wilson intervals",
    "length.png": "Game length: decisions per game",
}


def _error_bars(entries: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    rates = [entry["win_rate"] or 0.0 for entry in entries]
    below = [rate - entry["win_low"] for rate, entry in zip(rates, entries, strict=True)]
    above = [entry["win_high"] - rate for rate, entry in zip(rates, entries, strict=True)]
    return rates, [below, above]


def _fair_line(axes: Any, players: int) -> None:
    axes.axhline(
        1 / players, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{players}"
    )
    axes.legend(loc="best")


def plot_win_rates(summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    entries = summary["agents"]
    rates, errors = _error_bars(entries)
    names = [entry["agent"] for entry in entries]
    axes.bar(names, rates, yerr=errors, capsize=6, color="#4c72b0")
    _fair_line(axes, summary["run"]["players"])
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title("Win rate per agent")
    return figure


def plot_scores(rows: list[dict[str, Any]], summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    scores: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        scores[row["agent"]].append(row["score"])
    names = [entry["agent"] for entry in summary["agents"] if scores.get(entry["agent"])]
    if names:
        axes.boxplot([scores[name] for name in names], showmeans=True)
        axes.set_xticks(range(1, len(names) + 1), names)
    axes.set_ylabel("final score")
    axes.set_title("Score distribution per agent (triangle: mean)")
    return figure


def plot_seats(summary: dict[str, Any]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    entries = summary["seats"]
    rates, errors = _error_bars(entries)
    labels = [f"seat {entry['seat']}" for entry in entries]
    axes.bar(labels, rates, yerr=errors, capsize=6, color="#dd8452")
    _fair_line(axes, summary["run"]["players"])
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate")
    axes.set_title("Seat advantage")
    return figure


def plot_lengths(rows: list[dict[str, Any]]) -> Figure:
    figure = Figure(figsize=(7, 4), layout="constrained")
    axes = figure.add_subplot()
    per_game: dict[int, int] = defaultdict(int)
    for row in rows:
        per_game[row["game_index"]] += row["decisions"]
    lengths = list(per_game.values())
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


def draw(rows: list[dict[str, Any]], summary: dict[str, Any]) -> dict[str, Figure]:
    return {
        "win_rates.png": plot_win_rates(summary),
        "scores.png": plot_scores(rows, summary),
        "seats.png": plot_seats(summary),
        "length.png": plot_lengths(rows),
    }


def write_report(rows: list[dict[str, Any]], summary: dict[str, Any], directory: Path) -> Path:
    """Write every plot as PNG and ``report.html`` with them embedded; the report's path."""
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


def _table(headers: list[str], rows: list[list[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def render_html(summary: dict[str, Any], images: dict[str, bytes]) -> str:
    run = summary["run"]
    cells = table_cells(summary)
    agents, seats, lengths = (_table(*cells[name]) for name in ("agents", "seats", "length"))
    figures = "".join(
        f'<figure><img alt="{html.escape(caption)}" '
        f'src="data:image/png;base64,{base64.b64encode(images[name]).decode("ascii")}">'
        f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        for name, caption in PLOTS.items()
        if name in images
    )
    title = f"contraband lab: {run['game']}, {run['players']} players"
    settings = html.escape(json.dumps(run, indent=2))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1><p>{html.escape(headline(summary))}</p>"
        f"<h2>Agents</h2>{agents}"
        f"<p>Fair share per seat: {1 / run['players']:.3f}. Wins are each seat's share of the "
        "game's returns (shared wins split; 0 for all when nobody wins).</p>"
        f"<h2>Seats</h2>{seats}<h2>Game length</h2>{lengths}"
        f"<h2>Plots</h2>{figures}"
        f"<h2>Run</h2><pre>{settings}</pre></body></html>\n"
    )
