"""Real `contraband serve` processes for the crash and several-process tests."""

from __future__ import annotations

import base64
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    def __init__(
        self,
        db_url: str,
        bots: int = 1,
        extra: tuple[str, ...] = (),
        pace: float = 0.0,
        policy: dict[str, str] | None = None,
    ) -> None:
        """``pace``: the bots' least time per move (0 in tests, for speed; the server's own
        default is 0.6 s). ``policy``: ``CONTRABAND_*`` settings (``contraband.server.policy``)
        beside the test defaults: many games from one address."""
        self.db_url = db_url
        self.policy = {"CONTRABAND_CREATE_BURST": "10000", **(policy or {})}
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
            command,
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
            env={**os.environ, **self.policy},
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


def stuck_reader(port: int, game_id: str, token: str, frames: int = 200) -> socket.socket:
    """A WebSocket client with a 1 KiB receive buffer that sends resyncs and never reads."""
    raw = socket.socket()
    raw.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    raw.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /api/games/{game_id}/live?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    frame = bytes([0x81, 0x80 | 6]) + b"\0\0\0\0" + b"resync"  # masked with zeros

    def flood() -> None:
        try:
            for _ in range(frames):
                raw.sendall(frame)
                time.sleep(0.05)
        except OSError:
            pass  # the server let it go

    threading.Thread(target=flood, daemon=True).start()
    return raw
