"""The server as deployed, attacked and loaded: Caddy with TLS in front of ``contraband serve``.

    python bench/deployed.py [--seconds 60] [--games 50] [--skip-load] [--postgres URL]

Starts what tests/deploy starts: a fresh PostgreSQL database, ``contraband serve --proxy-headers
--forwarded-allow-ips 127.0.0.1,::1`` processes on it and Debian's Caddy (``tls internal``: its
own certificate authority, in a temporary folder) in front of them, load-balancing round robin.
Two pairs of processes, each behind its own https site of the same Caddy:

- the *attacked* pair runs the server's defaults (``--rate-limit 200``, 20 games per address
  then one every 6 s, 32 live connections per address, 48 spectators a game, pings every 4 s),
  except ``--bot-pace 0.1`` (the bot games of the reviews attack end in seconds) and
  ``CONTRABAND_BOT_SECONDS=0.25`` (a review searches each decision 0.25 s instead of 1 s, so
  the reviews are done before the load begins); bench/attacks.py runs against it;
- the *loaded* pair runs with the per-address caps lifted, since every scripted player comes
  from one address (``CONTRABAND_SOCKETS_PER_ADDRESS=100000``,
  ``CONTRABAND_SOCKETS_PER_GAME=1000``, ``CONTRABAND_CREATE_BURST=1000000``), but the default
  ``--rate-limit 200``, so that the floods (from 127.0.0.9) meet the real per-address limit, and
  ``--bot-pace 0.6`` as bench/load.py gives its own server; bench/load.py runs through Caddy
  three times (plain, ``--rules-flood 40``, ``--hint-flood 12``).

Prints the attacks' lines as they come, then one table of the load figures, and tears
everything down (processes, Caddy's folder, the database). PostgreSQL comes from --postgres,
else ``CONTRABAND_TEST_POSTGRES``, else what ``.ci/postgres.sh`` prints.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.deploy.stack import CADDY, Caddy, Site  # noqa: E402
from tests.server.processes import Server  # noqa: E402

#: every process sits behind the proxy on this machine, the one address trusted
BEHIND_CADDY = ("--proxy-headers", "--forwarded-allow-ips", "127.0.0.1,::1")
#: the attacked pair: the server's defaults, but quick bot games and short reviews
ATTACKED_FLAGS = ("--bot-pace", "0.1")
ATTACKED_POLICY = {"CONTRABAND_BOT_SECONDS": "0.25"}
#: the loaded pair: every scripted player comes from one address (the rate limit stays 200)
LOADED_FLAGS = ("--bot-pace", "0.6")
LOADED_POLICY = {
    "CONTRABAND_SOCKETS_PER_ADDRESS": "100000",
    "CONTRABAND_SOCKETS_PER_GAME": "1000",
    "CONTRABAND_CREATE_BURST": "1000000",
}
#: the load runs: a name and bench/load.py's extra arguments
RUNS = [
    ("plain", []),
    ("rules flood 40/s", ["--rules-flood", "40"]),
    ("hint flood 12 games", ["--hint-flood", "12"]),
]
FLOOD_FROM = "127.0.0.9"


@dataclass
class Stack:
    db_url: str
    caddy: Caddy
    attacked: Site
    loaded: Site
    attacked_servers: list[Server] = field(default_factory=list)
    loaded_servers: list[Server] = field(default_factory=list)


def postgres_url(given: str | None) -> str:
    url = given or os.environ.get("CONTRABAND_TEST_POSTGRES")
    if url:
        return url
    started = subprocess.run(
        ["bash", str(ROOT / ".ci" / "postgres.sh")], capture_output=True, text=True, check=True
    )
    return started.stdout.strip().splitlines()[-1]


def _admin(server_url: str):
    from sqlalchemy import create_engine

    return create_engine(server_url.replace("postgresql://", "postgresql+psycopg://"))


def fresh_database(server_url: str) -> str:
    from sqlalchemy import text

    name = f"contraband_deployed_{uuid.uuid4().hex[:10]}"
    admin = _admin(server_url)
    with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
        db.execute(text(f'CREATE DATABASE "{name}"'))
    admin.dispose()
    return f"{server_url.rpartition('/')[0]}/{name}"


def drop_database(server_url: str, db_url: str) -> None:
    from sqlalchemy import text

    admin = _admin(server_url)
    try:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{db_url.rpartition("/")[2]}" WITH (FORCE)'))
    finally:
        admin.dispose()


def process(db_url: str, flags: tuple[str, ...], policy: dict[str, str]) -> Server:
    """A ``contraband serve`` behind Caddy with exactly these flags and settings (Server's own
    test defaults, --bot-pace 0 and a large creation burst, replaced)."""
    server = Server(db_url, extra=BEHIND_CADDY)
    server.extra = (*flags, *BEHIND_CADDY)
    server.policy = dict(policy)
    return server


@contextmanager
def deployed(server_url: str):
    """The stack, up; everything stopped and the database dropped afterwards."""
    for name in [n for n in os.environ if n.startswith("CONTRABAND_")]:
        del os.environ[name]  # the processes get exactly the settings given here
    db_url = fresh_database(server_url)
    attacked_servers = [process(db_url, ATTACKED_FLAGS, ATTACKED_POLICY) for _ in range(2)]
    loaded_servers = [process(db_url, LOADED_FLAGS, LOADED_POLICY) for _ in range(2)]
    attacked = Site([f"127.0.0.1:{s.port}" for s in attacked_servers], pins=True)
    loaded = Site([f"127.0.0.1:{s.port}" for s in loaded_servers])
    caddy = Caddy([attacked, loaded])
    stack = Stack(db_url, caddy, attacked, loaded, attacked_servers, loaded_servers)
    try:
        with ThreadPoolExecutor(2) as pool:  # a pair at a time (the first migrates the schema)
            for pair in (attacked_servers, loaded_servers):
                list(pool.map(Server.start, pair))
        caddy.start()
        yield stack
    finally:
        caddy.stop()
        for server in attacked_servers + loaded_servers:
            server.stop()
        drop_database(server_url, db_url)


#: a traceback that continues the one before it (chained exceptions are one trouble)
CHAINED = (
    "During handling of the above exception, another exception occurred:",
    "The above exception was the direct cause of the following exception:",
)
#: what the processes print at start (no trouble)
STARTING = ("contraband is serving", "games are stored")


def complaints(log: str) -> tuple[int, dict[str, int]]:
    """The tracebacks in a server's log (chained ones as one, named by their last exception
    and the last frame in contraband's code) and its other lines, numbers and ids masked."""
    said: dict[str, int] = {}
    tracebacks = 0
    chunks = log.split("Traceback (most recent call last):")
    loose = chunks[0].splitlines()
    for index, chunk in enumerate(chunks[1:], start=1):
        lines = chunk.splitlines()
        last = next((i for i, line in enumerate(lines) if line[:1].strip()), len(lines))
        loose += lines[last + 1 :]
        if index + 1 < len(chunks) and chunk.strip().endswith(CHAINED):
            continue  # the next traceback is the end of this one
        tracebacks += 1
        where = [line.strip() for line in lines[:last] if "/contraband/" in line]
        frame = where[-1].split("/contraband/", 1)[-1] if where else ""
        what = f"traceback: {lines[last][:120] if last < len(lines) else '?'}"
        frame = frame.replace('", line ', ":").replace(", in ", " in ")
        what += f" (at contraband/{frame})" if frame else ""
        said[what] = said.get(what, 0) + 1
    for line in loose:
        line = line.strip()
        if not line or line.startswith(STARTING) or line.startswith(CHAINED):
            continue
        masked = re.sub(r"\b[A-Za-z0-9_-]{12}\b", "ID", line)
        masked = re.sub(r"\d+(\.\d+)?", "N", masked)[:160]
        said[masked] = said.get(masked, 0) + 1
    return tracebacks, said


class Troubles:
    """What the processes and Caddy complained of from now on: tracebacks and other lines of
    the processes' logs, and the errors Caddy logged (a 502's reason), counted."""

    def __init__(self, stack: Stack, servers: list[Server]) -> None:
        self.stack, self.servers = stack, servers
        self.offsets = [len(server.log()) for server in servers]
        self.caddy = len(stack.caddy.log())

    def since(self) -> tuple[int, dict[str, int]]:
        said: dict[str, int] = {}
        tracebacks = 0
        for server, offset in zip(self.servers, self.offsets, strict=True):
            count, lines = complaints(server.log()[offset:])
            tracebacks += count
            for what, n in lines.items():
                said[f"server: {what}"] = said.get(f"server: {what}", 0) + n
        for line in self.stack.caddy.log()[self.caddy :].splitlines():
            try:
                entry = json.loads(line[line.index("{") :])
            except ValueError:
                continue
            if entry.get("level") in ("error", "fatal"):
                what = f"caddy: {entry.get('msg', '')}: {str(entry.get('error', ''))[:120]}"
                said[what] = said.get(what, 0) + 1
        return tracebacks, said


# --- bench/load.py's figures -------------------------------------------------------------------

PATTERNS = {
    "games": r"games: (\d+) .*finished: (\d+), wall: ([\d.]+) s",
    "moves": r"human moves acknowledged: (\d+), ([\d.]+) moves/s",
    "latency": r"move latency ms: p50 ([\d.]+), p95 ([\d.]+), p99 ([\d.]+)",
    "update": r"own update after the move ms: p50 ([\d.]+), p95 ([\d.]+), p99 ([\d.]+)",
    "errors": r"errors: (\d+); lost moves: (\d+)",
    "flood": r"flood answers by status \(0: no answer\): (.*)",
}


def load_run(stack: Stack, games: int, seconds: float, extra: list[str]) -> dict:
    command = [
        sys.executable, str(ROOT / "bench" / "load.py"), "--url", stack.loaded.url,
        "--verify", str(stack.caddy.root), "--games", str(games), "--seconds", str(seconds),
        "--flood-from", FLOOD_FROM, *extra,
    ]  # fmt: skip
    troubles = Troubles(stack, stack.loaded_servers)
    started = time.monotonic()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    figures: dict = {"took": time.monotonic() - started, "code": done.returncode}
    for name, pattern in PATTERNS.items():
        found = re.search(pattern, done.stdout)
        figures[name] = found.groups() if found else None
    figures["details"] = [line.strip() for line in done.stdout.splitlines() if line[:3] == "   "]
    if done.returncode:
        figures["details"].append(done.stderr.strip().splitlines()[-1] if done.stderr else "")
    figures["tracebacks"], figures["troubles"] = troubles.since()
    return figures


def flood(figures: dict) -> str:
    """The flood's answers by status, and how many a second it got through."""
    if not figures.get("flood"):
        return "none"
    answers = figures["flood"][0]
    total = sum(int(n) for n in re.findall(r": (\d+)", answers))
    wall = float(figures["games"][2]) if figures.get("games") else 0.0
    return f"{answers} ({total / wall:.1f}/s)" if wall else answers


def table(rows: list[tuple[str, dict]]) -> str:
    header = (
        "run", "moves", "moves/s", "move ms p50/p95/p99", "update ms p50/p95/p99",
        "errors", "lost", "finished", "flood answers by status", "server tracebacks",
    )  # fmt: skip
    lines = [header]
    for name, f in rows:

        def part(key: str, index: int | slice, f=f) -> str:
            value = f.get(key)
            if value is None:
                return "-"
            picked = value[index]
            return "/".join(picked) if isinstance(picked, tuple) else picked

        games = f.get("games")
        lines.append(
            (
                name,
                part("moves", 0),
                part("moves", 1),
                part("latency", slice(0, 3)),
                part("update", slice(0, 3)),
                part("errors", 0),
                part("errors", 1),
                f"{games[1]}/{games[0]}" if games else "-",
                flood(f),
                str(f["tracebacks"]),
            )
        )
    widths = [max(len(line[i]) for line in lines) for i in range(len(header))]
    out = [" | ".join(c.ljust(w) for c, w in zip(line, widths, strict=True)) for line in lines]
    out.insert(1, "-+-".join("-" * w for w in widths))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="each load run's length")
    parser.add_argument("--games", type=int, default=50, help="games each load run plays")
    parser.add_argument("--skip-load", action="store_true", help="the attacks only")
    parser.add_argument("--postgres", default=None, help="a PostgreSQL server's URL")
    args = parser.parse_args()
    if CADDY is None:
        sys.exit("caddy is not installed (apt-get install caddy)")
    began = time.monotonic()
    server_url = postgres_url(args.postgres)
    with deployed(server_url) as stack:
        up = time.monotonic() - began
        print(
            f"stack up in {up:.1f} s: Caddy {stack.attacked.url} (attacked pair, ports "
            f"{', '.join(str(s.port) for s in stack.attacked_servers)}) and {stack.loaded.url} "
            f"(loaded pair, ports {', '.join(str(s.port) for s in stack.loaded_servers)}), "
            f"PostgreSQL database {stack.db_url.rpartition('/')[2]}",
            flush=True,
        )
        print("\nattacks (bench/attacks.py, through Caddy at the attacked pair):", flush=True)
        attack = [
            sys.executable, str(ROOT / "bench" / "attacks.py"), "--url", stack.attacked.url,
            "--verify", str(stack.caddy.root),
            *(arg for s in stack.attacked_servers for arg in ("--upstream", s.url)),
        ]  # fmt: skip
        started = time.monotonic()
        troubles = Troubles(stack, stack.attacked_servers)
        attacked = subprocess.run(attack, cwd=ROOT)
        tracebacks, said = troubles.since()
        print(
            f"attacks took {time.monotonic() - started:.1f} s (exit code {attacked.returncode}); "
            f"server tracebacks: {tracebacks}",
            flush=True,
        )
        for what, count in sorted(said.items(), key=lambda item: -item[1]):
            print(f"  {count} x {what}")
        rows = []
        if not args.skip_load:
            for name, extra in RUNS:
                print(f"\nload: {name} ...", flush=True)
                figures = load_run(stack, args.games, args.seconds, extra)
                rows.append((name, figures))
                print(f"  took {figures['took']:.1f} s, exit code {figures['code']}", flush=True)
            print(
                f"\nload through Caddy (https, --verify its root) at the loaded pair: "
                f"bench/load.py --games {args.games} --seconds {args.seconds:g}, floods from "
                f"{FLOOD_FROM} (the rate limit: 200 requests/s per address per process)\n"
            )
            print(table(rows))
            for name, figures in rows:
                for line in figures["details"][:5]:
                    print(f"  {name}: {line}")
                for what, count in sorted(figures["troubles"].items(), key=lambda i: -i[1])[:6]:
                    print(f"  {name}: {count} x {what}")
    print(f"\ntotal {time.monotonic() - began:.1f} s")
    sys.exit(1 if attacked.returncode else 0)


if __name__ == "__main__":
    main()
