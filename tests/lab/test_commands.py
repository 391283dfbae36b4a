"""The simulate and compare commands, and their errors."""

import json

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab.results import read_results

runner = CliRunner()


def invoke(*args):
    return runner.invoke(app, list(args))


def test_simulate_writes_results_summary_and_report(tmp_path):
    out = tmp_path / "run"
    result = invoke(
        "simulate",
        "tony-tino",
        "--players",
        "2",
        "--agent",
        "random",
        "--agent",
        "greedy",
        "--games",
        "4",
        "--seed",
        "7",
        "--workers",
        "1",
        "--out",
        str(out),
    )
    assert result.exit_code == 0, result.output
    assert "4 of 4 games of tony-tino" in result.output
    assert "seat advantage" in result.output
    rows = read_results(out / "results.parquet")
    assert len(rows) == 8 and {row["agent"] for row in rows} == {"random", "greedy"}
    for name in (
        "summary.json",
        "summary.txt",
        "report.html",
        "win_rates.png",
        "scores.png",
        "seats.png",
        "length.png",
    ):
        assert (out / name).exists(), name
    assert json.loads((out / "summary.json").read_text())["run"]["seed"] == 7


def test_simulate_csv_without_report(tmp_path):
    result = invoke(
        "simulate",
        "tony-tino",
        "-a",
        "random",
        "-n",
        "3",
        "-w",
        "1",
        "--format",
        "csv",
        "--no-report",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    assert len(read_results(tmp_path / "results.csv")) == 6
    assert not (tmp_path / "report.html").exists()
    assert "balanced only when the number of games is a multiple" not in result.output


def test_simulate_same_seed_same_results_across_workers(tmp_path):
    tables = []
    for workers in ("1", "2"):
        out = tmp_path / workers
        result = invoke(
            "simulate",
            "tony-tino",
            "-a",
            "random",
            "-a",
            "greedy",
            "-n",
            "4",
            "--seed",
            "3",
            "-w",
            workers,
            "--no-report",
            "--out",
            str(out),
        )
        assert result.exit_code == 0, result.output
        tables.append(
            [
                {k: v for k, v in row.items() if k != "seconds"}
                for row in read_results(out / "results.parquet")
            ]
        )
    assert tables[0] == tables[1]


def test_ctrl_c_keeps_the_finished_games(tmp_path, monkeypatch):
    from contraband.lab import runner as lab_runner

    play = lab_runner.play_game

    def interrupted_at_game_3(config, index):
        if index == 3:
            raise KeyboardInterrupt
        return play(config, index)

    monkeypatch.setattr(lab_runner, "play_game", interrupted_at_game_3)
    result = invoke(
        "simulate", "tony-tino", "-n", "50", "-w", "1", "--no-report", "--out", str(tmp_path)
    )
    assert result.exit_code == 0, result.output
    assert "interrupted" in result.output
    kept = sorted({row["game_index"] for row in read_results(tmp_path / "results.parquet")})
    assert kept and set(kept) <= {0, 1, 2}  # whole chunks finished before game 3
    assert f"keeping the {len(kept)} finished games" in result.output


def test_compare_reports_the_winner_and_when_it_stopped(tmp_path):
    result = invoke(
        "compare",
        "tony-tino",
        "--agent",
        "greedy",
        "--agent",
        "random",
        "--games",
        "200",
        "--seed",
        "1",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    )
    assert result.exit_code == 0, result.output
    assert "greedy beats random" in result.output
    assert "95% interval" in result.output
    assert "stopped early" in result.output
    saved = json.loads((tmp_path / "comparison.json").read_text())
    assert saved["stopped_early"] and saved["games"] < 200


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "tony-tino", "-a", "cleverbot"], "unknown agent 'cleverbot'; agents are:"),
        (
            ["simulate", "tony-tino", "-a", "random:depth=3"],
            "agent 'random' has no parameter 'depth'; parameters are: seed",
        ),
        (["simulate", "tony-tino", "-a", "random:seed=x"], "parameter 'seed' must be int"),
        (["simulate", "monopoly"], "unknown game 'monopoly'; games are:"),
        (["simulate", "tony-tino", "--options", "{not json"], "--options must be a JSON object"),
        (["simulate", "tony-tino", "--options", "[1, 2]"], "--options must be a JSON object"),
        (["simulate", "tony-tino", "--options", '{"speed": 2}'], "unknown option(s) 'speed'"),
        (["simulate", "tony-tino", "--players", "5"], "tony-tino is played by 2 players, not 5"),
        (["simulate", "tony-tino", "--games", "0"], "number of games must be a positive"),
        (["simulate", "tony-tino", "--workers", "0"], "workers must be a positive integer"),
        (["simulate", "tony-tino", "--backend", "spark"], "backends are: local, ray"),
        (["simulate", "tony-tino", "--format", "xlsx"], "formats are: parquet, csv"),
        (["compare", "tony-tino", "-a", "random"], "exactly two agents"),
        (["compare", "tony-tino", "-a", "random", "-a", "nobody"], "unknown agent 'nobody'"),
        (["compare", "chess", "-a", "random", "-a", "greedy"], "unknown game 'chess'"),
    ],
)
def test_bad_input_gets_a_clear_error(args, message, tmp_path):
    result = invoke(*args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "results.parquet").exists()
