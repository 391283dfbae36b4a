"""Turn-based tables over simulated days: the game clock charged and credited per decision, a
timeout, a hand-off by another player, the owner taking the seat back, an abandoned table.

The server's clock is injected (``create_app(now=...)``): no test sleeps for real time.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from fastapi.testclient import TestClient

from contraband.server.app import create_app
from contraband.server.clock import DAY, HOUR
from contraband.server.timeouts import sweep
from tests.server.conftest import TEST_POLICY, auth, migrate_to, wait_until

POLICY = replace(TEST_POLICY, abandon_timeout=3 * DAY, trusted_seeds=False)


class Clock:
    """The server's time, moved by the test."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def days(db_url):
    clock = Clock()
    app = create_app(db_url, bot_threads=1, bot_pace=0, policy=POLICY, now=clock)
    with TestClient(app) as client:
        client.clock, client.app_state = clock, app.state
        yield client


def table(client, made, token=None):
    answer = client.get(f"/api/games/{made['id']}", headers=auth(token or made["host_token"]))
    assert answer.status_code == 200, answer.text
    return answer.json()


def play(client, made, seat):
    """The first legal decision of ``seat`` (on move); the table after it."""
    token = made["seats"][seat]["token"]
    mine = table(client, made, token)
    assert mine["to_move"] == seat and mine["legal"], mine["to_move"]
    answer = client.post(
        f"/api/games/{made['id']}/actions",
        json={"label": mine["legal"][0]["label"], "version": mine["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 200, answer.text
    return answer.json()


def new_turn_based(client, seats, clock="fast", game="counterfeiters", **extra):
    body = {"game": game, "seats": seats, "mode": "turn", "clock": clock, **extra}
    answer = client.post("/api/games", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def test_the_clock_runs_only_for_the_human_on_move_and_is_credited(days):
    made = new_turn_based(days, ["human"] * 3)
    assert made["mode"] == "turn" and made["clock"] == {"bank": DAY, "credit": 4 * HOUR}
    start = table(days, made)
    mover = start["to_move"]
    assert start["mode"] == "turn" and start["status"] == "running"
    for info in start["seats"]:
        assert info["clock"] == {
            "left": DAY,
            "running": info["seat"] == mover,
            "out_of_time": False,
        }
    days.clock.advance(10 * HOUR)
    waiting = table(days, made)["seats"]
    assert waiting[mover]["clock"]["left"] == pytest.approx(14 * HOUR)
    assert all(s["clock"]["left"] == DAY for s in waiting if s["seat"] != mover)
    after = play(days, made, mover)
    charged = after["seats"][mover]["clock"]
    assert charged["left"] == pytest.approx(18 * HOUR)  # 24 - 10 + 4
    following = after["to_move"]
    assert after["seats"][following]["clock"]["running"]
    if following != mover:
        assert not charged["running"]
    # a fast player never saves up more than the starting bank
    before = after["seats"][following]["clock"]["left"]
    days.clock.advance(1 * HOUR)
    again = play(days, made, following)
    assert again["seats"][following]["clock"]["left"] == pytest.approx(
        min(DAY, before - HOUR + 4 * HOUR)
    )


def test_a_timeout_a_hand_off_by_another_player_and_the_owner_taking_it_back(days):
    made = new_turn_based(days, ["human"] * 3)
    mover = table(days, made)["to_move"]
    other = (mover + 1) % 3
    url = f"/api/games/{made['id']}/seats/{mover}/bot"
    early = days.post(url, json={"agent": "random"}, headers=auth(made["seats"][other]["token"]))
    assert early.status_code == 409 and "run out of time" in early.json()["error"]
    days.clock.advance(DAY + 1)
    assert sweep(days.app_state.tables) == [made["id"]]
    late = table(days, made)["seats"][mover]
    assert late["clock"] == {"left": 0.0, "running": True, "out_of_time": True}
    assert late["gone"]
    assert sweep(days.app_state.tables) == []  # marked once
    handed = days.post(url, json={"agent": "random"}, headers=auth(made["seats"][other]["token"]))
    assert handed.status_code == 200, handed.text
    seat_info = handed.json()["seats"][mover]
    assert seat_info["bot"] == "random" and not seat_info["clock"]["running"]
    wait_until(lambda: table(days, made)["to_move"] != mover)  # the bot played the seat
    back = days.post(
        f"/api/games/{made['id']}/seats/{mover}/back",
        headers=auth(made["seats"][mover]["token"]),
    )
    assert back.status_code == 200, back.text
    mine = back.json()["seats"][mover]
    assert mine["bot"] is None and not mine["clock"]["out_of_time"]
    assert mine["clock"]["left"] == pytest.approx(4 * HOUR)  # a decision's credit to go on with
    stranger = days.post(
        f"/api/games/{made['id']}/seats/{other}/back", headers=auth(made["seats"][mover]["token"])
    )
    assert stranger.status_code == 403


def test_a_stalled_table_ends_as_abandoned(days):
    made = new_turn_based(days, ["human", "random", "random"])
    mover = table(days, made)["to_move"]
    assert mover == 0 or wait_until(lambda: table(days, made)["to_move"] == 0)
    days.clock.advance(DAY + 1)
    sweep(days.app_state.tables)
    assert table(days, made)["seats"][0]["clock"]["out_of_time"]
    days.clock.advance(2 * DAY)
    assert sweep(days.app_state.tables) == []  # not yet three days out of time
    days.clock.advance(1 * DAY)
    assert sweep(days.app_state.tables) == [made["id"]]
    ended = table(days, made, made["seats"][0]["token"])
    assert ended["status"] == "abandoned" and ended["over"] and ended["legal"] == []
    refused = days.post(
        f"/api/games/{made['id']}/actions",
        json={"label": "anything", "version": ended["version"]},
        headers=auth(made["seats"][0]["token"]),
    )
    assert refused.status_code == 409 and "ended" in refused.json()["error"]


def test_without_a_clock_nothing_runs_out_and_absence_does_not_count(days):
    made = new_turn_based(days, ["human", "human"], clock="none", game="tony-tino")
    assert made["clock"] is None
    days.clock.advance(60 * DAY)
    assert sweep(days.app_state.tables) == []
    start = table(days, made)
    assert all(s["clock"] is None and not s["gone"] for s in start["seats"])
    mover = start["to_move"]
    handed = days.post(
        f"/api/games/{made['id']}/seats/{mover}/bot",
        json={"agent": "random"},
        headers=auth(made["host_token"]),
    )
    assert handed.status_code == 409


def test_live_tables_may_have_a_clock_in_minutes(days):
    made = new_turn_based(days, ["human", "random"], clock="blitz", game="tony-tino", mode="live")
    assert made["mode"] == "live" and made["clock"]["bank"] == 300
    bad = days.post("/api/games", json={"game": "tony-tino", "mode": "turn", "clock": "blitz"})
    assert bad.status_code == 422 and "fast, normal, slow, none" in bad.json()["error"]


def test_names_are_bounded_trimmed_unique_and_preset_by_the_host(days):
    made = new_turn_based(
        days, ["human", "human", "random"], names=["  Ann  ", None, "ignored for a bot"]
    )
    seats = table(days, made)["seats"]
    assert [s["name"] for s in seats] == ["Ann", None, None]
    url = f"/api/games/{made['id']}/name"
    second = auth(made["seats"][1]["token"])
    taken = days.post(url, json={"name": "ann"}, headers=second)
    assert taken.status_code == 422 and "taken" in taken.json()["error"]
    for bad in ("", "   ", "x" * 25, "\u202egnp.exe", "zero\u200bwidth", "bell\x07"):
        answer = days.post(url, json={"name": bad}, headers=second)
        assert answer.status_code == 422, bad
    spaced = days.post(url, json={"name": "tab\there\nnow"}, headers=second)
    assert spaced.json()["seats"][1]["name"] == "tab here now"  # white space made one space
    named = days.post(url, json={"name": "  <b>Bo</b>   Li "}, headers=second)
    assert named.status_code == 200
    assert named.json()["seats"][1]["name"] == "<b>Bo</b> Li"  # kept as text, shown as text
    assert days.post(url, json={"name": "Cy"}, headers=auth(made["host_token"])).status_code == 403
    twice = days.post(
        "/api/games",
        json={"game": "tony-tino", "seats": ["human", "human"], "names": ["Al", "AL"]},
    )
    assert twice.status_code == 422


def test_migration_0004_keeps_older_games_live_without_a_clock(db_url):
    """From revision 0002 (before the coach), with a game that has seats: SQLite's batch
    migrations rebuild the games table that seats refer to, which must not break them."""
    from sqlalchemy import text

    from contraband.server.migrations import upgrade
    from contraband.server.store import connect

    engine = connect(db_url)
    migrate_to(engine, "0002")
    with engine.begin() as db:
        db.execute(
            text(
                "INSERT INTO games (id, game, players, options, seed, version, status, bot_turn,"
                " host_hash, public, seed_chosen, created, updated) VALUES ('old',"
                " 'tony-tino', 2, '{}', 1, 0, 'running', false, 'x', false, false, 0, 0)"
            )
        )
        db.execute(
            text(
                "INSERT INTO seats (game_id, seat, agent, token_hash, autoplay) VALUES"
                " ('old', 0, NULL, 'a', false), ('old', 1, 'random', NULL, false)"
            )
        )
    upgrade(engine)
    with engine.connect() as db:
        row = db.execute(text("SELECT mode, clock_bank FROM games WHERE id = 'old'")).one()
        assert tuple(row) == ("live", None)
        names = db.execute(text("SELECT name, bank FROM seats WHERE game_id = 'old'")).all()
        assert [tuple(n) for n in names] == [(None, None), (None, None)]
    engine.dispose()
