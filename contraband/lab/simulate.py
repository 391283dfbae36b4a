"""Run the games of a configuration on a backend, tolerating Ctrl-C.

``run_games`` returns the finished games' rows sorted by game index and seat, whatever order the
workers finished them in. On Ctrl-C it stops the workers and returns what was finished, marked
``interrupted``; nothing already played is lost.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from contraband.lab.runner import RunConfig

#: called with the number of games just finished
Progress = Callable[[int], None]
#: takes the rows of finished games as they arrive (a results writer), instead of ``Run.rows``
Sink = Callable[[list[dict[str, Any]]], None]

TARGET_SECONDS = 0.25  # work per chunk, once the speed is known
MAX_CHUNK = 200


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
    #: games counted without keeping their rows (given to a sink, or stored by an earlier
    #: session of a resumed run), and how often each (seat, agent) played in them
    counted: int = 0
    seated: Counter = field(default_factory=Counter)
    resumed: int = 0  # games stored before this session (a resumed run)

    def count(self, rows: list[dict[str, Any]]) -> int:
        """Count finished games whose rows are not kept; the number of games in ``rows``."""
        games = len({row["game_index"] for row in rows})
        self.counted += games
        # a balance record (one per game) names no single agent
        self.seated.update((row["seat"], row.get("agent")) for row in rows)
        return games

    @property
    def games_done(self) -> int:
        return self.counted + len({row["game_index"] for row in self.rows})

    @property
    def games_played(self) -> int:
        """Games played in this session (a resumed run's earlier ones left out)."""
        return self.games_done - self.resumed

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second of this session (the progress bar's figure)."""
        return self.games_played / self.seconds if self.seconds > 0 else 0.0

    @property
    def rotation_balanced(self) -> bool:
        """Did every agent sit in every seat equally often over the finished games? (An agent
        listed twice, twice as often.) A full run is balanced when its number of games is a
        multiple of the number of agents; an interrupted one, whose finished games need not be
        the first ones, is judged by the games it kept."""
        config = self.config
        games = self.games_done
        listed = Counter(config.agents)
        seated = self.seated + Counter((row["seat"], row["agent"]) for row in self.rows)
        return all(
            seated[seat, agent] * len(config.agents) == count * games
            for seat in range(config.players)
            for agent, count in listed.items()
        )

    def meta(self) -> dict[str, Any]:
        """What describes the run in summaries and reports."""
        config = self.config
        return {
            "game": config.game_id,
            "players": config.players,
            "agents": list(config.agents),
            "options": config.options,
            "variant": config.variant,
            "seed": config.seed,
            "games_requested": config.games,
            "games_done": self.games_done,
            "games_resumed": self.resumed,
            "interrupted": self.interrupted,
            "error": self.error,
            "backend": self.backend,
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
            "games_per_second": float(f"{self.games_per_second:.4g}"),  # 0.0213, not 0.02
            "rotation_balanced": self.rotation_balanced,
        }


def run_games(
    config: RunConfig,
    backend: Any,
    indices: Iterable[int] | None = None,
    progress: Progress | None = None,
    chunk: int | None = None,
    keep_on_error: bool = False,
    sink: Sink | None = None,
    run: Run | None = None,
) -> Run:
    """Play the games ``indices`` (default: all of the configuration) on ``backend``.

    ``indices`` is taken lazily (a resumed run of a million games passes a generator with a
    ``len``). With a ``sink`` the rows go there as each chunk finishes and ``Run.rows`` stays
    empty, so memory does not grow with the games; ``run`` continues a Run (a resumed one).

    Chunks start at one game and grow to about ``TARGET_SECONDS`` of work at the measured speed
    (``chunk`` fixes their size instead), so fast games are shipped in bulk while slow ones keep
    the progress bar moving and Ctrl-C loses little. An error in a game (a bug in a game or
    agent) is raised, or with ``keep_on_error`` recorded in ``Run.error`` so that the games
    finished before it can still be saved.
    """
    todo = range(config.games) if indices is None else indices
    remaining = len(todo)  # type: ignore[arg-type]
    queue = iter(todo)
    if run is None:
        run = Run(config)
    run.backend, run.workers = backend.name, backend.workers
    in_flight = 2 * backend.workers
    start = time.perf_counter()
    finished = 0
    try:
        while remaining or backend.pending:
            while remaining and backend.pending < in_flight:
                elapsed = time.perf_counter() - start
                size = min(
                    chunk or chunk_size(finished, elapsed, backend.workers, remaining), remaining
                )
                backend.submit(config, list(islice(queue, size)))
                remaining -= size
            rows = backend.next_done()
            if sink is None:
                run.rows.extend(rows)
                games = len({row["game_index"] for row in rows})
            else:
                games = run.count(rows)  # counted first: a sink interrupted by Ctrl-C keeps them
                sink(rows)
            finished += games
            if progress is not None:
                progress(games)
    except KeyboardInterrupt:
        run.interrupted = True
        backend.abort()
    except Exception as error:
        backend.abort()
        if not keep_on_error:
            raise
        run.error = f"{type(error).__name__}: {error}"
    run.seconds = time.perf_counter() - start
    run.rows.sort(key=lambda row: (row["game_index"], row["seat"]))
    return run


def chunk_size(finished: int, elapsed: float, workers: int, remaining: int) -> int:
    """Games for the next chunk: about TARGET_SECONDS of one worker's time at the speed so far,
    and small enough near the end that every worker gets a share."""
    if finished == 0 or elapsed <= 0:
        return 1
    size = int(finished / elapsed / workers * TARGET_SECONDS)
    fair = -(-remaining // (2 * workers))  # ceil
    return max(1, min(size, MAX_CHUNK, fair))
