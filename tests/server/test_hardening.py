"""The second hardening round (issue 42): each case an attack that worked before it.

A chosen seed reaching a second person, a revoked link that kept streaming, reviews starved by
another address, a rules page rebuilt on every request, spectators locking the players out,
hints between people, lax numbers in paths, a 405 without ``Allow``.
"""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import contraband
from contraband.games import rules_book
from contraband.server import coach_routes
from contraband.server.policy import Policy
from tests.server.conftest import auth, new, wait_until

#: the server's own defaults (no trusted seeds), many games from one address
DEFAULTS = Policy(create_burst=10_000)


@pytest.mark.parametrize(("game", "seats"), [("tony-tino", 2), ("counterfeiters", 3)])
def test_a_chosen_seed_never_reaches_a_second_person(make, game, seats):
    server = make(DEFAULTS)
    made = new(server, game=game, seats=["human"] + ["random"] * (seats - 1), seed=424242)
    assert made["seed_chosen"]
    handed = server.post(f"/api/games/{made['id']}/seats/1/human", headers=auth(made["host_token"]))
    assert handed.status_code == 409
    assert "seed" in handed.json()["error"] and "new game" in handed.json()["error"]
    table = server.get(f"/api/games/{made['id']}", headers=auth(made["host_token"])).json()
    assert table["seats"][1]["bot"] == "random"  # nothing changed
    # the same table dealt by the server may get its person
    dealt = new(server, game=game, seats=["human"] + ["random"] * (seats - 1))
    handed = server.post(
        f"/api/games/{dealt['id']}/seats/1/human", headers=auth(dealt["host_token"])
    )
    assert handed.status_code == 200, handed.text


def test_a_replaced_seat_token_closes_its_open_connection(make):
    server = make(DEFAULTS, bot_pace=30)  # the bot waits: nothing else moves meanwhile
    made = new(server, seats=["human", "human"])
    old = made["seats"][1]["token"]
    url = f"/api/games/{made['id']}/live?token={old}"
    with pytest.raises(WebSocketDisconnect) as closed:  # noqa: SIM117
        with server.websocket_connect(url) as live:
            assert live.receive_json()["seat"] == 1
            own = server.post(
                f"/api/games/{made['id']}/seats/1/bot", json={"agent": "random"}, headers=auth(old)
            )
            assert own.status_code == 200, own.text
            assert live.receive_json()["seats"][1]["bot"] == "random"  # still its own seat
            again = server.post(
                f"/api/games/{made['id']}/seats/1/human", headers=auth(made["host_token"])
            )
            assert again.status_code == 200
            while True:  # the next thing it hears is the close: no update of the new player
                message = live.receive_json()
                pytest.fail(f"the old link still received {message['type']}")
    assert closed.value.code == 4403
    assert server.get(f"/api/games/{made['id']}", headers=auth(old)).status_code == 403
    reopened = server.websocket_connect(url)
    with pytest.raises(WebSocketDisconnect) as refused, reopened as live:
        live.receive_json()
    assert refused.value.code == 4403


def test_players_are_never_locked_out_by_spectators(make):
    policy = replace(DEFAULTS, sockets_per_address=3, sockets_per_game=6, spectators_per_game=4)
    server = make(policy)
    made = new(server, public=True)
    watch = f"/api/games/{made['id']}/live"
    seat = f"{watch}?token={made['seats'][0]['token']}"
    with contextlib.ExitStack() as stack:
        for _ in range(3):  # this address's spectator allowance
            stack.enter_context(server.websocket_connect(watch)).receive_json()
        with pytest.raises(WebSocketDisconnect) as refused:  # noqa: SIM117
            with server.websocket_connect(watch) as more:
                more.receive_json()
        assert refused.value.code == 4429
        other = TestClient(server.app, client=("192.0.2.9", 5000))
        stack.enter_context(other.websocket_connect(watch)).receive_json()  # the 4th: the cap
        with pytest.raises(WebSocketDisconnect) as full:  # noqa: SIM117
            with other.websocket_connect(watch) as more:
                more.receive_json()
        assert full.value.code == 4429
        for _ in range(2):  # the player, from the spectators' own address, still gets in
            live = stack.enter_context(server.websocket_connect(seat))
            assert live.receive_json()["seat"] == 0


def test_hints_switch_off_for_good_when_a_second_human_arrives(make):
    server = make(DEFAULTS)
    made = new(server, seats=["human", "random"])
    assert made["hints"] is True
    host = auth(made["host_token"])
    handed = server.post(f"/api/games/{made['id']}/seats/1/human", headers=host)
    assert handed.status_code == 200
    table = server.get(f"/api/games/{made['id']}", headers=host).json()
    assert table["hints"] is False
    mine = server.post(  # the new player leaves again: one human, but the hints stay off
        f"/api/games/{made['id']}/seats/1/bot",
        json={"agent": "random"},
        headers=auth(handed.json()["token"]),
    )
    assert mine.status_code == 200
    assert server.get(f"/api/games/{made['id']}", headers=host).json()["hints"] is False
    listed = server.post(
        "/api/games/mine", json={"games": [{"id": made["id"], "token": made["host_token"]}]}
    ).json()
    assert listed[0]["hints"] is False


@pytest.mark.parametrize("seat", ["1.0", "+1", "01e0", "\u0661", " 1", "1 "])
def test_numbers_in_paths_and_queries_are_plain_digits(make, seat):
    server = make(DEFAULTS)
    made = new(server, seats=["human", "random"])
    answer = server.post(
        f"/api/games/{made['id']}/seats/{seat}/bot",
        json={"agent": "random"},
        headers=auth(made["host_token"]),
    )
    assert answer.status_code in (404, 422), answer.text
    assert "digits" in answer.json()["error"] or answer.status_code == 404
    logs = server.get(
        f"/api/games/{made['id']}/log", params={"since": seat}, headers=auth(made["host_token"])
    )
    assert logs.status_code == 422


def test_a_wrong_method_is_answered_with_every_allowed_one(make):
    server = make(DEFAULTS)
    answer = server.put("/api/games")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, POST"
    assert server.delete("/api/registry").headers["allow"] == "GET"


def test_the_static_answers_are_built_once_and_revalidated(make, monkeypatch):
    built = []
    real = rules_book.load_page

    def counted(game, lang):
        built.append((game, lang))
        return real(game, lang)

    monkeypatch.setattr(rules_book, "load_page", counted)
    server = make(DEFAULTS)
    first = server.get("/api/registry/narcos/rules", params={"lang": "nl"})
    assert first.status_code == 200 and first.json()["lang"] in ("nl", "en")
    etag = first.headers["etag"]
    assert "max-age" in first.headers["cache-control"]
    for _ in range(20):
        again = server.get("/api/registry/narcos/rules", params={"lang": "nl"})
        assert again.content == first.content and again.headers["etag"] == etag
    assert built == [("narcos", "nl")]
    fresh = server.get("/api/registry/narcos/rules?lang=nl", headers={"if-none-match": etag})
    assert fresh.status_code == 304 and fresh.content == b""
    for path in ("/api/registry", "/api/ratings", "/api/bots", "/api/registry/narcos/tutorial"):
        answer = server.get(path)
        assert answer.status_code == 200 and answer.headers["etag"]
        assert (
            server.get(path, headers={"if-none-match": answer.headers["etag"]}).status_code == 304
        )
    assert server.get("/api/registry/nope/rules").status_code == 404
    assert server.get("/api/registry/" + "x" * 65 + "/rules").status_code == 422


def finished(server, address_client, game="tony-tino"):
    """A game created from ``address_client``'s address, its human handed to a bot and played
    to the end; its id and the seat token."""
    made = address_client.post(
        "/api/games", json={"game": game, "seats": ["human", "random"]}
    ).json()
    token = made["seats"][0]["token"]
    address_client.post(
        f"/api/games/{made['id']}/seats/0/bot", json={"agent": "random"}, headers=auth(token)
    )
    wait_until(
        lambda: server.get(f"/api/games/{made['id']}", headers=auth(token)).json()["over"],
        timeout=60,
    )
    return made["id"], token


def test_reviews_are_bounded_and_another_address_goes_next(make, monkeypatch):
    gate = {"open": False}
    started = []  # the seeds of the games whose reviews began, in order
    real = coach_routes.coach.review

    def held(record, seat, **options):  # the first review waits until the test lets it go
        started.append(record["seed"])
        wait_until(lambda: gate["open"], timeout=60)
        return real(record, seat, **options)

    monkeypatch.setattr(coach_routes.coach, "review", held)
    policy = replace(DEFAULTS, bot_iterations=8, bot_seconds=0.05)
    server = make(policy)
    attacker = TestClient(server.app, client=("198.51.100.7", 4000))
    victim = TestClient(server.app, client=("203.0.113.5", 4000))
    games = [finished(server, attacker) for _ in range(4)]
    mine = finished(server, victim)
    asked = [
        attacker.post(f"/api/games/{game_id}/review", headers=auth(token))
        for game_id, token in games
    ]
    assert [a.status_code for a in asked] == [202, 202, 429, 429]
    assert "at most 2 reviews" in asked[2].json()["error"]
    wait_until(lambda: server.app.state.coach.running is not None)
    waiting = victim.post(f"/api/games/{mine[0]}/review", headers=auth(mine[1])).json()
    assert waiting["status"] == "queued" and waiting["ahead"] == 1  # only the running one
    second = attacker.get(f"/api/games/{games[1][0]}/review", headers=auth(games[1][1])).json()
    assert second["status"] == "queued" and second["ahead"] == 2
    gate["open"] = True

    def status(game):
        return server.get(f"/api/games/{game[0]}/review", headers=auth(game[1])).json()

    wait_until(lambda: status(mine)["status"] == "done", timeout=120)
    wait_until(lambda: status(games[1])["status"] == "done", timeout=120)

    def seed(game):
        return server.get(f"/api/games/{game[0]}/record", headers=auth(game[1])).json()["seed"]

    assert started == [seed(games[0]), seed(mine), seed(games[1])]  # the victim's went second


def test_a_review_of_a_seat_is_queued_once(make):
    server = make(replace(DEFAULTS, bot_iterations=8, bot_seconds=0.05))
    game_id, token = finished(server, server)
    answers = [server.post(f"/api/games/{game_id}/review", headers=auth(token)) for _ in range(5)]
    assert all(a.status_code in (200, 202) for a in answers)
    wait_until(
        lambda: (
            server.get(f"/api/games/{game_id}/review", headers=auth(token)).json()["status"]
            == "done"
        ),
        timeout=60,
    )


def test_the_seed_check_holds_for_every_game(make):
    """Every game with hidden cards: a seat-1 view derived from a known seed is exactly what a
    person handed the seat would see, so the hand-back must be refused in all of them."""
    server = make(DEFAULTS)
    for info in contraband.games():
        if info.max_players < 2:
            continue
        seats = ["human"] + ["random"] * (info.min_players - 1 or 1)
        made = new(server, game=info.id, seats=seats, seed=7)
        answer = server.post(
            f"/api/games/{made['id']}/seats/1/human", headers=auth(made["host_token"])
        )
        assert answer.status_code == 409, (info.id, answer.text)
