"""The one ``contraband`` command: list games, read rules, play, replay, simulate, compare."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markdown import Markdown
from rich.table import Table

import contraband
from contraband import cli_help, cli_review, cli_serve, terminal
from contraband.cli_common import INTERRUPTED, console, fail, parse_options
from contraband.games import rules_book

cli_help.install()


def _playable() -> str:
    return ", ".join(contraband.game_ids())


app = typer.Typer(
    help="contraband: five underworld board games, one engine. Play, replay and simulate.\n\n"
    f"Playable today: {_playable()}.",
    no_args_is_help=True,
    add_completion=False,
)


def _version(value: bool) -> None:
    if value:
        console.print(f"contraband {contraband.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="show the version and exit"
        ),
    ] = False,
) -> None:
    """contraband: five underworld board games, one engine."""


def load_game(game_id: str) -> contraband.core.Game:
    try:
        return contraband.load(game_id)
    except ValueError as error:
        fail(str(error))


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
def rules_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="game id, e.g. tony-tino")],
    lang: Annotated[str, typer.Option("--lang", help="en or nl")] = "en",
) -> None:
    """Show a game's rules summary and decision log (the same text as the web's rules page)."""
    game = load_game(game).id
    try:
        text = rules_book.source_path(game, lang).read_text(encoding="utf-8")
    except rules_book.RulesError as error:
        fail(str(error))
    console.print(Markdown(rules_book.plain_markdown(text)))


@app.command("play")
def play_command(
    game: Annotated[str, typer.Argument(metavar="GAME", help="game id, e.g. tony-tino")],
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat",
            metavar="SPEC",
            help="one per seat, in seat order: human, random, greedy, "
            "ismcts:iterations=500 ... (default: human against greedy)",
        ),
    ] = None,
    seed: Annotated[
        int | None, typer.Option(metavar="N", help="seed for the deal (default: random)")
    ] = None,
    options: Annotated[
        str | None, typer.Option(metavar="JSON", help="game options as JSON")
    ] = None,
    save: Annotated[
        Path | None, typer.Option(metavar="FILE", help="write the game record here (JSON)")
    ] = None,
    auto_pass: Annotated[
        bool,
        typer.Option(
            "--auto-pass",
            help="take a human seat's only legal action for it (e.g. 'allow' without Police)",
        ),
    ] = False,
) -> None:
    """Play a game in the terminal against AIs or friends (hot seat).

    'quit' ends the game early (exit code 0); Ctrl-C stops it at once (exit code 130).

    Either way, --save keeps the record of the game so far.
    """
    loaded = load_game(game)
    seats = seat or ["human"] + ["greedy"] * (loaded.info.default_players - 1)
    try:
        if save is not None:
            check_writable(save)
        state = loaded.new(players=len(seats), seed=seed, options=parse_options(options))
        players = terminal.make_players(seats, game)
    except ValueError as error:
        fail(str(error))
    played = terminal.session(state, players, seats, console, save, auto_pass=auto_pass)
    if played.interrupted:
        raise typer.Exit(INTERRUPTED)


def check_writable(path: Path) -> None:
    """Refuse a --save path before the game starts rather than lose the record at its end."""
    if path.is_dir():
        raise ValueError(f"--save {path} is a folder; give a file name")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise ValueError(f"--save {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise ValueError(f"--save {path}: not writable")


def read_record(file: Path) -> dict[str, Any]:
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read {file}: {error.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{file} is not a JSON record ({error})") from None
    if not isinstance(record, dict):
        raise ValueError(f"{file} is not a game record (a JSON object with game, players, ...)")
    if not isinstance(record.get("game"), str):
        raise ValueError(f"{file} does not say which game it records (field 'game')")
    return record


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a record saved with play --save")],
    seat: Annotated[
        int | None, typer.Option(metavar="N", help="show the board as this seat sees it")
    ] = None,
    steps: Annotated[
        bool, typer.Option("--steps", help="list every action with who took it")
    ] = False,
    boards: Annotated[
        bool, typer.Option("--boards", help="with --steps, show the board after each step")
    ] = False,
) -> None:
    """Replay a saved game record and show how it ended (or where it stopped)."""
    try:
        record = read_record(file)
        game = contraband.load(record["game"])
        state = game.replay(record)
        if seat is not None:
            state.view(seat)
    except ValueError as error:
        fail(f"cannot replay {file}: {error}")
    names = state.seat_names()
    if steps:
        step = game.new(record["players"], seed=record["seed"], options=record.get("options"))
        for index, (label, actor) in enumerate(zip(state.history, state.actors, strict=True)):
            step.apply(label, seat=actor)
            console.print(f"{index + 1:4d}. {names[actor]}: {label}", markup=False)
            if boards:
                console.print(step.render(seat), markup=False, highlight=False)
    console.print(terminal.final_board(state, seat), markup=False, highlight=False)
    if not state.is_terminal():
        count = len(state.history)
        console.print(
            f"The record is unfinished: it stops after {count} action"
            f"{'' if count == 1 else 's'}, with {names[state.current_player]} to decide.",
            markup=False,
        )
    else:
        console.print(terminal.describe_result(state), markup=False)


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(metavar="ADDRESS", help="address to listen on")] = (
        "127.0.0.1"
    ),
    port: Annotated[
        int, typer.Option(metavar="N", min=0, max=65535, help="port to listen on (0: any free)")
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help="database: sqlite:///FILE or postgresql://... (default: contraband.db in the "
            "user data folder, ~/.local/share/contraband on Linux)",
        ),
    ] = None,
    bots: Annotated[
        int | None,
        typer.Option(metavar="N", help="threads that think for bots (default: 2)"),
    ] = None,
    rate_limit: Annotated[
        float,
        typer.Option(
            metavar="N",
            help="requests per second allowed from one address on average (0: no limit, for a "
            "load test or behind a proxy that limits)",
        ),
    ] = 200.0,
    bot_pace: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            help="one pace for every bot move in every game instead of each game's bot clock "
            "(0: no pace, for tests; then a bot's speed may tell what it holds)",
        ),
    ] = None,
) -> None:
    """Start the web table: games with friends and bots in the browser, stored in a database."""
    try:
        import uvicorn

        from contraband.server.app import create_app
    except ImportError as error:
        fail(f"the server needs its dependencies ({error.name}); run `make play` to install them")
    for name, value in (("--rate-limit", rate_limit), ("--bot-pace", bot_pace)):
        if value is not None and value < 0:
            fail(f"{name} must be 0 or more, got {value}")
    try:  # the port first: a busy one is said plainly, before any database is created
        sock = cli_serve.listen(host, port)
    except ValueError as error:
        fail(str(error))
    with sock:
        try:
            url = db or cli_serve.default_db_url()
        except ValueError as error:
            fail(str(error))
        try:
            application = create_app(url, bot_threads=bots, rate=rate_limit, bot_pace=bot_pace)
        except Exception as error:  # a bad URL or an unreachable database: say so, no traceback
            fail(f"cannot open the database {cli_serve.describe_db(url)}: {error}")
        address = cli_serve.address(host, sock)
        console.print(f"contraband is serving at [bold]{address}[/bold] (Ctrl-C stops)")
        stored = f"games are stored in {cli_serve.describe_db(url)}"
        console.print(stored, markup=False, highlight=False, soft_wrap=True)
        uvicorn.Server(uvicorn.Config(application, log_level="warning")).run(sockets=[sock])


def _add_lab_commands() -> None:
    try:
        from contraband.lab.commands import add_commands
    except ImportError:  # the lab is not built yet
        return
    add_commands(app)


_add_lab_commands()
cli_review.add_command(app)

if __name__ == "__main__":
    app()
