"""The JSON API: creating, seeing, acting, versions, tokens, undo, bots, records."""

import json

import contraband
from contraband.core.random import Rng
from tests.server.conftest import auth, create, wait_until


def play_random(server, made, moves, seed=1):
    """Make ``moves`` random moves through the API, each by the seat on move."""
    rng = Rng(seed)
    tokens = [s["token"] for s in made["seats"]]
    game_id = made["id"]
    for _ in range(moves):
        table = server.get(f"/api/games/{game_id}").json()
        if table["over"]:
            break
        seat = table["to_move"]
        mine = server.get(f"/api/games/{game_id}", headers=auth(tokens[seat])).json()
        move = rng.choice(mine["legal"])
        answer = server.post(
            f"/api/games/{game_id}/actions",
            json={"label": move["label"], "version": mine["version"]},
            headers=auth(tokens[seat]),
        )
        assert answer.status_code == 200, answer.text
    return server.get(f"/api/games/{game_id}").json()


def test_create_gives_each_human_a_secret_link_and_stores_no_token(server):
    made = create(server)
    tokens = [s["token"] for s in made["seats"]]
    assert all(len(t) >= 22 for t in tokens) and len(set(tokens)) == 2  # >= 128 bits
    assert made["seats"][0]["link"].endswith(tokens[0])
    store = server.app_state.tables.store
    with store.engine.connect() as db:
        dump = json.dumps([list(r) for r in db.exec_driver_sql("SELECT * FROM seats")])
        dump += json.dumps([list(r) for r in db.exec_driver_sql("SELECT * FROM games")])
    assert not any(t in dump for t in [*tokens, made["host_token"]])


def test_each_token_sees_and_acts_for_its_own_seat_only(server):
    made = create(server)
    game_id, tokens = made["id"], [s["token"] for s in made["seats"]]
    spectator = server.get(f"/api/games/{game_id}").json()
    mover = spectator["to_move"]
    other = 1 - mover
    assert spectator["legal"] == [] and spectator["view"]["hand"] is None
    theirs = server.get(f"/api/games/{game_id}", headers=auth(tokens[other])).json()
    assert theirs["legal"] == []
    mine = server.get(f"/api/games/{game_id}", headers=auth(tokens[mover])).json()
    label = mine["legal"][0]["label"]
    refused = server.post(
        f"/api/games/{game_id}/actions",
        json={"label": label, "version": 0},
        headers=auth(tokens[other]),
    )
    assert refused.status_code == 422 and refused.json()["reason"] == "not_your_turn"
    assert refused.json()["legal"] is None and label not in refused.text
    done = server.post(
        f"/api/games/{game_id}/actions",
        json={"label": label, "version": 0},
        headers=auth(tokens[mover]),
    )
    assert done.status_code == 200 and done.json()["version"] == 1


def test_a_stale_version_is_refused_and_changes_nothing(server):
    made = create(server)
    game_id = made["id"]
    after = play_random(server, made, 3)
    seat = after["to_move"]
    token = made["seats"][seat]["token"]
    mine = server.get(f"/api/games/{game_id}", headers=auth(token)).json()
    stale = server.post(
        f"/api/games/{game_id}/actions",
        json={"label": mine["legal"][0]["label"], "version": mine["version"] - 1},
        headers=auth(token),
    )
    assert stale.status_code == 409 and "stale" in stale.json()["error"]
    assert server.get(f"/api/games/{game_id}").json()["version"] == mine["version"]


def test_bad_requests_get_clear_4xx_answers(server):
    made = create(server)
    game_id, token = made["id"], made["seats"][0]["token"]
    cases = [
        (
            server.post(
                "/api/games", content=b"{not json", headers={"content-type": "application/json"}
            ),
            422,
        ),
        (server.post("/api/games", json={"game": "chess", "seats": ["human"]}), 404),
        (server.post("/api/games", json={"game": "tony-tino", "seats": ["human"]}), 422),
        (server.post("/api/games", json={"game": "tony-tino", "seats": ["human", "wizard"]}), 422),
        (server.post("/api/games", json={"game": "tony-tino", "extra": 1}), 422),
        (server.get("/api/games/nope"), 404),
        (server.get(f"/api/games/{game_id}", headers=auth("forged")), 403),
        (server.get(f"/api/games/{game_id}", headers={"Authorization": "Basic x"}), 401),
        (server.post(f"/api/games/{game_id}/actions", json={"label": "x", "version": 0}), 403),
        (server.post(f"/api/games/{game_id}/actions", json={"label": 5}, headers=auth(token)), 422),
        (server.post("/api/games", content=b"x" * 70_000), 413),
    ]
    for answer, status in cases:
        assert answer.status_code == status, (answer.status_code, answer.text)
        assert answer.json()["error"]
    other = create(server)
    crossed = server.get(f"/api/games/{other['id']}", headers=auth(token))
    assert crossed.status_code == 403 and "unknown token" in crossed.json()["error"]
    assert server.get(f"/api/games/{game_id}").json()["version"] == 0


def test_bots_play_server_side_to_the_end(server):
    made = create(server, seats=("random", "greedy"))
    over = wait_until(lambda: server.get(f"/api/games/{made['id']}").json()["over"])
    assert over
    final = server.get(f"/api/games/{made['id']}").json()
    assert final["result"]["final"] is True
    record = server.get(f"/api/games/{made['id']}/record").json()
    assert "seed" in record and record["final"] is True
    replayed = contraband.load("tony-tino").replay(record)
    assert replayed.result() == final["result"]


def test_a_running_game_s_record_for_a_seat_has_no_seed(server):
    made = create(server)
    play_random(server, made, 4)
    for token in (None, made["seats"][0]["token"]):
        headers = auth(token) if token else {}
        record = server.get(f"/api/games/{made['id']}/record", headers=headers).json()
        assert "seed" not in record and len(record["actions"]) == 4


def test_undo_follows_the_house_policy(server):
    made = create(server)
    game_id = made["id"]
    state = contraband.load("tony-tino").new(2, seed=1)
    for _ in range(30):
        table = play_random(server, made, 1, seed=len(state.history) + 3)
        seat = 1 - table["to_move"] if table["to_move"] is not None else 0
        for s in range(2):
            mine = server.get(f"/api/games/{game_id}", headers=auth(made["seats"][s]["token"]))
            mine = mine.json()
            if mine["undoable"]:
                undone = server.post(
                    f"/api/games/{game_id}/undo",
                    json={"version": mine["version"]},
                    headers=auth(made["seats"][s]["token"]),
                )
                assert undone.status_code == 200, undone.text
                assert undone.json()["version"] == mine["version"] + 1
                return
        del seat
    raise AssertionError("no undoable decision came up")


def test_a_player_may_hand_their_own_seat_to_a_bot_and_the_host_may_not_while_they_play(server):
    made = create(server)
    game_id = made["id"]
    seat = server.get(f"/api/games/{game_id}").json()["to_move"]
    url = f"/api/games/{game_id}/seats/{seat}/bot"
    refused = server.post(url, json={"agent": "random"}, headers=auth(made["host_token"]))
    assert refused.status_code == 409 and "away" in refused.json()["error"]
    other = made["seats"][1 - seat]["token"]  # another player: only once the seat is out of time
    by_other = server.post(url, json={"agent": "random"}, headers=auth(other))
    assert by_other.status_code == 409 and "still at the table" in by_other.json()["error"]
    stranger = server.post(url, json={"agent": "random"}, headers=auth(made["spectator_token"]))
    assert stranger.status_code == 403
    handed = server.post(url, json={"agent": "random"}, headers=auth(made["seats"][seat]["token"]))
    assert handed.status_code == 200, handed.text
    wait_until(lambda: server.get(f"/api/games/{game_id}").json()["to_move"] != seat)


def test_catalog_registry_list_and_openapi(server):
    assert {g["id"] for g in server.get("/api/registry").json()} == set(contraband.game_ids())
    assert server.get("/api/registry/tony-tino/catalog").json()["game"] == "tony-tino"
    made = create(server)
    listed = server.get("/api/games", params={"ids": made["id"]}).json()
    assert [g["id"] for g in listed] == [made["id"]]  # a public game
    hidden = create(server, public=False)
    assert server.get("/api/games", params={"ids": hidden["id"]}).json() == []
    schema = server.get("/openapi.json").json()
    assert "/api/games/{game_id}/actions" in schema["paths"]
