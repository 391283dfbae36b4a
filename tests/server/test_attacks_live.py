"""The live connection against a hostile client: bad frames, foreign pages, floods, slow readers.

The slow-reader case runs a real server process: only a real socket has a receive buffer that
fills when its client stops reading.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect
from websockets.sync.client import connect as ws_connect

from contraband.server.policy import Policy
from tests.server.conftest import auth, new
from tests.server.processes import Server, stuck_reader


def closed_with(client, url: str, send=None, headers=None) -> int:
    """Open ``url``, read the state, send ``send`` (text or bytes): the close code."""
    with pytest.raises(WebSocketDisconnect) as closed:  # noqa: SIM117
        with client.websocket_connect(url, headers=headers or {}) as live:
            live.receive_json()
            if isinstance(send, bytes):
                live.send_bytes(send)
            elif send is not None:
                live.send_text(send)
            while True:
                live.receive_json()
    return closed.value.code


def test_a_binary_frame_closes_the_connection_cleanly(make, caplog):
    server = make()
    made = new(server)
    caplog.set_level(logging.DEBUG)
    for _ in range(5):
        url = f"/api/games/{made['id']}/live?token={made['seats'][0]['token']}"
        assert closed_with(server, url, send=b"\x00\x01binary") == 1003
    assert "Traceback" not in caplog.text and "KeyError" not in caplog.text


@pytest.mark.parametrize("text", ["hello", "resync" * 20, '{"type": "act"}'])
def test_unknown_text_closes_with_policy_violation(make, text):
    server = make()
    made = new(server)
    url = f"/api/games/{made['id']}/live?token={made['spectator_token']}"
    assert closed_with(server, url, send=text) == 1008


def test_a_resync_is_answered_with_the_state(make):
    server = make()
    made = new(server)
    url = f"/api/games/{made['id']}/live?token={made['spectator_token']}"
    with server.websocket_connect(url) as live:
        assert live.receive_json()["type"] == "state"
        live.send_text("resync")
        assert live.receive_json()["type"] == "state"


def test_a_page_of_another_origin_cannot_connect(make):
    server = make(Policy(origins=("https://play.example.com",)))
    made = new(server)
    url = f"/api/games/{made['id']}/live?token={made['seats'][0]['token']}"
    assert closed_with(server, url, headers={"origin": "http://evil.example"}) == 4403
    assert closed_with(server, url, headers={"origin": "null"}) == 4403
    for allowed in ("http://testserver", "https://play.example.com"):
        with server.websocket_connect(url, headers={"origin": allowed}) as live:
            assert live.receive_json()["seat"] == 0


def test_a_private_game_needs_a_token_to_watch_live(make):
    server = make()
    made = new(server)
    assert closed_with(server, f"/api/games/{made['id']}/live") == 4403


def test_connections_are_capped_per_address_and_per_game(make):
    server = make(Policy(sockets_per_address=2, sockets_per_game=50))
    made = new(server)
    url = f"/api/games/{made['id']}/live?token={made['spectator_token']}"
    with server.websocket_connect(url) as one, server.websocket_connect(url) as two:
        one.receive_json(), two.receive_json()
        assert closed_with(server, url) == 4429
    with server.websocket_connect(url) as again:  # room again once one went
        assert again.receive_json()["type"] == "state"
    server = make(Policy(sockets_per_address=50, sockets_per_game=1))
    made = new(server)
    url = f"/api/games/{made['id']}/live?token={made['spectator_token']}"
    with server.websocket_connect(url) as one:
        one.receive_json()
        assert closed_with(server, url) == 4429


def test_bad_token_handshakes_count_against_the_rate_limit(make):
    server = make(rate=0.001, burst=50)
    made = new(server)
    for _ in range(2):  # each refused handshake costs 1 + 20 requests
        assert closed_with(server, f"/api/games/{made['id']}/live?token=guess") == 4403
    answers = [server.get("/api/registry").status_code for _ in range(10)]
    assert 429 in answers and answers.count(200) <= 8


@pytest.mark.slow
def test_a_reader_that_never_reads_delays_nobody(tmp_path):
    """A spectator floods resyncs through a tiny receive buffer and never reads; the seats get
    every update within a second all the same, and the stuck reader is let go."""
    server = Server(f"sqlite:///{tmp_path / 'slow.db'}", policy={"CONTRABAND_TRUSTED_SEEDS": "1"})
    server.start()
    try:
        made = httpx.post(
            f"{server.url}/api/games",
            json={"game": "nacho-incident", "seats": ["human"] * 4, "seed": 5},
        ).json()
        game_id = made["id"]
        stuck = stuck_reader(server.port, game_id, made["spectator_token"])
        tokens = [s["token"] for s in made["seats"]]
        lags = _play_watched(server.url, game_id, tokens, moves=60)
        assert len(lags) >= 50 and max(lags) < 1.0, sorted(lags)[-5:]
        stuck.close()
    finally:
        server.stop()


def _play_watched(base: str, game_id: str, tokens: list[str], moves: int) -> list[float]:
    """Play ``moves`` moves over HTTP while every seat listens live; for each move, how long
    until the last seat heard of it."""
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(
                ws_connect(f"{base.replace('http', 'ws')}/api/games/{game_id}/live?token={t}")
            )
            for t in tokens
        ]
        for live in sockets:
            json.loads(live.recv(timeout=10))
        lags = []
        for _ in range(moves):
            table = httpx.get(f"{base}/api/games/{game_id}", headers=auth(tokens[0])).json()
            if table["over"]:
                break
            mover = table["to_move"]
            mine = httpx.get(f"{base}/api/games/{game_id}", headers=auth(tokens[mover])).json()
            sent = time.monotonic()
            answer = httpx.post(
                f"{base}/api/games/{game_id}/actions",
                json={"label": mine["legal"][0]["label"], "version": mine["version"]},
                headers=auth(tokens[mover]),
            )
            assert answer.status_code == 200, answer.text
            version = answer.json()["version"]
            for live in sockets:
                while json.loads(live.recv(timeout=10))["version"] < version:
                    pass
            lags.append(time.monotonic() - sent)
        return lags
