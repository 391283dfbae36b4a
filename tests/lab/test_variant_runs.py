"""Lab runs of a rule variant (``--set``): the variant is validated before any game, played by
every worker, recorded in ``run.json`` and in every row, and ``--resume`` refuses another one."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab import LocalBackend, make_config, play_game, run_games
from contraband.lab.results import read_results
from contraband.lab.stream import MANIFEST

RICH = {"start.money": 9}
ARGS = ["simulate", "narcos", "-p", "2", "-a", "random", "-n", "4", "--seed", "3", "--no-report"]


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def test_a_config_carries_the_canonical_variant_into_every_row():
    config = make_config(
        "narcos", 2, ["random"], seed=3, games=2, variant={"narcos.start.money": 9}
    )
    assert config.variant == RICH
    standard = make_config("narcos", 2, ["random"], seed=3, games=2)
    assert standard.variant == {}
    rows = play_game(config, 0)
    assert {row["variant"] for row in rows} == {json.dumps(RICH)}
    assert {row["variant"] for row in play_game(standard, 0)} == {"{}"}
    # the variant is played, not only recorded: nine million each changes the game
    assert [row["score"] for row in rows] != [row["score"] for row in play_game(standard, 0)]


def test_a_bad_variant_is_refused_before_any_game():
    with pytest.raises(ValueError, match=r"start.money must be an integer in 0..100, got -2"):
        make_config("narcos", 2, ["random"], variant={"start.money": -2})
    with pytest.raises(ValueError, match=r"deck.police is 11"):
        make_config("narcos", 2, ["random"], variant={"deck.police": 11})


def test_workers_play_the_variant_as_one_process_does():
    config = make_config("narcos", 2, ["random", "greedy"], seed=5, games=4, variant=RICH)
    alone = [row for index in range(config.games) for row in play_game(config, index)]
    with LocalBackend(workers=2) as backend:
        run = run_games(config, backend)
    assert run.meta()["variant"] == RICH

    def plain(rows):
        return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]

    assert plain(run.rows) == plain(alone)


def test_simulate_records_the_variant_and_resume_refuses_another(tmp_path):
    out = tmp_path / "run"
    result = invoke(*ARGS, "--set", "narcos.start.money=9", "-w", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / MANIFEST).read_text())
    assert manifest["variant"] == RICH and manifest["state"] == "saved"
    rows = read_results(out / "results.parquet")
    assert len(rows) == 8 and {row["variant"] for row in rows} == {json.dumps(RICH)}

    other = invoke(*ARGS, "--set", "start.money=8", "-w", "1", "--out", str(out), "--resume")
    assert other.exit_code == 2
    assert "variant: stored {'start.money': 9}, given {'start.money': 8}" in other.output
    plain = invoke(*ARGS, "-w", "1", "--out", str(out), "--resume")
    assert plain.exit_code == 2 and "variant" in plain.output
    same = invoke(*ARGS, "--set", "start.money=9", "-w", "1", "--out", str(out), "--resume")
    assert same.exit_code == 0, same.output


def test_simulate_names_a_variant_run_apart_and_refuses_bad_settings(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = invoke(*ARGS, "--set", "start.money=9", "-w", "1")
    assert result.exit_code == 0, result.output
    (folder,) = (tmp_path / "runs").iterdir()
    assert folder.name.startswith("narcos-2p-seed3-variant-")
    for setting, message in [
        ("start.money", "KEY=VALUE"),
        ("start.mony=3", "did you mean start.money"),
        ("tony-tino.board.size=6", "key of tony-tino, not of narcos"),
        ("plantation.prices=[3]", "plantation.prices must be a list of 2 integers"),
    ]:
        bad = invoke(*ARGS, "--set", setting)
        assert bad.exit_code == 2 and message in bad.output, bad.output


def test_compare_plays_a_variant():
    result = invoke(
        "compare", "narcos", "-p", "2", "-a", "random", "-a", "greedy", "-n", "4", "-w", "1",
        "--set", "start.money=9",
    )  # fmt: skip
    assert result.exit_code == 0, result.output


def test_the_variants_command_lists_the_keys():
    result = invoke("variants", "narcos")
    assert result.exit_code == 0, result.output
    assert "narcos.start.money = 3" in result.output
    assert "narcos.plantation.prices = [2, 4]" in result.output
    assert invoke("variants", "nonesuch").exit_code == 2


def test_a_run_stored_before_variants_is_not_resumed_into_a_mixed_table(tmp_path):
    out = tmp_path / "old"
    result = invoke(*ARGS, "-w", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / MANIFEST).read_text())
    del manifest["variant"]  # as a run.json written before rule variants
    (out / MANIFEST).write_text(json.dumps(manifest))
    again = invoke(*ARGS, "-w", "1", "--out", str(out), "--resume")
    assert again.exit_code == 2 and "from before rule variants" in again.output
