"""The pages and the replay endpoint that contraband/server/pages.py adds (no browser)."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

from contraband.server.app import create_app
from tests.server.conftest import TEST_POLICY


@pytest.fixture
def client(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_threads=1, policy=TEST_POLICY)
    with TestClient(app) as test:
        yield test


def play_out(client, game="tony-tino", seed=3):
    made = client.post(
        "/api/games", json={"game": game, "seats": ["human", "human"], "seed": seed, "public": True}
    ).json()
    tokens = [seat["token"] for seat in made["seats"]]
    rng = random.Random(seed)
    moves = 0
    while True:
        table = client.get(f"/api/games/{made['id']}").json()
        if table["over"]:
            return made["id"], moves
        seat = table["to_move"]
        mine = client.get(
            f"/api/games/{made['id']}", headers={"Authorization": f"Bearer {tokens[seat]}"}
        ).json()
        label = rng.choice(mine["legal"])["label"]
        answer = client.post(
            f"/api/games/{made['id']}/actions",
            json={"label": label, "version": mine["version"]},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert answer.status_code == 200, answer.text
        moves += 1


def test_pages_serve_the_table(client):
    for path in ("/", "/table/abc", "/replay/abc"):
        answer = client.get(path)
        assert answer.status_code == 200
        assert "<html" in answer.text.lower()
    assert client.get("/assets/../pages.py").status_code == 404
    assert client.get("/assets/nothing-here.js").status_code == 404


def test_the_replay_opens_once_the_game_is_over(client):
    body = {"game": "tony-tino", "seats": ["human", "human"], "public": True}
    game_id = client.post("/api/games", json=body).json()["id"]
    answer = client.get(f"/api/games/{game_id}/replay?step=0")
    assert answer.status_code == 409
    assert "over" in answer.json()["error"]
    assert client.get("/api/games/nope/replay").status_code == 404


def test_the_replay_steps_through_a_finished_game(client):
    game_id, moves = play_out(client)
    start = client.get(f"/api/games/{game_id}/replay?step=0").json()
    assert start["step"] == 0 and start["steps"] == moves and start["action"] is None
    assert start["view"]["hand"] is None  # a spectator's view by default
    assert not start["over"] and start["result"] is None
    one = client.get(f"/api/games/{game_id}/replay?step=1&seat=1").json()
    assert one["action"] == one["actions"][0]
    assert one["seat"] == 1 and one["view"]["hand"] is not None
    end = client.get(f"/api/games/{game_id}/replay?step=99999").json()
    assert end["step"] == moves and end["over"]
    final = client.get(f"/api/games/{game_id}").json()
    assert end["result"] == final["result"]
    assert len(end["log"]) == len(client.get(f"/api/games/{game_id}/log").json())
