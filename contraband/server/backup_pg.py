"""PostgreSQL's own tools for ``contraband backup`` and ``restore``: pg_dump and pg_restore.

A tool is looked for on PATH and then under ``/usr/lib/postgresql/*/bin`` (where Debian and
Ubuntu keep one set per major version). pg_dump cannot dump a server newer than itself, so a tool
whose major version is older than the server's is passed over, and refused with the fix when no
other is found. The password travels in the ``PGPASSWORD`` environment variable, never on the
command line, where any user of the machine could read it (``ps``).
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import subprocess
from pathlib import Path

from sqlalchemy.engine import URL, make_url

#: where Debian's packages put each major version's client tools
SEARCH = "/usr/lib/postgresql/*/bin"

#: the start of every pg_dump custom-format archive
PGDUMP_MAGIC = b"PGDMP"


class BackupError(Exception):
    """A backup, restore or check that cannot go on; ``code`` is the exit code to end with
    (2: bad input or a refusal, 1: something failed while working)."""

    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.code = code


def tool_major(path: str) -> int | None:
    """The major version a PostgreSQL tool reports (``pg_dump (PostgreSQL) 15.18`` -> 15)."""
    try:
        done = subprocess.run(
            [path, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    found = re.search(r"\(PostgreSQL\)\s+(\d+)", done.stdout)
    return int(found.group(1)) if found else None


def find_tool(name: str, server_major: int, path: str | None = None, pattern: str = SEARCH) -> str:
    """The ``name`` tool (pg_dump, pg_restore) to use with a server of ``server_major``: the
    one on PATH when it is as new as the server, else the newest found that is."""
    found: list[str] = []
    on_path = shutil.which(name, path=path)
    if on_path:
        found.append(on_path)
    found += sorted(glob.glob(f"{pattern}/{name}"), key=_version_key, reverse=True)
    seen: set[str] = set()
    versions: list[tuple[str, int]] = []
    for candidate in found:
        real = os.path.realpath(candidate)
        major = tool_major(candidate) if real not in seen else None
        seen.add(real)
        if major is not None:
            versions.append((candidate, major))
    client = f"postgresql-client-{server_major}"
    if not versions:
        raise BackupError(
            f"{name} not found (looked on PATH and in {pattern}): install PostgreSQL's client "
            f"tools (Debian and Ubuntu: apt-get install {client}) or put {name} on PATH"
        )
    for candidate, major in versions:
        if major >= server_major:
            return candidate
    candidate, major = max(versions, key=lambda item: item[1])
    raise BackupError(
        f"{name} {major} ({candidate}) is older than the database server (PostgreSQL "
        f"{server_major}) and cannot work with it: install the PostgreSQL {server_major} "
        f"client tools (Debian and Ubuntu: apt-get install {client}) or put a {name} of "
        f"version {server_major} or newer on PATH"
    )


def _version_key(path: str) -> int:
    """``/usr/lib/postgresql/15/bin/pg_dump`` -> 15, to try the newest first."""
    folder = Path(path).parent.parent.name
    return int(folder) if folder.isdigit() else 0


def connection(url: str) -> tuple[str, dict[str, str]]:
    """The libpq connection string for ``url`` without its password, and the environment that
    carries the password (``PGPASSWORD``) to the tool."""
    parsed = make_url(url)
    password = parsed.password
    conninfo = URL.create(  # (``URL.set`` takes password=None as "keep it")
        "postgresql", parsed.username, None, parsed.host, parsed.port, parsed.database,
        parsed.query,
    )  # fmt: skip
    env = dict(os.environ)
    if password:
        env["PGPASSWORD"] = str(password)
    return conninfo.render_as_string(hide_password=False), env


def run(argv: list[str], env: dict[str, str], doing: str) -> str:
    """Run a tool to its end; its standard output, or a BackupError with what it said."""
    try:
        done = subprocess.run(
            argv, env=env, stdin=subprocess.DEVNULL, capture_output=True, text=True, check=False
        )
    except OSError as error:
        raise BackupError(f"cannot run {argv[0]}: {error.strerror or error}") from None
    if done.returncode != 0:
        said = [line for line in done.stderr.strip().splitlines() if line.strip()]
        tail = " / ".join(said[-3:]) or f"exit code {done.returncode}"
        raise BackupError(f"{doing} failed: {tail}")
    return done.stdout


def dump(url: str, file: Path, server_major: int, snapshot: str | None) -> None:
    """``pg_dump --format=custom`` of the database into ``file``; with ``snapshot`` (exported by
    a transaction kept open meanwhile) it dumps exactly what that transaction sees."""
    tool = find_tool("pg_dump", server_major)
    conninfo, env = connection(url)
    argv = [tool, "--format=custom", f"--file={file}", "--no-password", f"--dbname={conninfo}"]
    if snapshot is not None:
        argv.insert(-1, f"--snapshot={snapshot}")
    run(argv, env, "pg_dump")


def archive_tables(file: Path, server_major: int) -> set[str]:
    """The tables a pg_dump archive holds (``pg_restore --list``, which reads every entry's
    header and so also finds an archive that is cut short or foreign)."""
    tool = find_tool("pg_restore", server_major)
    listing = run([tool, "--list", str(file)], dict(os.environ), f"reading {file} with pg_restore")
    return set(re.findall(r"^\d+; \d+ \d+ TABLE \S+ (\S+) ", listing, flags=re.MULTILINE))


def restore(file: Path, url: str, server_major: int) -> None:
    """``pg_restore --clean --if-exists --no-owner`` of ``file`` into the database, in one
    transaction: if anything in it fails, the database is left as it was."""
    tool = find_tool("pg_restore", server_major)
    conninfo, env = connection(url)
    argv = [
        tool, "--clean", "--if-exists", "--no-owner", "--no-privileges",
        "--single-transaction", "--exit-on-error", "--no-password",
        f"--dbname={conninfo}", str(file),
    ]  # fmt: skip
    run(argv, env, "pg_restore")
