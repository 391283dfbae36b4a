"""The ``contraband ladder`` command: rate the levels and the rule-based player of a game until
every interval is within the target (issues 34 and 46).

The play is in ``ladder_run``, the fit in ``ladder_fit``, the folder in ``ladder_store``; this
module reads the options, shows progress, prints the table and writes the JSON.
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contraband.cli_common import INTERRUPTED, console, fail, parse_options
from contraband.lab import ratings
from contraband.lab.backends import BACKENDS, make_backend
from contraband.lab.ladder_clock import cpu_clock
from contraband.lab.ladder_run import Ladder
from contraband.lab.ladder_store import LadderFolder, make_setup

#: the default target: every interval within +-100 display points (two standard deviations)
TARGET = 100.0
#: how a one-sided contestant's interval is marked (see ``Ladder.one_sided``)
BOUNDS = {"below": " (no lower bound)", "above": " (no upper bound)"}
#: seconds between progress lines when the output is not a terminal (a log)
LOG_EVERY = 60.0


def ratings_table(data: dict) -> RichTable:
    """The ratings as a terminal table, strongest first."""
    reached = "reached" if data["reached"] else "not yet"
    title = (
        f"{data['game']} at {data['players']} players: {data['games']} games, "
        f"widest ±{data['widest']:g} (target ±{data['target']:g}: {reached})"
    )
    table = RichTable(title=title)
    for column in ("contestant", "rating", "± (2σ)", "games", "firsts", "spec"):
        table.add_column(column, justify="left" if column in ("contestant", "spec") else "right")
    for entry in data["ratings"]:
        table.add_row(
            entry["name"],
            f"{entry['rating']:,}",
            str(entry["interval"]) + BOUNDS.get(entry.get("one_sided", ""), ""),
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


def command_line(game: str, players: int, folder: Path, **given: Any) -> str:
    """The command that runs (and resumes) this ladder."""
    parts = ["contraband", "ladder", game, "--players", str(players), "--dir", str(folder)]
    for name in given.pop("levels") or []:
        parts += ["--levels", name]
    for key, value in given.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            parts.append(flag)
        elif value not in (None, False):
            parts += [flag, f"{value:g}" if isinstance(value, float) else str(value)]
    return shlex.join(parts)


def ladder_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="game id, e.g. tony-tino")],
    folder: Annotated[
        Path,
        typer.Option(
            "--dir",
            "-d",
            metavar="DIR",
            help="the ladder's folder: every game it plays is kept here",
        ),
    ],
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", metavar="N", help="player count (default: the game's)"),
    ] = None,
    target: Annotated[
        float,
        typer.Option(metavar="POINTS", help="play until every interval (2σ) is within ± this"),
    ] = TARGET,
    max_games: Annotated[
        int | None,
        typer.Option(metavar="N", help="stop when the folder holds N games, target or not"),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="continue the ladder in --dir (same configuration)")
    ] = False,
    levels: Annotated[
        list[str] | None,
        typer.Option(
            "--levels",
            "-l",
            metavar="NAME",
            help=f"contestants, repeatable (default: all of {', '.join(ratings.CONTESTANTS)})",
        ),
    ] = None,
    unclocked: Annotated[
        bool,
        typer.Option(
            "--unclocked",
            help="rate medium and hard on their full iteration budgets (the lab's), not cut at "
            "the game's bot clock as at the table",
        ),
    ] = False,
    hard_iterations: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="cap the search of medium and hard at N iterations a decision, no clock "
            "(quick, repeatable ladders)",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", help="master seed of the ladder")] = 0,
    backend_name: Annotated[
        str, typer.Option("--backend", metavar="NAME", help=f"one of {', '.join(BACKENDS)}")
    ] = "local",
    ray_address: Annotated[
        str | None, typer.Option(metavar="ADDR", help="a Ray cluster (with --backend ray)")
    ] = None,
    workers: Annotated[
        int | None,
        typer.Option("--workers", "-w", metavar="N", help="parallel workers (default: all cores)"),
    ] = None,
    options: Annotated[
        str | None, typer.Option(metavar="JSON", help="game options as JSON")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="also write the ratings as JSON here (the packaged ratings' form), once every "
            "interval is within the target",
        ),
    ] = None,
) -> None:
    """Rate the levels and the rule-based player: play the tables that narrow the intervals
    most until every rating's interval is within --target (a sequential ladder, resumable).

    Ratings are on an Elo scale around 1500 with a two-standard-deviation interval (a
    Plackett-Luce fit of every game's finishing order). A searching level stops at its game's
    bot clock, as at the table, unless --unclocked or --hard-iterations; on local workers the
    clock counts CPU time, so a busy machine does not weaken them.
    """
    if not target > 0:
        fail(f"--target must be a positive number of points, got {target:g}")
    if max_games is not None and max_games < 1:
        fail(f"--max-games must be a positive integer, got {max_games}")
    try:
        setup = make_setup(
            game, players, levels, seed, hard_iterations, parse_options(options), not unclocked
        )
        if backend_name not in BACKENDS:
            raise ValueError(
                f"unknown backend {backend_name!r}; backends are: {', '.join(BACKENDS)}"
            )
    except ValueError as error:
        fail(str(error))
    if out is not None:
        check_file(out)
    try:
        folder_store = LadderFolder(folder, setup, resume)
        backend = make_backend(backend_name, workers, ray_address)
    except (ValueError, RuntimeError) as error:
        fail(str(error))
    ladder = Ladder(folder_store)
    command = command_line(
        setup.game, setup.players, folder, levels=levels, unclocked=unclocked,
        hard_iterations=hard_iterations, seed=seed, options=options, target=target,
    )  # fmt: skip
    started = datetime.now(UTC).isoformat(timespec="seconds")
    start = time.monotonic()
    before = ladder.games
    last = [start]

    def progress(current: Ladder) -> None:
        now = time.monotonic()
        if now - last[0] < LOG_EVERY:
            return
        last[0] = now
        widths = current.widths()
        name = max(widths, key=widths.__getitem__)
        console.print(
            f"{datetime.now(UTC):%H:%M:%S} {current.games} games "
            f"({current.games - before} this run, {now - start:,.0f} s): "
            f"widest ±{widths[name]:.0f} ({name}); "
            + ", ".join(f"{n} ±{w:.0f}" for n, w in widths.items())
        )
        games, play = current.projection(target)
        console.print(f"  to ±{target:g}: about {games} more games, {play / 3600:.1f} CPU-hours")
        folder_store.write_ratings(current.summary(target, {"command": command}))

    def terminate(*_: object) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, terminate)
    console.print(f"{folder}: {before} games stored; playing to ±{target:g} on {backend.name}")
    try:
        with cpu_clock(), backend:  # the clock is set before the local workers are forked
            stop = ladder.run(backend, target, max_games, progress)
    finally:
        signal.signal(signal.SIGTERM, previous)
    seconds = time.monotonic() - start
    folder_store.session(
        {
            "started": started,
            "seconds": round(seconds, 1),
            "backend": backend.name,
            "workers": backend.workers,
            "games": stop.played,
            "interrupted": stop.interrupted,
        }
    )
    sessions = folder_store.sessions()
    meta = {
        "command": command,
        "sessions": len(sessions),
        "wall_seconds": round(sum(s["seconds"] for s in sessions), 1),
        "worker_seconds": round(sum(s["seconds"] * s["workers"] for s in sessions), 1),
        "commits": sorted({str(s.get("commit")) for s in sessions}),
    }
    data = ladder.summary(target, meta)
    folder_store.write_ratings(data)
    folder_store.close()
    # piped or captured output has no width: print the whole table rather than truncate it
    (console if console.is_terminal else Console(file=console.file, width=120)).print(
        ratings_table(data)
    )
    if out is not None and not data["reached"]:
        console.print(
            f"not written to {out}: the intervals are not yet within ±{target:g} "
            f"(the ratings so far are in {folder / 'ratings.json'})"
        )
    elif out is not None:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        except OSError as error:
            fail(f"cannot write the ratings to {out}: {error}", 1)
        console.print(f"wrote {out}")
    if stop.interrupted:
        console.print(
            f"[yellow]stopped[/yellow]: {ladder.games} games kept; continue with {command} --resume"
        )
        raise typer.Exit(INTERRUPTED)
    if not stop.reached:
        console.print(f"--max-games reached before ±{target:g}; continue with a larger --max-games")
