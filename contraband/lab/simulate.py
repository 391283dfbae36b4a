"""Run the games of a configuration on a backend, tolerating Ctrl-C.

``run_games`` returns the finished games' rows sorted by game index and seat, whatever order the
workers finished them in. On Ctrl-C it stops the workers and returns what was finished, marked
``interrupted``; nothing already played is lost.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from contraband.lab.backends import chunk_size, split
from contraband.lab.runner import RunConfig

#: called with the number of games just finished
Progress = Callable[[int], None]


@dataclass
class Run:
    """The outcome of running (part of) a configuration."""

    config: RunConfig
    rows: list[dict[str, Any]] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0
    backend: str = "local"
    workers: int = 1
    error: str | None = None  # set by run_games(keep_on_error=True) when a game failed

    @property
    def games_done(self) -> int:
        return len({row["game"] for row in self.rows})

    @property
    def games_per_second(self) -> float:
        return self.games_done / self.seconds if self.seconds > 0 else 0.0

    def meta(self) -> dict[str, Any]:
        """What describes the run in summaries and reports."""
        config = self.config
        return {
            "game": config.game_id,
            "players": config.players,
            "agents": list(config.agents),
            "options": config.options,
            "seed": config.seed,
            "games_requested": config.games,
            "games_done": self.games_done,
            "interrupted": self.interrupted,
            "error": self.error,
            "backend": self.backend,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games_per_second, 2),
            "rotation_balanced": self.games_done % config.period == 0 and not self.interrupted,
        }


def run_games(
    config: RunConfig,
    backend: Any,
    indices: list[int] | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
    keep_on_error: bool = False,
) -> Run:
    """Play the games ``indices`` (default: all of the configuration) on ``backend``.

    An error in a game (a bug in a game or agent) is raised, or with ``keep_on_error`` recorded
    in ``Run.error`` so that the games finished before it can still be saved.
    """
    indices = list(range(config.games)) if indices is None else list(indices)
    size = chunk or chunk_size(len(indices), backend.workers)
    run = Run(config, backend=backend.name, workers=backend.workers)
    start = time.perf_counter()
    try:
        for rows in backend.run(config, split(indices, size)):
            run.rows.extend(rows)
            if progress is not None:
                progress(len({row["game"] for row in rows}))
    except KeyboardInterrupt:
        run.interrupted = True
        backend.abort()
    except Exception as error:
        backend.abort()
        if not keep_on_error:
            raise
        run.error = f"{type(error).__name__}: {error}"
    run.seconds = time.perf_counter() - start
    run.rows.sort(key=lambda row: (row["game"], row["seat"]))
    return run
