"""The one ``contraband`` command: list games, read rules, play, replay, simulate, compare."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.table import Table

import contraband
from contraband import terminal

app = typer.Typer(
    help="contraband: five underworld board games, one engine. Play, replay and simulate.",
    no_args_is_help=True,
    add_completion=False,
)
console = Console()


def fail(message: str) -> None:
    console.print(f"[red]error:[/red] {message}")
    raise typer.Exit(2)


def parse_options(text: str | None) -> dict[str, Any]:
    """``--options '{"deck_passes": 2}'`` -> dict, with a clear error for bad JSON."""
    if not text:
        return {}
    try:
        options = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(
            f"--options must be a JSON object such as '{{\"name\": 1}}': {error}"
        ) from None
    if not isinstance(options, dict):
        raise ValueError(f"--options must be a JSON object, got {type(options).__name__}")
    return options


def load_game(game_id: str) -> contraband.core.Game:
    try:
        return contraband.load(game_id)
    except ValueError as error:
        fail(str(error))
        raise


@app.command("games")
def games_command() -> None:
    """List the games, their player counts and options."""
    table = Table(title="contraband games")
    for column in ("id", "title", "players", "options"):
        table.add_column(column)
    for info in contraband.games():
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else (f"{info.min_players}-{info.max_players}")
        )
        options = ", ".join(f"{o.name} ({o.describe_allowed()})" for o in info.options) or "-"
        table.add_row(info.id, info.title, players, options)
    console.print(table)


@app.command("rules")
def rules_command(game: Annotated[str, typer.Argument(help="game id, e.g. tony-tino")]) -> None:
    """Show a game's rules summary and decision log."""
    console.print(Markdown(load_game(game).rules_text()))


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(help="game id, e.g. tony-tino")],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            help="one per seat, in seat order: human, random, greedy, "
            "ismcts:iterations=500 ... (default: human against greedy)",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed for the deal (default: random)")] = None,
    options: Annotated[str | None, typer.Option(help="game options as JSON")] = None,
    save: Annotated[Path | None, typer.Option(help="write the game record here (JSON)")] = None,
) -> None:
    """Play a game in the terminal against AIs or friends (hot seat)."""
    loaded = load_game(game)
    seats = seat or ["human"] + ["greedy"] * (loaded.info.default_players - 1)
    try:
        state = loaded.new(players=len(seats), seed=seed, options=parse_options(options))
        players = terminal.make_players(seats)
    except ValueError as error:
        fail(str(error))
        return
    terminal.play(state, players, seats, console, save)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a record saved with play --save")],
    seat: Annotated[int | None, typer.Option(help="show the board as this seat sees it")] = None,
    steps: Annotated[bool, typer.Option("--steps", help="print every action")] = False,
) -> None:
    """Replay a saved game record and show how it ended."""
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
        state = load_game(record["game"]).replay(record)
    except (OSError, json.JSONDecodeError, KeyError, ValueError) as error:
        fail(f"cannot replay {file}: {error}")
        return
    if steps:
        for index, label in enumerate(record["actions"]):
            console.print(f"{index + 1:4d}. {label}")
    console.print(state.render(seat))
    console.print(terminal.describe_result(state))


def _add_lab_commands() -> None:
    try:
        from contraband.lab.commands import add_commands
    except ImportError:  # the lab is not built yet
        return
    add_commands(app)


_add_lab_commands()

if __name__ == "__main__":
    app()
