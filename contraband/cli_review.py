"""``contraband review GAME.json``: the coach's post-game review of one seat, in the terminal.

Every decision of the seat that had a choice is analysed again from what the seat knew then
(``contraband.agents.coach_review.review``: several searches, or the game's planner where
``hard`` follows one); the command draws its estimated win chance after each decision as a small
chart and lists every decision the analysis calls costly (worse than its best move by more than
its own noise), with the move it preferred; moves it cannot tell apart are "about even".
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
TAUGHT = "taught"  # coach_review.TAUGHT (not imported: the search loads only for a review)


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


def costly_table(result: dict[str, Any]) -> Table:
    """Every costly decision (and every one a lesson taught on purpose), largest cost first."""
    table = Table(title="Costly decisions", title_justify="left")
    for column in ("decision", "move", "you chose", "win", "better was", "win"):
        table.add_column(column)
    table.add_column("cost", justify="right")
    table.add_column("noise", justify="right")
    for entry in [*result["costly"], *result["taught"]]:
        margin = entry["margin"]
        table.add_row(
            str(entry["decision"] + 1),
            str(entry["index"] + 1),
            entry["label"]
            + (" (the lesson's, on purpose)" if entry["verdict"] == "taught" else ""),
            f"{entry['win']:.0%}",
            entry["best"],
            f"{entry['best_win']:.0%}",
            f"{entry['cost']:.0%}",
            f"±{margin:.0%}" if margin is not None else "?",
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
        typer.Option(metavar="S", min=0.01, help="at most this long per search (wall clock)"),
    ] = None,
    runs: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            min=2,
            max=64,
            help="independent searches per decision, to measure the noise (default 4)",
        ),
    ] = None,
) -> None:
    """Review one seat's decisions in a saved game: its estimated win chance after each (from
    what it knew then) and every decision the analysis calls costly (worse than its best move
    by more than the analysis's own noise), with the move it preferred."""
    from contraband.agents.coach import REVIEW_RUNS, decisions, review
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
            runs=runs or REVIEW_RUNS,
            progress=lambda done, _total: bar.update(task, completed=done),
        )
    say = console.print
    say(
        f"Review of {names[seat]} (seat {seat}) in {game.info.title}: "
        f"{result['decisions']} decisions with a choice, each searched {result['runs']} times "
        f"(up to {result['iterations']} iterations a search; the game's planner where hard "
        "follows one), from what the seat knew then. A move is costly only when it measured "
        "worse than the best by more than the analysis's own noise; otherwise the two are "
        "about even.",
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
    even = sum(point["verdict"] == "even" for point in result["points"])
    if result["lesson"]:
        say("This is a guided game: the decisions its lesson asked for are marked as taught.")
    if result["costly"] or result["taught"]:
        say(costly_table(result))
        say(f"{even} other decisions were about even with the best.", highlight=False)
    else:
        say(
            f"No costly decision: every move was the best or about even with it ({even} about "
            "even).",
            highlight=False,
        )


def add_command(app: typer.Typer) -> None:
    app.command("review")(review_command)
