"""``contraband backup``, ``contraband restore`` and ``contraband check-db``: the game server's
database copied while it runs, put back while it is stopped, and its games checked by replaying
each from its record (``contraband.server.backup`` and ``backup_check``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from contraband import cli_serve
from contraband.cli_common import console, fail

DB_HELP = (
    "the server's database: sqlite:///FILE or postgresql://USER:PASSWORD@HOST/DATABASE "
    "(default: the one `contraband serve` uses)"
)
Database = Annotated[str | None, typer.Option("--db", metavar="URL", help=DB_HELP)]


def _say(message: str) -> None:
    console.print(message, markup=False, highlight=False, soft_wrap=True)


def _url(db: str | None) -> str:
    try:
        return db or cli_serve.default_db_url()
    except ValueError as error:
        fail(str(error))


def _size(size: int) -> str:
    """1536 -> '1.5 KiB'."""
    if size < 1024:
        return f"{size} bytes"
    value = size / 1024
    for unit in ("KiB", "MiB"):
        if value < 1024:
            return f"{value:.1f} {unit}"
        value /= 1024
    return f"{value:.1f} GiB"


def _games(count: int, played: int) -> str:
    return f"{count} game{'s' * (count != 1)} ({played} action{'s' * (played != 1)})"


def backup_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="the backup to write")],
    db: Database = None,
) -> None:
    """Back up the server's database into FILE, safely while the server runs: every game as
    of one moment. SQLite is copied with SQLite's online backup API (FILE is a SQLite database);
    PostgreSQL with pg_dump's custom format (FILE is for pg_restore). An existing FILE is
    replaced once the new backup is complete."""
    from contraband.server.backup import BackupError, backup

    url = _url(db)
    try:
        made = backup(url, file)
    except BackupError as error:
        fail(str(error), error.code)
    _say(
        f"backed up {_games(made.games, made.actions)} from {cli_serve.describe_db(url)} "
        f"to {made.file} ({_size(made.size)})"
    )


def restore_command(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="a backup made by `backup`")],
    db: Database = None,
    yes: Annotated[
        bool, typer.Option("--yes", help="replace the games the database holds now")
    ] = False,
) -> None:
    """Restore a backup made by `contraband backup` into the database, with the server
    STOPPED (start it again afterwards). Refused without --yes when the database already holds
    games, which the restore replaces. Then the restored database is brought up to this
    version's schema and every game is replayed from its record to check it; the exit code
    is 1 if any game fails."""
    from contraband.server.backup import BackupError, restore

    url = _url(db)
    try:
        done = restore(file, url, yes)
    except BackupError as error:
        fail(str(error), error.code)
    _say(
        f"restored {_games(done.games, done.actions)} from {file} into {cli_serve.describe_db(url)}"
    )
    _check(url, migrate=True)


def check_db_command(db: Database = None) -> None:
    """Check the database's games: replay every game from its record (as the server does when
    it loads one) and compare it with its stored snapshots and summary. Reads only, so it is
    safe while the server runs; lists each game that fails, by id, and exits with 1 if any
    does."""
    _check(_url(db), migrate=False)


def _check(url: str, migrate: bool) -> None:
    from contraband.server.backup import BackupError, target_engine
    from contraband.server.backup_check import check

    if migrate:
        _migrate(url)
    try:
        engine = target_engine(url)
    except BackupError as error:
        fail(f"cannot check {cli_serve.describe_db(url)}: {error}", error.code)
    try:
        if console.is_terminal:
            with Progress(
                TextColumn("replaying games"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=console,
                transient=True,
            ) as bar:
                task = bar.add_task("games", total=None)
                checked = check(
                    engine, lambda done, total: bar.update(task, completed=done, total=total)
                )
        else:  # a log or a pipe: the result only
            checked = check(engine)
    except Exception as error:  # the database went away or holds something unreadable
        fail(f"cannot check {cli_serve.describe_db(url)}: {error}", 1)
    finally:
        engine.dispose()
    counted = _games(checked.games, checked.actions)
    if not checked.failures:
        _say(f"checked {counted}: every game replays from its record and matches its snapshots")
        return
    _say(f"checked {counted}; these fail to replay from their record:")
    for failure in checked.failures:
        _say(f"  {failure.id} ({failure.game}): {failure.reason}")
    failed = len(checked.failures)
    fail(f"{failed} of {checked.games} game{'s' * (checked.games != 1)} failed the check", 1)


def _migrate(url: str) -> None:
    """Bring the schema up to date (a backup from an older version), saying so if it moved."""
    from contraband.server.backup import BackupError, upgrade_schema

    try:
        before, now = upgrade_schema(url)
    except BackupError as error:
        fail(f"{error} (the games were restored, unchecked)", error.code)
    if before != now:
        _say(f"brought the schema up to date: revision {before or 'none'} -> {now}")


def add_command(app: typer.Typer) -> None:
    app.command("backup", short_help="Back up the server's database, safely while it runs.")(
        backup_command
    )
    app.command("restore", short_help="Restore a backup, with the server stopped; then check.")(
        restore_command
    )
    app.command("check-db", short_help="Replay every stored game to check the database.")(
        check_db_command
    )
