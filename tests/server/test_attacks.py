"""The server against a hostile client: each attack of issue 32, as a client would try it.

These run against the server's own defaults (``Policy()``), not the test policy, unless a case
sets a limit of its own to reach it quickly.
"""

from __future__ import annotations

import threading
import time

import pytest

import contraband
from contraband.agents.ismcts import ISMCTSAgent
from contraband.server.policy import Policy, bot_agent
from tests.server.conftest import auth, new, wait_until

SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "no-referrer",
}


# -- seeds ------------------------------------------------------------------------------------
def test_a_client_cannot_choose_the_seed_of_a_game_between_people(make):
    server = make()
    answer = server.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "human"], "seed": 424242}
    )
    assert answer.status_code == 422 and answer.json()["error"].startswith("seed:")


def test_a_seed_chosen_against_bots_is_said_in_summary_table_and_record(make):
    server = make()
    made = new(server, seats=["human", "random"], seed=424242, public=True)
    assert made["seed_chosen"] is True
    token = made["seats"][0]["token"]
    table = server.get(f"/api/games/{made['id']}", headers=auth(token)).json()
    record = server.get(f"/api/games/{made['id']}/record", headers=auth(token)).json()
    listed = server.get("/api/games").json()
    assert table["seed_chosen"] and record["seed_chosen"]
    assert [g["seed_chosen"] for g in listed if g["id"] == made["id"]] == [True]


def test_the_server_draws_every_other_seed_itself(make):
    server = make()
    games = [new(server) for _ in range(4)]
    seeds = {server.app_state.tables.get(g["id"]).row.seed for g in games}
    assert len(seeds) == 4  # 63 random bits each: equal seeds would be a broken source
    assert not any(g["seed_chosen"] for g in games)


# -- bots -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("spec", "named"),
    [
        ("ismcts:seconds=inf", "finite"),
        ("ismcts:seconds=nan", "finite"),
        ("ismcts:seconds=1e999", "finite"),
        ("ismcts:seconds=60", "at most 3"),
        ("ismcts:iterations=1000000000", "at most 20000"),
        ("greedy:slip=nan", "finite"),
    ],
)
def test_agent_specs_are_bounded(make, spec, named):
    server = make()
    answer = server.post("/api/games", json={"game": "tony-tino", "seats": ["human", spec]})
    assert answer.status_code == 422, answer.text
    assert named in answer.json()["error"] and "seats.1" in answer.json()["error"]


def test_a_stored_spec_from_before_the_limits_is_played_within_them():
    policy = Policy(bot_seconds=0.5, bot_iterations=100)
    agent = bot_agent("ismcts:seconds=1e300,iterations=99999999", seed=1, policy=policy)
    assert isinstance(agent, ISMCTSAgent)
    assert agent.seconds == 0.5 and agent.iterations == 100 and agent.max_seconds == 0.5
    assert isinstance(bot_agent("ismcts:seconds=nan", 1, policy), ISMCTSAgent)  # unreadable


def test_the_search_stops_at_the_wall_clock_cap_whatever_its_budget(monkeypatch):
    import contraband.agents.ismcts as ismcts

    clock = iter(range(0, 10**6))  # each reading one second later
    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: float(next(clock)))
    agent = ISMCTSAgent(iterations=10**9, max_seconds=2.0, plan=False, early=False, seed=1)
    state = contraband.load("tony-tino").new(2, seed=3)
    agent.act(state, state.current_player)
    assert 0 < agent.last_iterations <= 3 * ismcts.CHECK_EVERY


def test_other_games_bots_keep_moving_while_one_thinks(make, monkeypatch):
    import contraband.server.bots as bots

    thinking, release = threading.Event(), threading.Event()
    think = bots.think

    def slow_in_narcos(record, seat, spec, policy=None, **given):
        if record["game"] == "narcos":  # stands for a bot that thinks up to the cap
            thinking.set()
            release.wait(30)
        return think(record, seat, spec, policy, **given)

    monkeypatch.setattr(bots, "think", slow_in_narcos)
    server = make(bot_threads=2)
    slow = new(server, game="narcos", seats=["random", "random"])
    assert thinking.wait(10)
    quick = new(server, seats=["random", "random"])
    tables = server.app_state.tables
    wait_until(lambda: tables.get(quick["id"]).version >= 5, timeout=30)
    assert tables.get(slow["id"]).version == 0
    release.set()
    wait_until(lambda: tables.get(slow["id"]).version >= 1, timeout=30)


# -- types --------------------------------------------------------------------------------------
@pytest.mark.parametrize("version", [False, True, "0", 0.0, None, [0]])
def test_a_version_must_be_an_integer(make, version):
    server = make()
    made = new(server)
    token = made["seats"][0]["token"]
    answer = server.post(
        f"/api/games/{made['id']}/actions",
        json={"label": "x", "version": version},
        headers=auth(token),
    )
    assert answer.status_code == 422 and "version" in answer.json()["error"]


@pytest.mark.parametrize("enabled", ["yes", 1, "true", None])
def test_autoplay_takes_true_or_false_only(make, enabled):
    server = make()
    made = new(server)
    token = made["seats"][0]["token"]
    answer = server.post(
        f"/api/games/{made['id']}/autoplay", json={"enabled": enabled}, headers=auth(token)
    )
    assert answer.status_code == 422 and "enabled" in answer.json()["error"]
    assert server.app_state.tables.get(made["id"]).row.seats[0]["autoplay"] is False


@pytest.mark.parametrize(("field", "value"), [("players", "2"), ("players", 2.0), ("public", 1)])
def test_creation_fields_are_not_coerced(make, field, value):
    server = make()
    answer = server.post(
        "/api/games", json={"game": "tony-tino", "seats": ["human", "human"], field: value}
    )
    assert answer.status_code == 422 and field in answer.json()["error"]


# -- privacy ------------------------------------------------------------------------------------
def test_a_game_is_private_unless_made_public(make):
    server = make()
    private, public = new(server), new(server, public=True)
    assert [g["id"] for g in server.get("/api/games").json()] == [public["id"]]
    ids = f"{private['id']},{public['id']}"
    assert [g["id"] for g in server.get("/api/games", params={"ids": ids}).json()] == [public["id"]]
    for path in ("", "/log", "/record", "/catalog"):
        refused = server.get(f"/api/games/{private['id']}{path}")
        assert refused.status_code == 403 and "private" in refused.json()["error"]
        assert server.get(f"/api/games/{public['id']}{path}").status_code == 200
    watching = server.get(f"/api/games/{private['id']}", headers=auth(private["spectator_token"]))
    assert watching.status_code == 200 and watching.json()["seat"] is None
    assert private["spectator_link"].endswith(f"#watch={private['spectator_token']}")


def test_my_games_are_found_by_their_tokens_only(make):
    server = make()
    mine, theirs = new(server), new(server)
    asked = [
        {"id": mine["id"], "token": mine["seats"][1]["token"]},
        {"id": theirs["id"], "token": "guessed"},
        {"id": theirs["id"], "token": mine["host_token"]},
    ]
    found = server.post("/api/games/mine", json={"games": asked}).json()
    assert [g["id"] for g in found] == [mine["id"]]


def test_a_finished_private_game_s_replay_needs_a_token(make):
    server = make(Policy(create_burst=5))
    made = new(server, seats=["random", "random"])
    tables = server.app_state.tables
    wait_until(lambda: tables.get(made["id"]).state.is_terminal(), timeout=60)
    url = f"/api/games/{made['id']}/replay"
    assert server.get(url).status_code == 403
    assert server.get(url, headers=auth(made["spectator_token"])).status_code == 200


def test_rest_takes_tokens_from_the_header_only(make):
    server = make()
    made = new(server)
    token = made["seats"][0]["token"]
    assert server.get(f"/api/games/{made['id']}", params={"token": token}).status_code == 403
    assert server.get(f"/api/games/{made['id']}", headers=auth(token)).json()["seat"] == 0


# -- limits and headers -------------------------------------------------------------------------
def test_games_created_per_address_are_limited(make):
    server = make(Policy(create_burst=3, create_every=600))
    for _ in range(3):
        new(server)
    refused = server.post("/api/games", json={"game": "tony-tino", "seats": ["human", "human"]})
    assert refused.status_code == 429 and "at most 3" in refused.json()["error"]


def test_a_redirect_never_echoes_a_foreign_host(make):
    server = make()
    answer = server.get("/api/games/", headers={"Host": "evil.example"}, follow_redirects=False)
    assert not 300 <= answer.status_code < 400
    assert "evil.example" not in answer.headers.get("location", "")


@pytest.mark.parametrize("path", ["/", "/table/x", "/api/registry", "/api/games/nope", "/docs"])
def test_security_headers_on_every_answer(make, path):
    server = make()
    answer = server.get(path)
    for name, value in SECURITY_HEADERS.items():
        assert answer.headers[name] == value, (path, name)
    policy = answer.headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_a_rate_limited_answer_has_the_headers_too(make):
    server = make(rate=0.001, burst=2)
    answers = [server.get("/api/registry") for _ in range(3)]
    assert answers[-1].status_code == 429
    assert answers[-1].headers["x-frame-options"] == "DENY"


# -- seats --------------------------------------------------------------------------------------
def test_the_host_may_take_a_seat_only_from_an_absent_player_and_give_it_back(make):
    server = make(Policy(abandon_after=1.0))
    made = new(server, public=True)
    game_id, host = made["id"], made["host_token"]
    seat_token = made["seats"][0]["token"]
    url = f"/api/games/{game_id}/seats/0"
    server.get(f"/api/games/{game_id}", headers=auth(seat_token))  # the player is here
    refused = server.post(f"{url}/bot", json={"agent": "random"}, headers=auth(host))
    assert refused.status_code == 409 and "away" in refused.json()["error"]
    time.sleep(1.2)
    table = server.get(f"/api/games/{game_id}").json()
    assert table["seats"][0]["gone"] is True
    handed = server.post(f"{url}/bot", json={"agent": "random"}, headers=auth(host))
    assert handed.status_code == 200 and handed.json()["seats"][0]["bot"] == "random"
    assert server.post(f"{url}/human", headers=auth(seat_token)).status_code == 403
    back = server.post(f"{url}/human", headers=auth(host))
    assert back.status_code == 200, back.text
    new_token = back.json()["token"]
    assert back.json()["link"] == f"/table/{game_id}#token={new_token}"
    assert server.get(f"/api/games/{game_id}", headers=auth(seat_token)).status_code == 403
    mine = server.get(f"/api/games/{game_id}", headers=auth(new_token)).json()
    assert mine["seat"] == 0 and mine["seats"][0]["bot"] is None


def test_a_human_cannot_act_for_a_seat_a_bot_plays(make):
    server = make()
    made = new(server, seats=["human", "human"])
    game_id = made["id"]
    mover = server.app_state.tables.get(game_id).state.current_player
    token = made["seats"][mover]["token"]
    server.app_state.bots.stop()  # the bot must not move first
    handed = server.post(
        f"/api/games/{game_id}/seats/{mover}/bot", json={"agent": "random"}, headers=auth(token)
    )
    assert handed.status_code == 200
    label = server.app_state.tables.get(game_id).state.legal_actions()[0].label
    answer = server.post(
        f"/api/games/{game_id}/actions",
        json={"label": label, "version": handed.json()["version"]},
        headers=auth(token),
    )
    assert answer.status_code == 409 and "bot" in answer.json()["error"]


def test_an_action_s_answer_holds_exactly_the_entries_it_added(make):
    server = make()
    made = new(server, seats=["human", "random"], public=True)
    game_id, token = made["id"], made["seats"][0]["token"]
    tables = server.app_state.tables
    checked = 0
    while checked < 8 and not tables.get(game_id).state.is_terminal():
        live = wait_until(lambda: _my_turn(tables, game_id), timeout=30)
        if live is True:
            break
        state, version = live.state, live.version  # the held game moves on: read it once
        number = len(state.history)
        label = state.legal_actions(0)[0].label
        answer = server.post(
            f"/api/games/{game_id}/actions",
            json={"label": label, "version": version},
            headers=auth(token),
        ).json()
        assert answer["version"] == version + 1
        assert answer["log"] and {e["action"] for e in answer["log"]} == {number}
        checked += 1
    assert checked >= 3


def _my_turn(tables, game_id):
    live = tables.get(game_id)
    if live.state.is_terminal():
        return True
    return live if live.state.current_player == 0 else None
