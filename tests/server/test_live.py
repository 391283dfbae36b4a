"""Live updates over WebSocket, and what each seat receives there and over HTTP."""

import contextlib
import json

import pytest
from starlette.websockets import WebSocketDisconnect

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS
from tests.server.conftest import TEST_POLICY, auth, create


def test_each_connected_seat_gets_its_own_view_after_every_change(server):
    made = create(server)
    game_id, tokens = made["id"], [s["token"] for s in made["seats"]]
    with (
        server.websocket_connect(f"/api/games/{game_id}/live?token={tokens[0]}") as zero,
        server.websocket_connect(f"/api/games/{game_id}/live?token={tokens[1]}") as one,
        server.websocket_connect(f"/api/games/{game_id}/live") as watcher,
    ):
        first = [zero.receive_json(), one.receive_json(), watcher.receive_json()]
        assert [m["type"] for m in first] == ["state"] * 3
        assert [m["seat"] for m in first] == [0, 1, None]
        mover = first[0]["to_move"]
        label = first[mover]["legal"][0]["label"]
        answer = server.post(
            f"/api/games/{game_id}/actions",
            json={"label": label, "version": 0},
            headers=auth(tokens[mover]),
        )
        assert answer.status_code == 200
        updates = [zero.receive_json(), one.receive_json(), watcher.receive_json()]
        assert all(u["type"] == "update" and u["version"] == 1 for u in updates)
        assert all(u["log"] for u in updates), "new log entries come with the update"
        assert updates[2]["view"]["hand"] is None
        assert updates[1 - mover]["legal"] == [] or updates[1 - mover]["to_move"] == 1 - mover


def test_a_reconnect_gets_the_current_state(server):
    made = create(server)
    game_id, token = made["id"], made["seats"][0]["token"]
    with server.websocket_connect(f"/api/games/{game_id}/live?token={token}") as socket:
        first = socket.receive_json()
    mover = first["to_move"]
    mover_token = made["seats"][mover]["token"]
    mine = server.get(f"/api/games/{game_id}", headers=auth(mover_token)).json()
    server.post(
        f"/api/games/{game_id}/actions",
        json={"label": mine["legal"][0]["label"], "version": 0},
        headers=auth(mover_token),
    )
    with server.websocket_connect(f"/api/games/{game_id}/live?token={token}") as socket:
        again = socket.receive_json()
    assert again["type"] == "state" and again["version"] == 1
    assert len(again["log"]) > len(first["log"])


def test_a_bad_token_cannot_open_a_live_connection(server):
    made = create(server)
    with pytest.raises(WebSocketDisconnect) as closed:  # noqa: SIM117
        with server.websocket_connect(f"/api/games/{made['id']}/live?token=forged") as socket:
            socket.receive_json()
    assert closed.value.code == 4403


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_everything_a_seat_receives_is_what_the_engine_gives_that_seat(tmp_path, game_id, players):
    """HTTP and WebSocket answers equal the seat-safe engine calls on a replayed copy, and never
    carry the seed, another seat's token or another seat's legal actions."""
    from fastapi.testclient import TestClient

    from contraband.server.app import create_app

    app = create_app(
        f"sqlite:///{tmp_path / 'leak.db'}", bot_threads=1, bot_pace=0, policy=TEST_POLICY
    )
    with TestClient(app) as server:
        made = create(server, game=game_id, seats=["human"] * players)
        game_id_ = made["id"]
        tokens = [s["token"] for s in made["seats"]]
        rng = Rng(players)
        # closed however the test ends: an open session would hold the client's exit forever
        with contextlib.ExitStack() as sockets:
            streams = [
                sockets.enter_context(
                    server.websocket_connect(f"/api/games/{game_id_}/live?token={t}")
                )
                for t in tokens
            ]
            for stream in streams:
                stream.receive_json()
            seed = None
            for step in range(40):
                table = server.get(f"/api/games/{game_id_}").json()
                if table["over"]:
                    break
                record = app.state.tables.get(game_id_).state.record()
                seed = record["seed"]
                truth = contraband.load(game_id).replay(record)
                for seat, token in enumerate(tokens):
                    got = server.get(f"/api/games/{game_id_}", headers=auth(token)).json()
                    assert got["view"] == json.loads(json.dumps(truth.view(seat)))
                    assert got["log"] == json.loads(json.dumps(truth.log(seat)))
                    expected = truth.legal_moves(seat) if truth.current_player == seat else []
                    assert got["legal"] == json.loads(json.dumps(expected))
                    text = json.dumps(got)
                    assert str(seed) not in text
                    assert not any(t in text for t in tokens if t != token)
                    mine = server.get(f"/api/games/{game_id_}/record", headers=auth(token)).json()
                    assert mine.pop("seed_chosen") is False  # the server drew the seed
                    assert mine == json.loads(json.dumps(truth.record(seat)))
                mover = table["to_move"]
                legal = truth.legal_actions(mover)
                wrong = (mover + 1) % players if players > 1 else mover
                refused = server.post(
                    f"/api/games/{game_id_}/actions",
                    json={"label": legal[0].label, "version": table["version"]},
                    headers=auth(tokens[wrong]),
                )
                if wrong != mover:
                    assert refused.status_code == 422 and refused.json()["legal"] is None
                else:
                    assert refused.status_code == 200
                    continue
                choice = rng.choice(legal).label
                server.post(
                    f"/api/games/{game_id_}/actions",
                    json={"label": choice, "version": table["version"]},
                    headers=auth(tokens[mover]),
                )
                for seat, stream in enumerate(streams):
                    update = stream.receive_json()
                    assert str(seed) not in json.dumps(update)
                    assert update["seat"] == seat
                    if update["legal"]:
                        assert update["to_move"] == seat
                del step


def test_a_reveal_tells_a_seat_to_read_its_masked_entries_again(server):
    """The Nacho Incident's hires lie face down until all are made: the answer that reveals
    them says so (``revealed`` grows past the masked entries), so a page re-reads its log."""
    made = create(server, game="nacho-incident", seats=("human", "human"))
    game_id, tokens = made["id"], [s["token"] for s in made["seats"]]

    def table(seat):
        return server.get(f"/api/games/{game_id}", headers=auth(tokens[seat])).json()

    start = table(0)["revealed"]
    for _ in range(2):  # each seat hires, face down; the second hire reveals both
        mover = table(0)["to_move"]
        mine = table(mover)
        label = next(m["label"] for m in mine["legal"] if m["kind"] == "hire")
        answer = server.post(
            f"/api/games/{game_id}/actions",
            json={"label": label, "version": mine["version"]},
            headers=auth(tokens[mover]),
        )
        assert answer.status_code == 200, answer.text
    after = table(0)
    assert after["revealed"] > start
    hires = [e for e in after["log"] if e["kind"] == "hire"]
    assert len(hires) == 2 and not [e for e in hires if e["masked"]], hires
