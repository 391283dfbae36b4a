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
from pathlib import Path

import httpx

#: ports this process has handed out: the kernel may offer a port again once its probe is
#: closed, and two servers told the same port would answer for each other (one fails to bind,
#: while the other answers its readiness check)
_HANDED_OUT: set[int] = set()


def free_port() -> int:
    """A port nothing listens on now, never one this process handed out before."""
    while True:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        if port not in _HANDED_OUT:
            _HANDED_OUT.add(port)
            return port


def listens(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds the socket listening on TCP ``port`` (Linux ``/proc``).

    A server that lost its port to another process (another test worker probed the same free
    port) must not pass for started because the other one answers there."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text(encoding="ascii").splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if fields[3] == "0A" and int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{fields[9]}]")
    try:
        handles = os.listdir(f"/proc/{pid}/fd")
    except OSError:
        return False
    for handle in handles:
        try:
            if os.readlink(f"/proc/{pid}/fd/{handle}") in inodes:
                return True
        except OSError:
            continue
    return False


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
        end = time.monotonic() + 60  # a loaded machine (parallel tests, Chromium) starts slowly
        while time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(self.log()[-2000:])
            try:
                answered = httpx.get(f"{self.url}/api/registry", timeout=1).status_code == 200
                if answered and listens(self.process.pid, self.port):
                    return self
                time.sleep(0.1)
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
