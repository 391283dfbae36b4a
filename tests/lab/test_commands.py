"""The simulate and compare commands, and their errors."""

import json
import os
import re
import signal

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
    assert result.exit_code == 130, result.output  # interrupted: not a success
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
    output = " ".join(result.output.split())
    assert "greedy beats random" in output
    assert "test: group-sequential two-sided sign test" in output
    assert "stopped early" in output
    saved = json.loads((tmp_path / "comparison.json").read_text())
    assert saved["stopped_early"] and saved["games"] < 200
    assert saved["winner"] == "greedy" and saved["error_spent"] <= saved["alpha"] == 0.05
    assert saved["test"].startswith("group-sequential")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "tony-tino", "-a", "cleverbot"], "unknown agent 'cleverbot'; agents are:"),
        (
            ["simulate", "tony-tino", "-a", "random:depth=3"],
            "agent 'random' has no parameter 'depth'; parameters are: seed",
        ),
        (["simulate", "tony-tino", "-a", "random:seed=x"], "parameter 'seed' must be"),
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
        (
            ["compare", "al-cabohne", "--players", "1", "-a", "random", "-a", "greedy"],
            "compare needs at least two players: in a solo game of al-cabohne the two agents "
            "never meet",
        ),
    ],
)
def test_bad_input_gets_a_clear_error(args, message, tmp_path):
    result = invoke(*args, "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "results.parquet").exists()


# -- fail before the work --------------------------------------------------------------------------
def no_games(monkeypatch):
    """Any game played fails the test."""
    from contraband.lab import runner as lab_runner

    def refuse(config, index):
        raise AssertionError("a game was played")

    monkeypatch.setattr(lab_runner, "play_game", refuse)


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_an_existing_file_as_out_is_refused_before_any_game(tmp_path, monkeypatch, command):
    no_games(monkeypatch)
    taken = tmp_path / "taken"
    taken.write_text("keep me")
    result = invoke(command, "tony-tino", "-a", "random", "-a", "greedy", "--out", str(taken))
    assert result.exit_code == 2, result.output
    assert f"--out {taken} is an existing file" in " ".join(result.output.split())
    assert taken.read_text() == "keep me"


def test_an_out_that_cannot_be_created_is_refused_before_any_game(tmp_path, monkeypatch):
    no_games(monkeypatch)
    (tmp_path / "file").write_text("")
    out = tmp_path / "file" / "run"  # under a file: no directory can be made there
    result = invoke("simulate", "tony-tino", "--out", str(out))
    assert result.exit_code == 2, result.output
    assert "cannot create the directory" in " ".join(result.output.split())


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write to a read-only directory")
def test_an_out_that_is_not_writable_is_refused_before_any_game(tmp_path, monkeypatch):
    no_games(monkeypatch)
    out = tmp_path / "locked"
    out.mkdir()
    out.chmod(0o500)
    try:
        result = invoke("simulate", "tony-tino", "--out", str(out))
    finally:
        out.chmod(0o700)
    assert result.exit_code == 2, result.output
    assert "is not writable" in result.output


def test_an_out_that_is_not_writable_is_refused_whoever_runs_it(tmp_path, monkeypatch):
    # the same check as above, for root too: the probe file cannot be created
    import tempfile as tempfile_module

    no_games(monkeypatch)

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile_module, "TemporaryFile", read_only)
    result = invoke("simulate", "tony-tino", "--out", str(tmp_path / "run"))
    assert result.exit_code == 2, result.output
    assert "is not writable: Permission denied" in " ".join(result.output.split())


def test_a_second_ctrl_c_while_saving_keeps_the_finished_games(tmp_path, monkeypatch):
    from contraband.lab import results
    from contraband.lab import runner as lab_runner

    play = lab_runner.play_game

    def interrupted_at_game_3(config, index):
        if index == 3:
            raise KeyboardInterrupt
        return play(config, index)

    write = results.pq.write_table

    def impatient(*args, **kwargs):
        os.kill(os.getpid(), signal.SIGINT)  # the user presses Ctrl-C again while we save
        return write(*args, **kwargs)

    monkeypatch.setattr(lab_runner, "play_game", interrupted_at_game_3)
    monkeypatch.setattr(results.pq, "write_table", impatient)
    before = signal.getsignal(signal.SIGINT)  # SIG_IGN when the tests run in the background
    result = invoke("simulate", "tony-tino", "-n", "50", "-w", "1", "--out", str(tmp_path))
    assert result.exit_code == 130, result.output
    kept = sorted({row["game_index"] for row in read_results(tmp_path / "results.parquet")})
    assert kept and set(kept) <= {0, 1, 2}  # whole chunks finished before game 3
    assert f"keeping the {len(kept)} finished game" in result.output
    assert (tmp_path / "summary.json").exists() and (tmp_path / "report.html").exists()
    assert "saving the finished games first" in result.output
    assert signal.getsignal(signal.SIGINT) is before  # restored


def test_an_interrupted_compare_exits_130(tmp_path, monkeypatch):
    from contraband.lab import runner as lab_runner

    play = lab_runner.play_game

    def interrupted_at_game_5(config, index):
        if index == 5:
            raise KeyboardInterrupt
        return play(config, index)

    monkeypatch.setattr(lab_runner, "play_game", interrupted_at_game_5)
    args = ["compare", "tony-tino", "-a", "random", "-a", "greedy", "-w", "1"]
    result = invoke(*args, "--out", str(tmp_path))
    assert result.exit_code == 130, result.output
    saved = json.loads((tmp_path / "comparison.json").read_text())
    assert 0 < saved["games"] <= 5 and not saved["decided"]  # whole chunks before game 5
    assert f"interrupted after {saved['games']} game" in result.output


# -- words -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_help_has_no_python_type_names(command):
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output
    for name in ("<list[str]>", "<bool>", "<int>", "<str>", "<path>", "list[str]", "<"):
        assert name not in result.output, name
    for metavar in ("GAME", "SPEC", "N", "DIR", "JSON"):
        assert metavar in result.output


def test_one_game_one_player_one_worker(tmp_path):
    args = ["simulate", "al-cabohne", "--players", "1", "-n", "1", "-w", "1", "--no-report"]
    result = invoke(*args, "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    output = " ".join(result.output.split())
    assert "1 of 1 game of al-cabohne (1 player, seed 0)" in output
    assert "on 1 local worker" in output
    words = re.sub(r"[\d.]+ games/s", "", output)  # a rate such as "11 games/s" is fine
    for wrong in ("1 games", "1 players", "worker(s)"):
        assert wrong not in words, wrong
