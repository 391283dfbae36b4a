"""``contraband balance --resume``: a stopped run continues where it stopped, plays only the
games it misses, and ends with the same records as a run played in one go."""

from __future__ import annotations

import json

import typer
from typer.testing import CliRunner

from contraband.lab.balance import read_records
from contraband.lab.balance_command import balance_command

BASE = ["balance", "counterfeiters", "-p", "2", "-w", "1", "--seed", "5"]


def cli() -> typer.Typer:
    app = typer.Typer()
    app.command("balance")(balance_command)
    app.command("other")(lambda: None)  # two commands: balance is a subcommand
    return app


def words(text: str) -> str:
    """The output with the terminal's line wrapping undone."""
    return " ".join(text.split())


def timeless(records: list[dict]) -> list[dict]:
    return [{k: v for k, v in record.items() if k != "seconds"} for record in records]


def test_a_resumed_run_plays_only_the_missing_games_and_equals_one_run(tmp_path):
    app = cli()
    whole, parts = tmp_path / "whole", tmp_path / "parts"
    done = CliRunner().invoke(app, [*BASE, "-n", "6", "--out", str(whole)])
    assert done.exit_code == 0, done.output
    first = CliRunner().invoke(app, [*BASE, "-n", "3", "--out", str(parts)])
    assert first.exit_code == 0, first.output
    # a stop mid-write leaves a torn last line: that game is played again, not misread
    with (parts / "games.jsonl").open("a", encoding="utf-8") as handle:
        handle.write('{"game_index": 3, "scor')
    again = CliRunner().invoke(app, [*BASE, "-n", "6", "--out", str(parts), "--resume"])
    assert again.exit_code == 0, again.output
    assert "3 of 6 games stored" in words(again.output)
    resumed = read_records(parts / "games.jsonl")
    assert [record["game_index"] for record in resumed] == list(range(6))
    assert timeless(resumed) == timeless(read_records(whole / "games.jsonl"))
    summary = json.loads((parts / "balance.json").read_text())["summaries"][0]
    assert summary["run"]["games_done"] == 6 and summary["run"]["games_resumed"] == 3


def test_resume_refuses_another_run_and_a_new_run_keeps_an_old_one(tmp_path):
    app = cli()
    out = tmp_path / "run"
    assert CliRunner().invoke(app, [*BASE, "-n", "2", "--out", str(out)]).exit_code == 0
    kept = (out / "games.jsonl").read_text()
    fresh = CliRunner().invoke(app, [*BASE, "-n", "2", "--out", str(out)])
    assert fresh.exit_code == 2 and "--resume" in words(fresh.output)
    other = CliRunner().invoke(app, [*BASE[:-1], "6", "-n", "4", "--out", str(out), "--resume"])
    assert other.exit_code == 2 and "seed 5" in words(other.output)
    assert (out / "games.jsonl").read_text() == kept
    empty = CliRunner().invoke(app, [*BASE, "--out", str(tmp_path / "none"), "--resume"])
    assert empty.exit_code == 2 and "holds no balance run" in words(empty.output)
    versus = CliRunner().invoke(
        app, [*BASE, "--out", str(out), "--resume", "--vs", "track.start_two.2=9"]
    )
    assert versus.exit_code == 2 and "--vs" in words(versus.output)
