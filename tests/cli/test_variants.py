"""`contraband play --set` and `contraband replay`: a game of a rule variant is played with the
variant's numbers, its saved record names the variant, and replay plays it back exactly."""

import json

from typer.testing import CliRunner

from contraband import terminal
from contraband.cli import app
from contraband.core.variants import variant_game

SEATS = ["--seat", "random", "--seat", "random", "--seed", "4"]


def test_play_saves_the_variant_and_replay_plays_it_back(tmp_path):
    runner = CliRunner()
    save = tmp_path / "game.json"
    played = runner.invoke(
        app, ["play", "narcos", *SEATS, "--set", "narcos.start.money=9", "--save", str(save)]
    )
    assert played.exit_code == 0, played.output
    assert "Rule variant: start.money 3 -> 9" in played.output
    record = json.loads(save.read_text())
    assert record["variant"] == {"start.money": 9} and record["final"]
    replayed = runner.invoke(app, ["replay", str(save)])
    assert replayed.exit_code == 0, replayed.output
    assert "Rule variant: start.money 3 -> 9" in replayed.output
    # the replay is the variant's game: its result, not the published game's
    state = variant_game("narcos", record["variant"]).replay(record)
    assert _words(terminal.describe_result(state)) in _words(replayed.output)

    other = runner.invoke(app, ["replay", str(save), "--set", "start.money=8"])
    assert other.exit_code == 2 and "this record is of the variant" in other.output


def _words(text: str) -> str:
    return " ".join(text.split())


def test_play_refuses_a_bad_setting_before_the_game():
    result = CliRunner().invoke(app, ["play", "narcos", *SEATS, "--set", "start.money=-1"])
    assert result.exit_code == 2
    assert "start.money must be an integer in 0..100, got -1" in result.output
