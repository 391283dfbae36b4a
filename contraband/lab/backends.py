"""Where games are played: local worker processes, or a Ray cluster.

A backend takes chunks of game indices and yields each chunk's result rows as it finishes (in
any order; the caller sorts). Because a game's randomness depends only on the master seed and
its index, the backend and worker count never change the results, only the speed.

Both backends are context managers; ``abort()`` drops the unfinished work at once (Ctrl-C).
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from typing import Any

from contraband.lab.runner import RunConfig, run_chunk

BACKENDS = ("local", "ray")
Rows = list[dict[str, Any]]


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def check_workers(workers: int | None) -> int:
    if workers is None:
        return default_workers()
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers must be a positive integer, got {workers!r}")
    return workers


def chunk_size(games: int, workers: int) -> int:
    """Games per unit of work: a few chunks per worker keeps them all busy to the end, and up to
    25 games per chunk keeps the shipping cost small for fast games."""
    return max(1, min(25, games // (workers * 8)))


def split(indices: list[int], size: int) -> list[list[int]]:
    return [indices[start : start + size] for start in range(0, len(indices), size)]


def _ignore_interrupt() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalBackend:
    """Worker processes on this machine; one worker plays in this process (no pool)."""

    name = "local"

    def __init__(self, workers: int | None = None) -> None:
        self.workers = check_workers(workers)
        self._executor: ProcessPoolExecutor | None = None
        self._pending: list[Future] = []

    def __enter__(self) -> LocalBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, config: RunConfig, chunks: list[list[int]]) -> Iterator[Rows]:
        if self.workers == 1:
            for chunk in chunks:
                yield run_chunk(config, chunk)
            return
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, initializer=_ignore_interrupt)
        self._pending = [self._executor.submit(run_chunk, config, chunk) for chunk in chunks]
        for future in as_completed(self._pending):
            yield future.result()
        self._pending = []

    def abort(self) -> None:
        """Cancel queued chunks and stop the workers in the middle of the running ones."""
        executor, self._executor = self._executor, None
        if executor is None:
            return
        for future in self._pending:
            future.cancel()
        # ProcessPoolExecutor has no public way to stop running work before Python 3.14.
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)
        self._pending = []

    def close(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)


class RayBackend:
    """Ray tasks: on the cluster at ``address``, or on a local Ray started for this run.

    Workers must be able to import contraband (installed on every node of a cluster). Ray is
    imported only here, so the rest of contraband works without it.
    """

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise RuntimeError(
                "the Ray backend needs the ray package: pip install 'contraband[ray]' "
                "(or use --backend local)"
            ) from None
        self.ray = ray
        self._started = False
        if not ray.is_initialized():
            if address:
                ray.init(address=address, log_to_driver=False)
            else:
                ray.init(
                    num_cpus=check_workers(workers),
                    include_dashboard=False,
                    log_to_driver=False,
                    configure_logging=False,
                )
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = cpus if workers is None or address else min(check_workers(workers), cpus)
        self._task = ray.remote(num_cpus=1, max_retries=0)(run_chunk)
        self._pending: list[Any] = []

    def __enter__(self) -> RayBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run(self, config: RunConfig, chunks: list[list[int]]) -> Iterator[Rows]:
        ray = self.ray
        shared = ray.put(config)
        self._pending = [self._task.remote(shared, chunk) for chunk in chunks]
        while self._pending:
            done, self._pending = ray.wait(self._pending, num_returns=1)
            yield ray.get(done[0])

    def abort(self) -> None:
        for ref in self._pending:
            self.ray.cancel(ref, force=True)
        self._pending = []

    def close(self) -> None:
        if self._started:
            self.ray.shutdown()
            self._started = False


def make_backend(
    name: str = "local", workers: int | None = None, address: str | None = None
) -> LocalBackend | RayBackend:
    """A backend by name; a ValueError lists the backends."""
    if name == "local":
        if address:
            raise ValueError("--ray-address needs --backend ray")
        return LocalBackend(workers)
    if name == "ray":
        check_workers(workers)
        return RayBackend(workers, address)
    raise ValueError(f"unknown backend {name!r}; backends are: {', '.join(BACKENDS)}")
