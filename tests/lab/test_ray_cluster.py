"""The Ray backend on a real multi-node cluster on this machine: a head node and a second worker
node started with ``ray start``, the run submitted to the head's address by the ``simulate``
command, its results equal to the local backend's.

Each node is a ``ray start --block`` in a session of its own, so the test stops exactly the
processes it started (their process groups), never other Rays on the machine (``ray stop``
would stop them all). The cluster uses token authentication with a token made for the test.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab.results import read_results
from tests.lab.conftest import without_time

pytest.importorskip("ray", reason="the Ray backend needs the ray extra (make test installs it)")

pytestmark = pytest.mark.slow

RAY = str(Path(sys.executable).with_name("ray"))
START_SECONDS = 60  # for both nodes to join
ARGS = ["simulate", "tony-tino", "-a", "random", "-a", "greedy", "-n", "8", "--seed", "21"]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def group_alive(process: subprocess.Popen) -> bool:
    process.poll()  # reap the leader: a zombie still counts as a member of its group
    try:
        os.killpg(process.pid, 0)
    except ProcessLookupError:
        return False
    return True


def stop(nodes: list[subprocess.Popen]) -> None:
    """Stop the nodes: SIGTERM to their process groups (each ray start and what it spawned),
    SIGKILL to whatever is left after a few seconds."""
    for sig, wait in ((signal.SIGTERM, 5), (signal.SIGKILL, 10)):
        for node in nodes:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(node.pid, sig)
        deadline = time.monotonic() + wait
        while any(map(group_alive, nodes)) and time.monotonic() < deadline:
            time.sleep(0.2)
    for node in nodes:
        node.wait()


def alive_nodes(address: str, env: dict[str, str]) -> int:
    """How many nodes the cluster at ``address`` has, asked from a separate Python."""
    code = (
        f"import ray; ray.init(address={address!r}, log_to_driver=False, "
        "configure_logging=False); print(sum(1 for n in ray.nodes() if n['Alive']))"
    )
    found = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    lines = found.stdout.split()
    return int(lines[-1]) if found.returncode == 0 and lines else 0


@pytest.fixture
def cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """A head node and a worker node, one CPU each; yields the head's address and the
    environment (auth token) a client needs."""
    temp = Path(tempfile.mkdtemp(prefix="rt", dir="/tmp"))  # short: Ray's socket paths
    env = {
        **os.environ,
        "RAY_AUTH_MODE": "token",
        "RAY_AUTH_TOKEN": secrets.token_hex(32),
        "RAY_USAGE_STATS_ENABLED": "0",
    }
    port = free_port()
    address = f"127.0.0.1:{port}"
    common = ["--block", "--num-cpus=1", "--disable-usage-stats"]
    nodes: list[subprocess.Popen] = []

    def start(*args: str, log: str) -> None:
        with open(temp / log, "wb") as out:
            nodes.append(
                subprocess.Popen(
                    [RAY, "start", *common, *args],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            )

    try:
        start(
            "--head",
            f"--port={port}",
            "--include-dashboard=false",
            f"--dashboard-agent-listen-port={free_port()}",
            f"--temp-dir={temp}",
            log="head.log",
        )
        start(
            f"--address={address}", f"--dashboard-agent-listen-port={free_port()}", log="node.log"
        )
        deadline = time.monotonic() + START_SECONDS
        while alive_nodes(address, env) < 2:
            for node in nodes:
                if node.poll() is not None:
                    logs = "".join(p.read_text()[-2000:] for p in temp.glob("*.log"))
                    pytest.fail(f"a Ray node exited with {node.returncode}:\n{logs}")
            if time.monotonic() > deadline:
                pytest.fail(f"the two Ray nodes did not both join in {START_SECONDS} s")
            time.sleep(1)
        yield address, env
    finally:
        stop(nodes)
        shutil.rmtree(temp, ignore_errors=True)


def test_simulate_on_a_two_node_cluster_plays_the_local_games(cluster, tmp_path, monkeypatch):
    address, env = cluster
    on_cluster = tmp_path / "cluster"
    command = [sys.executable, "-c", "from contraband.cli import app; app()", *ARGS]
    ran = subprocess.run(
        [*command, "--backend", "ray", "--ray-address", address, "--out", str(on_cluster)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "2 ray workers" in " ".join(ran.stdout.split())  # one CPU on each node
    local = tmp_path / "local"
    result = CliRunner().invoke(app, [*ARGS, "-w", "1", "--no-report", "--out", str(local)])
    assert result.exit_code == 0, result.output
    assert without_time(read_results(on_cluster / "results.parquet")) == without_time(
        read_results(local / "results.parquet")
    )
