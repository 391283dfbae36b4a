"""Real `contraband serve` processes for the crash and several-process tests."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(
        self, db_url: str, bots: int = 1, extra: tuple[str, ...] = (), pace: float = 0.0
    ) -> None:
        """``pace``: the bots' least time per move (0 in tests, for speed; the server's own
        default is 0.6 s)."""
        self.db_url = db_url
        self.bots = bots
        self.extra = ("--bot-pace", str(pace), *extra)
        self.port = free_port()
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        command = [
            sys.executable, "-m", "contraband.cli", "serve", "--port", str(self.port),
            "--db", self.db_url, "--bots", str(self.bots), *self.extra,
        ]  # fmt: skip
        # a file, not a pipe: a pipe nobody reads fills up and blocks the server's logging
        self.errors = tempfile.NamedTemporaryFile(prefix="contraband-serve-", suffix=".log")  # noqa: SIM115
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=self.errors, env=os.environ.copy()
        )
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(self.log()[-2000:])
            try:
                if httpx.get(f"{self.url}/api/registry", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def log(self) -> str:
        """What the server wrote to its standard error so far."""
        with open(self.errors.name, encoding="utf-8", errors="replace") as handle:
            return handle.read()

    def kill(self) -> None:
        """kill -9: no chance to clean up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


@contextmanager
def running(db_url: str, bots: int = 1):
    server = Server(db_url, bots).start()
    try:
        yield server
    finally:
        server.stop()
