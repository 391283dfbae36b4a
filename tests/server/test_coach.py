"""The coach at the web table: the hints option, hints, and stored post-game reviews."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

import contraband
from contraband.agents import coach
from contraband.core.random import derive_seed
from contraband.server.app import create_app
from tests.server.conftest import TEST_POLICY, auth, create, migrate_to, wait_until

#: small searches, so that a whole game's review takes moments
POLICY = replace(TEST_POLICY, bot_iterations=24)


@pytest.fixture
def client(db_url):
    app = create_app(db_url, bot_threads=1, bot_pace=0, policy=POLICY)
    with TestClient(app) as client:
        client.db_url, client.app_state = db_url, app.state
        yield client


def table(client, made, token=None):
    answer = client.get(f"/api/games/{made['id']}", headers=auth(token or made["host_token"]))
    assert answer.status_code == 200, answer.text
    return answer.json()


@pytest.mark.parametrize(
    ("game", "seats", "chosen", "expected"),
    [
        ("tony-tino", ["human", "random"], None, True),  # one human: on by default
        ("al-cabohne", ["human"], None, True),  # solo
        ("tony-tino", ["random", "random"], None, True),
        ("tony-tino", ["human", "human"], None, False),  # two humans: off by default
        ("nacho-incident", ["human", "human", "greedy"], None, False),
        ("tony-tino", ["human", "random"], False, False),
    ],
)
def test_hints_option_is_chosen_at_creation_and_shown_to_everyone(
    client, game, seats, chosen, expected
):
    extra = {} if chosen is None else {"hints": chosen}
    made = create(client, game, seats, **extra)
    assert made["hints"] is expected
    assert table(client, made)["hints"] is expected
    assert table(client, made, made["spectator_token"])["hints"] is expected
    listed = client.get("/api/games", params={"ids": made["id"]}).json()
    assert [summary["hints"] for summary in listed] == [expected]


def test_a_hints_option_must_be_a_boolean(client):
    answer = client.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "random"], "hints": "yes"}
    )
    assert answer.status_code == 422
    assert "hints" in answer.json()["error"]


def test_hints_are_refused_where_the_table_disallows_them(client):
    made = create(client, "tony-tino", ["human", "human"], seed=3)
    seat = table(client, made)["to_move"]
    answer = client.post(
        f"/api/games/{made['id']}/hint",
        json={"version": 0},
        headers=auth(made["seats"][seat]["token"]),
    )
    assert answer.status_code == 403
    assert "hints are off" in answer.json()["error"]


def test_a_hint_is_the_seats_top_three_from_its_own_view(client):
    made = create(client, "counterfeiters", ["human", "random", "random"], seed=12)
    state = contraband.load("counterfeiters").new(3, seed=12)
    assert state.current_player == 0 and len(state.legal_actions()) > 1
    answer = client.post(
        f"/api/games/{made['id']}/hint",
        json={"version": 0},
        headers=auth(made["seats"][0]["token"]),
    )
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    assert set(hint) == {"seat", "version", "choices", "clear", "method", "iterations"}
    assert hint["seat"] == 0 and hint["version"] == 0
    assert 1 <= len(hint["choices"]) <= 3
    legal = {action.label for action in state.legal_actions()}
    for choice in hint["choices"]:
        assert set(choice) == {"label", "text", "win", "visits", "verdict"}
        assert choice["label"] in legal and 0.0 <= choice["win"] <= 1.0
        assert choice["text"] == state.action_info(choice["label"])
    # the same search on a guess at the other seats' hidden cards gives the same hint
    guess = state.determinize(0, 99)
    expected = coach.hint(
        guess, 0, iterations=POLICY.bot_iterations, seed=derive_seed(12, "hint", 0, 0)
    )
    assert hint["choices"] == expected["choices"]


def test_hints_between_two_humans_are_refused_at_creation(client):
    answer = client.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "human"], "hints": True}
    )
    assert answer.status_code == 422
    assert "at most one human" in answer.json()["error"]


def test_a_hint_needs_the_seats_own_decision_at_the_current_version(db_url):
    # a bot that waits a minute a move: the human's turn comes only once the bot has moved
    app = create_app(db_url, bot_threads=1, bot_pace=60, policy=POLICY)
    with TestClient(app) as client:
        made = create(client, "tony-tino", ["human", "random"], options={"first_player": "seat 1"})
        assert table(client, made)["to_move"] == 1
        url, token = f"/api/games/{made['id']}/hint", made["seats"][0]["token"]
        waiting = client.post(url, json={"version": 0}, headers=auth(token))
        assert waiting.status_code == 409
        assert "not your turn" in waiting.json()["error"]
        stale = client.post(url, json={"version": 7}, headers=auth(token))
        assert stale.status_code == 409 and stale.json()["version"] == 0
        for other in (made["host_token"], made["spectator_token"]):
            assert client.post(url, json={"version": 0}, headers=auth(other)).status_code == 403
        bad = client.post(url, json={"version": "0"}, headers=auth(token))
        assert bad.status_code == 422


def test_one_hint_at_a_time_per_game(client, monkeypatch):
    entered, release = threading.Event(), threading.Event()
    real = coach.hint

    def slow_hint(*args, **kwargs):
        entered.set()
        release.wait(timeout=30)
        return real(*args, **kwargs)

    monkeypatch.setattr(coach, "hint", slow_hint)
    # the hints' own processes would not see this test's slow hint: threads of this one do
    client.app_state.hint_pool = ThreadPoolExecutor(2)
    made = create(client, "tony-tino", ["human", "random"], seed=4)
    mover = table(client, made)["to_move"]
    if mover != 0:
        pytest.skip("the bot moves first in this deal")
    url, headers = f"/api/games/{made['id']}/hint", auth(made["seats"][0]["token"])
    answers = []
    first = threading.Thread(
        target=lambda: answers.append(client.post(url, json={"version": 0}, headers=headers))
    )
    first.start()
    assert entered.wait(timeout=30)
    second = client.post(url, json={"version": 0}, headers=headers)
    release.set()
    first.join(timeout=30)
    assert second.status_code == 429
    assert answers[0].status_code == 200


def finished_game(client, game="tony-tino"):
    """A game whose human seat 0 handed itself to a bot, played to its end."""
    made = create(client, game, ["human", "random"])
    token = made["seats"][0]["token"]
    assert (
        client.post(
            f"/api/games/{made['id']}/review", headers=auth(token)
        ).status_code  # not over yet
        == 409
    )
    handed = client.post(
        f"/api/games/{made['id']}/seats/0/bot", json={"agent": "random"}, headers=auth(token)
    )
    assert handed.status_code == 200, handed.text
    wait_until(lambda: table(client, made)["over"], timeout=60)
    return made, token


def test_a_review_runs_in_the_background_and_is_stored(client):
    made, token = finished_game(client)
    url = f"/api/games/{made['id']}/review"
    assert client.get(url, headers=auth(token)).json() == {
        "status": "none",
        "progress": 0.0,
        "review": None,
    }
    started = client.post(url, headers=auth(token))
    assert started.status_code in (200, 202)
    assert started.json()["status"] in ("queued", "running", "done")
    seen = []

    def done():
        status = client.get(url, headers=auth(token)).json()
        seen.append(status)
        return status["status"] == "done"

    wait_until(done, timeout=120)
    assert all(0.0 <= s["progress"] <= 1.0 for s in seen)
    assert [s["progress"] for s in seen] == sorted(s["progress"] for s in seen)
    review = seen[-1]["review"]
    assert seen[-1]["progress"] == 1.0
    record = client.get(f"/api/games/{made['id']}/record", headers=auth(token)).json()
    found = coach.decisions(record, 0)
    assert review["seat"] == 0 and review["decisions"] == len(found)
    assert [p["index"] for p in review["points"]] == [index for index, _, _ in found]
    assert len(review["costliest"]) <= 3
    # the host may read it too; another seat's token or a spectator may not
    assert (
        client.get(url, params={"seat": 0}, headers=auth(made["host_token"])).json() == (seen[-1])
    )
    assert client.get(url, headers=auth(made["spectator_token"])).status_code == 403
    assert client.get(url, params={"seat": 1}, headers=auth(token)).status_code == 403
    # asking again does not start it again, and it survives a restart of the server
    assert client.post(url, headers=auth(token)).json() == seen[-1]
    again = create_app(client.db_url, bot_threads=1, bot_pace=0, policy=POLICY)
    with TestClient(again) as other:
        assert other.get(url, headers=auth(token)).json() == seen[-1]


def test_migration_0003_adds_hints_off_for_older_games_and_the_reviews_table(db_url):
    from sqlalchemy import inspect, text

    from contraband.server.migrations import upgrade
    from contraband.server.store import connect

    engine = connect(db_url)
    migrate_to(engine, "0002")
    with engine.begin() as db:
        db.execute(
            text(
                "INSERT INTO games (id, game, players, options, seed, version, status, bot_turn,"
                " host_hash, public, seed_chosen, created, updated) VALUES ('old', 'tony-tino',"
                " 2, '{}', 1, 0, 'running', false, 'x', false, false, 0, 0)"
            )
        )
    assert "reviews" not in inspect(engine).get_table_names()
    upgrade(engine)
    assert "reviews" in inspect(engine).get_table_names()
    with engine.connect() as db:
        assert db.execute(text("SELECT hints FROM games WHERE id = 'old'")).scalar() in (False, 0)
    engine.dispose()
