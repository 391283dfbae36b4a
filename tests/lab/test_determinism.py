"""The same seed gives the same games whatever the worker count or chunking; Ctrl-C keeps games."""

import pytest

from contraband.lab.backends import LocalBackend, make_backend
from contraband.lab.runner import make_config
from contraband.lab.simulate import run_games
from tests.lab.conftest import without_time


def run(config, workers, chunk=None):
    with LocalBackend(workers) as backend:
        return run_games(config, backend, chunk=chunk)


def test_one_and_two_workers_play_identical_games():
    config = make_config("tony-tino", 2, ["random", "greedy"], seed=11, games=6)
    one = run(config, 1)
    two = run(config, 2, chunk=1)
    assert without_time(one.rows) == without_time(two.rows)
    assert [row["game_index"] for row in one.rows] == [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    assert one.games_done == two.games_done == 6


def test_chunking_does_not_change_the_games():
    config = make_config("tony-tino", 2, ["random"], seed=3, games=30)
    reference = without_time(run(config, 1, chunk=30).rows)
    assert without_time(run(config, 2, chunk=7).rows) == reference
    assert without_time(run(config, 2).rows) == reference
    assert len(reference) == 60


def test_a_different_seed_gives_different_games():
    first = run(make_config("tony-tino", 2, ["random"], seed=1, games=4), 1)
    second = run(make_config("tony-tino", 2, ["random"], seed=2, games=4), 1)
    assert [r["seed"] for r in first.rows] != [r["seed"] for r in second.rows]
    assert without_time(first.rows) != without_time(second.rows)


@pytest.mark.parametrize("workers", [1, 2])
def test_ctrl_c_stops_and_keeps_the_finished_games(workers):
    config = make_config("tony-tino", 2, ["random"], seed=0, games=500)
    calls = []

    def interrupt_after_first(games):
        calls.append(games)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with LocalBackend(workers) as backend:
        result = run_games(config, backend, progress=interrupt_after_first, chunk=1)
    assert result.interrupted
    assert 2 <= result.games_done < config.games
    # every kept game is whole and played exactly as an uninterrupted run plays it
    kept = sorted({row["game_index"] for row in result.rows})
    reference = run(make_config("tony-tino", 2, ["random"], seed=0, games=max(kept) + 1), 1)
    wanted = [row for row in reference.rows if row["game_index"] in kept]
    assert without_time(result.rows) == without_time(wanted)


def test_an_error_in_a_game_keeps_the_finished_games_when_asked(monkeypatch):
    from contraband.lab import runner

    play = runner.play_game

    def failing(config, index):
        if index == 3:
            raise RuntimeError("agent crashed")
        return play(config, index)

    monkeypatch.setattr(runner, "play_game", failing)
    config = make_config("tony-tino", 2, ["random"], seed=0, games=10)
    with LocalBackend(1) as backend:
        result = run_games(config, backend, chunk=1, keep_on_error=True)
        assert result.error == "RuntimeError: agent crashed"
        assert sorted({row["game_index"] for row in result.rows}) == [0, 1, 2]
        with pytest.raises(RuntimeError, match="agent crashed"):
            run_games(config, backend, chunk=1)


def test_bad_workers_and_backends_are_refused():
    with pytest.raises(ValueError, match="workers must be a positive integer"):
        make_backend("local", 0)
    with pytest.raises(ValueError, match="backends are: local, ray"):
        make_backend("spark", 1)
    with pytest.raises(ValueError, match="--ray-address needs --backend ray"):
        make_backend("local", 1, "ray://example:10001")


def test_a_missing_ray_gives_a_clear_error(monkeypatch):
    monkeypatch.setitem(__import__("sys").modules, "ray", None)
    with pytest.raises(RuntimeError, match=r"python -m pip install -e '\.\[ray\]'"):
        make_backend("ray", 1)
