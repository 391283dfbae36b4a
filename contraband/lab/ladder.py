"""The ``contraband ladder`` command: rate the levels and the rule-based player of a game.

The work is in ``contraband.lab.ratings``; this module reads the options, shows progress, prints
the table and writes the JSON.
"""

from __future__ import annotations

import json
import os
import shlex
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contraband.cli_common import INTERRUPTED, console, fail, parse_options
from contraband.lab import ratings
from contraband.lab.backends import make_backend


def ratings_table(data: dict) -> RichTable:
    """The ratings as a terminal table, strongest first."""
    title = f"{data['game']} at {data['players']} players: {data['games']} games"
    table = RichTable(title=title)
    for column in ("contestant", "rating", "± (2σ)", "mu", "sigma", "games", "firsts", "spec"):
        table.add_column(column, justify="left" if column in ("contestant", "spec") else "right")
    for entry in data["ratings"]:
        table.add_row(
            entry["name"],
            f"{entry['rating']:,}",
            str(entry["interval"]),
            f"{entry['mu']:.2f}",
            f"{entry['sigma']:.2f}",
            str(entry["games"]),
            str(entry["firsts"]),
            entry["spec"],
        )
    return table


def check_file(out: Path) -> None:
    """Make sure the ratings can be written to ``out`` before any game is played (exit code 2)."""
    if out.is_dir():
        fail(f"--out {out} is a directory; give a file name for the ratings JSON")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--out {out}: cannot create its directory: {error.strerror or error}")
    if not os.access(out.parent, os.W_OK) or (out.exists() and not os.access(out, os.W_OK)):
        fail(f"--out {out} is not writable")


def ladder_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="game id, e.g. tony-tino")],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", metavar="N", help="player count (default: the game's)"),
    ] = None,
    games_per_pair: Annotated[
        int,
        typer.Option(
            metavar="N",
            help="games per table (every set of N contestants is a table; at 2 players a "
            "pair), rounded up to a multiple of the player count",
        ),
    ] = ratings.GAMES_PER_TABLE,
    levels: Annotated[
        list[str] | None,
        typer.Option(
            "--levels",
            "-l",
            metavar="NAME",
            help=f"contestants, repeatable (default: all of {', '.join(ratings.CONTESTANTS)})",
        ),
    ] = None,
    hard_iterations: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="cap the search of medium and hard at N iterations a decision (quick ladders)",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="master seed of the ladder")] = 0,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", metavar="N", help="parallel workers (default: all cores)"),
    ] = None,
    options: Annotated[
        str | None, typer.Option(metavar="JSON", help="game options as JSON")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(metavar="FILE", help="also write the ratings as JSON here")
    ] = None,
) -> None:
    """Play a round robin of the levels and the rule-based player; rate them with openskill.

    Ratings are on an Elo-like scale (1500 is openskill's starting mu) with a 2-sigma interval.
    """
    try:
        tables = ratings.plan(
            game, players, levels, games_per_pair, seed, hard_iterations, parse_options(options)
        )
        backend = make_backend("local", workers)
    except ValueError as error:
        fail(str(error))
    if out is not None:
        check_file(out)
    total = sum(table.config.games for table in tables)
    start = time.perf_counter()
    try:
        with backend, console.status(f"playing {total} games") as status:
            done = [0]

            def advance(count: int) -> None:
                done[0] += count
                status.update(f"played {done[0]} of {total} games")

            played = ratings.play(tables, backend, advance)
    except KeyboardInterrupt:
        console.print("[yellow]interrupted[/yellow]: no ratings from a partial ladder")
        raise typer.Exit(INTERRUPTED) from None
    parts = ["contraband", "ladder", tables[0].config.game_id]
    parts += ["--players", str(tables[0].config.players), "--games-per-pair", str(games_per_pair)]
    for name in levels or []:
        parts += ["--levels", name]
    if hard_iterations is not None:
        parts += ["--hard-iterations", str(hard_iterations)]
    parts += ["--seed", str(seed)]
    if options:
        parts += ["--options", options]
    command = shlex.join(parts)
    meta = {
        "seed": seed,
        "hard_iterations": hard_iterations,
        "seconds": round(time.perf_counter() - start, 1),
        "command": command,
    }
    data = ratings.summary(tables, played, meta)
    # piped or captured output has no width: print the whole table rather than truncate it
    (console if console.is_terminal else Console(file=console.file, width=120)).print(
        ratings_table(data)
    )
    if out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            fail(f"cannot write the ratings to {out}: {error}", 1)
        console.print(f"wrote {out}")
