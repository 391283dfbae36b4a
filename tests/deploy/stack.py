"""The server as deployed: Debian's Caddy with TLS in front of `contraband serve` processes.

Caddy runs with ``tls internal`` (its own certificate authority, in a temporary data folder:
nothing is written to this machine's trust store or to the user's folders), serves
``https://localhost:PORT`` sites on the loopback addresses and load-balances each site over its
upstreams round robin. A client anywhere in 127.0.0.0/8 reaches it (on Linux every address of
that range is this machine), so a test can be several clients by choosing its source address.
"""

from __future__ import annotations

import json
import os
import shutil
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from tests.server.processes import free_port

CADDY = shutil.which("caddy")
CERTUTIL = shutil.which("certutil")
#: the response header naming the upstream (host:port) that answered
UPSTREAM = "X-Upstream"
#: a cookie that pins a browser to one upstream of the game site (``upstream=first``)
PIN = "upstream"


@dataclass
class Site:
    """One https site of the proxy: its port, its upstreams (``host:port``) and, optionally, an
    echo upstream answering ``/echo`` with the headers the proxy forwarded."""

    upstreams: list[str]
    port: int = 0
    echo: str | None = None
    pins: bool = False

    def __post_init__(self) -> None:
        self.port = self.port or free_port()

    @property
    def url(self) -> str:
        return f"https://localhost:{self.port}"

    def block(self) -> str:
        def proxy(upstreams: str) -> str:
            return (
                f"reverse_proxy {upstreams} {{\n"
                "\t\t\tlb_policy round_robin\n"
                f"\t\t\theader_down {UPSTREAM} {{http.reverse_proxy.upstream.hostport}}\n"
                "\t\t}"
            )

        lines = [f"{self.url} {{", "\tbind 127.0.0.1 [::1]", "\ttls internal"]
        if self.echo:
            lines += ["\thandle /echo {", f"\t\treverse_proxy {self.echo}", "\t}"]
        if self.pins:  # a browser with the cookie upstream=first|second goes to that one only
            for name, upstream in zip(("first", "second"), self.upstreams, strict=False):
                lines += [
                    f"\t@{name} header Cookie *{PIN}={name}*",
                    f"\thandle @{name} {{",
                    "\t\t" + proxy(upstream),
                    "\t}",
                ]
        lines += ["\thandle {", "\t\t" + proxy(" ".join(self.upstreams)), "\t}"]
        return "\n".join(lines + ["}"])


class Caddy:
    """``caddy run`` on a generated Caddyfile, its state in a temporary folder."""

    def __init__(self, sites: list[Site]) -> None:
        self.sites = sites
        self.home = Path(tempfile.mkdtemp(prefix="contraband-caddy-"))  # removed by stop()
        self.process: subprocess.Popen | None = None
        self.errors = None

    @property
    def root(self) -> Path:
        """The certificate of Caddy's local authority (made when Caddy first starts)."""
        return self.home / "data" / "caddy" / "pki" / "authorities" / "local" / "root.crt"

    def caddyfile(self) -> str:
        options = [
            "{",
            "\tadmin off",  # no admin endpoint on localhost:2019 (several Caddys may run)
            "\tskip_install_trust",  # never touch the system's trust store
            "\tauto_https disable_redirects",
            f"\thttp_port {free_port()}",  # not port 80
            "\tgrace_period 2s",  # open WebSockets do not hold up the shutdown
            "\tservers {",
            "\t\tprotocols h1 h2",
            "\t}",
            "}",
        ]
        return "\n".join(options + [site.block() for site in self.sites]) + "\n"

    def start(self, timeout: float = 30.0) -> Caddy:
        config = self.home / "Caddyfile"
        config.write_text(self.caddyfile())
        env = {
            **os.environ,
            "HOME": str(self.home),
            "XDG_DATA_HOME": str(self.home / "data"),
            "XDG_CONFIG_HOME": str(self.home / "config"),
        }
        self.errors = (self.home / "caddy.log").open("wb")
        self.process = subprocess.Popen(
            [CADDY, "run", "--config", str(config), "--adapter", "caddyfile"],
            stdout=subprocess.DEVNULL,
            stderr=self.errors,
            env=env,
            cwd=self.home,
        )
        end = time.monotonic() + timeout
        pending = list(self.sites)
        while pending and time.monotonic() < end:
            if self.process.poll() is not None:
                raise RuntimeError(f"caddy stopped:\n{self.log()[-3000:]}")
            if self.root.exists():
                try:
                    with httpx.Client(verify=self.tls(), timeout=2) as client:
                        client.get(f"{pending[0].url}/api/registry").raise_for_status()
                    pending.pop(0)
                    continue
                except (httpx.HTTPError, ssl.SSLError, OSError):
                    pass
            time.sleep(0.1)
        if pending:
            raise RuntimeError(f"caddy did not answer over https:\n{self.log()[-3000:]}")
        return self

    def tls(self) -> ssl.SSLContext:
        """What a client needs to trust Caddy's certificates: its root, and nothing else."""
        return ssl.create_default_context(cafile=str(self.root))

    def log(self) -> str:
        return (self.home / "caddy.log").read_text(errors="replace")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.errors is not None:
            self.errors.close()
        shutil.rmtree(self.home, ignore_errors=True)


def client(address: str, caddy: Caddy | None = None, **options) -> httpx.Client:
    """An HTTP client whose connections come from ``address`` (any of 127.0.0.0/8), trusting
    Caddy's root when ``caddy`` is given."""
    verify: ssl.SSLContext | bool = caddy.tls() if caddy else True
    transport = httpx.HTTPTransport(local_address=address, verify=verify)
    return httpx.Client(transport=transport, timeout=10, **options)


def trusting_home(root: Path, home: Path) -> Path:
    """A HOME whose NSS database (what Chromium trusts on Linux) holds ``root`` as a certificate
    authority for web servers: a browser started with it trusts Caddy's certificates and no
    error is ignored."""
    nssdb = home / ".pki" / "nssdb"
    nssdb.mkdir(parents=True, exist_ok=True)
    database = f"sql:{nssdb}"
    run = {"check": True, "capture_output": True}
    subprocess.run([CERTUTIL, "-d", database, "-N", "--empty-password"], **run)
    subprocess.run(
        [CERTUTIL, "-d", database, "-A", "-t", "C,,", "-n", "caddy-local", "-i", str(root)], **run
    )
    return home


class Echo:
    """A plain HTTP server on 127.0.0.1 that answers every GET with the headers it was sent and
    the address it was reached from: what the proxy forwards, as an upstream sees it."""

    def __init__(self) -> None:
        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                body = json.dumps(
                    {"peer": self.client_address[0], "headers": self.headers.items()}
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *_args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.address = f"127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
