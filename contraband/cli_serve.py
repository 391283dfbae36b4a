"""What ``contraband serve`` settles before the web table starts: where the database lives by
default, and a listening socket, so a busy port is reported plainly before anything is created.

The default database is ``contraband.db`` in the platform's user data folder
(``$XDG_DATA_HOME/contraband``, else ``~/.local/share/contraband``; ``~/Library/Application
Support/contraband`` on macOS; ``%LOCALAPPDATA%\\contraband`` on Windows), not in whatever folder
the command was started from, where it would sit in a checkout's ``git status``.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
from pathlib import Path

#: the database file's name in the data folder
DB_NAME = "contraband.db"


def data_dir() -> Path:
    """The user data folder for contraband (not created here)."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(home / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = str(home / "Library" / "Application Support")
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        base = xdg if os.path.isabs(xdg) else str(home / ".local" / "share")  # XDG: absolute only
    return Path(base) / "contraband"


def default_db_url() -> str:
    """``sqlite:///`` + the default database file, its folder created if missing."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(
            f"cannot create the data folder {folder}: {error.strerror or error}; "
            "give a database with --db sqlite:///FILE"
        ) from None
    return f"sqlite:///{folder / DB_NAME}"


def describe_db(url: str) -> str:
    """Where the games are stored, for the start-up line: a SQLite file's full path, or the URL
    without its password."""
    if url.startswith("sqlite:///"):
        path = url.removeprefix("sqlite:///")
        return str(Path(path).resolve()) if path and path != ":memory:" else "memory (not kept)"
    try:
        from sqlalchemy.engine import make_url

        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # not a URL SQLAlchemy reads: opening it will say what is wrong
        return url


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` the way uvicorn binds one, for uvicorn to serve on; a
    ValueError that says what to do when the port is taken or the address is not this machine's.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as error:
        sock.close()
        if error.errno == errno.EADDRINUSE:
            message = (
                f"port {port} is already in use on {host} (is contraband or another server "
                "running there?); stop it, or choose another port with --port N"
            )
        elif error.errno == errno.EACCES:
            message = f"not allowed to listen on port {port}; choose one above 1023 with --port N"
        else:
            message = f"cannot listen on {host}:{port}: {error.strerror or error}"
        raise ValueError(message) from None
    return sock


def address(host: str, sock: socket.socket) -> str:
    """The address to open in a browser (the bound port, which --port 0 lets the system pick)."""
    port = sock.getsockname()[1]
    shown = {"127.0.0.1": "localhost", "0.0.0.0": "localhost", "::": "localhost"}.get(host, host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"
