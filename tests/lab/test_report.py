"""A small run produces every file: results, summary, each plot and a self-contained report."""

import base64
import json
import re

import pytest

from contraband.lab.backends import LocalBackend
from contraband.lab.report import PLOTS, error_bars, write_report
from contraband.lab.results import read_results, write_results
from contraband.lab.runner import COLUMNS, make_config
from contraband.lab.simulate import run_games
from contraband.lab.summary import save_summary, summarize
from tests.lab.conftest import run_meta

PNG = b"\x89PNG\r\n\x1a\n"


def small_run():
    config = make_config("tony-tino", 2, ["random", "greedy"], seed=4, games=6)
    with LocalBackend(1) as backend:
        return run_games(config, backend)


def test_report_has_every_plot_embedded(tmp_path):
    run = small_run()
    summary = summarize(run.rows, run.meta())
    path = write_report(run.rows, summary, tmp_path)
    page = path.read_text(encoding="utf-8")
    embedded = re.findall(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"', page)
    drawn = ["win_rates.png", "scores.png", "seats.png", "length.png"]  # no house: no margins
    assert len(embedded) == len(drawn)
    assert not (tmp_path / "margins.png").exists()
    for name, data in zip(drawn, embedded, strict=True):
        image = (tmp_path / name).read_bytes()
        assert image.startswith(PNG)
        assert base64.b64decode(data) == image
    # self-contained: nothing is fetched from elsewhere
    assert not re.search(r'(src|href)="(?!data:)', page)
    for agent in ("random", "greedy"):
        assert agent in page


def test_results_round_trip_in_both_formats(tmp_path):
    run = small_run()
    parquet = write_results(run.rows, tmp_path, "parquet", run.meta())
    csv = write_results(run.rows, tmp_path, "csv")
    assert read_results(parquet) == run.rows
    assert [tuple(row) for row in read_results(csv)] == [COLUMNS] * 12
    assert [row["seed"] for row in read_results(csv)] == [row["seed"] for row in run.rows]
    import pyarrow.parquet as pq

    meta = json.loads(pq.read_schema(parquet).metadata[b"contraband"])
    assert meta["game"] == "tony-tino" and meta["seed"] == 4


def test_summary_files(tmp_path):
    run = small_run()
    json_path, text_path = save_summary(summarize(run.rows, run.meta()), tmp_path)
    saved = json.loads(json_path.read_text())
    assert saved["run"]["games_done"] == 6 and saved["run"]["rotation_balanced"]
    assert [agent["seats"] for agent in saved["agents"]] == [6, 6]
    assert "seat advantage" in text_path.read_text()


def test_an_empty_run_still_reports(tmp_path):
    config = make_config("tony-tino", 2, ["random"], games=2)
    from contraband.lab.simulate import Run

    run = Run(config, interrupted=True)
    summary = summarize([], run.meta())
    write_report([], summary, tmp_path)
    assert all((tmp_path / name).exists() for name in PLOTS if name != "margins.png")


# -- every outcome gets its report ---------------------------------------------------------------
def rows_of(games, agents, wins, players=2, detail=None):
    """Hand-made result rows: ``wins(game, seat)`` gives each seat's win share."""
    rows = []
    for game in range(games):
        for seat in range(players):
            won = wins(game, seat)
            rows.append(
                {
                    "game_index": game,
                    "seat": seat,
                    "agent": agents[(game + seat) % len(agents)],
                    "score": 10.0 * won + seat,
                    "win": won,
                    "rank": 1 if won else 2,
                    "decisions": 20 + game % 7,
                    "seconds": 0.01,
                    "detail": json.dumps(detail(game) if detail else {}),
                }
            )
    return rows


def written(tmp_path, rows, summary):
    path = write_report(rows, summary, tmp_path)
    page = path.read_text(encoding="utf-8")
    images = re.findall(r'src="data:image/png;base64,', page)
    names = [name for name in PLOTS if (tmp_path / name).exists()]
    assert len(images) == len(names) >= 3
    return page, names


@pytest.mark.parametrize("games", [1, 2, 60, 603, 1999])
def test_the_report_is_written_when_an_agent_wins_every_game(tmp_path, games):
    # the Wilson upper bound of 60 of 60 came out as 0.9999999999999998, below the rate of 1.0,
    # and matplotlib refused the negative error bar
    rows = rows_of(games, ["a", "b"], lambda g, s: float((g + s) % 2 == 0))
    summary = summarize(rows, run_meta(2, ["a", "b"], games))
    assert summary["agents"][0]["win_rate"] == 1.0 and summary["agents"][0]["win_high"] == 1.0
    written(tmp_path, rows, summary)


def test_the_report_is_written_when_nobody_ever_wins(tmp_path):
    rows = rows_of(37, ["a", "b"], lambda g, s: 0.0)
    summary = summarize(rows, run_meta(2, ["a", "b"], 37))
    assert [a["win_low"] for a in summary["agents"]] == [0.0, 0.0]
    written(tmp_path, rows, summary)


def test_error_bars_are_never_negative():
    entries = [
        {"win_rate": 1.0, "win_low": 0.9, "win_high": 0.9999999999999998},
        {"win_rate": 0.0, "win_low": 1e-17, "win_high": 0.1},
        {"win_rate": None, "win_low": 0.0, "win_high": 1.0},  # no games
    ]
    rates, (below, above) = error_bars(entries)
    assert rates == [1.0, 0.0, 0.0]
    assert min(below + above) == 0.0
    assert below[0] == pytest.approx(0.1) and above[2] == 1.0


def test_a_solo_report_with_the_house_winning_everything(tmp_path):
    detail = lambda g: {"mafia_total": 30 + g % 5, "mafia_wins": True, "mafia_coins": 15}  # noqa: E731
    rows = rows_of(10, ["random"], lambda g, s: 0.0, players=1, detail=detail)
    summary = summarize(rows, run_meta(1, ["random"], 10))
    page, names = written(tmp_path, rows, summary)
    assert "seats.png" not in names and "margins.png" in names
    assert "mafia (the game)" in page and "seat advantage" not in page


def test_the_solo_game_from_the_command_line(tmp_path):
    # simulate al-cabohne --players 1 --agent random --games 10 crashed: random never beats the
    # mafia, so its interval was [tiny, ...] above a win rate of 0
    from typer.testing import CliRunner

    from contraband.cli import app

    args = ["simulate", "al-cabohne", "--players", "1", "--agent", "random", "--games", "10"]
    result = CliRunner().invoke(app, [*args, "--workers", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "report.html").exists() and (tmp_path / "win_rates.png").exists()
