"""``contraband serve``, and what it settles before the web table starts: where the database
lives by default, and a listening socket, so a busy port is reported plainly before anything is
created.

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
from typing import Annotated

import typer

from contraband.cli_common import console, fail
from contraband.server.proxy import LOOPBACK, Proxy, parse_networks

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


#: seconds between the server's pings on a live connection, and how long a pong may take: a
#: client that stops reading (its pongs never come) is closed within the two
PING_EVERY, PONG_WITHIN = 4.0, 4.0
#: seconds an idle connection from the proxy stays open (above Caddy's 120 and nginx's 60)
KEEP_ALIVE_BEHIND_PROXY = 130


def add_command(app: typer.Typer) -> None:
    app.command("serve")(serve_command)


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
    proxy_headers: Annotated[
        bool,
        typer.Option(
            "--proxy-headers",
            help="behind a reverse proxy (Caddy, nginx): take each client's address from the "
            "proxy's header, from the proxies of --forwarded-allow-ips only",
        ),
    ] = False,
    forwarded_allow_ips: Annotated[
        str,
        typer.Option(
            metavar="ADDRESSES",
            help="with --proxy-headers: the proxies trusted, comma-separated addresses or "
            "networks (10.0.0.0/8); a request from anywhere else keeps its own address",
        ),
    ] = LOOPBACK,
    forwarded_header: Annotated[
        str,
        typer.Option(
            metavar="NAME",
            help="with --proxy-headers: the header the proxy sets, x-forwarded-for (Caddy, "
            "nginx) or forwarded (RFC 7239); the other one is ignored",
        ),
    ] = "x-forwarded-for",
    root_path: Annotated[
        str,
        typer.Option(
            metavar="PATH",
            help="the sub-path the proxy serves the table under, such as /games (default: the "
            "site's root)",
        ),
    ] = "",
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
    try:
        proxy = _proxy(proxy_headers, forwarded_allow_ips, forwarded_header)
        root_path = _root_path(root_path)
        from contraband.server.mailer import MailSettings

        mail = MailSettings.from_env()
    except ValueError as error:
        fail(str(error))
    try:  # the port first: a busy one is said plainly, before any database is created
        sock = listen(host, port)
    except ValueError as error:
        fail(str(error))
    with sock:
        try:
            url = db or default_db_url()
        except ValueError as error:
            fail(str(error))
        try:
            application = create_app(
                url,
                bot_threads=bots,
                rate=rate_limit,
                bot_pace=bot_pace,
                proxy=proxy,
                root_path=root_path,
                mail=mail,
            )
        except Exception as error:  # a bad URL or an unreachable database: say so, no traceback
            fail(f"cannot open the database {describe_db(url)}: {error}")
        console.print(f"contraband is serving at [bold]{address(host, sock)}[/bold] (Ctrl-C stops)")
        stored = f"games are stored in {describe_db(url)}"
        console.print(stored, markup=False, highlight=False, soft_wrap=True)
        mailing = (
            "'your turn' e-mail is off (CONTRABAND_SMTP_URL is not set)"
            if mail is None
            else f"'your turn' e-mail goes through {mail.host}:{mail.port} ({mail.security})"
        )
        console.print(mailing, markup=False, highlight=False, soft_wrap=True)
        config = uvicorn.Config(
            application,
            log_level="warning",
            proxy_headers=False,  # contraband.server.proxy reads them, from trusted proxies only
            server_header=False,  # no "server: uvicorn": nothing to tell an attacker
            root_path=root_path,
            ws_ping_interval=PING_EVERY,
            ws_ping_timeout=PONG_WITHIN,
            # behind a proxy, keep an idle connection open longer than the proxy keeps it
            # (Caddy: 2 minutes): a request the proxy sends on one the server is closing
            # would fail (a 502); facing clients directly, uvicorn's own 5 s
            timeout_keep_alive=KEEP_ALIVE_BEHIND_PROXY if proxy is not None else 5,
        )
        uvicorn.Server(config).run(sockets=[sock])


def _proxy(enabled: bool, allow: str, header: str) -> Proxy | None:
    if header not in ("x-forwarded-for", "forwarded"):
        raise ValueError(
            f"--forwarded-header must be x-forwarded-for or forwarded, got {header[:40]!r}"
        )
    if not enabled:
        return None
    return Proxy(parse_networks(allow), header)  # type: ignore[arg-type]


def _root_path(text: str) -> str:
    """``games/`` -> ``/games``; a path of plain segments only."""
    text = text.strip().strip("/")
    if not text:
        return ""
    if not all(
        part and all(c.isascii() and (c.isalnum() or c in "-_.~") for c in part)
        for part in text.split("/")
    ):
        raise ValueError(
            f"--root-path: {text[:60]!r} is not a plain path such as /games (letters, digits, "
            "- _ . ~ between slashes)"
        )
    return "/" + text
