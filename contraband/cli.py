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
from contraband import cli_backup, cli_help, cli_mail, cli_review, cli_serve, terminal
from contraband.cli_common import INTERRUPTED, SetOpt, console, fail, parse_options, parse_variant
from contraband.core.variants import variant_game
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
    design: Annotated[
        bool, typer.Option("--design", help="the design notes: decisions, figures, tuning")
    ] = False,
) -> None:
    """Show a game's rules summary (the same text as the web's rules page), or with --design its
    design notes."""
    game = load_game(game).id
    try:
        text = rules_book.source_path(game, lang, "design" if design else "rules").read_text(
            encoding="utf-8"
        )
    except rules_book.RulesError as error:
        fail(str(error))
    console.print(Markdown(rules_book.plain_markdown(text)))
    if not design:
        console.print(
            f"\nDesign notes (our decisions, designed numbers, simulation figures): "
            f"contraband rules {game} --design" + (f" --lang {lang}" if lang != "en" else ""),
            highlight=False,
        )


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
    sets: SetOpt = None,
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
        if sets:
            loaded = variant_game(game, parse_variant(game, sets))
            show_variant(loaded)
        state = loaded.new(players=len(seats), seed=seed, options=parse_options(options))
        players = terminal.make_players(seats, game)
    except ValueError as error:
        fail(str(error))
    played = terminal.session(state, players, seats, console, save, auto_pass=auto_pass)
    if played.interrupted:
        raise typer.Exit(INTERRUPTED)


def show_variant(game: contraband.core.Game) -> None:
    """One line naming the numbers a rule variant changes (rulebook -> variant)."""
    from contraband.core.variants import differences

    changes = ", ".join(
        f"{row['key']} {json.dumps(row['published'])} -> {json.dumps(row['value'])}"
        for row in differences(game)
    )
    if changes:
        console.print(f"Rule variant: {changes}", markup=False, highlight=False)


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
    sets: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            metavar="KEY=VALUE",
            help="the rule variant to replay under (default: the record's own; a record of "
            "another variant is refused)",
        ),
    ] = None,
) -> None:
    """Replay a saved game record and show how it ended (or where it stopped)."""
    try:
        record = read_record(file)
        name = record["game"]
        variant = parse_variant(name, sets) if sets else record.get("variant")
        game = variant_game(name, variant if isinstance(variant, dict) else {})
        show_variant(game)
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


def _add_lab_commands() -> None:
    try:
        from contraband.lab.commands import add_commands
    except ImportError:  # the lab is not built yet
        return
    add_commands(app)


_add_lab_commands()
cli_review.add_command(app)
cli_backup.add_command(app)
cli_mail.add_command(app)
cli_serve.add_command(app)

if __name__ == "__main__":
    app()
