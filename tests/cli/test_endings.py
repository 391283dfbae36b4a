"""How a terminal game ends: the verdict said once, and the exit code a shell expects."""

import os
import signal
import subprocess
import sys
import threading

import pytest
from typer.testing import CliRunner

import contraband
from contraband.cli import app
from contraband.cli_common import INTERRUPTED
from contraband.terminal import final_board

runner = CliRunner()


@pytest.mark.parametrize("game_id", contraband.game_ids())
def test_a_finished_game_says_game_over_once(game_id):
    players = contraband.load(game_id).info.default_players
    seats = [arg for _ in range(players) for arg in ("--seat", "random")]
    result = runner.invoke(app, ["play", game_id, *seats, "--seed", "2"])
    assert result.exit_code == 0, result.output
    final = result.output.split("final position", 1)[1]
    assert final.lower().count("game over") == 1, final


@pytest.mark.parametrize("game_id", contraband.game_ids())
def test_the_final_board_keeps_everything_but_the_render_s_own_verdict(game_id):
    game = contraband.load(game_id)
    state = game.new(game.info.default_players, seed=3)
    agent = contraband.agents.from_spec("random", seed=3)
    assert final_board(state) == state.render()  # an unfinished game is shown whole
    while not state.is_terminal():
        state.apply(agent.act(state, state.current_player), seat=state.current_player)
    rendered = state.render().rstrip("\n").split("\n")
    shown = final_board(state).split("\n")
    assert "game over" not in final_board(state).lower()
    assert shown == rendered[: len(shown)] and len(rendered) - len(shown) <= 1


def test_a_replayed_finished_game_says_game_over_once(tmp_path):
    save = tmp_path / "game.json"
    played = runner.invoke(
        app, ["play", "tony-tino", "--seat", "random", "--seat", "random", "--save", str(save)]
    )
    assert played.exit_code == 0, played.output
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.lower().count("game over") == 1, replayed.output


def test_quitting_exits_0_and_running_out_of_input_exits_130():
    seats = ["--seat", "human", "--seat", "random", "--seed", "3"]
    quit_ = runner.invoke(app, ["play", "tony-tino", *seats], input="quit\ny\n")
    assert quit_.exit_code == 0, quit_.output
    assert "Game stopped." in quit_.output
    ended = runner.invoke(app, ["play", "tony-tino", *seats], input="1\n")
    assert ended.exit_code == INTERRUPTED == 130, ended.output
    assert "Game interrupted." in ended.output


def test_ctrl_c_at_the_prompt_exits_130_and_keeps_the_record(tmp_path):
    save = tmp_path / "game.json"
    command = [sys.executable, "-m", "contraband.cli", "play", "tony-tino", "--seat", "human"]
    command += ["--seat", "random", "--seed", "3", "--save", str(save)]
    process = subprocess.Popen(
        command,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env={**os.environ, "COLUMNS": "80", "TERM": "dumb"},
        # a test run started in the background of a non-interactive shell ignores SIGINT, and a
        # Python started with SIGINT ignored never raises KeyboardInterrupt: give the child
        # Ctrl-C's default, as a terminal would
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    output = bytearray()
    prompted = threading.Event()

    def read() -> None:
        while chunk := os.read(process.stdout.fileno(), 4096):
            output.extend(chunk)
            if b"> " in output:
                prompted.set()
        prompted.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        assert prompted.wait(60), bytes(output).decode()
        process.send_signal(signal.SIGINT)
        code = process.wait(60)
    finally:
        process.kill()
    reader.join(10)
    text = bytes(output).decode()
    assert code == 130, text
    assert "Game interrupted." in text and "Traceback" not in text
    assert save.exists()
