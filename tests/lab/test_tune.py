"""``contraband tune``: the search loop on a tiny budget, its goals against the trials' own games,
resuming (a stopped run, a killed trial), and bad input refused."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

pytest.importorskip("optuna")

from contraband.lab.balance_trace import trace_chunk  # noqa: E402
from contraband.lab.runner import make_config  # noqa: E402
from contraband.lab.tune import Tuning, open_study, retry_cut_short  # noqa: E402
from contraband.lab.tune_command import tune_command  # noqa: E402
from contraband.lab.tune_space import overrides, parse_param  # noqa: E402

GAME = "counterfeiters"
KEY = "track.start_two.2"  # the two-player police track's start space (published: 6)
ARGS = [GAME, "-p", "2", "--param", f"{KEY}=4..9", "-n", "4", "-w", "1"]
ARGS += ["--best", "1", "--check-games", "4", "--seed", "3"]


def app() -> typer.Typer:
    app = typer.Typer()
    app.command("tune")(tune_command)
    app.command("other")(lambda: None)  # two commands: tune is a subcommand
    return app


def tune(*args: str):
    return CliRunner().invoke(app(), ["tune", *args])


def stored(out):
    import optuna

    return optuna.load_study(study_name="tune", storage=f"sqlite:///{out / 'tune.db'}")


def hand_gap(variant, games=4, seed=3):
    """The largest difference between the turn positions' win shares, counted from the
    variant's games on the run's deals."""
    config = make_config(GAME, 2, ["rules"], seed=seed, games=games, variant=variant)
    wins = [0.0, 0.0]
    for record in trace_chunk(config, list(range(games))):
        for position, seat in enumerate(record["order"]):
            wins[position] += record["win"][seat]
    return abs(wins[0] - wins[1]) / games


def test_a_tiny_search_ends_with_the_best_variant_and_its_report(tmp_path):
    out = tmp_path / "tune"
    result = tune(*ARGS, "--trials", "2", "--out", str(out))
    assert result.exit_code == 0, result.output
    trials = [t for t in stored(out).get_trials() if t.state.name == "COMPLETE"]
    assert len(trials) == 2
    for trial in trials:
        value = trial.params[KEY]
        assert 4 <= value <= 9
        assert trial.user_attrs["variant"] == {KEY: value}
        assert trial.values[0] == pytest.approx(hand_gap(trial.user_attrs["variant"]))
    summary = json.loads((out / "tune.json").read_text())
    best = min(trials, key=lambda t: (t.values[0], t.number))
    assert summary["best"][0]["trial"] == best.number
    assert (out / "best-1" / "report.html").exists()
    assert "start" in (out / "best-1" / "report.html").read_text()


def test_resume_continues_the_same_run_and_refuses_another(tmp_path):
    out = tmp_path / "tune"
    assert tune(*ARGS, "--trials", "2", "--out", str(out)).exit_code == 0
    before = [(t.number, t.values) for t in stored(out).get_trials()]
    again = tune(*ARGS, "--trials", "2", "--out", str(out))
    assert again.exit_code == 2 and "--resume" in again.output
    other = tune(*ARGS, "--trials", "3", "--games", "6", "--out", str(out), "--resume")
    assert other.exit_code == 2 and "games" in other.output
    resumed = tune(*ARGS, "--trials", "3", "--out", str(out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    after = [(t.number, t.values) for t in stored(out).get_trials()]
    assert after[:2] == before and len(after) == 3


def test_a_trial_cut_short_is_played_again(tmp_path):
    import optuna

    tuning = Tuning(GAME, 2, ["rules"], {}, {}, [KEY], ["fair-seats"], 0, 4)
    study = open_study(tmp_path, tuning, resume=False, sampler_seed=0)
    killed = study.ask()
    killed.suggest_int(KEY, 4, 9)  # then the process died: the trial stays running
    assert retry_cut_short(study) == 1
    states = [t.state for t in study.get_trials()]
    assert states == [optuna.trial.TrialState.FAIL, optuna.trial.TrialState.WAITING]
    retried = study.ask()
    assert retried.suggest_int(KEY, 4, 9) == killed.params[KEY]


def test_ranges_and_variants():
    (param,) = parse_param(GAME, KEY)
    assert (param.low, param.high) == (3, 12)  # from published 6: 6 // 2 .. 2 x 6
    prices = parse_param("narcos", "narcos.plantation.prices=1..9")
    assert [(p.name, p.low, p.high) for p in prices] == [
        ("plantation.prices#0", 1, 9),
        ("plantation.prices#1", 1, 9),
    ]
    (notes,) = parse_param(GAME, "money.start#1=10..65/10")  # money moves in $10 notes
    assert (notes.name, notes.low, notes.high, notes.step) == ("money.start#1", 10, 60, 10)
    with pytest.raises(ValueError, match="STEP"):
        parse_param(GAME, "money.start#1=10..60/0")
    # one entry searched, the other kept as published
    assert overrides(prices[1:], {"plantation.prices#1": 7}, {}) == {"plantation.prices": [2, 7]}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--param", "track.nope"], "no number"),
        (["--param", f"{KEY}=9..4"], "LOW < HIGH"),
        (["--param", f"{KEY}=0..999"], "within"),
        (["--param", KEY, "--goal", "shortest"], "goals are"),
        (["--param", KEY, "--goal", "length:-3"], "goals are"),
        (["--param", KEY, "--trials", "0"], "--trials"),
    ],
)
def test_bad_input_gets_a_clear_error(args, message, tmp_path):
    result = tune(GAME, "-p", "2", *args, "--out", str(tmp_path / "x"))
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "x" / "tune.db").exists()


def test_a_variant_the_game_refuses_is_recorded_and_counted(tmp_path):
    import optuna

    from contraband.lab.balance_trace import BalanceLocal
    from contraband.lab.tune import REFUSED, finished, play_trial

    tuning = Tuning(GAME, 2, ["rules"], {}, {}, [f"{KEY}=4..18"], ["fair-seats"], 0, 2)
    study = open_study(tmp_path, tuning, resume=False, sampler_seed=0)
    study.enqueue_trial({KEY: 15})  # past the first special space: the game refuses it
    with BalanceLocal(workers=1) as backend:
        trial, interrupted = play_trial(study, tuning, parse_param(GAME, f"{KEY}=4..18"), backend)
    assert not interrupted
    # scored worse than any played variant, so that the sampler leaves it
    assert trial.state == optuna.trial.TrialState.COMPLETE and trial.values == [REFUSED]
    assert KEY in trial.user_attrs["refused"]
    assert finished(study) == 1
