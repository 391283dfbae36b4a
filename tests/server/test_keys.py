"""Player keys: a player's seats carried to another device, mailed to a verified address, and a
lost key replaced from it (the old key and its seat links stop working)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from contraband.server.app import create_app
from contraband.server.mailer import MailSettings
from tests.server.conftest import auth
from tests.server.test_mail import POLICY, PUBLIC, body, smtp_server


def test_a_key_carries_a_players_seats_to_another_device_and_is_replaced_from_its_address(
    db_url,
):
    controller, inbox = smtp_server()
    settings = MailSettings(
        "127.0.0.1", controller.port, "plain", None, None, "games@example.org", PUBLIC, 1.0
    )
    app = create_app(db_url, bot_threads=1, bot_pace=30, policy=POLICY, mail=settings)
    try:
        with TestClient(app) as client:
            app.state.sweeper.stop()
            app.state.mailer.stop()
            _carry_and_replace(client, app, inbox)
    finally:
        controller.stop()


def _carry_and_replace(client, app, inbox):
    made = client.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "human"], "mode": "turn"}
    ).json()
    other = client.post(
        "/api/games", json={"game": "narcos", "seats": ["human", "random"], "mode": "turn"}
    ).json()
    mine = [(made["id"], made["seats"][0]["token"]), (other["id"], other["seats"][0]["token"])]
    created = client.post("/api/keys")
    assert created.status_code == 201
    key = created.json()["key"]
    assert created.json()["link"] == f"/me#key={key}"
    held = [{"id": g, "token": t} for g, t in mine]
    host_only = {"id": made["id"], "token": made["host_token"]}  # not a seat: passed over
    kept = client.post("/api/keys/keep", json={"key": key, "games": [*held, host_only]})
    assert kept.json() == {"kept": 2}
    # another device: the key alone brings both seats back, with their links
    found = client.post("/api/keys/games", json={"key": key}).json()
    assert {(g["id"], g["seat"], g["token"]) for g in found} == {(g, 0, t) for g, t in mine}
    assert all(g["link"] == f"/table/{g['id']}#token={g['token']}" for g in found)
    unknown = client.post("/api/keys/games", json={"key": "x" * 43})
    assert unknown.status_code == 403
    # an address for the key, verified, then the key mailed to it
    asked = client.post(
        "/api/keys/email", json={"key": key, "address": "ann@example.org", "lang": "nl"}
    )
    assert asked.status_code == 202
    assert client.post("/api/keys/send", json={"key": key}).status_code == 409  # not verified
    app.state.mailer.send_due()
    verify = re.search(rf"{PUBLIC}(/mail/key/\S+)", body(inbox.to("ann@example.org")[-1]))
    assert client.get(verify.group(1)).status_code == 200
    assert client.post("/api/keys/send", json={"key": key}).status_code == 202
    app.state.mailer.send_due()
    assert f"{PUBLIC}/me#key={key}" in body(inbox.to("ann@example.org")[-1])
    # lost: the answer never tells whether an address is known
    for address in ("ann@example.org", "nobody@example.org"):
        answer = client.post("/api/keys/replace", json={"address": address})
        assert answer.status_code == 202
    app.state.mailer.send_due()
    assert inbox.to("nobody@example.org") == []
    replace = re.search(rf"{PUBLIC}(/mail/replace/\S+)", body(inbox.to("ann@example.org")[-1]))
    assert "Make a new key" in client.get(replace.group(1)).text
    done = client.post(replace.group(1))
    new_key = re.search(r"/me#key=([A-Za-z0-9_-]+)", done.text).group(1)
    assert client.post("/api/keys/games", json={"key": key}).status_code == 403
    again = client.post("/api/keys/games", json={"key": new_key}).json()
    assert {(g["id"], g["seat"]) for g in again} == {(g, 0) for g, _ in mine}
    for game_id, old_token in mine:  # the old seat links stop working
        assert client.get(f"/api/games/{game_id}", headers=auth(old_token)).status_code == 403
    for entry in again:
        assert (
            client.get(f"/api/games/{entry['id']}", headers=auth(entry["token"])).json()["seat"]
            == 0
        )
    assert client.post(replace.group(1)).status_code == 404  # the link works once


def test_a_seat_given_to_another_person_is_not_taken_back_by_a_replaced_key(make):
    server = make()
    made = server.post("/api/games", json={"game": "tony-tino", "seats": ["human", "random"]})
    made = made.json()
    key = server.post("/api/keys").json()["key"]
    server.post(
        "/api/keys/keep",
        json={"key": key, "games": [{"id": made["id"], "token": made["seats"][0]["token"]}]},
    )
    own = server.post(
        f"/api/games/{made['id']}/seats/0/bot",
        json={"agent": "random"},
        headers=auth(made["seats"][0]["token"]),
    )
    assert own.status_code == 200
    handed = server.post(
        f"/api/games/{made['id']}/seats/0/human", headers=auth(made["host_token"])
    ).json()
    assert server.post("/api/keys/games", json={"key": key}).json() == []
    from contraband.server import keys

    with server.app_state.tables.store.engine.begin() as db:
        db.execute(
            keys.player_keys.update()
            .where(keys.player_keys.c.key_hash == keys.tokens.token_hash(key))
            .values(replace_hash=keys.tokens.token_hash("r" * 43), replace_until=4e9)
        )
    keys.replace_key(server.app_state.tables, "r" * 43)
    mine = server.get(f"/api/games/{made['id']}", headers=auth(handed["token"]))
    assert mine.status_code == 200 and mine.json()["seat"] == 0  # still the new person's


def test_a_key_holds_each_seat_of_a_game_says_its_address_state_and_forgets_a_game(make):
    server = make()
    made = server.post("/api/games", json={"game": "tony-tino", "seats": ["human", "human"]})
    made = made.json()
    key = server.post("/api/keys").json()["key"]
    both = [{"id": made["id"], "token": s["token"]} for s in made["seats"]]
    assert server.post("/api/keys/keep", json={"key": key, "games": both}).json() == {"kept": 2}
    found = server.post("/api/keys/games", json={"key": key}).json()
    assert sorted((g["seat"], g["token"]) for g in found) == sorted(
        (s["seat"], s["token"]) for s in made["seats"]
    )
    status = server.post("/api/keys/status", json={"key": key}).json()
    assert status == {"address": None, "verified": False, "mail": False}
    assert server.get("/api/server").json()["mail"] is False
    gone = server.post("/api/keys/forget", json={"key": key, "id": made["id"]})
    assert gone.json() == {"forgotten": 2}
    assert server.post("/api/keys/games", json={"key": key}).json() == []
    seat = server.get(f"/api/games/{made['id']}", headers=auth(made["seats"][0]["token"]))
    assert seat.status_code == 200
