"""The strength ladder's shares (bench/ladder.py), on hand-made result rows."""

import importlib.util
import json
from pathlib import Path

import pytest

import contraband

_PATH = Path(__file__).resolve().parents[2] / "bench" / "ladder.py"
_SPEC = importlib.util.spec_from_file_location("ladder", _PATH)
ladder = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(ladder)


def seat(index, agent, score, win, mafia=None):
    detail = {} if mafia is None else {"mafia_total": mafia}
    return {
        "game_index": index,
        "agent": agent,
        "score": float(score),
        "win": float(win),
        "detail": json.dumps(detail),
    }


def test_games_nobody_won_count_for_the_score_share_but_not_the_win_share():
    rows = [
        seat(0, "A", 10, 1.0), seat(0, "B", 5, 0.0),  # A wins
        seat(1, "A", 8, 0.0), seat(1, "B", 9, 0.0),  # the house wins, B ahead of A
        seat(2, "A", 7, 0.0), seat(2, "B", 7, 0.0),  # the house wins, a tie on points
    ]  # fmt: skip
    assert ladder.share_of_wins(rows, "A") == (1.0, 1)
    assert ladder.score_share(rows, "A") == (1.5, 3)


def test_the_score_share_pairs_every_seat_of_a_with_every_seat_of_b():
    rows = [seat(0, "A", 5, 0.5), seat(0, "B", 5, 0.5), seat(0, "A", 1, 0.0)]
    # A's seats against B's one: a tie (0.5) and a loss (0) average to 0.25
    assert ladder.score_share(rows, "A") == (0.25, 1)


def test_solo_runs_are_compared_deal_by_deal_on_the_margin_over_the_house():
    a = {"a": "A", "rows": [seat(0, "A", 20, 0.0, mafia=30), seat(1, "A", 25, 1.0, mafia=24),
                            seat(2, "A", 10, 0.0, mafia=40)]}  # fmt: skip
    b = {"a": "B", "rows": [seat(0, "B", 18, 0.0, mafia=22), seat(1, "B", 20, 0.0, mafia=26),
                            seat(2, "B", 12, 0.0, mafia=42)]}  # fmt: skip
    result = ladder.paired(a, b)
    assert result["b"] == "B (same deals)"
    assert result["counted"] == 1 and result["rate"] == 1.0  # only deal 1 was won by one of them
    # margins A: -10, +1, -30; B: -4, -6, -30 -> A better on deal 1, tied on deal 2
    assert result["score_rate"] == pytest.approx(1.5 / 3)
    assert ladder.solo_margin(a["rows"][0]) == -10


def test_wilson_interval_matches_the_textbook_value():
    low, high = ladder.wilson(81, 263)  # Newcombe (1998), example: 81/263
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)


def test_tune_sets_a_heuristic_constant_and_names_the_ones_there_are(monkeypatch):
    module = importlib.import_module("contraband.games.tony_tino.heuristic")
    monkeypatch.setattr(module, "MONEY_SCALE", module.MONEY_SCALE)  # restored afterwards
    ladder.tune(["tony-tino"], ["MONEY_SCALE=80000"])
    assert module.MONEY_SCALE == 80000.0
    with pytest.raises(SystemExit, match="no numeric constant 'POLICE'.*MONEY_SCALE"):
        ladder.tune(["tony-tino"], ["POLICE=1"])  # imported from the board, not the heuristic's
    with pytest.raises(SystemExit, match="give a number"):
        ladder.tune(["tony-tino"], ["MONEY_SCALE=lots"])


def test_tune_reaches_constants_assigned_together(monkeypatch):
    """``SCALE_BASE, SCALE_PER_TURN = 3.0, 0.6`` defines two constants."""
    module = importlib.import_module("contraband.games.nacho_incident.heuristic")
    monkeypatch.setattr(module, "SCALE_PER_TURN", module.SCALE_PER_TURN)  # restored afterwards
    ladder.tune(["nacho-incident"], ["SCALE_PER_TURN=1.2"])
    assert module.SCALE_PER_TURN == 1.2


def test_tune_reaches_a_constant_of_another_module_of_the_game(monkeypatch):
    """``outlook.CUBE_SHARE`` lives beside Nacho's heuristic; the evaluation reads it."""
    game = contraband.load("nacho-incident")
    state = game.new(players=3, seed=4)
    outlook = importlib.import_module("contraband.games.nacho_incident.outlook")
    monkeypatch.setattr(outlook, "CUBE_SHARE", outlook.CUBE_SHARE)  # restored afterwards
    before = game.heuristic.expected_gold(state)
    ladder.tune(["nacho-incident"], ["outlook.CUBE_SHARE=0.9"])
    assert outlook.CUBE_SHARE == 0.9
    assert game.heuristic.expected_gold(state) != before
    with pytest.raises(SystemExit, match="no module 'outlok'"):
        ladder.tune(["nacho-incident"], ["outlok.CUBE_SHARE=0.9"])
    with pytest.raises(SystemExit, match="outlook has no numeric constant 'CUBE'"):
        ladder.tune(["nacho-incident"], ["outlook.CUBE=0.9"])
