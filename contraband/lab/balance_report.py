"""The balance report's plots (matplotlib, Agg) and its self-contained ``report.html``.

Like the lab's ``report`` module, figures are drawn on ``matplotlib.figure.Figure`` objects
(no pyplot state) and embedded in the HTML as base64, so the one file can be mailed on its own.
With ``--vs`` every plot shows the variants side by side.
"""

from __future__ import annotations

import html
import io
import json
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from contraband.lab.balance_stats import Record
from contraband.lab.balance_tables import all_tables, headline
from contraband.lab.report import _STYLE, _table, figures_html

COLOURS = ["#4c72b0", "#dd8452"]


def _bars(axes: Any, entries_by_label: dict[str, list[dict[str, Any]]], names: list[str]) -> None:
    """Grouped bars with their intervals as error bars, one group per name."""
    count = len(entries_by_label)
    width = 0.8 / count
    for index, (label, entries) in enumerate(entries_by_label.items()):
        values = [entry["value"] or 0.0 for entry in entries]
        below = [
            max(0.0, v - (e["low"] if e["low"] is not None else v))
            for v, e in zip(values, entries, strict=True)
        ]
        above = [
            max(0.0, (e["high"] if e["high"] is not None else v) - v)
            for v, e in zip(values, entries, strict=True)
        ]
        positions = [i + (index - (count - 1) / 2) * width for i in range(len(entries))]
        axes.bar(
            positions,
            values,
            width,
            yerr=[below, above],
            capsize=4,
            color=COLOURS[index % len(COLOURS)],
            label=label or None,
        )
    axes.set_xticks(
        range(len(names)),
        names,
        rotation=30 if len(names) > 6 else 0,
        ha="right" if len(names) > 6 else "center",
    )
    if count > 1:
        axes.legend(loc="best")


def plot_seats(summaries: list[dict[str, Any]], labels: list[str]) -> Figure:
    figure = Figure(figsize=(9, 4), layout="constrained")
    left, right = figure.subplots(1, 2, sharey=True)
    seats = {label: s["seats"] for label, s in zip(labels, summaries, strict=True)}
    order = {label: s["order"] for label, s in zip(labels, summaries, strict=True)}
    _bars(left, seats, [f"seat {e['seat']}" for e in summaries[0]["seats"]])
    _bars(right, order, [f"{e['position']}." for e in summaries[0]["order"]])
    for axes, title in ((left, "by seat"), (right, "by turn order (1. moves first)")):
        fair = summaries[0]["fair_share"]
        axes.axhline(fair, color="grey", linestyle="--", linewidth=1)
        axes.set_title(f"Win share {title}")
        axes.set_ylim(0, 1)
    left.set_ylabel("win share (dashed: fair share)")
    return figure


def _histogram(axes: Any, values_by_label: dict[str, list[float]], xlabel: str) -> None:
    everything = [v for values in values_by_label.values() for v in values]
    if not everything:
        return
    low, high = min(everything), max(everything)
    bins = min(40, max(1, int(high - low) + 1)) if high > low else 1
    for index, (label, values) in enumerate(values_by_label.items()):
        axes.hist(
            values,
            bins=bins,
            range=(low, high + 1e-9),
            alpha=0.6,
            color=COLOURS[index % len(COLOURS)],
            label=label or None,
        )
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_xlabel(xlabel)
    axes.set_ylabel("games")
    if len(values_by_label) > 1:
        axes.legend(loc="best")


def plot_distributions(records: list[list[Record]], labels: list[str], players: int) -> Figure:
    figure = Figure(figsize=(12 if players > 1 else 5, 3.6), layout="constrained")
    panels = figure.subplots(1, 3 if players > 1 else 1, squeeze=False)[0]
    length = {
        label: [float(sum(r["decisions"])) for r in own]
        for label, own in zip(labels, records, strict=True)
    }
    _histogram(panels[0], length, "decisions per game")
    panels[0].set_title("Game length")
    if players > 1:
        margin = {
            label: [sorted(r["scores"])[-1] - sorted(r["scores"])[-2] for r in own]
            for label, own in zip(labels, records, strict=True)
        }
        _histogram(panels[1], margin, "best score less the second best")
        panels[1].set_title("Margin of victory")
        changes = {
            label: [float(r["lead_changes"]) for r in own]
            for label, own in zip(labels, records, strict=True)
        }
        _histogram(panels[2], changes, "lead changes in a game")
        panels[2].set_title("Lead changes")
    return figure


def plot_parts(summaries: list[dict[str, Any]], labels: list[str]) -> Figure | None:
    names = [p["part"] for p in summaries[0]["parts"]]
    if len(names) < 2:
        return None
    figure = Figure(figsize=(8, 4), layout="constrained")
    axes = figure.add_subplot()
    entries = {}
    for label, summary in zip(labels, summaries, strict=True):
        found = {p["part"]: p["winner_tops"] for p in summary["parts"]}
        entries[label] = [
            found.get(name, {"value": 0.0, "low": None, "high": None}) for name in names
        ]
    _bars(axes, entries, names)
    axes.set_ylim(0, 1)
    axes.set_ylabel("share of games")
    axes.set_title("How often the winner has the most of each part of the score")
    return figure


def plot_kinds(summaries: list[dict[str, Any]], labels: list[str]) -> Figure | None:
    kinds = summaries[0]["kinds"]
    if not kinds:
        return None
    figure = Figure(figsize=(max(6, len(kinds) * 0.9), 4), layout="constrained")
    axes = figure.add_subplot()
    names = [k["kind"] for k in kinds]
    _bars(
        axes,
        {"winner": [k["winner"] for k in kinds], "each other seat": [k["others"] for k in kinds]},
        names,
    )
    suffix = f" ({labels[0]})" if labels[0] else ""
    axes.set_ylabel("uses per game")
    axes.set_title(f"Action kinds: the winner against the others{suffix}")
    return figure


#: file name -> caption, in report order
PLOTS = {
    "seats.png": "Win share by seat and by turn order, 95% Wilson intervals",
    "distributions.png": "Game length, margin of victory and lead changes",
    "parts.png": "How decisive each part of the score is, 95% Wilson intervals",
    "kinds.png": "Action kinds used by the winner and by the others, 95% t intervals",
}


def draw(
    summaries: list[dict[str, Any]], records: list[list[Record]], labels: list[str]
) -> dict[str, Figure]:
    players = summaries[0]["run"]["players"]
    figures: dict[str, Figure | None] = {
        "seats.png": plot_seats(summaries, labels) if players > 1 else None,
        "distributions.png": plot_distributions(records, labels, players),
        "parts.png": plot_parts(summaries, labels),
        "kinds.png": plot_kinds(summaries, labels) if players > 1 else None,
    }
    return {name: figure for name, figure in figures.items() if figure is not None}


def write_report(
    summaries: list[dict[str, Any]],
    records: list[list[Record]],
    labels: list[str],
    directory: Path,
    extra: str = "",
) -> Path:
    """Write every plot as PNG and ``report.html`` with them embedded; the report's path.
    ``extra``: more HTML for the report (the ``--vs`` comparison's verdict)."""
    directory.mkdir(parents=True, exist_ok=True)
    images: dict[str, bytes] = {}
    for name, figure in draw(summaries, records, labels).items():
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", dpi=100)
        images[name] = buffer.getvalue()
        (directory / name).write_bytes(images[name])
    path = directory / "report.html"
    path.write_text(render_html(summaries, labels, images, extra), encoding="utf-8")
    return path


def render_html(
    summaries: list[dict[str, Any]], labels: list[str], images: dict[str, bytes], extra: str
) -> str:
    run = summaries[0]["run"]
    title = f"contraband balance: {run['game']}, {run['players']} players"
    lines = "".join(
        f"<p>{html.escape(headline(s, label))}</p>"
        for s, label in zip(summaries, labels, strict=True)
    )
    sections = "".join(
        f"<h2>{html.escape(name)}</h2>{_table(headers, rows)}"
        for name, headers, rows in all_tables(summaries, labels)
    )
    figures = figures_html(images, PLOTS)
    notes = (
        "Each figure with its 95% interval: Wilson for shares, Student t for means. A seat's win "
        "share is its share of the game's returns (a shared win split). Turn position 1 is the "
        "seat that made the game's first decision. Margin: the best player's score less the "
        "second best's. Lead changes: how often the single highest score passed to another "
        "seat; the half-time leader is the single leader after half of the game's decisions."
    )
    settings = html.escape(json.dumps([s["run"] for s in summaries], indent=2))
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{_STYLE}</style></head><body>"
        f"<h1>{html.escape(title)}</h1>{lines}{extra}<p>{html.escape(notes)}</p>{sections}"
        f"<h2>Plots</h2>{figures}<h2>Runs</h2><pre>{settings}</pre></body></html>\n"
    )
