"""`contraband play` as a person uses it: answers, help, quitting, hot seat, saving."""

import io
import json
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

import contraband
from contraband import terminal
from contraband.agents import from_spec
from contraband.cli import app
from contraband.core.random import Rng
from contraband.terminal import choices_text
from contraband.terminal.answers import read_answer

runner = CliRunner()


def run(*args, text=""):
    return runner.invoke(app, list(args), input=text)


# -- answers ----------------------------------------------------------------------------------
LABELS = ["play shift", "play roulette", "discard shift", "discard roulette"]


def test_answers_match_by_number_label_any_case_or_unique_prefix():
    assert read_answer("2", LABELS).label == "play roulette"
    assert read_answer("PLAY SHIFT", LABELS).label == "play shift"
    assert read_answer("  discard   r ", LABELS).label == "discard roulette"
    assert read_answer("play r", LABELS).label == "play roulette"


def test_ambiguous_empty_and_unknown_answers_are_explained_not_guessed():
    ambiguous = read_answer("play", LABELS)
    assert ambiguous.label is None and "2 choices" in ambiguous.problem
    assert read_answer("", LABELS).problem.startswith("Please")
    assert "1 to 4" in read_answer("9", LABELS).problem
    assert read_answer("?", LABELS).command == "help"
    assert read_answer("QUIT", LABELS).command == "quit"


def test_long_target_lists_are_laid_out_in_columns_that_fit_80_characters():
    labels = [f"place 1 on {c}{r}" for c in "ABCDEF" for r in range(1, 5)]
    text = choices_text(labels, 80)
    lines = text.splitlines()
    assert len(lines) <= 8
    assert all(len(line) <= 80 for line in lines)
    assert all(f"{n})" in text for n in range(1, 25))


# -- a game at the terminal ---------------------------------------------------------------------
def test_help_quit_with_confirmation_saves_the_record(tmp_path):
    save = tmp_path / "game.json"
    result = run(
        "play",
        "tony-tino",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        "3",
        "--save",
        str(save),
        text="\n?\nquit\nn\nquit\ny\n",
    )
    assert result.exit_code == 0, result.output
    assert "Please type a choice" in result.output
    assert "You may:" in result.output
    assert "Quit this game?" in result.output and "Game stopped." in result.output
    record = json.loads(save.read_text())
    assert record["game"] == "tony-tino" and record["actions"] == []
    assert "Traceback" not in result.output


def test_a_bad_save_path_is_refused_before_the_game_starts(tmp_path):
    result = run(
        "play", "tony-tino", "--seat", "human", "--seat", "random", "--save",
        str(tmp_path / "missing" / "game.json"),
    )  # fmt: skip
    assert result.exit_code == 2
    assert "does not exist" in result.output
    assert "decides" not in result.output
    result = run("play", "tony-tino", "--save", str(tmp_path))
    assert result.exit_code == 2 and "folder" in result.output


def test_a_failed_save_never_hides_the_end_of_the_game(tmp_path, monkeypatch):
    save = tmp_path / "game.json"

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(type(save), "write_text", refuse)
    result = run(
        "play", "tony-tino", "--seat", "random", "--seat", "random", "--seed", "4",
        "--save", str(save),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    assert "Could not save" in result.output


def test_the_end_names_the_winner_by_the_game_s_seat_names():
    result = run("play", "tony-tino", "--seat", "random", "--seat", "random", "--seed", "5")
    assert result.exit_code == 0, result.output
    names = contraband.load("tony-tino").new(seed=1).seat_names()
    assert re.search(rf"Game over: ({'|'.join(names)}) wins with", result.output) or (
        "share the win" in result.output
    )


def test_hot_seat_clears_the_screen_and_calls_the_next_player():
    result = run(
        "play", "tony-tino", "--seat", "human", "--seat", "human", "--seed", "6",
        text="\n1\n" + "\n1\n" * 6 + "quit\ny\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    names = contraband.load("tony-tino").new(seed=1).seat_names()
    assert f"Pass to {names[0]}, press Enter" in result.output
    assert f"Pass to {names[1]}, press Enter" in result.output


def _sole_choice_position():
    """A Tony & Tino position where the seat on move has exactly one legal action."""
    rng = Rng(1)
    for seed in range(100):
        state = contraband.load("tony-tino").new(seed=seed)
        while not state.is_terminal():
            if len(state.legal_actions()) == 1:
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no position with a single legal action found")


@pytest.mark.parametrize("auto_pass", [True, False])
def test_auto_pass_takes_a_sole_legal_action_only_when_asked(auto_pass):
    state = _sole_choice_position()
    seat = state.current_player
    sole = state.legal_actions()[0].label
    players = [None if s == seat else from_spec("random:seed=1") for s in range(2)]
    console = Console(file=io.StringIO(), width=80)
    asked = []

    def stop(prompt=""):
        asked.append(len(state.history))
        raise KeyboardInterrupt

    console.input = stop
    before = len(state.history)
    terminal.play(state, players, ["human", "random"], console, auto_pass=auto_pass)
    output = console.file.getvalue()
    if auto_pass:
        assert f"{sole!r}, is taken for you" in output
        assert state.history[before] == sole and before not in asked
    else:
        assert asked == [before] and "taken for you" not in output


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bots_secret_hires_are_never_printed_before_the_reveal(seed):
    """The terminal prints other seats' moves from the human's own log."""
    result = run(
        "play", "nacho-incident", "--seat", "human", "--seat", "random", "--seat", "random",
        "--seed", str(seed), text="quit\ny\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    state = contraband.load("nacho-incident").new(3, seed=seed)
    # the events printed before the human's first prompt (its own choices list its hires)
    before_prompt = result.output.split("red> ")[0]
    events = [line for line in before_prompt.splitlines() if line.startswith(("  - ", "    "))]
    assert any("smuggler" in line for line in events), before_prompt
    assert not any(re.search(r"\bhires? [A-Z][a-z]+", line) for line in events)
    assert state.history == []


def test_board_text_in_square_brackets_survives_printing():
    result = run(
        "play", "nacho-incident", "--seat", "human", "--seat", "random", "--seed", "2",
        text="quit\ny\n",
    )  # fmt: skip
    assert "[ ]" in result.output
