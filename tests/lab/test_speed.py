"""What simulate says about its speed and its seat balance: true for slow, fast, full and
interrupted runs, and the same figure on the progress bar as in the summary."""

import re

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab.runner import make_config
from contraband.lab.simulate import Run
from contraband.lab.summary import headline, speed

SPEED = re.compile(r"(?:[\d,]+(?:\.\d+)?|-) (?:games/s|s/game)")


def run_of(indices, agents=("greedy", "random"), players=2, interrupted=False, seconds=1.0):
    """A Run holding the rows simulate would keep for the finished games ``indices``."""
    config = make_config("tony-tino", players, list(agents), seed=1, games=200)
    rows = [
        {"game_index": index, "seat": seat, "agent": agent}
        for index in indices
        for seat, agent in enumerate(config.seat_agents(index))
    ]
    return Run(config, rows=rows, interrupted=interrupted, seconds=seconds)


# -- speed -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("games", "seconds"), [(1, 50.0), (3, 140.0), (2, 2.5)])
def test_a_slow_run_gives_its_time_per_game_never_zero_games_per_second(games, seconds):
    text = speed(games, seconds)
    assert not text.startswith("0")
    number = float(text.split()[0].replace(",", ""))
    assert number == pytest.approx(seconds / games, rel=0.05) and text.endswith("s/game")


@pytest.mark.parametrize(("games", "seconds"), [(2000, 1.87), (300, 8.9), (3, 1.4), (5, 5.0)])
def test_a_fast_run_gives_games_per_second(games, seconds):
    text = speed(games, seconds)
    assert text.endswith("games/s")
    assert float(text.split()[0].replace(",", "")) == pytest.approx(games / seconds, rel=0.01)


def test_no_game_yet_has_no_speed():
    assert speed(0, 3.0) == speed(5, 0.0) == "- games/s"


def test_the_headline_of_a_slow_run_says_seconds_per_game():
    meta = run_of([0, 1], seconds=97.0).meta()
    assert "48.5 s/game" in headline({"run": meta})
    assert meta["games_per_second"] > 0  # kept with its significant digits, not rounded to 0


def test_the_progress_bar_ends_on_the_summary_s_figure(tmp_path):
    result = CliRunner().invoke(
        app,
        ["simulate", "tony-tino", "-n", "6", "-w", "1", "--no-report", "--format", "csv"]
        + ["--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    bar, summary = result.output.split("\n", 1)
    assert "6/6" in bar
    (on_bar,) = SPEED.findall(bar)
    assert SPEED.findall(" ".join(summary.split()))[0] == on_bar


# -- seat balance ------------------------------------------------------------------------------
def test_an_interrupted_run_with_an_even_seat_table_is_balanced():
    """Workers finish games out of order: the kept games need not be 0..n-1."""
    run = run_of([0, 1, 2, 3, 5, 6, 8, 11], interrupted=True)
    assert run.rotation_balanced
    assert "balanced" not in headline({"run": run.meta()})


def test_an_interrupted_run_with_an_uneven_seat_table_says_so_plainly():
    run = run_of([0, 2, 4, 5], interrupted=True)
    assert not run.rotation_balanced
    text = headline({"run": run.meta()})
    assert "seats are not balanced" in text and "multiple of" not in text


def test_a_full_run_of_an_odd_number_of_games_names_the_multiple():
    run = run_of(range(3))
    assert not run.rotation_balanced
    assert "multiple of 2" in headline({"run": run.meta()})


@pytest.mark.parametrize("indices", [[0], [3, 7, 8]])
def test_one_agent_in_every_seat_is_always_balanced(indices):
    run = run_of(indices, agents=("random",), interrupted=True)
    assert run.rotation_balanced
    assert "multiple of" not in headline({"run": run.meta()})


def test_an_agent_listed_twice_is_balanced_by_its_share_of_the_list():
    agents = ("greedy", "random", "random")
    assert run_of(range(3), agents=agents, players=2).rotation_balanced
    assert run_of(range(6), agents=agents, players=2).rotation_balanced
    assert not run_of(range(2), agents=agents, players=2).rotation_balanced
