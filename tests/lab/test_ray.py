"""The Ray backend plays exactly the games the local backend plays (one small local Ray)."""

import pytest

from contraband.lab.backends import LocalBackend, RayBackend
from contraband.lab.results import read_results
from contraband.lab.runner import make_config
from contraband.lab.simulate import run_games
from tests.lab.conftest import without_time

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    """One local Ray for this module: starting Ray costs seconds."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_ray_and_local_play_identical_games(local_ray):
    config = make_config("tony-tino", 2, ["random", "greedy"], seed=5, games=6)
    with LocalBackend(1) as backend:
        local = run_games(config, backend)
    with RayBackend(workers=2) as backend:
        assert backend.workers == 2
        remote = run_games(config, backend)
    assert remote.backend == "ray" and not remote.interrupted
    assert without_time(remote.rows) == without_time(local.rows)
    assert ray.is_initialized()  # a Ray it did not start is left running


def test_simulate_command_on_ray(local_ray, tmp_path):
    from typer.testing import CliRunner

    from contraband.cli import app

    args = ["simulate", "tony-tino", "-a", "random", "-n", "4", "--seed", "9", "--no-report"]
    result = CliRunner().invoke(app, [*args, "--backend", "ray", "--out", str(tmp_path / "ray")])
    assert result.exit_code == 0, result.output
    assert "2 ray workers" in " ".join(result.output.split())
    result = CliRunner().invoke(app, [*args, "-w", "1", "--out", str(tmp_path / "local")])
    assert result.exit_code == 0, result.output
    on_ray = read_results(tmp_path / "ray" / "results.parquet")
    local = read_results(tmp_path / "local" / "results.parquet")
    assert without_time(on_ray) == without_time(local)
