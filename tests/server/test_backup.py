"""`contraband backup`, `restore` and `check-db` on real databases (SQLite, and PostgreSQL where
one runs): a backup taken from a running server while bots play, restored into an empty database
and served again; refusals; damaged and foreign files; a tampered record found by id."""

from __future__ import annotations

import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text
from typer.testing import CliRunner

from contraband.cli import app as cli_app
from contraband.server.app import create_app
from contraband.server.backup_pg import BackupError, connection, find_tool
from contraband.server.migrations import HERE
from contraband.server.store import Store, connect
from contraband.server.tables import Tables
from tests.server.conftest import TEST_POLICY, auth, fresh_postgres, wait_until
from tests.server.processes import Server

runner = CliRunner()


def cli(*args: str):
    """The command, run in this process (quick to start); its output and exit code."""
    return runner.invoke(cli_app, list(args))


def _empty_target(db_url: str, tmp_path: Path) -> str:
    """A database of the same kind as ``db_url`` that holds nothing yet."""
    if db_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    return fresh_postgres()


@contextmanager
def serving(db_url: str):
    """A server in this process (bots think in a thread at no pace); stopped on leaving, its
    connections to the database closed."""
    application = create_app(db_url, bot_threads=1, bot_pace=0, policy=TEST_POLICY)
    with TestClient(application) as client:
        yield client
    if not db_url.startswith("sqlite"):  # its listener lets go of its connection in a while
        engine = connect(db_url)
        others = text(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND pid <> pg_backend_pid() AND backend_type = 'client backend'"
        )

        def quiet() -> bool:  # a new transaction each time: the view is read once in each
            with engine.connect() as db:
                return db.execute(others).scalar_one() == 0

        wait_until(quiet, timeout=10)
        engine.dispose()


def _create(client, game: str, seats: list[str]) -> dict:
    answer = client.post("/api/games", json={"game": game, "seats": seats})
    assert answer.status_code == 201, answer.text
    return answer.json()


def _table(client, game_id: str, token: str) -> dict:
    answer = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def _ready(client, game: dict) -> dict | None:
    """The table as the seat on move sees it once a human is on move (or the game is over);
    None while a bot is."""
    tokens = {seat["seat"]: seat["token"] for seat in game["seats"] if seat["token"]}
    table = _table(client, game["id"], next(iter(tokens.values())))
    if table["over"]:
        return table
    if table["to_move"] in tokens:
        return _table(client, game["id"], tokens[table["to_move"]])
    return None


def _soon(check, timeout: float = 20.0):
    """``wait_until``, looking more often: a bot's move comes within a tenth of a second."""
    end = time.monotonic() + timeout
    while (value := check()) is None or value is False:
        assert time.monotonic() < end, "timed out waiting"
        time.sleep(0.02)
    return value


def _human_moves(client, game: dict, count: int) -> None:
    """``count`` moves of the humans on move, each once the bots are done."""
    for _ in range(count):
        mine = _soon(lambda: _ready(client, game))
        if mine["over"]:
            return
        token = game["seats"][mine["seat"]]["token"]
        move = {"label": mine["legal"][0]["label"], "version": mine["version"]}
        answer = client.post(f"/api/games/{game['id']}/actions", json=move, headers=auth(token))
        assert answer.status_code == 200, answer.text
    _soon(lambda: _ready(client, game))


def _made(client) -> dict[str, tuple[dict, str]]:
    """Two games with human moves made: each game's creation answer and its first seat token."""
    made = {}
    for seats in (["human", "random"], ["human", "human"]):
        game = _create(client, "tony-tino", seats)
        _human_moves(client, game, 2)
        made[game["id"]] = (game, game["seats"][0]["token"])
    return made


# -- the whole round: a running server, a backup while bots play, a restore, served again ------
@pytest.mark.slow
def test_a_backup_taken_while_bots_play_restores_every_game_and_play_goes_on(db_url, tmp_path):
    server = Server(db_url, bots=2, pace=0.1).start()
    backup_file = tmp_path / "games.backup"
    try:
        with httpx.Client(base_url=server.url, timeout=10) as client:
            humans = [_create(client, "tony-tino", ["human", "random"]) for _ in range(2)]
            humans.append(_create(client, "tony-tino", ["human", "human"]))
            for game in humans:
                _human_moves(client, game, 2)  # then waits for a human: it stands still
            waiting = {g["id"]: _table(client, g["id"], g["seats"][0]["token"]) for g in humans}
            # bot games of some 100 moves at 0.1 s a move: under way for seconds to come
            bots = [_create(client, "counterfeiters", ["random"] * 3) for _ in range(2)]
            _soon(lambda: all(_watch(client, g)["version"] >= 3 for g in bots))
            before = {g["id"]: _table(client, g["id"], g["spectator_token"]) for g in bots}
            made = cli("backup", str(backup_file), "--db", db_url)  # beside the server process
            after = {g["id"]: _table(client, g["id"], g["spectator_token"]) for g in bots}
    except BaseException:
        print(server.log()[-4000:])  # shown with the failure
        raise
    finally:
        server.stop()
    assert made.exit_code == 0, made.output
    assert "backed up 5 games" in made.output and str(backup_file) in made.output
    assert any(not table["over"] for table in before.values()), "the bots finished too soon"

    if db_url.startswith("sqlite"):  # the same file, wiped
        target = db_url
        for suffix in ("", "-wal", "-shm"):
            Path(db_url.removeprefix("sqlite:///") + suffix).unlink(missing_ok=True)
    else:  # a new database
        target = fresh_postgres()
    put_back = cli("restore", str(backup_file), "--db", target)
    assert put_back.exit_code == 0, put_back.output
    assert "restored 5 games" in put_back.output
    assert "checked 5 games" in put_back.output and "every game replays" in put_back.output

    # what was restored, read as the server reads a game, before any server plays on
    tables = Tables(Store(connect(target)))
    restored = {}
    for game in humans + bots:
        live = tables.get(game["id"])
        seen = live.state.log(0 if game in humans else None)
        restored[game["id"]] = (live.version, seen, live.state.is_terminal())
    tables.store.engine.dispose()
    for game in humans:
        was = waiting[game["id"]]
        assert restored[game["id"]][:2] == (was["version"], was["log"])
    for game in bots:
        version, log, _over = restored[game["id"]]
        low, high = before[game["id"]], after[game["id"]]
        assert low["version"] <= version <= high["version"]  # as of the backup's moment
        assert log == high["log"][: len(log)] and len(log) >= len(low["log"])

    restarted = Server(target, bots=2, pace=0.1).start()
    try:
        with httpx.Client(base_url=restarted.url, timeout=10) as client:
            for game in humans:
                token = game["seats"][0]["token"]
                was = waiting[game["id"]]
                table = _table(client, game["id"], token)
                assert (table["version"], table["log"], table["legal"]) == (
                    was["version"], was["log"], was["legal"],
                )  # fmt: skip
                _human_moves(client, game, 1)  # the next move is taken
                assert _table(client, game["id"], token)["version"] > was["version"]
            for game in bots:  # the bots go on playing from where the backup left them
                version, log, over = restored[game["id"]]
                if not over:
                    _soon(lambda g=game, v=version: _watch(client, g)["version"] > v)
                assert _watch(client, game)["log"][: len(log)] == log
    except BaseException:
        print(restarted.log()[-4000:])
        raise
    finally:
        restarted.stop()


def _watch(client, game: dict) -> dict:
    return _table(client, game["id"], game["spectator_token"])


# -- refusals -----------------------------------------------------------------------------------
def test_restore_refuses_a_database_that_holds_games_unless_told_yes(db_url, tmp_path):
    backup_file = tmp_path / "games.backup"
    with serving(db_url) as client:
        made = _made(client)
        assert cli("backup", str(backup_file), "--db", db_url).exit_code == 0
        later = _create(client, "tony-tino", ["human", "random"])  # not in the backup
        refused = cli("restore", str(backup_file), "--db", db_url)
        assert refused.exit_code == 2
        assert "already holds 3 games" in refused.output and "--yes" in refused.output
        if db_url.startswith("sqlite"):  # the server still has it open
            busy = cli("restore", str(backup_file), "--db", db_url, "--yes")
            assert busy.exit_code == 2 and "is in use by another program" in busy.output
    if not db_url.startswith("sqlite"):  # a server on an empty database: its connections
        empty = fresh_postgres()
        with serving(empty):
            busy = cli("restore", str(backup_file), "--db", empty)
            assert busy.exit_code == 2 and "(is the server still running" in busy.output
    done = cli("restore", str(backup_file), "--db", db_url, "--yes")
    assert done.exit_code == 0, done.output
    assert "restored 2 games" in done.output and "checked 2 games" in done.output
    with serving(db_url) as client:
        for game_id, (_game, token) in made.items():
            assert _table(client, game_id, token)["version"] > 0
        gone = client.get(f"/api/games/{later['id']}", headers=auth(later["host_token"]))
        assert gone.status_code == 404


def test_damaged_foreign_and_missing_files_are_refused_plainly(db_url, tmp_path):
    target = _empty_target(db_url, tmp_path)
    garbage = tmp_path / "garbage.backup"
    garbage.write_bytes(os.urandom(4096))
    foreign = tmp_path / "notes.db"
    with sqlite3.connect(foreign) as notes:
        notes.execute("CREATE TABLE notes (text TEXT)")
    sqlite = db_url.startswith("sqlite")
    cases = [
        (garbage, "is not a contraband backup: neither a SQLite database nor a pg_dump"),
        (tmp_path / "missing.backup", "no backup file"),
        (foreign, "has no games table" if sqlite else "is a SQLite backup, and the target"),
    ]
    for file, said in cases:
        result = cli("restore", str(file), "--db", target)
        assert result.exit_code == 2, result.output
        assert said in result.output and "Traceback" not in result.output

    # a real backup cut short: refused, and the target keeps what it held
    backup_file = tmp_path / "games.backup"
    with serving(db_url) as client:
        made = _made(client)
        assert cli("backup", str(backup_file), "--db", db_url).exit_code == 0
    whole = backup_file.read_bytes()
    backup_file.write_bytes(whole[: len(whole) * 2 // 3])
    cut = cli("restore", str(backup_file), "--db", db_url, "--yes")
    assert cut.exit_code == 1 and "Traceback" not in cut.output
    assert ("is damaged" if sqlite else "pg_restore failed") in cut.output
    checked = cli("check-db", "--db", db_url)
    assert checked.exit_code == 0 and f"checked {len(made)} games" in checked.output

    nothing = f"sqlite:///{tmp_path / 'nothing-here.db'}"
    for words in (["backup", str(tmp_path / "b")], ["check-db"]):
        result = cli(*words, "--db", nothing)
        assert result.exit_code == 2 and "no database at" in result.output
    assert not (tmp_path / "nothing-here.db").exists()  # a mistyped path is not created


# -- the check ----------------------------------------------------------------------------------
def test_the_check_names_a_game_whose_record_was_tampered_with(db_url, tmp_path):
    with serving(db_url) as client:
        made = _made(client)
        bot_game = _create(client, "counterfeiters", ["random"] * 3)
        wait_until(lambda: _table(client, bot_game["id"], bot_game["spectator_token"])["over"])
    tampered, untouched = list(made)
    summary_wrong = bot_game["id"]
    engine = connect(db_url)
    with engine.begin() as db:
        db.execute(
            text("UPDATE actions SET label = 'play forged' WHERE game_id = :id AND number = 1"),
            {"id": tampered},
        )
        db.execute(
            text("UPDATE games SET status = 'running' WHERE id = :id"), {"id": summary_wrong}
        )
    engine.dispose()

    checked = cli("check-db", "--db", db_url)
    assert checked.exit_code == 1
    lines = checked.output.splitlines()
    assert any(tampered in line and "'play forged'" in line for line in lines), checked.output
    assert any(summary_wrong in line and "status" in line for line in lines), checked.output
    assert untouched not in checked.output
    assert "2 of 3 games failed the check" in checked.output

    # restore checks what it restored the same way
    backup_file = tmp_path / "games.backup"
    assert cli("backup", str(backup_file), "--db", db_url).exit_code == 0
    restored = cli("restore", str(backup_file), "--db", _empty_target(db_url, tmp_path))
    assert restored.exit_code == 1 and tampered in restored.output
    assert "2 of 3 games failed the check" in restored.output


def _schema_at(url: str, revision: str) -> str:
    """Take the database back to the schema of ``revision`` with the migrations' own
    downgrades (foreign keys off on SQLite, which rebuilds tables for them); the newest
    revision's name."""
    sqlite = url.startswith("sqlite")
    engine = create_engine(url) if sqlite else connect(url)
    config = Config()
    config.set_main_option("script_location", str(HERE))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    engine.dispose()
    return ScriptDirectory.from_config(config).get_current_head()


def test_an_older_backup_is_brought_up_to_date(db_url, tmp_path):
    with serving(db_url) as client:
        made = _made(client)
    head = _schema_at(db_url, "0002")  # as a server of an older version left it
    backup_file = tmp_path / "old.backup"
    assert cli("backup", str(backup_file), "--db", db_url).exit_code == 0
    target = _empty_target(db_url, tmp_path)
    with serving(target):  # a newer server made the target (tables of its own schema): no games
        pass
    restored = cli("restore", str(backup_file), "--db", target)
    assert restored.exit_code == 0, restored.output
    assert f"revision 0002 -> {head}" in restored.output
    assert "checked 2 games" in restored.output
    with serving(target) as client:
        for game_id, (_game, token) in made.items():
            assert _table(client, game_id, token)["version"] > 0


# -- pg_dump and pg_restore: found by version, given the password privately -------------------
def test_an_old_or_missing_pg_dump_is_refused_with_the_fix(tmp_path):
    old = tmp_path / "bin" / "pg_dump"
    old.parent.mkdir()
    old.write_text("#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n")
    old.chmod(0o755)
    nowhere = str(tmp_path / "none")
    with pytest.raises(BackupError, match=r"pg_dump 9 .* is older than the database server"):
        find_tool("pg_dump", 15, path=str(old.parent), pattern=nowhere)
    with pytest.raises(BackupError, match=r"pg_dump not found .* postgresql-client-15"):
        find_tool("pg_dump", 15, path=nowhere, pattern=nowhere)
    assert find_tool("pg_dump", 9, path=str(old.parent), pattern=nowhere) == str(old)


def test_the_password_goes_in_the_environment_never_on_the_command_line():
    conninfo, env = connection("postgresql://alice:s3cr%40t@db.example:5433/games?sslmode=require")
    assert "s3cr" not in conninfo and env["PGPASSWORD"] == "s3cr@t"
    assert conninfo == "postgresql://alice@db.example:5433/games?sslmode=require"
