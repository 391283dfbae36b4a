"""The ``contraband balance`` command: options, the run, the terminal summary and the files."""

from __future__ import annotations

import html
import json
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table as RichTable

from contraband.cli_common import INTERRUPTED, SetOpt, console, fail, parse_options
from contraband.cli_common import parse_variant as read_variant
from contraband.lab.balance import balance, save, start
from contraband.lab.balance_tables import Table, all_tables, headline
from contraband.lab.balance_trace import balance_backend
from contraband.lab.commands import (
    AddressOpt,
    BackendOpt,
    GameArg,
    OptionsOpt,
    PlayersOpt,
    SeedOpt,
    WorkersOpt,
    _progress,
    check_out,
    interrupts_deferred,
)
from contraband.lab.runner import RunConfig, make_config

AgentOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--agent",
        "-a",
        metavar="SPEC",
        help="agent spec or level, repeatable (seats rotate over them): rules, greedy, medium, "
        "hard ... (default: rules, the game's rule-based player, fast; hard plays best at about "
        "a CPU-second a decision)",
    ),
]
GamesOpt = Annotated[int, typer.Option("--games", "-n", metavar="N", help="games to play")]
VsOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--vs",
        metavar="KEY=VALUE",
        help="compare with a second variant: the first (the published rules with any --set) "
        "with these numbers changed too (repeatable); both play the same deals, side by side, "
        "and the run stops once the first player's win share clearly differs",
    ),
]


def print_tables(tables: list[Table]) -> None:
    # piped or captured output has no width: print whole tables rather than cut them
    out = console if console.is_terminal else Console(file=console.file, width=160)
    for title, headers, rows in tables:
        table = RichTable(title=title, title_justify="left")
        for index, header in enumerate(headers):
            table.add_column(header, justify="left" if index == 0 else "right")
        for row in rows:
            table.add_row(*row)
        out.print(table)


def make_run_config(
    game: str,
    players: int | None,
    agents: list[str] | None,
    options: str | None,
    seed: int,
    games: int,
    variant: dict[str, Any] | None = None,
) -> RunConfig:
    """The validated configuration; a clear error and exit code 2 otherwise."""
    try:
        extra = {} if not variant else {"variant": variant}
        return make_config(
            game, players, agents or ["rules"], parse_options(options), seed, games, **extra
        )
    except ValueError as error:
        fail(str(error))


def parse_variant(game: str, texts: list[str] | None) -> dict[str, Any]:
    """``--set`` / ``--vs`` texts -> overrides; a clear error and exit code 2 otherwise."""
    try:
        return read_variant(game, texts)
    except ValueError as error:
        fail(str(error))


def describe_variant(variant: dict[str, Any]) -> str:
    return ", ".join(f"{key}={json.dumps(value)}" for key, value in variant.items()) or "published"


def open_backend(backend: str, workers: int | None, address: str | None) -> Any:
    try:
        return balance_backend(backend, workers, address)
    except (ValueError, RuntimeError) as error:
        fail(str(error))


def balance_command(
    game: GameArg,
    players: PlayersOpt = None,
    agent: AgentOpt = None,
    games: GamesOpt = 500,
    seed: SeedOpt = 0,
    workers: WorkersOpt = None,
    backend: BackendOpt = "local",
    ray_address: AddressOpt = None,
    options: OptionsOpt = None,
    sets: SetOpt = None,
    vs: VsOpt = None,
    out: Annotated[
        Path | None,
        typer.Option(metavar="DIR", help="output directory (default: runs/balance-GAME-Np-seedS)"),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="continue the stopped run in --out (same settings; --games may be raised): "
            "only its missing games are played",
        ),
    ] = False,
) -> None:
    """Is the game fair, and what decides it? A report with 95% intervals.

    Seat and turn-order win shares, margins, length, comebacks, parts of the score, actions.

    Writes games.jsonl (one record per game), balance.json and report.html with plots.

    Ctrl-C stops the run and reports the finished games (exit code 130); --resume continues it.
    """
    variant = parse_variant(game, sets)
    config = make_run_config(game, players, agent, options, seed, games, variant)
    if vs:
        if resume:
            fail("--resume continues a single run; a --vs comparison is played whole")
        other = {**variant, **parse_variant(game, vs)}
        second = make_run_config(game, players, agent, options, seed, games, other)
        return versus_command((config, second), backend, workers, ray_address, out)
    out = out or Path("runs") / f"balance-{config.game_id}-{config.players}p-seed{config.seed}"
    check_out(out)
    try:
        stored = start(out, config, resume)
    except ValueError as error:
        fail(str(error))
    if resume:
        console.print(f"{out}: {len(stored)} of {config.games} games stored; playing the rest")
    chosen = open_backend(backend, workers, ray_address)
    with chosen, _progress() as progress:
        task = progress.add_task(
            config.game_id,
            total=config.games,
            completed=len(stored),
            resumed=len(stored),
            started=time.perf_counter(),
        )
        summary, records, run = balance(
            config, chosen, lambda n: progress.advance(task, n), out, stored
        )
        progress.update(task, seconds=run.seconds)
    if not records:
        fail("no game finished: nothing to report", INTERRUPTED if run.interrupted else 1)
    with interrupts_deferred() as caught:
        if run.interrupted:
            console.print(f"[yellow]interrupted:[/yellow] reporting {len(records)} games")
        console.print(headline(summary), highlight=False)
        print_tables(all_tables([summary], [""]))
        try:
            paths = save(out, [summary], [records], [""])
        except OSError as error:
            fail(f"cannot write the report to {out}: {error}", 1)
        console.print("wrote " + ", ".join(str(path) for path in paths))
    if run.interrupted or caught:
        raise typer.Exit(INTERRUPTED)


def versus_command(
    configs: tuple[RunConfig, RunConfig],
    backend: str,
    workers: int | None,
    address: str | None,
    out: Path | None,
) -> None:
    """``balance --vs``: both variants side by side, with the sequential stop."""
    from contraband.lab.balance_versus import method, verdict, versus

    first, second = configs
    if first.players < 2:
        fail("--vs compares the first player's win share: it needs at least two players")
    if getattr(first, "variant", {}) == getattr(second, "variant", {}):
        fail("--vs changes nothing: its numbers are those of the first variant")
    labels = ("A", "B")
    name = f"balance-{first.game_id}-{first.players}p-seed{first.seed}-vs"
    out = out or Path("runs") / name
    check_out(out)
    chosen = open_backend(backend, workers, address)
    with chosen, _progress() as progress:
        task = progress.add_task(
            f"{first.game_id} A and B", total=2 * first.games, started=time.perf_counter()
        )
        result = versus(configs, chosen, labels, lambda n: progress.advance(task, n))
    if not result.records[0]:
        fail("no game finished: nothing to report", INTERRUPTED if result.interrupted else 1)
    with interrupts_deferred() as caught:
        summaries = result.summaries(configs)
        lines = [
            f"A: {describe_variant(getattr(first, 'variant', {}))}",
            f"B: {describe_variant(getattr(second, 'variant', {}))}",
            method(result.tally),
            verdict(result.tally),
        ]
        for line in lines:
            console.print(line, highlight=False, markup=False)
        print_tables(all_tables(summaries, list(labels)))
        extra = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        try:
            paths = save(
                out,
                summaries,
                list(result.records),
                list(labels),
                {"comparison": result.tally.to_dict()},
                extra,
            )
        except OSError as error:
            fail(f"cannot write the report to {out}: {error}", 1)
        console.print("wrote " + ", ".join(str(path) for path in paths))
    if result.interrupted or caught:
        raise typer.Exit(INTERRUPTED)
