"""``compare``: is agent A stronger than agent B? Play in batches and stop once it is clear.

Each game seats A and B in rotation (seat ``s`` of game ``g`` is A when ``g + s`` is even, so at
more than two players they alternate around the table). A game is a win for A when A's seats
together take a larger share of the game's returns than B's, a loss when smaller, and a draw when
equal (a tie, or nobody winning, e.g. the house in Al Cabohne's mafia).

The test uses the decisive games only: A's win rate is wins / (wins + losses), with a 95% Wilson
interval (draws say nothing about which agent is stronger; this is the sign test). After each
batch, the run stops early once that interval excludes 50% and at least ``MIN_DECISIVE`` games
were decisive. Batches hold an even number of games, so both agents have sat in every seat
equally often whenever the test looks, and they grow with the games played (a quarter of them),
so the number of looks grows only logarithmically. Looking repeatedly still makes the nominal
95% somewhat optimistic; for a firm answer, rerun with a fixed ``--games`` and read the interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contraband.lab.runner import RunConfig
from contraband.lab.simulate import Progress, Run, run_games
from contraband.lab.stats import wilson

MIN_DECISIVE = 10
MIN_BATCH = 10


@dataclass
class Comparison:
    """The running tally of A against B."""

    a: str
    b: str
    wins: int = 0  # games A did better than B
    losses: int = 0
    draws: int = 0
    games_requested: int = 0

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def decisive(self) -> int:
        return self.wins + self.losses

    @property
    def rate(self) -> float | None:
        return self.wins / self.decisive if self.decisive else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.decisive)

    @property
    def decided(self) -> bool:
        low, high = self.interval
        return self.decisive >= MIN_DECISIVE and (low > 0.5 or high < 0.5)

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Count the games in ``rows`` (rows of one or more whole games)."""
        shares: dict[int, list[float]] = {}
        for row in rows:
            share = shares.setdefault(row["game_index"], [0.0, 0.0])
            share[(row["game_index"] + row["seat"]) % 2] += row["win"]
        for a_share, b_share in shares.values():
            if abs(a_share - b_share) < 1e-9:
                self.draws += 1
            elif a_share > b_share:
                self.wins += 1
            else:
                self.losses += 1

    def verdict(self) -> str:
        low, high = self.interval
        if self.decisive == 0:
            return f"no decisive game between {self.a} and {self.b} in {self.games} games"
        if self.decided:
            better, worse = (self.a, self.b) if low > 0.5 else (self.b, self.a)
            head = f"{better} beats {worse}"
        else:
            head = f"no significant difference between {self.a} and {self.b}"
        return (
            f"{head}: {self.a} won {self.rate:.1%} of decisive games, 95% interval "
            f"[{low:.1%}, {high:.1%}] ({self.wins} won, {self.losses} lost, {self.draws} drawn)"
        )

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "a": self.a,
            "b": self.b,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "games": self.games,
            "games_requested": self.games_requested,
            "win_rate": self.rate,
            "win_low": low,
            "win_high": high,
            "decided": self.decided,
            "stopped_early": self.decided and self.games < self.games_requested,
        }


def next_batch(played: int, workers: int) -> int:
    """Games in the next batch: even, at least MIN_BATCH and two per worker, and a quarter of
    the games played so far."""
    size = max(MIN_BATCH, 2 * workers, played // 4)
    return size + size % 2


def compare(
    config: RunConfig, backend: Any, progress: Progress | None = None
) -> tuple[Comparison, Run]:
    """Play up to ``config.games`` games of ``config.agents == (A, B)`` in batches, stopping early
    once the result is clear; the tally and the games played (a Run)."""
    if len(config.agents) != 2:
        raise ValueError(f"compare takes exactly two agents, got {len(config.agents)}")
    tally = Comparison(*config.agents, games_requested=config.games)
    total = Run(config, backend=backend.name, workers=backend.workers)
    start = 0
    while start < config.games:
        stop = min(config.games, start + next_batch(start, backend.workers))
        batch = run_games(config, backend, list(range(start, stop)), progress)
        total.rows.extend(batch.rows)
        total.seconds += batch.seconds
        tally.add(batch.rows)
        if batch.interrupted:
            total.interrupted = True
            break
        if tally.decided:
            break
        start = stop
    return tally, total
