"""Open seats (a stranger joins from the lobby) and rematches (the same players again)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from contraband.server.policy import Policy
from tests.server.conftest import auth, wait_until

DEFAULTS = Policy(create_burst=10_000)


def table(client, game_id, token):
    answer = client.get(f"/api/games/{game_id}", headers=auth(token))
    assert answer.status_code == 200, answer.text
    return answer.json()


def open_table(client, seats=("human", "open"), **extra):
    body = {"game": "tony-tino", "seats": list(seats), "public": True, "mode": "turn", **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_a_table_waits_for_its_players_then_begins(make):
    server = make(DEFAULTS)
    made = open_table(server, ("human", "open", "open"), game="counterfeiters")
    assert made["status"] == "open"
    host = made["seats"][0]["token"]
    waiting = table(server, made["id"], host)
    assert waiting["status"] == "open" and waiting["legal"] == [] and not waiting["over"]
    assert [s["open"] for s in waiting["seats"]] == [False, True, True]
    assert all(not s["clock"]["running"] for s in waiting["seats"])
    listed = server.get("/api/tables/open").json()
    assert [t["id"] for t in listed] == [made["id"]]
    assert listed[0]["mode"] == "turn" and [s["open"] for s in listed[0]["seats"]] == [
        False,
        True,
        True,
    ]
    too_soon = server.post(
        f"/api/games/{made['id']}/actions", json={"label": "x", "version": 0}, headers=auth(host)
    )
    assert too_soon.status_code == 409 and "waits for its players" in too_soon.json()["error"]
    again = server.post(f"/api/games/{made['id']}/join", json={}, headers=auth(host))
    assert again.status_code == 409 and "seat 0" in again.json()["error"]
    stranger = TestClient(server.app, client=("198.51.100.3", 4000))
    first = stranger.post(f"/api/games/{made['id']}/join", json={"name": "Zed"})
    assert first.status_code == 200, first.text
    joined = first.json()
    assert joined["seat"] == 1 and joined["link"].startswith(f"/table/{made['id']}#token=")
    mine = table(server, made["id"], joined["token"])
    assert mine["seat"] == 1 and mine["seats"][1]["name"] == "Zed"
    assert mine["status"] == "open"
    clash = stranger.post(f"/api/games/{made['id']}/join", json={"name": "zed"})
    assert clash.status_code == 422 and "taken" in clash.json()["error"]
    last = stranger.post(f"/api/games/{made['id']}/join", json={"name": "Ada"}).json()
    begun = table(server, made["id"], last["token"])
    assert begun["status"] == "running"
    mover = begun["to_move"]
    assert begun["seats"][mover]["clock"]["running"]
    assert server.get("/api/tables/open").json() == []
    full = stranger.post(f"/api/games/{made['id']}/join", json={})
    assert full.status_code == 409


def test_the_host_starts_early_with_bots_and_private_tables_cannot_open_seats(make):
    server = make(DEFAULTS)
    private = server.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "open"], "public": False}
    )
    assert private.status_code == 422 and "public" in private.json()["error"]
    made = open_table(server)
    seat_token = made["seats"][0]["token"]
    by_player = server.post(f"/api/games/{made['id']}/start", json={}, headers=auth(seat_token))
    assert by_player.status_code == 403
    started = server.post(
        f"/api/games/{made['id']}/start",
        json={"agent": "random"},
        headers=auth(made["host_token"]),
    )
    assert started.status_code == 200, started.text
    assert started.json()["status"] == "running"
    assert started.json()["seats"][1]["bot"] == "random"
    late = server.post(f"/api/games/{made['id']}/join", json={})
    assert late.status_code == 409


def test_an_open_table_nobody_joins_expires(tmp_path):
    from contraband.server.app import create_app
    from contraband.server.timeouts import sweep

    clock = [1_800_000_000.0]
    app = create_app(
        f"sqlite:///{tmp_path / 'e.db'}",
        bot_threads=1,
        bot_pace=0,
        policy=Policy(create_burst=100, open_for=3600),
        now=lambda: clock[0],
    )
    with TestClient(app) as server:
        made = open_table(server)
        clock[0] += 3599
        assert sweep(app.state.tables) == []
        clock[0] += 2
        assert sweep(app.state.tables) == [made["id"]]
        ended = table(server, made["id"], made["host_token"])
        assert ended["status"] == "expired" and ended["over"]
        assert server.get("/api/tables/open").json() == []
        assert server.post(f"/api/games/{made['id']}/join", json={}).status_code == 409


def test_joining_is_rate_limited_per_address(make):
    server = make(Policy(create_burst=3, create_every=600))
    made = open_table(server, ("human", "open", "open", "open"), game="narcos")
    other = TestClient(server.app, client=("203.0.113.77", 4000))
    codes = [other.post(f"/api/games/{made['id']}/join", json={}).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]


def test_rematch_rotates_the_first_seat_keeps_bots_and_takes_each_player_from_their_link(make):
    server = make(DEFAULTS)
    answer = server.post(
        "/api/games",
        json={
            "game": "counterfeiters",
            "seats": ["human", "human", "greedy"],
            "names": ["Ann", "Bo"],
        },
    )
    made = answer.json()
    ann, bo = made["seats"][0]["token"], made["seats"][1]["token"]
    early = server.post(f"/api/games/{made['id']}/rematch", json={}, headers=auth(ann))
    assert early.status_code == 409
    for token in (ann, bo):  # both let a bot finish the game
        server.post(
            f"/api/games/{made['id']}/seats/{0 if token == ann else 1}/bot",
            json={"agent": "random"},
            headers=auth(token),
        )
    wait_until(lambda: table(server, made["id"], ann)["over"], timeout=120)
    first = server.post(f"/api/games/{made['id']}/rematch", json={}, headers=auth(ann))
    assert first.status_code == 200, first.text
    new = first.json()
    assert new["seat"] == 2  # Ann sat first: now last
    assert table(server, made["id"], ann)["rematch"] == new["id"]
    fresh = table(server, new["id"], new["token"])
    assert fresh["status"] == "open" and fresh["rematch_of"] == made["id"]
    assert [s["bot"] for s in fresh["seats"]] == [None, "greedy", None]
    assert [s["name"] for s in fresh["seats"]] == ["Bo", None, "Ann"]
    assert server.get("/api/tables/open").json() == []  # kept seats are nobody else's
    stranger = server.post(f"/api/games/{new['id']}/join", json={})
    assert stranger.status_code == 409
    second = server.post(f"/api/games/{made['id']}/rematch", json={}, headers=auth(bo)).json()
    assert second["id"] == new["id"] and second["seat"] == 0
    begun = table(server, new["id"], second["token"])
    assert begun["status"] == "running"
    # asking again from the old link gives a new link to the same seat; the old one ends
    again = server.post(f"/api/games/{made['id']}/rematch", json={}, headers=auth(ann)).json()
    assert again["id"] == new["id"] and again["seat"] == 2
    assert server.get(f"/api/games/{new['id']}", headers=auth(new["token"])).status_code == 403
    assert table(server, new["id"], again["token"])["seat"] == 2
    # the old table's host link opens the new table as its host
    host_view = server.get(f"/api/games/{new['id']}", headers=auth(made["host_token"]))
    assert host_view.status_code == 200 and host_view.json()["seat"] is None


def test_a_table_of_people_only_gets_its_rematch_and_kept_seats_say_so(make):
    server = make(DEFAULTS)
    made = server.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "human"], "mode": "turn"}
    ).json()
    tokens = [s["token"] for s in made["seats"]]
    mine = server.post(
        "/api/games/mine", json={"games": [{"id": made["id"], "token": tokens[0]}]}
    ).json()
    mover = table(server, made["id"], tokens[0])["to_move"]
    assert mine[0]["your_turn"] is (mover == 0)  # right from the start, before any move
    for seat, token in enumerate(tokens):
        server.post(
            f"/api/games/{made['id']}/seats/{seat}/bot",
            json={"agent": "random"},
            headers=auth(token),
        )
    wait_until(lambda: table(server, made["id"], tokens[0])["over"], timeout=60)
    first = server.post(f"/api/games/{made['id']}/rematch", json={}, headers=auth(tokens[0]))
    assert first.status_code == 200, first.text
    fresh = table(server, first.json()["id"], first.json()["token"])
    assert fresh["status"] == "open"
    other = fresh["seats"][0]  # the second player's kept seat
    assert other["kept"] and not other["open"]
    assert server.get("/api/clocks").json()["turn"]["default"] == "normal"
