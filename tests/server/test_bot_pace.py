"""A bot's speed tells nothing the rules hide: every bot move waits for the pace, and a move it
did not have to think about (its only legal action) waits as long as its last real decision."""

import time

from fastapi.testclient import TestClient

from contraband.server.app import create_app
from contraband.server.bots import delay


def test_a_quick_choice_waits_for_the_pace():
    assert delay(0.6, 0.1, forced=False, usual=None) == 0.5
    assert delay(0.6, 0.9, forced=False, usual=None) == 0.0


def test_a_forced_move_waits_as_long_as_the_seats_last_real_decision():
    # an instant "allow" (no Police in hand) must look like a thought-about one
    assert abs(delay(0.6, 0.0, forced=True, usual=1.4) - 1.4) < 1e-9
    assert abs(delay(0.6, 0.0, forced=True, usual=0.2) - 0.6) < 1e-9
    assert abs(delay(0.6, 0.0, forced=True, usual=None) - 0.6) < 1e-9


def test_bot_moves_are_never_sooner_than_the_pace(tmp_path):
    pace, moves = 0.25, 4
    app = create_app(f"sqlite:///{tmp_path / 'pace.db'}", bot_threads=1, bot_pace=pace)
    with TestClient(app) as client:
        started = time.monotonic()
        made = client.post(
            "/api/games", json={"game": "tony-tino", "seats": ["random"] * 2, "public": True}
        )
        assert made.status_code == 201, made.text
        game = made.json()["id"]
        while client.get(f"/api/games/{game}").json()["version"] < moves:
            assert time.monotonic() - started < 60, "the bots stopped playing"
            time.sleep(0.02)
        # a lower bound only: each of the first moves waited at least the pace
        assert time.monotonic() - started >= moves * pace
