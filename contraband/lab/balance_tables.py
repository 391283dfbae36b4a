"""The balance report's tables as plain text cells, shared by the terminal (Rich) and the HTML.

With one summary a table has a column of figures; with two (``--vs``) it has one column per
variant and their difference B - A, whose interval is Newcombe's hybrid (the two intervals'
relevant sides added in quadrature; Newcombe 1998, "Interval estimation for the difference
between independent proportions", Statistics in Medicine 17:873-890), used for means too. It
treats the two runs as independent: they play the same deals, which makes the true interval a
little narrower, never wider.
"""

from __future__ import annotations

import math
from typing import Any

Table = tuple[str, list[str], list[list[str]]]  # title, headers, rows


def fmt(value: float | None, digits: int = 3) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if digits == 0 or (abs(value) >= 1000 and float(value).is_integer()):
        return f"{value:,.0f}"
    return f"{value:.{digits}f}"


def cell(entry: dict[str, Any] | None, digits: int = 3) -> str:
    """``0.524 [0.493, 0.555]``: a figure and its 95% interval."""
    if entry is None or entry.get("value") is None:
        return "-"
    if entry.get("low") is None:
        return fmt(entry["value"], digits)
    return (
        f"{fmt(entry['value'], digits)} [{fmt(entry['low'], digits)}, {fmt(entry['high'], digits)}]"
    )


def difference(a: dict[str, Any] | None, b: dict[str, Any] | None) -> dict[str, Any] | None:
    """B - A with Newcombe's interval; None when either lacks a value or an interval."""
    if not a or not b or a.get("value") is None or b.get("value") is None:
        return None
    if a.get("low") is None or b.get("low") is None:
        return {"value": b["value"] - a["value"], "low": None, "high": None}
    d = b["value"] - a["value"]
    low = d - math.hypot(b["value"] - b["low"], a["high"] - a["value"])
    high = d + math.hypot(b["high"] - b["value"], a["value"] - a["low"])
    return {"value": d, "low": low, "high": high}


def _head(text: str, label: str) -> str:
    return f"{text} ({label})" if label else text


def _digits(summary: dict[str, Any], key: str) -> int:
    """Scores in the thousands (dollars) read better without decimals."""
    value = (summary.get(key) or {}).get("value")
    return 0 if value is not None and abs(value) >= 1000 else 2


def _figures(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any] | None, int]]:
    """(name, figure, digits) of the main table, in report order."""
    out: list[tuple[str, dict[str, Any] | None, int]] = []
    players = summary["run"]["players"]
    if players > 1:
        for entry in summary["seats"]:
            out.append((f"win share, seat {entry['seat']}", entry, 3))
        for entry in summary["order"]:
            out.append((f"win share, turn position {entry['position']}", entry, 3))
        out.append(("first-player advantage", summary["first_player_advantage"], 3))
    else:
        out.append(("win share", summary["seats"][0], 3))
    if summary.get("house"):
        house = summary["house"]
        out.append((f"the {house['name']} wins", house["wins"], 3))
        if "margin" in house:
            out.append((f"best player less the {house['name']}", house["margin"], 2))
    out.append(("nobody wins", summary["nobody_won"], 3))
    out.append(("shared wins", summary["shared_wins"], 3))
    if players > 1:
        out.append(("margin, best over second", summary["margin"], _digits(summary, "margin")))
        spread = summary["margin"].get("sd")
        out.append(("margin spread (sd)", {"value": spread}, _digits(summary, "margin")))
    out.append(("length (decisions)", summary["length"], 1))
    out.append(("length spread (sd)", {"value": summary["length"].get("sd")}, 1))
    if players > 1:
        out.append(("lead changes per game", summary["lead_changes"], 2))
        out.append(("half-time leader wins", summary["halftime_leader_wins"], 3))
    return out


def main_table(summaries: list[dict[str, Any]], labels: list[str]) -> Table:
    names = [name for name, _, _ in _figures(summaries[0])]
    columns = [{name: (entry, digits) for name, entry, digits in _figures(s)} for s in summaries]
    headers = ["figure", *(label or "value" for label in labels)]
    if len(summaries) == 2:
        headers.append(f"{labels[1]} - {labels[0]}")
    rows = []
    for name in names:
        row = [name]
        for column in columns:
            entry, digits = column.get(name, (None, 3))
            row.append(cell(entry, digits))
        if len(summaries) == 2:
            (a, digits), (b, _) = columns[0].get(name, (None, 3)), columns[1].get(name, (None, 3))
            row.append(cell(difference(a, b), digits))
        rows.append(row)
    return "Balance (95% intervals)", headers, rows


def parts_table(summaries: list[dict[str, Any]], labels: list[str]) -> Table | None:
    names: list[str] = []
    for summary in summaries:
        names += [p["part"] for p in summary["parts"] if p["part"] not in names]
    if len(names) < 2:
        return None
    headers = ["part of the score"]
    for label in labels:
        headers += [_head("winner tops it", label), _head("winner less others", label)]
    rows = []
    for name in names:
        row = [name]
        for summary in summaries:
            found = next((p for p in summary["parts"] if p["part"] == name), None)
            row += [cell(found and found["winner_tops"]), cell(found and found["gap"], 1)]
        rows.append(row)
    return "How decisive each part of the score is (games with one winner)", headers, rows


def kinds_table(summaries: list[dict[str, Any]], labels: list[str]) -> Table | None:
    names: list[str] = []
    for summary in summaries:
        names += [k["kind"] for k in summary["kinds"] if k["kind"] not in names]
    if not names or summaries[0]["run"]["players"] < 2:  # alone, there is no one to compare
        return None
    headers = ["action kind"]
    for label in labels:
        headers += [_head("winner", label), _head("each other seat", label)]
    rows = []
    for name in names:
        row = [name]
        for summary in summaries:
            found = next((k for k in summary["kinds"] if k["kind"] == name), None)
            row += [cell(found and found["winner"], 2), cell(found and found["others"], 2)]
        rows.append(row)
    return "Action kinds: uses per game (games with one winner)", headers, rows


def all_tables(summaries: list[dict[str, Any]], labels: list[str]) -> list[Table]:
    found = [
        main_table(summaries, labels),
        parts_table(summaries, labels),
        kinds_table(summaries, labels),
    ]
    return [table for table in found if table is not None]


def headline(summary: dict[str, Any], label: str = "") -> str:
    """One line: the game, the run and its seat balance."""
    run = summary["run"]
    variant = f" {label}" if label else ""
    text = (
        f"{run['game']}{variant}, {run['players']} player{'s' if run['players'] != 1 else ''}, "
        f"{summary['games']} games of "
        f"{', '.join(run['agents'])}"
    )
    if run["players"] > 1:
        advantage = summary["first_player_advantage"]
        text += f"; first-player advantage {cell(advantage)} over a fair share of "
        text += f"{summary['fair_share']:.3f}"
    return text
