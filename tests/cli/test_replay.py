"""`contraband replay`, `--version` and the help texts."""

import json

import pytest
from typer.testing import CliRunner

import contraband
from contraband.cli import app
from contraband.core.random import Rng

runner = CliRunner()


def saved(tmp_path, steps=None, seed=8):
    state = contraband.load("tony-tino").new(seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "record.json"
    path.write_text(json.dumps(state.record()))
    return path, state


def test_replay_of_a_finished_game_shows_the_end_and_who_played_each_step(tmp_path):
    path, state = saved(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--steps"])
    assert result.exit_code == 0, result.output
    names = state.seat_names()
    first = f"   1. {names[state.actors[0]]}: {state.history[0]}"
    assert first in result.output
    assert "Game over" in result.output


def test_replay_of_an_unfinished_record_says_so_and_can_show_each_board(tmp_path):
    path, state = saved(tmp_path, steps=5)
    result = runner.invoke(app, ["replay", str(path), "--steps", "--boards", "--seat", "0"])
    assert result.exit_code == 0, result.output
    assert "Game over" not in result.output
    assert "unfinished" in result.output and "after 5 actions" in result.output
    assert result.output.count("row 1:") >= 6  # the board after each step, and at the end


@pytest.mark.parametrize(
    "content",
    [
        "not json at all",
        "[1, 2]",
        "null",
        '{"game": "tony-tino"}',
        '{"players": 2, "seed": 1, "actions": []}',
        '{"game": "chess", "players": 2, "seed": 1, "actions": []}',
        '{"game": "tony-tino", "players": 2, "seed": 1, "actions": ["fly away"]}',
        '{"game": "tony-tino", "players": 2, "seed": 1, "actions": [], "seats": [5]}',
        '{"game": "tony-tino", "players": "two", "seed": 1, "actions": []}',
    ],
)
def test_a_bad_record_file_gets_one_clear_line_and_exit_code_2(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2, result.output
    assert result.output.startswith("error: cannot replay")
    assert (
        "Traceback" not in result.output
        and result.exception is None
        or isinstance(result.exception, SystemExit)
    )


def test_a_missing_record_file_and_a_bad_seat_are_clear_errors(tmp_path):
    result = runner.invoke(app, ["replay", str(tmp_path / "nothing.json")])
    assert result.exit_code == 2 and "cannot read" in result.output
    path, _ = saved(tmp_path, steps=3)
    result = runner.invoke(app, ["replay", str(path), "--seat", "7"])
    assert result.exit_code == 2 and "seat" in result.output


def test_version_and_help_texts_speak_words_not_python_types():
    version = runner.invoke(app, ["--version"])
    assert version.exit_code == 0 and contraband.__version__ in version.output
    for command in (["--help"], ["play", "--help"], ["replay", "--help"]):
        text = runner.invoke(app, command).output
        for python_type in ("<bool>", "<str>", "<int>", "list[", "<Path>"):
            assert python_type not in text, f"{command}: {python_type}"
    assert "Playable today" in runner.invoke(app, ["--help"]).output
