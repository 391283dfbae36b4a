"""``contraband backup`` and ``contraband restore``: a consistent copy of the game server's
database taken while it runs, and that copy put back while the server is stopped.

SQLite is copied with SQLite's online backup API (``sqlite3.Connection.backup``) in one step: a
read transaction in WAL mode, so the server keeps writing meanwhile and the copy is the database
as of one moment. PostgreSQL is dumped with ``pg_dump --format=custom`` from a snapshot this
module exports (``pg_export_snapshot``), so the games and actions it reports counting are exactly
those in the file (``contraband.server.backup_pg``).

A restore first reads the backup through (SQLite's ``quick_check``, or ``pg_restore --list``),
so a damaged or foreign file is refused before the target is touched; it refuses a target that
holds games unless told ``yes``, and a SQLite target still open in another program (a server
still running). What was restored is then checked with ``contraband.server.backup_check``.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from sqlalchemy import create_engine, func, inspect, select, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import ArgumentError, SQLAlchemyError

from contraband.server import backup_pg, coach_store, keys  # noqa: F401  (their tables)
from contraband.server.backup_pg import PGDUMP_MAGIC, BackupError
from contraband.server.store import actions, connect, games, metadata

__all__ = [
    "Backed",
    "BackupError",
    "backup",
    "database_kind",
    "restore",
    "target_engine",
    "upgrade_schema",
]

SQLITE_MAGIC = b"SQLite format 3\x00"


@dataclass
class Backed:
    """What a backup or restore copied."""

    games: int
    actions: int
    file: Path
    size: int = 0


def database_kind(url: str) -> str:
    """``sqlite`` or ``postgresql``, or a BackupError naming what is accepted."""
    try:
        backend = make_url(url).get_backend_name()
    except ArgumentError:
        backend = ""
    if backend not in ("sqlite", "postgresql"):
        raise BackupError(
            f"{url!r} is not a database this can back up: give sqlite:///FILE or "
            "postgresql://USER:PASSWORD@HOST/DATABASE",
            2,
        )
    return backend


def _is_sqlite(url: str) -> bool:
    return database_kind(url) == "sqlite"


def sqlite_path(url: str) -> Path:
    database = make_url(url).database
    if not database or database == ":memory:" or database.startswith("file:"):
        raise BackupError(f"{url!r} names no database file: give sqlite:///FILE", 2)
    return Path(database)


def target_engine(url: str) -> Engine:
    """An engine on an existing database holding contraband's games (never a new, empty one
    made by a mistyped path)."""
    if _is_sqlite(url) and not sqlite_path(url).is_file():
        raise BackupError(f"no database at {sqlite_path(url)}", 2)
    # SQLite: a plain connection, which reads without switching a backup file to WAL mode
    engine = create_engine(url, connect_args={"timeout": 30}) if _is_sqlite(url) else connect(url)
    try:
        with engine.connect() as db:
            found = inspect(db).has_table("games")
    except SQLAlchemyError as error:
        engine.dispose()
        raise BackupError(f"cannot open the database: {_short(error)}") from None
    if not found:
        engine.dispose()
        raise BackupError("the database holds no contraband games (it has no games table)", 2)
    return engine


# -- backup ---------------------------------------------------------------------------------
def backup(url: str, file: Path) -> Backed:
    """Copy the database at ``url`` into ``file`` (replaced only once the copy is complete)."""
    kind = database_kind(url)
    if file.is_dir():
        raise BackupError(f"{file} is a folder: give the backup's file name", 2)
    if not file.parent.is_dir():
        raise BackupError(f"no folder {file.parent} to write the backup in", 2)
    partial = file.with_name(f".{file.name}.partial")
    partial.unlink(missing_ok=True)
    try:
        if kind == "sqlite":
            counted = _backup_sqlite(sqlite_path(url), file, partial)
        else:
            counted = _backup_postgres(url, partial)
        os.replace(partial, file)
    finally:
        partial.unlink(missing_ok=True)
    return Backed(*counted, file=file, size=file.stat().st_size)


def _backup_sqlite(source: Path, file: Path, partial: Path) -> tuple[int, int]:
    if not source.is_file():
        raise BackupError(f"no database at {source}", 2)
    if file.exists() and file.resolve() == source.resolve():
        raise BackupError(f"{file} is the database itself: write the backup to another file", 2)
    try:
        with _sqlite(source, "rw") as live, _sqlite(partial, "rwc") as copy:
            if not _sqlite_has_games(live):
                raise BackupError(f"{source} holds no contraband games (no games table)", 2)
            live.backup(copy)  # all pages in one step: the database as of one moment
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
            return _sqlite_counts(copy)
    except sqlite3.Error as error:
        raise BackupError(f"cannot back up {source}: {error}") from None


def _backup_postgres(url: str, partial: Path) -> tuple[int, int]:
    engine = connect(url)
    try:
        with engine.connect() as db:
            db = db.execution_options(isolation_level="REPEATABLE READ")
            with db.begin():
                major = _server_major(db)
                if not inspect(db).has_table("games"):
                    raise BackupError("the database holds no contraband games (no games table)", 2)
                snapshot = db.execute(text("SELECT pg_export_snapshot()")).scalar_one()
                counted = _counts(db)
                backup_pg.dump(url, partial, major, snapshot)  # while the snapshot is held
                return counted
    except SQLAlchemyError as error:
        raise BackupError(f"cannot read the database: {_short(error)}") from None
    finally:
        engine.dispose()


# -- restore --------------------------------------------------------------------------------
def restore(file: Path, url: str, yes: bool = False) -> Backed:
    """Put the backup ``file`` into the database at ``url``; its games and actions as
    restored. Refuses a target holding games unless ``yes``."""
    kind = database_kind(url)
    found = _file_kind(file)
    if found != kind:
        name = {"sqlite": "SQLite", "postgresql": "PostgreSQL"}
        raise BackupError(
            f"{file} is a {name[found]} backup, and the target is a {name[kind]} database: "
            f"restore it into a {name[found]} database",
            2,
        )
    if kind == "sqlite":
        counted = _restore_sqlite(file, sqlite_path(url), yes)
    else:
        counted = _restore_postgres(file, url, yes)
    return Backed(*counted, file=file, size=file.stat().st_size)


def _file_kind(file: Path) -> str:
    if not file.is_file():
        raise BackupError(f"no backup file {file}", 2)
    with open(file, "rb") as handle:
        head = handle.read(len(SQLITE_MAGIC))
    if head.startswith(SQLITE_MAGIC):
        return "sqlite"
    if head.startswith(PGDUMP_MAGIC):
        return "postgresql"
    raise BackupError(
        f"{file} is not a contraband backup: neither a SQLite database nor a pg_dump archive", 2
    )


def _refuse(held: int, incoming: int | None, where: str, yes: bool) -> None:
    if held and not yes:
        theirs = "games" if incoming is None else f"{incoming} game{'s' * (incoming != 1)}"
        raise BackupError(
            f"{where} already holds {held} game{'s' * (held != 1)}; restoring replaces them "
            f"with the backup's {theirs}. Stop the server, then run again with --yes",
            2,
        )


def _restore_sqlite(file: Path, target: Path, yes: bool) -> tuple[int, int]:
    if target.exists() and target.resolve() == file.resolve():
        raise BackupError(f"{file} is the target database itself", 2)
    try:
        with _sqlite(file, "ro") as backed:
            checked = backed.execute("PRAGMA quick_check").fetchone()
            if checked is None or checked[0] != "ok":
                raise BackupError(f"{file} is damaged: {checked[0] if checked else '?'}")
            if not _sqlite_has_games(backed):
                raise BackupError(f"{file} is not a contraband backup: it has no games table", 2)
            counted = _sqlite_counts(backed)
    except sqlite3.Error as error:
        raise BackupError(f"{file} is damaged or not a contraband backup: {error}") from None
    if not target.parent.is_dir():
        raise BackupError(f"no folder {target.parent} for the database", 2)
    try:
        with _sqlite(target, "rwc", timeout=1.0) as into:
            held = _sqlite_counts(into)[0] if _sqlite_has_games(into) else 0
            _refuse(held, counted[0], str(target), yes)
            try:  # leaving WAL mode needs the only connection: a running server holds one
                into.execute("PRAGMA journal_mode=DELETE")
            except sqlite3.OperationalError:
                raise BackupError(
                    f"{target} is in use by another program (is the server still running on "
                    "it?): stop it, then restore",
                    2,
                ) from None
            with _sqlite(file, "ro") as backed:
                backed.backup(into)
            return _sqlite_counts(into)
    except sqlite3.Error as error:
        raise BackupError(f"cannot restore into {target}: {error}") from None


def _restore_postgres(file: Path, url: str, yes: bool) -> tuple[int, int]:
    engine = connect(url)
    try:
        with engine.connect() as db:
            major = _server_major(db)
            names = set(inspect(db).get_table_names())
            held = _counts(db)[0] if "games" in names else 0
            others = db.execute(
                text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
                )
            ).scalar_one()
        tables = backup_pg.archive_tables(file, major)
        if "games" not in tables:
            raise BackupError(f"{file} is not a contraband backup: it has no games table", 2)
        _refuse(held, None, url_shown(url), yes)  # the archive's count shows once restored
        if others and not yes:
            raise BackupError(
                f"{others} other connection{'s are' if others != 1 else ' is'} open to the "
                "database (is the server still running on it?): stop it, or run again with "
                "--yes",
                2,
            )
        _drop_newer_tables(engine, names - tables, tables)
        engine.dispose()
        backup_pg.restore(file, url, major)
        with engine.connect() as db:
            return _counts(db)
    except SQLAlchemyError as error:
        raise BackupError(f"cannot restore into the database: {_short(error)}") from None
    finally:
        engine.dispose()


def _drop_newer_tables(engine: Engine, extra: set[str], restored: set[str]) -> None:
    """Drop the target's tables that the backup lacks (a newer schema's, such as ``reviews``
    over an older backup) where they are contraband's or refer to a table being restored:
    they would keep pg_restore from dropping what they refer to, and the migrations from
    creating them again. The restore replaces the games anyway."""
    if not extra:
        return
    with engine.begin() as db:
        look = inspect(db)
        stale = [
            name
            for name in sorted(extra)
            if name in metadata.tables
            or any(key["referred_table"] in restored for key in look.get_foreign_keys(name))
        ]
        for name in stale:
            db.execute(text(f'DROP TABLE IF EXISTS "{name}" CASCADE'))


def upgrade_schema(url: str) -> tuple[str | None, str | None]:
    """Bring a restored database to this version's schema with the server's own migrations
    (``contraband.server.migrations.upgrade``); its revision before and after.

    On SQLite the migrations run with foreign keys off, as SQLite asks for any change that
    rebuilds a table (Alembic's batch mode copies ``games`` into a new table and drops the old
    one, which foreign-key enforcement refuses while seats and actions refer to it); the keys
    are checked once it is done.
    """
    from alembic.runtime.migration import MigrationContext

    from contraband.server.migrations import upgrade

    sqlite = _is_sqlite(url)
    engine = create_engine(url) if sqlite else connect(url)  # SQLite: foreign keys off

    def revision() -> str | None:
        with engine.connect() as db:
            return MigrationContext.configure(db).get_current_revision()

    try:
        before = revision()
        upgrade(engine)
        if sqlite:
            with engine.connect() as db:
                broken = db.execute(text("PRAGMA foreign_key_check")).fetchall()
            if broken:
                raise BackupError(f"after the migrations, {len(broken)} rows refer to nothing")
        return before, revision()
    except SQLAlchemyError as error:
        raise BackupError(f"cannot bring the schema up to date: {_short(error)}") from None
    finally:
        engine.dispose()


# -- shared ---------------------------------------------------------------------------------
def url_shown(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url


def _short(error: Exception) -> str:
    """An error's first line, without SQLAlchemy's statement and background link."""
    original = getattr(error, "orig", None) or error
    return str(original).strip().splitlines()[0] if str(original).strip() else repr(original)


def _server_major(db: Connection) -> int:
    return int(db.execute(text("SHOW server_version_num")).scalar_one()) // 10000


def _counts(db: Connection) -> tuple[int, int]:
    held = db.execute(select(func.count()).select_from(games)).scalar_one()
    played = db.execute(select(func.count()).select_from(actions)).scalar_one()
    return int(held), int(played)


@contextlib.contextmanager
def _sqlite(path: Path, mode: str, timeout: float = 30.0) -> Iterator[sqlite3.Connection]:
    """A connection to ``path`` opened ``ro``, ``rw`` (never creating it) or ``rwc``."""
    uri = f"file:{quote(str(path.absolute()))}?mode={mode}"
    connection = sqlite3.connect(uri, uri=True, timeout=timeout)
    try:
        yield connection
        connection.commit()
    finally:
        connection.close()


def _sqlite_has_games(connection: sqlite3.Connection) -> bool:
    found = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'"
    ).fetchone()
    return found is not None


def _sqlite_counts(connection: sqlite3.Connection) -> tuple[int, int]:
    held = connection.execute("SELECT count(*) FROM games").fetchone()[0]
    played = connection.execute("SELECT count(*) FROM actions").fetchone()[0]
    return int(held), int(played)
