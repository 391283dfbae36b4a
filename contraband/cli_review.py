"""``contraband review GAME.json``: the coach's post-game review of one seat, in the terminal.

Every decision of the seat that had a choice is searched again from what the seat knew then
(``contraband.agents.coach.review``); the command draws its estimated win chance after each
decision as a small chart and lists the three costliest decisions with the move the search
preferred.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

import contraband
from contraband.cli_common import console, fail

#: rows of the win-chance chart, and decisions per chart line before it wraps
CHART_ROWS = 5
BLOCKS = " ▁▂▃▄▅▆▇█"


def chart(wins: list[float], width: int) -> list[str]:
    """Column chart of win chances in [0, 1], ``CHART_ROWS`` high, one column per decision,
    wrapped every ``width`` decisions; a y axis at 100%, 50% and 0%."""
    lines: list[str] = []
    for start in range(0, len(wins), width):
        part = wins[start : start + width]
        for row in range(CHART_ROWS - 1, -1, -1):
            cells = []
            for win in part:
                eighths = round(win * CHART_ROWS * 8) - row * 8
                cells.append(BLOCKS[max(0, min(8, eighths))])
            axis = {CHART_ROWS - 1: "100%", CHART_ROWS // 2: " 50%", 0: "  0%"}.get(row, "    ")
            lines.append(f"{axis} |{''.join(cells)}")
        ticks = "".join(
            str((start + i + 1) // 10 % 10) if (start + i + 1) % 10 == 0 else "·"
            for i in range(len(part))
        )
        lines.append(f"     +{ticks}  decisions {start + 1}-{start + len(part)}")
    return lines


def costliest_table(result: dict[str, Any], names: list[str]) -> Table:
    table = Table(title="The three costliest decisions", title_justify="left")
    for column in ("decision", "move", "you chose", "win", "the search preferred", "win"):
        table.add_column(column)
    table.add_column("cost", justify="right")
    for entry in result["costliest"]:
        table.add_row(
            str(entry["decision"] + 1),
            str(entry["index"] + 1),
            entry["label"],
            f"{entry['win']:.0%}",
            entry["best"],
            f"{entry['best_win']:.0%}",
            f"{entry['cost']:.0%}",
        )
    return table


def review_command(
    file: Annotated[Path, typer.Argument(metavar="GAME.json", help="a record saved with --save")],
    seat: Annotated[int, typer.Option(metavar="N", help="the seat to review (default 0)")] = 0,
    iterations: Annotated[
        int | None,
        typer.Option(
            metavar="N", min=1, help="search iterations per decision (default: the game's own)"
        ),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option(metavar="S", min=0.01, help="at most this long per decision (wall clock)"),
    ] = None,
) -> None:
    """Review one seat's decisions in a saved game: its estimated win chance after each (from
    what it knew then) and the three decisions that cost it most, with the move the search
    preferred."""
    from contraband.agents.coach import decisions, review
    from contraband.cli import read_record

    try:
        record = read_record(file)
        game = contraband.load(record["game"])
        found = decisions(record, seat)
    except ValueError as error:
        fail(f"cannot review {file}: {error}")
    names = game.replay(record).seat_names()
    with Progress(
        TextColumn("searching {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(f"{names[seat]}'s decisions", total=len(found))
        result = review(
            record,
            seat,
            iterations=iterations,
            seconds=seconds,
            progress=lambda done, _total: bar.update(task, completed=done),
        )
    say = console.print
    say(
        f"Review of {names[seat]} (seat {seat}) in {game.info.title}: "
        f"{result['decisions']} decisions with a choice, up to {result['iterations']} search "
        "iterations each, from what the seat knew then.",
        markup=False,
        highlight=False,
    )
    if not result["points"]:
        say("There was nothing to review: every decision of this seat was forced.")
        return
    say("Estimated win chance after each decision:")
    width = max(10, min(console.width, 100) - 30)
    for line in chart([point["win"] for point in result["points"]], width):
        say(line, markup=False, highlight=False)
    if result["costliest"]:
        say(costliest_table(result, names))
    else:
        say("Every decision was the one the search preferred.")


def add_command(app: typer.Typer) -> None:
    app.command("review")(review_command)
