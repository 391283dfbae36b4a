"""The house (Al Cabohne's bean mafia) is a contestant: its line, ranks among all contestants,
margins over it, and a solo summary that measures the player against it."""

import json

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab.house import House, house_of, house_rank, ranks
from contraband.lab.summary import as_text, summarize, table_cells, titles
from tests.lab.conftest import run_meta


def test_the_house_is_read_from_the_result_detail():
    detail = {"mafia_coins": 15, "mafia_total": 30, "mafia_wins": True, "unit": "coins"}
    assert house_of(detail) == House("mafia", 30.0, True)
    assert house_of(json.dumps(detail)) == House("mafia", 30.0, True)
    assert house_of({"note": "no house"}) is None
    assert house_of("") is None and house_of(None) is None
    assert house_of({"mafia_wins": True}) is None  # a house needs its total


def test_ranks_count_the_house_which_wins_ties():
    mafia = House("mafia", 20.0, False)
    assert ranks([25.0, 20.0], mafia) == [1, 3]  # the mafia beats a tied player
    assert house_rank([25.0, 20.0], mafia) == 2
    won = House("mafia", 30.0, True)
    assert ranks([25.0, 25.0], won) == [2, 2] and house_rank([25.0, 25.0], won) == 1
    assert ranks([5.0, 9.0], None) == [2, 1]


def row(game, seat, agent, score, win, mafia_total, rank):
    return {
        "game_index": game,
        "seat": seat,
        "agent": agent,
        "score": score,
        "win": win,
        "rank": rank,
        "decisions": 10,
        "seconds": 0.1,
        "detail": json.dumps({"mafia_total": mafia_total, "mafia_wins": win == 0}),
    }


def meta(players, agents):
    return run_meta(players, agents, 4, "al-cabohne")


def test_two_player_summary_has_a_mafia_line_and_margins():
    rows = [
        row(0, 0, "a", 30, 1.0, 20, 1),
        row(0, 1, "b", 10, 0.0, 20, 3),  # a wins, the mafia second
        row(1, 0, "b", 12, 0.0, 25, 2),
        row(1, 1, "a", 14, 0.0, 25, 2),  # the mafia wins
        row(2, 0, "a", 8, 0.0, 26, 2),
        row(2, 1, "b", 5, 0.0, 26, 3),  # the mafia wins
    ]
    summary = summarize(rows, meta(2, ["a", "b"]))
    house = summary["house"]
    assert (house["name"], house["games"], house["wins"]) == ("mafia", 3, 2.0)
    assert house["win_rate"] == pytest.approx(2 / 3)
    assert house["mean_score"] == pytest.approx(71 / 3)
    assert house["mean_rank"] == pytest.approx((2 + 1 + 1) / 3)
    a, b = summary["agents"]
    assert a["mean_margin"] == pytest.approx((10 - 11 - 18) / 3)
    assert b["mean_margin"] == pytest.approx((-10 - 13 - 21) / 3)
    # the seats' fair share is what they won between them, not 1/2 with the mafia winning most
    assert summary["fair_share"] == pytest.approx(1 / 6)
    headers, lines = table_cells(summary)["agents"]
    assert "margin over mafia" in headers
    assert lines[-1][0] == "mafia (the game)" and lines[-1][2] == "2.0"
    text = as_text(summary)
    assert "agents and the mafia" in text and "fair share 0.167" in text


def test_solo_summary_is_against_the_mafia():
    rows = [
        row(0, 0, "a", 31, 1.0, 30, 1),
        row(1, 0, "a", 20, 0.0, 32, 2),
        row(2, 0, "a", 28, 0.0, 28, 2),  # a tie goes to the mafia
        row(3, 0, "a", 10, 0.0, 34, 2),
    ]
    summary = summarize(rows, meta(1, ["a"]))
    (a,) = summary["agents"]
    assert (a["wins"], a["win_rate"]) == (1.0, 0.25)
    assert a["mean_margin"] == pytest.approx((1 - 12 + 0 - 24) / 4)
    assert summary["house"]["wins"] == 3.0
    cells = table_cells(summary)
    assert "seats" not in cells  # one seat has no advantage over another
    assert titles(summary)["agents"].startswith("al-cabohne, solo against the mafia")
    text = as_text(summary)
    assert "fair share" not in text and "seat advantage" not in text
    assert "1 player" in text and "1 players" not in text


def test_a_game_without_a_house_has_no_house_line():
    rows = [
        {**row(0, 0, "a", 5, 1.0, 0, 1), "detail": "{}"},
        {**row(0, 1, "b", 3, 0.0, 0, 2), "detail": "{}"},
    ]
    summary = summarize(rows, meta(2, ["a", "b"]))
    assert summary["house"] is None and "mean_margin" not in summary["agents"][0]
    assert summary["fair_share"] == 0.5


@pytest.mark.parametrize("players", [1, 2])
def test_al_cabohne_runs_show_the_mafia(tmp_path, players):
    args = ["simulate", "al-cabohne", "--players", str(players), "-a", "random", "-a", "greedy"]
    result = CliRunner().invoke(app, [*args, "-n", "2", "-w", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert "mafia (the game)" in output and "margin over mafia" in output
    saved = json.loads((tmp_path / "summary.json").read_text())
    from contraband.lab.results import read_results

    rows = read_results(tmp_path / "results.parquet")
    games = {r["game_index"]: json.loads(r["detail"]) for r in rows}
    assert saved["house"]["wins"] == sum(d["mafia_wins"] for d in games.values())
    assert saved["house"]["games"] == 2
    assert "mafia (the game)" in (tmp_path / "report.html").read_text(encoding="utf-8")
    if players == 1:
        assert "against the mafia" in output and "fair share" not in output
        assert "seat advantage" not in output
