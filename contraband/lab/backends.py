"""Where games are played: local worker processes, or a Ray cluster.

A backend plays chunks of game indices: ``submit(config, chunk)`` queues one, ``next_done()``
waits for any queued chunk to finish and returns its rows (in any order; the caller sorts), and
``abort()`` drops the unfinished work at once (Ctrl-C). Because a game's randomness depends only
on the master seed and its index, the backend, worker count and chunking never change the
results, only the speed. Both backends are context managers.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
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


#: how often a worker looks whether the process that started it is still there (seconds)
PARENT_CHECK_SECONDS = 1.0


def _init_worker() -> None:
    """Workers leave Ctrl-C to the main process, which stops them (no traceback per worker),
    and end when that process is gone, however it ended."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    parent = os.getppid()
    threading.Thread(target=_end_with, args=(parent,), name="parent-watch", daemon=True).start()


def _end_with(parent: int) -> None:
    """Ends this worker once ``parent`` has died (its children are then handed to another
    process). A worker killed with its run (SIGKILL, the machine's out-of-memory killer) would
    otherwise wait on the pool's queue for ever: it holds that pipe's writing end itself, so it
    never reads its end. The kernel's parent-death signal is no help here, since it follows the
    thread that started the worker, not the process."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


class LocalBackend:
    """Worker processes on this machine; one worker plays in this process (no pool)."""

    name = "local"
    #: what a worker runs on a chunk (a subclass may play games its own way: ``balance``)
    task = staticmethod(run_chunk)

    def __init__(self, workers: int | None = None) -> None:
        self.workers = check_workers(workers)
        self._executor: ProcessPoolExecutor | None = None
        self._pending: set[Future] = set()
        self._queued: deque[tuple[RunConfig, list[int]]] = deque()  # for one worker

    def __enter__(self) -> LocalBackend:
        self.start()
        return self

    def start(self) -> None:
        """Start the worker processes now, before other threads (a progress bar) exist, since
        forking a process that runs threads is fragile."""
        if self.workers > 1 and self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, initializer=_init_worker)
            self._executor.submit(int).result()

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pending(self) -> int:
        return len(self._pending) + len(self._queued)

    def submit(self, config: RunConfig, chunk: list[int]) -> None:
        if self.workers == 1:
            self._queued.append((config, chunk))
            return
        self.start()
        assert self._executor is not None
        self._pending.add(self._executor.submit(self.task, config, chunk))

    def next_done(self) -> Rows:
        if self._queued:
            return self.task(*self._queued.popleft())
        done, self._pending = wait(self._pending, return_when=FIRST_COMPLETED)
        finished = done.pop()
        self._pending |= done  # hand the others out on the next calls
        return finished.result()

    def abort(self) -> None:
        """Cancel queued chunks and stop the workers in the middle of the running ones."""
        self._queued.clear()
        executor, self._executor = self._executor, None
        if executor is None:
            return
        for future in self._pending:
            future.cancel()
        self._pending = set()
        # ProcessPoolExecutor has no public way to stop running work before Python 3.14.
        for process in list((getattr(executor, "_processes", None) or {}).values()):
            process.terminate()
        executor.shutdown(wait=True, cancel_futures=True)

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
    task = staticmethod(run_chunk)  # as LocalBackend.task

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise RuntimeError(
                "the Ray backend needs the ray package: in the contraband checkout, "
                ".venv/bin/python -m pip install -e '.[ray]' (make test installs it too), "
                "or use --backend local"
            ) from None
        self.ray = ray
        self._started = False
        if not ray.is_initialized():
            cpus = check_workers(workers)
            try:
                if address:
                    ray.init(address=address, log_to_driver=False)
                else:
                    ray.init(
                        num_cpus=cpus,
                        include_dashboard=False,
                        log_to_driver=False,
                        configure_logging=False,
                    )
            except Exception as error:  # Ray raises several kinds; all mean the same here
                where = f"the Ray cluster at {address!r}" if address else "a local Ray"
                raise RuntimeError(f"cannot start or reach {where}: {error}") from None
            self._started = True
        cpus = int(ray.cluster_resources().get("CPU", 1))
        # --workers caps the chunks in flight; by default the cluster's CPUs are kept busy
        self.workers = cpus if workers is None else min(check_workers(workers), cpus)
        self._task = ray.remote(num_cpus=1, max_retries=0)(self.task)
        self._pending: list[Any] = []
        self._shared: tuple[RunConfig, Any] | None = None

    def __enter__(self) -> RayBackend:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def pending(self) -> int:
        return len(self._pending)

    def submit(self, config: RunConfig, chunk: list[int]) -> None:
        if self._shared is None or self._shared[0] is not config:
            self._shared = (config, self.ray.put(config))
        self._pending.append(self._task.remote(self._shared[1], chunk))

    def next_done(self) -> Rows:
        done, self._pending = self.ray.wait(self._pending, num_returns=1)
        return self.ray.get(done[0])

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
