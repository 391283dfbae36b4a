"""Behind a reverse proxy: the client's address comes from a trusted proxy's header only.

Also what the real ``contraband serve`` process sends on the wire: no ``server`` header, and a
live connection whose client stops answering is closed.
"""

from __future__ import annotations

import base64
import os
import socket
import time

import httpx
import pytest
from fastapi.testclient import TestClient

from contraband.server.app import create_app
from contraband.server.policy import Policy
from contraband.server.proxy import Proxy, parse_networks
from tests.server.processes import Server

PROXY = Proxy(parse_networks("127.0.0.1,10.0.0.0/8"))


def headers(**values: str) -> list[tuple[bytes, bytes]]:
    return [(k.replace("_", "-").encode(), v.encode()) for k, v in values.items()]


def test_only_a_trusted_proxy_is_believed():
    forged = headers(x_forwarded_for="9.9.9.9")
    assert PROXY.client("203.0.113.4", forged) == ("203.0.113.4", None)  # a direct client
    assert PROXY.client("127.0.0.1", forged)[0] == "9.9.9.9"
    # a client's own forged entry sits left of what the proxy appended: read from the right
    chain = headers(x_forwarded_for="9.9.9.9, 198.51.100.2, 10.1.2.3")
    assert PROXY.client("127.0.0.1", chain)[0] == "198.51.100.2"
    assert PROXY.client("127.0.0.1", headers(x_forwarded_for="10.0.0.1"))[0] == "10.0.0.1"
    assert PROXY.client("127.0.0.1", headers(x_forwarded_for="junk, 10.0.0.5"))[0] == "127.0.0.1"
    assert PROXY.client("127.0.0.1", [])[0] == "127.0.0.1"
    proto = headers(x_forwarded_for="198.51.100.2", x_forwarded_proto="https")
    assert PROXY.client("127.0.0.1", proto) == ("198.51.100.2", "https")


def test_the_forwarded_header_is_read_only_when_chosen():
    rfc = headers(forwarded='for="[2001:db8::7]:4711";proto=https, for=198.51.100.9')
    assert PROXY.client("127.0.0.1", rfc)[0] == "127.0.0.1"  # x-forwarded-for is the default
    chosen = Proxy(PROXY.trusted, "forwarded")
    assert chosen.client("127.0.0.1", rfc) == ("198.51.100.9", "https")
    one = headers(forwarded='for="[2001:db8::7]:4711"')
    assert chosen.client("127.0.0.1", one)[0] == "2001:db8::7"
    both = headers(forwarded="for=198.51.100.9", x_forwarded_for="9.9.9.9")
    assert chosen.client("127.0.0.1", both)[0] == "198.51.100.9"


def test_bad_trusted_addresses_are_named():
    with pytest.raises(ValueError, match="'nonsense' is not an IP address"):
        parse_networks("127.0.0.1,nonsense")
    assert len(parse_networks("*")) == 2


def test_the_limits_count_the_address_the_proxy_gives(tmp_path):
    policy = Policy(create_burst=2, create_every=600)
    app = create_app(f"sqlite:///{tmp_path / 'p.db'}", policy=policy, proxy=PROXY)
    body = {"game": "tony-tino", "seats": ["human", "random"]}
    with TestClient(app, client=("127.0.0.1", 5000)) as proxied:

        def create(client_address: str) -> int:
            sent = {"x-forwarded-for": client_address}
            return proxied.post("/api/games", json=body, headers=sent).status_code

        assert [create("198.51.100.1") for _ in range(3)] == [201, 201, 429]
        assert create("198.51.100.2") == 201  # another player behind the same proxy
        direct = TestClient(app, client=("203.0.113.9", 5000))
        forged = {"x-forwarded-for": "192.0.2.77"}
        answers = [direct.post("/api/games", json=body, headers=forged) for _ in range(3)]
        assert [a.status_code for a in answers] == [201, 201, 429]  # counted as itself
        assert create("192.0.2.77") == 201  # the forged address had spent nothing


def test_without_proxy_headers_a_forged_header_changes_nothing(tmp_path):
    app = create_app(
        f"sqlite:///{tmp_path / 'q.db'}", policy=Policy(create_burst=1, create_every=600)
    )
    body = {"game": "tony-tino", "seats": ["human", "random"]}
    with TestClient(app, client=("127.0.0.1", 5000)) as client:
        codes = [
            client.post("/api/games", json=body, headers={"x-forwarded-for": f"10.0.0.{n}"})
            for n in range(2)
        ]
        assert [c.status_code for c in codes] == [201, 429]


@pytest.mark.slow
def test_the_real_server_names_nothing_and_lets_a_silent_socket_go(tmp_path):
    server = Server(f"sqlite:///{tmp_path / 's.db'}").start()
    try:
        answer = httpx.get(f"{server.url}/api/registry")
        assert "server" not in answer.headers
        made = httpx.post(
            f"{server.url}/api/games", json={"game": "tony-tino", "seats": ["human", "random"]}
        ).json()
        silent = _silent_socket(server.port, made["id"], made["spectator_token"])
        started = time.monotonic()
        silent.settimeout(15)
        data = b""
        try:
            while chunk := silent.recv(65536):  # the pings come, never answered; then it ends
                data += chunk
        except (ConnectionResetError, TimeoutError):
            pass
        assert time.monotonic() - started < 10.5
        assert b"101 Switching Protocols" in data
    finally:
        server.stop()


def _silent_socket(port: int, game_id: str, token: str) -> socket.socket:
    """A WebSocket handshake, then silence: never a pong."""
    raw = socket.create_connection(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall(
        (
            f"GET /api/games/{game_id}/live?token={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    return raw
