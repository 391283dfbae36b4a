"""The lab's CLI commands, ``simulate`` and ``compare``, added to the ``contraband`` app.

``contraband.cli`` calls ``add_commands(app)`` when it is imported. What both share (the console,
the error line, ``--options``) lives in ``contraband.cli_common``, so this module never imports
the CLI back. pyarrow and matplotlib are imported inside the commands: they would slow every
other command.
"""

from __future__ import annotations

import json
import signal
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from contraband.cli_common import INTERRUPTED, SetOpt, console, fail, parse_options, parse_variant
from contraband.lab.backends import BACKENDS, make_backend
from contraband.lab.runner import RunConfig, make_config
from contraband.lab.sequential import SOLO_REASON, compare
from contraband.lab.simulate import Run, run_games
from contraband.lab.summary import headline, plural, save_summary, speed, summarize, tables

GameArg = Annotated[
    str,
    typer.Argument(metavar="GAME", help="game id, e.g. tony-tino (see `contraband games`)"),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option("--players", "-p", metavar="N", help="player count (default: the game's usual)"),
]
SeedOpt = Annotated[
    int,
    typer.Option(
        metavar="N",
        help="master seed: every game's and agent's seed derives from it and the game's index",
    ),
]
WorkersOpt = Annotated[
    int | None,
    typer.Option("--workers", "-w", metavar="N", help="parallel workers (default: all cores)"),
]
BackendOpt = Annotated[
    str, typer.Option(metavar="NAME", help=f"where to play: {' or '.join(BACKENDS)}")
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--ray-address", metavar="ADDRESS", help="Ray cluster address (default: a local Ray)"
    ),
]
OptionsOpt = Annotated[
    str | None, typer.Option(metavar="JSON", help="game options as JSON, e.g. '{\"x\": 1}'")
]


class GamesPerSecond(ProgressColumn):
    """Finished games per wall-clock second since the run started, written as the summary
    writes it. The task's ``started`` field is the run's start (``time.perf_counter``); once the
    run is over its ``seconds`` field holds the run's own measured time, so the bar's last frame
    and the summary's headline give the same figure."""

    def render(self, task: Task) -> Text:
        seconds = task.fields.get("seconds")
        if seconds is None:
            started = task.fields.get("started")
            seconds = time.perf_counter() - started if started is not None else task.elapsed
        played = int(task.completed) - task.fields.get("resumed", 0)  # this session's games
        return Text(speed(played, seconds or 0.0), style="cyan")


def _progress() -> Progress:
    return Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        GamesPerSecond(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )


def _config(
    game: str,
    players: int | None,
    agents: list[str],
    options: str | None,
    seed: int,
    games: int,
    sets: list[str] | None = None,
) -> RunConfig:
    """The validated run configuration (``sets``: ``--set KEY=VALUE``, a rule variant); a clear
    error and exit code 2 otherwise."""
    try:
        variant = parse_variant(game, sets)
        return make_config(game, players, agents, parse_options(options), seed, games, variant)
    except ValueError as error:
        fail(str(error))


def _backend(backend: str, workers: int | None, address: str | None) -> Any:
    try:
        return make_backend(backend, workers, address)
    except (ValueError, RuntimeError) as error:
        fail(str(error))


def check_out(out: Path) -> None:
    """Make sure the results can be written to ``out`` before any game is played: it must be a
    directory (created if missing) in which a file can be created. Exit code 2 otherwise."""
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is an existing file; give a directory for the results")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(f"--out {out}: cannot create the directory: {error.strerror or error}")
    try:
        with tempfile.TemporaryFile(dir=out, prefix=".contraband-probe-"):
            pass
    except OSError as error:
        fail(f"--out {out} is not writable: {error.strerror or error}")


@contextmanager
def interrupts_deferred() -> Iterator[list[int]]:
    """While saving, Ctrl-C is noted (the list gets an entry), not raised, so the finished games
    are written whole; the caller exits with INTERRUPTED afterwards. Outside the main thread,
    where signal handlers cannot be set, nothing changes."""
    caught: list[int] = []

    def note(signum: int, frame: Any) -> None:
        caught.append(signum)
        console.print("[yellow]saving the finished games first; exiting when done[/yellow]")

    try:
        previous = signal.signal(signal.SIGINT, note)
    except ValueError:  # not the main thread
        yield caught
        return
    try:
        yield caught
    finally:
        signal.signal(signal.SIGINT, previous)


def _print_tables(summary: dict[str, Any]) -> None:
    # Piped or captured output has no width; print whole tables rather than truncate them.
    out = console if console.is_terminal else Console(file=console.file, width=160)
    for table in tables(summary):
        out.print(table)


def _save(run: Run, summary: dict[str, Any], out: Path, fmt: str, report: bool) -> list[Path]:
    """Write results first, then the summary and (optionally) the report; the paths written.
    A disk error exits with code 1. Callers hold Ctrl-C off meanwhile (interrupts_deferred)."""
    from contraband.lab.report import write_report
    from contraband.lab.results import write_results

    try:
        paths = [write_results(run.rows, out, fmt, run.meta()), *save_summary(summary, out)]
        if report:
            paths.append(write_report(run.rows, summary, out))
    except OSError as error:
        fail(f"cannot write the results to {out}: {error}", 1)
    return paths


def _writer(out: Path, config: RunConfig, fmt: str, resume: bool) -> Any:
    """The results writer of a run, opened (resumed) before any game is played; a clear error
    and exit code 2 when the directory's run cannot be resumed or must not be overwritten."""
    import pyarrow as pa

    from contraband.lab.stream import ResultsWriter, ResumeError

    # Arrow's default pool (mimalloc) keeps freed blocks for reuse: with the system's
    # allocator the peak at the end of a long run (merge, summary) is 40-50 MB lower.
    pa.set_memory_pool(pa.system_memory_pool())
    try:
        return ResultsWriter(out, config, fmt, resume)
    except ResumeError as error:
        fail(str(error))
    except OSError as error:
        fail(f"cannot open the results in {out}: {error}", 1)


def _save_stream(writer: Any, run: Run, out: Path, report: bool) -> tuple[dict, list[Path]]:
    """Finish the streamed results file, then summarize it (read back game by game) and draw
    the report from it; the summary and the paths written. A disk error exits with code 1."""
    from contraband.lab.report import write_report
    from contraband.lab.summary import summarize_file

    try:
        path = writer.finish(run.meta())
        summary = summarize_file(path, run.meta())
        paths = [path, *save_summary(summary, out)]
        if report:
            paths.append(write_report(path, summary, out))
    except OSError as error:
        fail(f"cannot write the results to {out}: {error}", 1)
    return summary, paths


def simulate_command(
    game: GameArg,
    players: PlayersOpt = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            "-a",
            metavar="SPEC",
            help="agent spec, repeatable: random, greedy, "
            "ismcts:iterations=200 ... Seats rotate over the specs, which are cycled "
            "when there are fewer than players (default: random in every seat)",
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", metavar="N", help="games to play")] = 100,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    sets: SetOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help="output directory (default: runs/GAME-Np-seedS, and -variant-TAG for a variant)",
        ),
    ] = None,
    fmt: Annotated[
        str, typer.Option("--format", metavar="FORMAT", help="results as parquet or csv")
    ] = "parquet",
    report: Annotated[bool, typer.Option(help="draw the plots and the HTML report")] = True,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="continue the run in --out (stopped, interrupted or killed): play only its "
            "missing games; the other options must be the run's own",
        ),
    ] = False,
) -> None:
    """Simulate many games between agents; save results, a summary, plots and a report.

    Results are saved as games finish; --resume plays only the missing games of a stopped run.

    Ctrl-C stops the run and saves the finished games (exit code 130).
    """
    from contraband.lab.results import FORMATS

    if fmt not in FORMATS:
        fail(f"unknown --format {fmt!r}; formats are: {', '.join(FORMATS)}")
    config = _config(game, players, agent or ["random"], options, seed, games, sets)
    out = out or Path("runs") / f"{config.game_id}-{config.players}p-seed{config.seed}"
    if config.variant and out.name == f"{config.game_id}-{config.players}p-seed{config.seed}":
        out = out.with_name(f"{out.name}-variant-{config.variant_tag}")
    check_out(out)
    writer = _writer(out, config, fmt, resume)
    start = Run(config, counted=writer.stored, seated=Counter(writer.seated), resumed=writer.stored)
    if resume:
        console.print(f"resuming: {writer.stored} of {plural(config.games, 'game')} stored")
    chosen = _backend(backend, workers, ray_address)
    with chosen, _progress() as progress:
        task = progress.add_task(
            config.game_id,
            total=config.games,
            completed=writer.stored,
            started=time.perf_counter(),
            resumed=writer.stored,
        )
        run = run_games(
            config,
            chosen,
            writer.missing(),
            progress=lambda n: progress.advance(task, n),
            keep_on_error=True,
            sink=writer.write,
            run=start,
        )
        progress.update(task, completed=run.games_done, seconds=run.meta()["seconds"])
    with interrupts_deferred() as caught:  # from here on, Ctrl-C waits for the save
        if run.interrupted:
            games = plural(run.games_done, "finished game")
            console.print(f"[yellow]interrupted:[/yellow] keeping the {games}")
        summary, paths = _save_stream(writer, run, out, report)
        console.print(headline(summary))
        _print_tables(summary)
        console.print("wrote " + ", ".join(str(path) for path in paths))
    if run.error:
        fail(f"a game failed, the finished games were saved: {run.error}", 1)
    if run.interrupted or caught:
        raise typer.Exit(INTERRUPTED)


def compare_command(
    game: GameArg,
    agent: Annotated[
        list[str],
        typer.Option("--agent", "-a", metavar="SPEC", help="give exactly two: --agent A --agent B"),
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", metavar="N", help="most games to play")
    ] = 1000,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    sets: SetOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="also save results and summary in this directory"),
    ] = None,
) -> None:
    """Does agent A beat agent B? A sequential test that stops early once it is clear.

    The test: a two-sided group-sequential sign test on the decisive games only.

    Its boundaries are exact binomial ones, with Lan-DeMets alpha spending.

    Whenever it looks, naming a winner between two equal agents stays within a 5% chance overall.

    Ctrl-C stops it (exit code 130).
    """
    if len(agent) != 2:
        fail(f"compare takes exactly two agents (--agent A --agent B), got {len(agent)}")
    config = _config(game, players, agent, options, seed, games, sets)
    if config.players < 2:
        fail(SOLO_REASON.format(game=config.game_id))
    if out is not None:
        check_out(out)
    chosen = _backend(backend, workers, ray_address)
    with chosen, _progress() as progress:
        task = progress.add_task(
            f"{agent[0]} vs {agent[1]}", total=config.games, started=time.perf_counter()
        )
        tally, run = compare(config, chosen, progress=lambda n: progress.advance(task, n))
        progress.update(task, seconds=run.meta()["seconds"])
    with interrupts_deferred() as caught:  # from here on, Ctrl-C waits for the save
        console.print(tally.method(), highlight=False)
        console.print(tally.verdict(), highlight=False)
        if run.interrupted:
            console.print(f"[yellow]interrupted[/yellow] after {plural(tally.games, 'game')}")
        elif tally.decided and tally.games < config.games:
            total = plural(config.games, "game")
            console.print(f"stopped early: clear after {tally.games} of {total}")
        else:
            console.print(f"played all {plural(tally.games, 'game')}")
        if out is not None:
            summary = summarize(run.rows, run.meta())
            summary["comparison"] = tally.to_dict()
            paths = _save(run, summary, out, "parquet", report=False)
            path = out / "comparison.json"
            path.write_text(json.dumps(tally.to_dict(), indent=2) + "\n", encoding="utf-8")
            console.print("wrote " + ", ".join(str(p) for p in [*paths, path]))
    if run.interrupted or caught:
        raise typer.Exit(INTERRUPTED)


def variants_command(game: GameArg) -> None:
    """List the numbers of a game's data file a rule variant may change (``--set KEY=VALUE``).

    Each line: the key, the published value, and what a variant may make it.
    """
    from contraband.core.variants import describe

    try:
        rows = describe(game)
    except ValueError as error:
        fail(str(error))
    for row in rows:
        value = json.dumps(row["value"])
        console.print(f"{game}.{row['key']} = {value}  [dim]({row['allowed']})[/dim]")


def add_commands(app: typer.Typer) -> None:
    """Register ``simulate``, ``compare``, ``ladder``, ``balance`` and ``tune`` on the CLI."""
    from contraband.lab.balance_command import balance_command
    from contraband.lab.ladder import ladder_command
    from contraband.lab.tune_command import tune_command

    app.command("simulate")(simulate_command)
    app.command("compare")(compare_command)
    app.command("variants")(variants_command)
    app.command("ladder")(ladder_command)
    app.command("balance")(balance_command)
    app.command("tune")(tune_command)
