"""The lab's CLI commands, ``simulate`` and ``compare``, added to the ``contraband`` app.

``contraband.cli`` calls ``add_commands(app)`` when it is imported. Helpers from ``contraband.cli``
are imported inside the commands, not at module level, so importing this module first cannot
catch the CLI half-built; so are pyarrow and matplotlib, which would slow every other command.
"""

from __future__ import annotations

import json
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

from contraband.lab.backends import BACKENDS, make_backend
from contraband.lab.runner import RunConfig, make_config
from contraband.lab.sequential import compare
from contraband.lab.simulate import Run, run_games

console = Console()

GameArg = Annotated[str, typer.Argument(help="game id, e.g. tony-tino (see `contraband games`)")]
PlayersOpt = Annotated[
    int | None, typer.Option("--players", "-p", help="player count (default: the game's usual)")
]
SeedOpt = Annotated[
    int,
    typer.Option(
        help="master seed: every game's and agent's seed derives from it and the game's index"
    ),
]
WorkersOpt = Annotated[
    int | None, typer.Option("--workers", "-w", help="parallel workers (default: all cores)")
]
BackendOpt = Annotated[str, typer.Option(help=f"where to play: {' or '.join(BACKENDS)}")]
AddressOpt = Annotated[
    str | None, typer.Option("--ray-address", help="Ray cluster address (default: a local Ray)")
]
OptionsOpt = Annotated[str | None, typer.Option(help="game options as JSON, e.g. '{\"x\": 1}'")]


def _fail(message: str, code: int = 2) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(code)


class GamesPerSecond(ProgressColumn):
    """Finished games per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:,.1f} games/s", style="cyan")


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


def _setup(
    game: str,
    players: int | None,
    agents: list[str],
    options: str | None,
    seed: int,
    games: int,
    backend: str,
    workers: int | None,
    address: str | None,
) -> tuple[RunConfig, Any]:
    """Validate everything before any game is played; clear errors, exit code 2."""
    from contraband.cli import parse_options

    try:
        config = make_config(game, players, agents, parse_options(options), seed, games)
    except ValueError as error:
        _fail(str(error))
        raise
    try:
        chosen = make_backend(backend, workers, address)
    except (ValueError, RuntimeError) as error:
        _fail(str(error))
        raise
    return config, chosen


def _print_tables(summary: dict[str, Any]) -> None:
    from contraband.lab.summary import tables

    # Piped or captured output has no width; print whole tables rather than truncate them.
    out = console if console.is_terminal else Console(file=console.file, width=160)
    for table in tables(summary):
        out.print(table)


def _save(run: Run, summary: dict[str, Any], out: Path, fmt: str, report: bool) -> list[Path]:
    from contraband.lab.report import write_report
    from contraband.lab.results import write_results
    from contraband.lab.summary import save_summary

    paths = [write_results(run.rows, out, fmt, run.meta()), *save_summary(summary, out)]
    if report:
        paths.append(write_report(run.rows, summary, out))
    return paths


def simulate_command(
    game: GameArg,
    players: PlayersOpt = None,
    agent: Annotated[
        list[str] | None,
        typer.Option(
            "--agent",
            "-a",
            help="agent spec, repeatable: random, greedy, "
            "ismcts:iterations=200 ... Seats rotate over the specs, which are cycled "
            "when there are fewer than players (default: random in every seat)",
        ),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", help="games to play")] = 100,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(help="output directory (default: runs/GAME-Np-seedS)"),
    ] = None,
    fmt: Annotated[str, typer.Option("--format", help="results as parquet or csv")] = "parquet",
    report: Annotated[bool, typer.Option(help="draw the plots and the HTML report")] = True,
) -> None:
    """Simulate many games between agents; save results, a summary, plots and a report."""
    from contraband.lab.results import FORMATS
    from contraband.lab.summary import headline, summarize

    if fmt not in FORMATS:
        _fail(f"unknown --format {fmt!r}; formats are: {', '.join(FORMATS)}")
    config, chosen = _setup(
        game, players, agent or ["random"], options, seed, games, backend, workers, ray_address
    )
    out = out or Path("runs") / f"{config.game_id}-{config.players}p-seed{config.seed}"
    with chosen, _progress() as progress:
        task = progress.add_task(f"{config.game_id}", total=config.games)
        run = run_games(
            config, chosen, progress=lambda n: progress.advance(task, n), keep_on_error=True
        )
    if run.interrupted:
        console.print(f"[yellow]interrupted:[/yellow] keeping the {run.games_done} finished games")
    summary = summarize(run.rows, run.meta())
    console.print(headline(summary))
    _print_tables(summary)
    paths = _save(run, summary, out, fmt, report)
    console.print("wrote " + ", ".join(str(path) for path in paths))
    if run.error:
        _fail(f"a game failed, the finished games were saved: {run.error}", 1)


def compare_command(
    game: GameArg,
    agent: Annotated[
        list[str],
        typer.Option("--agent", "-a", help="give exactly two: --agent A --agent B"),
    ],
    games: Annotated[int, typer.Option("--games", "-n", help="most games to play")] = 1000,
    players: PlayersOpt = None,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    out: Annotated[
        Path | None, typer.Option(help="also save results and summary in this directory")
    ] = None,
) -> None:
    """Does agent A beat agent B? Stops early once it is clear.

    Clear means: the 95% Wilson interval of A's win rate over the decisive games excludes 50%
    (draws and games nobody wins are left out).
    """
    if len(agent) != 2:
        _fail(f"compare takes exactly two agents (--agent A --agent B), got {len(agent)}")
    config, chosen = _setup(
        game, players, agent, options, seed, games, backend, workers, ray_address
    )
    with chosen, _progress() as progress:
        task = progress.add_task(f"{agent[0]} vs {agent[1]}", total=config.games)
        tally, run = compare(config, chosen, progress=lambda n: progress.advance(task, n))
    console.print(tally.verdict())
    if run.interrupted:
        console.print(f"[yellow]interrupted[/yellow] after {tally.games} games")
    elif tally.decided and tally.games < config.games:
        console.print(f"stopped early: clear after {tally.games} of {config.games} games")
    else:
        console.print(f"played all {tally.games} games")
    if out is not None:
        from contraband.lab.summary import summarize

        summary = summarize(run.rows, run.meta())
        summary["comparison"] = tally.to_dict()
        paths = _save(run, summary, out, "parquet", report=False)
        (out / "comparison.json").write_text(json.dumps(tally.to_dict(), indent=2) + "\n")
        console.print("wrote " + ", ".join(str(path) for path in paths))


def add_commands(app: typer.Typer) -> None:
    """Register ``simulate`` and ``compare`` on the contraband CLI."""
    app.command("simulate")(simulate_command)
    app.command("compare")(compare_command)
