"""Results written as they arrive, and --resume: a run killed with SIGKILL, resumed, gives the
same results as a run that was never stopped."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab.results import read_results
from contraband.lab.stream import MANIFEST, PARTS
from tests.lab.conftest import without_time

#: the long tier (make test-slow): runs killed and resumed in subprocesses
pytestmark = pytest.mark.slow

ARGS = ["simulate", "tony-tino", "-a", "greedy", "-a", "random", "--seed", "11", "--no-report"]


def invoke(*args: str):
    return CliRunner().invoke(app, list(args))


def contraband(*args: str) -> list[str]:
    return [sys.executable, "-c", "from contraband.cli import app; app()", *args]


def status(pid: int | str) -> tuple[str, int] | None:
    """A process's state letter and its parent's pid (``/proc/PID/stat``), None once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return fields[0], int(fields[1])


def children(pid: int) -> set[int]:
    """The processes ``pid`` started (its pool's workers)."""
    found = set()
    for entry in Path("/proc").glob("[0-9]*"):
        seen = status(entry.name)
        if seen is not None and seen[1] == pid:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    seen = status(pid)
    return seen is not None and seen[0] != "Z"  # a zombie has ended: only its exit status is left


def state(out: Path) -> str:
    return json.loads((out / MANIFEST).read_text())["state"]


def stored_something(out: Path, fmt: str) -> bool:
    if fmt == "csv":
        path = out / "results.csv"
        return path.exists() and path.read_bytes().count(b"\n") > 1
    return any((out / PARTS).glob("part-*.parquet")) if (out / PARTS).exists() else False


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_a_run_killed_mid_way_resumes_to_the_uninterrupted_results(tmp_path, fmt):
    # enough games that the run is still playing at its first write (after 2 s) on a quick
    # machine too: a run that ends first can only be killed while saving
    games = "500"
    reference = tmp_path / "reference"
    result = invoke(*ARGS, "-n", games, "-w", "2", "--format", fmt, "--out", str(reference))
    assert result.exit_code == 0, result.output

    out = tmp_path / "killed"
    command = contraband(*ARGS, "-n", games, "-w", "2", "--format", fmt, "--out", str(out))
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not stored_something(out, fmt) and process.poll() is None:
            assert time.monotonic() < deadline, "the run wrote no results in two minutes"
            time.sleep(0.05)
        workers = children(process.pid)
        process.send_signal(signal.SIGKILL)  # no chance to clean up or save
    finally:
        process.kill()
        process.wait()
    assert process.returncode == -signal.SIGKILL, "the run ended before it was killed"
    # its pool's workers end with it rather than wait for work for ever
    assert len(workers) == 2, workers
    deadline = time.monotonic() + 30
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, f"workers {sorted(workers)} outlived their run"
        time.sleep(0.1)
    assert state(out) == "running"
    assert not (out / "results.parquet").exists()

    result = invoke(*ARGS, "-n", games, "-w", "2", "--format", fmt, "--out", str(out), "--resume")
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    stored = int(text.split("resuming: ")[1].split()[0])
    assert 0 < stored < int(games)  # some games were kept, only the others played again
    assert state(out) == "saved" and not (out / PARTS).exists()
    resumed = read_results(out / f"results.{fmt}")
    assert without_time(resumed) == without_time(read_results(reference / f"results.{fmt}"))
    assert [row["game_index"] for row in resumed[::2]] == list(range(int(games)))
    summary = json.loads((out / "summary.json").read_text())["run"]
    assert (summary["games_done"], summary["games_resumed"]) == (int(games), stored)
    assert summary["rotation_balanced"]


def test_an_interrupted_run_resumes_to_the_uninterrupted_results(tmp_path, monkeypatch):
    from contraband.lab import runner as lab_runner

    play = lab_runner.play_game

    def interrupted_at_game_5(config, index):
        if index == 5:
            raise KeyboardInterrupt
        return play(config, index)

    out, reference = tmp_path / "run", tmp_path / "reference"
    monkeypatch.setattr(lab_runner, "play_game", interrupted_at_game_5)
    result = invoke(*ARGS, "-n", "12", "-w", "1", "--out", str(out))
    assert result.exit_code == 130, result.output
    kept = {row["game_index"] for row in read_results(out / "results.parquet")}
    assert kept and kept <= set(range(5))
    monkeypatch.setattr(lab_runner, "play_game", play)

    result = invoke(*ARGS, "-n", "12", "-w", "1", "--out", str(out), "--resume")
    assert result.exit_code == 0, result.output
    assert f"resuming: {len(kept)} of 12 games stored" in result.output
    assert invoke(*ARGS, "-n", "12", "-w", "1", "--out", str(reference)).exit_code == 0
    assert without_time(read_results(out / "results.parquet")) == without_time(
        read_results(reference / "results.parquet")
    )


def test_resuming_a_finished_run_plays_nothing(tmp_path, monkeypatch):
    from contraband.lab import runner as lab_runner

    assert invoke(*ARGS, "-n", "4", "-w", "1", "--out", str(tmp_path)).exit_code == 0
    before = read_results(tmp_path / "results.parquet")

    def refuse(config, index):
        raise AssertionError("a stored game was played again")

    monkeypatch.setattr(lab_runner, "play_game", refuse)
    result = invoke(*ARGS, "-n", "4", "-w", "1", "--out", str(tmp_path), "--resume")
    assert result.exit_code == 0, result.output
    assert "resuming: 4 of 4 games stored" in result.output
    assert read_results(tmp_path / "results.parquet") == before


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (["--seed", "12"], "seed: stored 11, given 12"),
        (["-n", "5"], "games: stored 4, given 5"),
        (["-a", "random"], "agents: stored ['greedy', 'random'], given ['greedy', 'random', "),
        (["--format", "csv"], "format: stored 'parquet', given 'csv'"),
        (["--options", '{"first_player": "seat 1"}'], "options: stored"),
    ],
)
def test_resume_refuses_other_parameters(tmp_path, change, named):
    assert invoke(*ARGS, "-n", "4", "-w", "1", "--out", str(tmp_path)).exit_code == 0
    before = (tmp_path / "results.parquet").read_bytes()
    result = invoke(*ARGS, "-n", "4", "-w", "1", *change, "--out", str(tmp_path), "--resume")
    assert result.exit_code == 2, result.output
    text = " ".join(result.output.split())
    assert "was made with other parameters" in text and named in text
    assert (tmp_path / "results.parquet").read_bytes() == before


def test_resume_without_a_run_is_refused(tmp_path):
    result = invoke(*ARGS, "-n", "4", "--out", str(tmp_path), "--resume")
    assert result.exit_code == 2, result.output
    assert "there is no run to resume in" in " ".join(result.output.split())


def test_a_new_run_does_not_overwrite_an_unsaved_one(tmp_path):
    manifest = {"game": "tony-tino", "state": "running"}
    (tmp_path / MANIFEST).write_text(json.dumps(manifest))
    result = invoke(*ARGS, "-n", "4", "--out", str(tmp_path))
    assert result.exit_code == 2, result.output
    assert "continue it with --resume" in " ".join(result.output.split())
    assert json.loads((tmp_path / MANIFEST).read_text()) == manifest


def test_a_csv_line_cut_by_a_crash_is_played_again(tmp_path):
    reference = tmp_path / "reference"
    args = [*ARGS, "-n", "6", "-w", "1", "--format", "csv"]
    assert invoke(*args, "--out", str(reference)).exit_code == 0
    out = tmp_path / "cut"
    out.mkdir()
    lines = (reference / "results.csv").read_bytes().splitlines(keepends=True)
    (out / "results.csv").write_bytes(b"".join(lines[:8]) + lines[8][:10])  # header + 3.5 games
    manifest = json.loads((reference / MANIFEST).read_text())
    (out / MANIFEST).write_text(json.dumps({**manifest, "state": "running"}))
    result = invoke(*args, "--out", str(out), "--resume")
    assert result.exit_code == 0, result.output
    assert "resuming: 3 of 6 games stored" in result.output
    assert without_time(read_results(out / "results.csv")) == without_time(
        read_results(reference / "results.csv")
    )
