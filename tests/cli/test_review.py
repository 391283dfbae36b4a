"""The coach in the terminal: `contraband review GAME.json`, and `hint` at a human's prompt."""

import json

import pytest
from typer.testing import CliRunner

import contraband
from contraband.agents.coach import review
from contraband.cli import app
from contraband.cli_review import chart
from contraband.terminal import answers

runner = CliRunner()


def run(*args, text=""):
    return runner.invoke(app, list(args), input=text, env={"COLUMNS": "120"})


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "tony-tino", "--seat", "random", "--seat", "random", "--seed", "3",
                 "--save", str(path))  # fmt: skip
    assert result.exit_code == 0, result.output
    return path


def test_review_prints_the_chart_and_the_costliest_decisions(saved, wide_console):
    result = run("review", str(saved), "--seat", "1", "--iterations", "40")
    assert result.exit_code == 0, result.output
    expected = review(json.loads(saved.read_text()), 1, iterations=40)
    assert f"{expected['decisions']} decisions with a choice" in result.output
    assert "100% |" in result.output and "  0% |" in result.output
    assert expected["costliest"], "a random player's game has costly decisions"
    for entry in expected["costliest"]:
        row = [line for line in result.output.splitlines() if f" {entry['label']} " in line]
        assert any(entry["best"] in line and f"{entry['cost']:.0%}" in line for line in row)
    assert "Traceback" not in result.output


def test_review_refuses_a_bad_file_or_seat(saved, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("[1, 2]")
    for args, message in (
        ([str(tmp_path / "none.json")], "cannot read"),
        ([str(bad)], "not a game record"),
        ([str(saved), "--seat", "2"], "seat must be 0..1"),
        ([str(saved), "--iterations", "0"], "--iterations"),
    ):
        result = run("review", *args)
        assert result.exit_code == 2, result.output
        assert message in result.output
        assert "Traceback" not in result.output


def test_the_chart_draws_each_win_chance_as_a_column():
    lines = chart([0.0, 0.5, 1.0], width=80)
    columns = ["".join(line[6 + i] for line in lines[:-1]) for i in range(3)]
    assert columns[0] == "    " + " "  # nothing at 0%
    assert columns[2] == "█████"  # full at 100%
    assert columns[1].strip() and columns[1].count("█") == 2  # half: two rows and a half
    assert len(chart([0.5] * 25, width=10)) == 3 * (5 + 1)  # wrapped every 10 decisions


def test_hint_at_the_prompt_shows_the_coachs_top_three(monkeypatch, tmp_path):
    monkeypatch.setattr(answers, "HINT_SECONDS", 0.3)
    save = tmp_path / "game.json"
    result = run("play", "counterfeiters", "--seat", "human", "--seat", "random", "--seat",
                 "random", "--seed", "12", "--save", str(save), text="hint\nquit\ny\n")  # fmt: skip
    assert result.exit_code == 0, result.output
    state = contraband.load("counterfeiters").new(3, seed=12)
    legal = {action.label for action in state.legal_actions()}
    assert "The coach's best choices" in result.output
    shown = [line for line in result.output.splitlines() if "win chance about" in line]
    assert len(shown) == 3
    for line in shown:
        label = line.split(")", 1)[1].split("  win chance")[0].strip()
        assert label in legal
    assert json.loads(save.read_text())["actions"] == []  # a hint plays nothing


def test_hint_is_a_command_unless_it_is_a_label():
    assert answers.read_answer("HINT", ["play shift"]).command == "hint"
    assert answers.read_answer("hint", ["hint", "pass"]).label == "hint"
