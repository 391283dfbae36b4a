"""Reading results back in pieces gives what reading them whole gives: running moments equal the
list formulas, and a summary streamed from a results file equals the summary of its rows."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from contraband.lab import stream
from contraband.lab.backends import LocalBackend
from contraband.lab.results import iter_games, read_results
from contraband.lab.runner import make_config
from contraband.lab.simulate import run_games
from contraband.lab.stats import Moments, counted_median, mean_interval, median
from contraband.lab.summary import summarize, summarize_file

values = st.lists(st.floats(-1e6, 1e6, allow_nan=False), max_size=60)


def close(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6)


@given(values)
def test_running_moments_give_the_list_interval(data):
    moments = Moments()
    for value in data:
        moments.add(value)
    assert all(close(a, b) for a, b in zip(moments.interval(), mean_interval(data), strict=True))


@given(st.lists(st.integers(0, 50), max_size=60))
def test_the_median_of_counts_is_the_median_of_the_values(data):
    assert close(counted_median(Counter(data)), median(data))


def approx_equal(one, two) -> bool:
    """Summaries equal up to float rounding (running sums against list sums)."""
    if isinstance(one, dict):
        return one.keys() == two.keys() and all(approx_equal(one[k], two[k]) for k in one)
    if isinstance(one, list):
        return len(one) == len(two) and all(map(approx_equal, one, two))
    if isinstance(one, float) and isinstance(two, float):
        return close(one, two)
    return one == two


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
# Al Cabohne's longer games in the long tier (make test-slow)
@pytest.mark.parametrize(
    "game", [("tony-tino", 2), pytest.param(("al-cabohne", 2), marks=pytest.mark.slow)]
)
def test_a_summary_streamed_from_the_file_equals_the_summary_of_the_rows(
    tmp_path, monkeypatch, fmt, game
):
    monkeypatch.setattr(stream, "FLUSH_ROWS", 5)  # many parts and flushes for a few games
    monkeypatch.setattr(stream, "MERGE_ROWS", 8)  # and many merge blocks
    config = make_config(game[0], game[1], ["random", "greedy"], seed=2, games=9)
    writer = stream.ResultsWriter(tmp_path, config, fmt)
    with LocalBackend(2) as backend:
        run = run_games(config, backend, writer.missing(), sink=writer.write, chunk=2)
    assert run.rows == [] and run.games_done == 9
    path = writer.finish(run.meta())
    with LocalBackend(1) as backend:
        whole = run_games(config, backend)
    rows = read_results(path)
    assert [(r["game_index"], r["seat"]) for r in rows] == [
        (r["game_index"], r["seat"]) for r in whole.rows
    ]
    assert [len(game) for game in iter_games(Path(path))] == [game[1]] * 9
    assert approx_equal(summarize_file(path, run.meta()), summarize(rows, run.meta()))
    assert run.rotation_balanced == whole.rotation_balanced
