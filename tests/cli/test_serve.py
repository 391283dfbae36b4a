"""`contraband serve` before it serves: a busy port said plainly, the database in its folder."""

import socket
import sys

import pytest
import uvicorn
from typer.testing import CliRunner

from contraband import cli_serve
from contraband.cli import app

runner = CliRunner()


@pytest.fixture
def places(tmp_path, monkeypatch):
    """A working folder and a data folder of the test's own."""
    work, data = tmp_path / "work", tmp_path / "data"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("XDG_DATA_HOME", str(data))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return work, data


@pytest.fixture
def served(monkeypatch):
    """uvicorn's serving loop replaced: the ports of the sockets it was handed, instead of
    serving forever."""
    handed = []

    def run(self, sockets=None):
        handed.append([sock.getsockname()[1] for sock in sockets])

    monkeypatch.setattr(uvicorn.Server, "run", run)
    return handed


def files(folder):
    return sorted(path.name for path in folder.rglob("*") if path.is_file())


def test_a_busy_port_is_refused_before_anything_is_created(places, served):
    work, data = places
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        result = runner.invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert f"port {port} is already in use on 127.0.0.1" in text and "--port N" in text
    assert "serving at" not in text and "Traceback" not in text
    assert files(work) == [] and (not data.exists() or files(data) == [])
    assert served == []


def test_the_default_database_lives_in_the_data_folder_and_is_named(places, served):
    work, data = places
    result = runner.invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 0, result.output
    ((port,),) = served
    database = data / "contraband" / "contraband.db"
    text = " ".join(result.output.split())
    assert f"serving at http://localhost:{port}/" in text
    assert f"games are stored in {database}" in text
    assert database.is_file()
    assert files(work) == []


def test_an_explicit_sqlite_file_is_used_where_it_is_given(places, served):
    work, data = places
    result = runner.invoke(app, ["serve", "--port", "0", "--db", "sqlite:///mine.db"])
    assert result.exit_code == 0, result.output
    assert (work / "mine.db").is_file() and not data.exists()
    assert f"games are stored in {work / 'mine.db'}" in " ".join(result.output.split())


def test_a_database_that_cannot_be_opened_is_named_without_its_password(places, served):
    result = runner.invoke(app, ["serve", "--port", "0", "--db", "nonsense://u:secret@h/x"])
    assert result.exit_code == 2, result.output
    assert "cannot open the database" in result.output
    assert "secret" not in result.output and served == []


def test_an_address_that_is_not_this_machine_s_is_refused(places, served):
    result = runner.invoke(app, ["serve", "--host", "192.0.2.1", "--port", "0"])
    assert result.exit_code == 2, result.output
    assert "cannot listen on 192.0.2.1:0" in " ".join(result.output.split())


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG rules are Linux's")
def test_the_data_folder_follows_xdg_and_ignores_a_relative_xdg_data_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert cli_serve.data_dir() == tmp_path / "xdg" / "contraband"
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")
    assert cli_serve.data_dir() == tmp_path / ".local" / "share" / "contraband"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert cli_serve.data_dir() == tmp_path / ".local" / "share" / "contraband"


def test_a_postgres_url_is_shown_without_its_password():
    shown = cli_serve.describe_db("postgresql://user:hunter2@db.example/contraband")
    assert "hunter2" not in shown and "db.example/contraband" in shown
