"""``compare``: is agent A stronger than agent B? A group-sequential test that may stop early.

Each game seats A and B in rotation (seat ``s`` of game ``g`` is A when ``g + s`` is even, so at
more than two players they alternate around the table). A game is a win for A when A's seats
together take a larger share of the game's returns than B's, a loss when smaller, and a draw when
equal (a tie, or nobody winning, e.g. Al Cabohne's mafia). Draws say nothing about which agent
is the stronger and are left out: the test is a sign test on the decisive games. If A and B are
equally strong, each decisive game is a fair coin.

**The test.** A two-sided group-sequential sign test with exact binomial boundaries and
Lan-DeMets alpha spending (Lan & DeMets 1983, "Discrete sequential boundaries for clinical
trials", Biometrika 70:659-663), with the Pocock-type spending function
``alpha(t) = ALPHA * ln(1 + (e - 1) t)`` (Kim & DeMets 1987). The games are played in even
batches; after each batch (a "look") at information time ``t = games played / --games``:

1. the probability, if A and B are equally strong, that the lead ``|wins - losses|`` reaches a
   boundary ``c`` now without having reached an earlier look's boundary is computed exactly, by
   carrying the binomial distribution of the wins over the paths that have not stopped;
2. the boundary ``c`` is the smallest lead whose probability stays within what is left to spend,
   ``alpha(t)`` less what earlier looks spent (no boundary at all when even a clean sweep would
   overspend);
3. the comparison stops, and names the stronger agent, when the lead reaches ``c``.

The boundaries depend only on how many decisive games each look saw, never on who won them, so
whatever the draws and the batch sizes, the chance of naming a winner between two equally strong
agents is at most ``ALPHA`` (5%) over the whole comparison (a little less, since a lead is a
whole number). The last look, at ``--games``, spends all that is left. The Pocock-type function
spends early, so a clearly stronger agent is found after few games, at the cost of a little
power at the end compared with a single test at ``--games``.

Why not a library: neither scipy nor statsmodels computes group-sequential boundaries, and the
packages that do are young or pull in much more than these few lines of exact arithmetic, which
the tests check against brute-force enumeration. Numpy (already there for matplotlib) does the
convolutions. Why not Wald's SPRT: it needs an alternative win rate to be named in advance and
is only approximately at its nominal error when truncated at ``--games``; this test needs
neither.

At odd player counts one agent holds the extra seat in every other game; the batches are even,
so every look has seen both arrangements equally often and the test stays on the safe side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from contraband.lab.runner import RunConfig
from contraband.lab.simulate import Progress, Run, run_games

ALPHA = 0.05
MIN_BATCH = 10
METHOD = (
    "group-sequential two-sided sign test on the decisive games: exact binomial boundaries, "
    "Lan-DeMets alpha spending (Pocock type)"
)


def spent(t: float, alpha: float = ALPHA) -> float:
    """The Pocock-type spending function: the error allowed by information time ``t``."""
    t = min(1.0, max(0.0, t))
    return alpha * math.log(1 + (math.e - 1) * t)


def binomial_pmf(n: int) -> np.ndarray:
    """P(k heads in n fair tosses), k = 0..n, from log-gamma (no underflow for large n)."""
    k = np.arange(n + 1)
    logs = [math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) for i in k]
    return np.exp(np.array(logs) - n * math.log(2))


@dataclass
class SignTest:
    """The running state of the sequential test; ``look`` is called after each batch.

    ``alive[w]`` is the probability, if A and B are equally strong, that ``w`` of the decisive
    games so far were A's and no earlier look stopped.
    """

    alpha: float = ALPHA
    decisive: int = 0  # decisive games at the last look
    error_spent: float = 0.0  # probability of a false stop used by the looks so far
    looks: list[dict[str, Any]] = field(default_factory=list)
    alive: np.ndarray = field(default_factory=lambda: np.ones(1))

    def boundary(self, decisive: int, t: float) -> tuple[int | None, float]:
        """The lead that stops the test at a look with ``decisive`` games at time ``t``, and the
        probability of stopping there; updates the state (call once per look)."""
        if decisive < self.decisive:
            raise ValueError("the decisive games cannot decrease")
        if decisive > self.decisive:
            self.alive = np.convolve(self.alive, binomial_pmf(decisive - self.decisive))
            self.decisive = decisive
        budget = spent(t, self.alpha) - self.error_spent
        leads = np.abs(2 * np.arange(decisive + 1) - decisive)
        at_lead = np.zeros(decisive + 1)
        np.add.at(at_lead, leads, self.alive)
        at_least = np.cumsum(at_lead[::-1])[::-1]  # at_least[c]: the mass at leads >= c
        # a lead has the parity of the decisive games; the smallest one within the budget
        fits = [
            c
            for c in range(decisive % 2 or 2, decisive + 1, 2)
            if at_least[c] <= budget * (1 + 1e-12)
        ]
        chosen = fits[0] if fits else None
        error = float(at_least[chosen]) if chosen is not None else 0.0
        if chosen is not None:
            self.alive = np.where(leads >= chosen, 0.0, self.alive)
            self.error_spent += error
        return chosen, error

    def look(self, wins: int, losses: int, t: float) -> bool:
        """Record a look at ``wins`` and ``losses`` of A at information time ``t``; True when the
        lead reaches this look's boundary."""
        lead, error = self.boundary(wins + losses, t)
        stop = lead is not None and abs(wins - losses) >= lead
        self.looks.append(
            {
                "t": t,
                "wins": wins,
                "losses": losses,
                "boundary": lead,
                "error_spent": self.error_spent,
                "stop": stop,
            }
        )
        return stop


@dataclass
class Comparison:
    """The running tally of A against B, and the sequential test on it."""

    a: str
    b: str
    wins: int = 0  # games A did better than B
    losses: int = 0
    draws: int = 0
    games_requested: int = 0
    test: SignTest = field(default_factory=SignTest)
    decided: bool = False

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def decisive(self) -> int:
        return self.wins + self.losses

    @property
    def rate(self) -> float | None:
        return self.wins / self.decisive if self.decisive else None

    def add(self, rows: list[dict[str, Any]]) -> None:
        """Count the games in ``rows`` (rows of one or more whole games)."""
        shares: dict[int, list[float]] = {}
        for row in rows:
            share = shares.setdefault(row["game_index"], [0.0, 0.0])
            share[(row["game_index"] + row["seat"]) % 2] += row["win"]
        for a_share, b_share in shares.values():
            self.count(a_share, b_share)

    def count(self, a_share: float, b_share: float) -> None:
        """Count one game from A's and B's shares of its returns."""
        if abs(a_share - b_share) < 1e-9:
            self.draws += 1
        elif a_share > b_share:
            self.wins += 1
        else:
            self.losses += 1

    def look(self) -> bool:
        """Test the games counted so far (after a batch); True once the comparison is decided."""
        t = self.games / self.games_requested if self.games_requested else 1.0
        self.decided = self.test.look(self.wins, self.losses, t)
        return self.decided

    @property
    def boundary(self) -> int | None:
        return self.test.looks[-1]["boundary"] if self.test.looks else None

    def method(self) -> str:
        return (
            f"test: {METHOD}, over at most {self.games_requested} games; the chance of naming "
            f"a winner between equally strong agents is at most {self.test.alpha:.0%}"
        )

    def verdict(self) -> str:
        counts = (
            f"{self.a} won {self.wins}, lost {self.losses}, drew {self.draws} "
            f"of {self.games} game{'' if self.games == 1 else 's'}"
        )
        if self.decisive == 0:
            return f"no decisive game between {self.a} and {self.b}: {counts}"
        share = f"{self.rate:.1%} of the decisive games"
        if self.decided:
            better, worse = (self.a, self.b) if self.wins > self.losses else (self.b, self.a)
            return (
                f"{better} beats {worse}: {counts} ({share}); the lead of "
                f"{abs(self.wins - self.losses)} reached the boundary {self.boundary} at look "
                f"{len(self.test.looks)}"
            )
        return f"no significant difference between {self.a} and {self.b}: {counts} ({share})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "games": self.games,
            "games_requested": self.games_requested,
            "win_rate": self.rate,
            "decided": self.decided,
            "winner": (self.a if self.wins > self.losses else self.b) if self.decided else None,
            "stopped_early": self.decided and self.games < self.games_requested,
            "test": METHOD,
            "alpha": self.test.alpha,
            "error_spent": self.test.error_spent,
            "looks": self.test.looks,
        }


def next_batch(played: int, workers: int) -> int:
    """Games in the next batch: even, at least MIN_BATCH and two per worker, and a quarter of
    the games played so far (so the number of looks grows only logarithmically)."""
    size = max(MIN_BATCH, 2 * workers, played // 4)
    return size + size % 2


def compare(
    config: RunConfig, backend: Any, progress: Progress | None = None
) -> tuple[Comparison, Run]:
    """Play up to ``config.games`` games of ``config.agents == (A, B)`` in batches, stopping early
    once the sequential test names the stronger agent; the tally and the games played (a Run)."""
    if len(config.agents) != 2:
        raise ValueError(f"compare takes exactly two agents, got {len(config.agents)}")
    if config.players < 2:
        raise ValueError(SOLO_REASON.format(game=config.game_id))
    tally = Comparison(*config.agents, games_requested=config.games)
    total = Run(config, backend=backend.name, workers=backend.workers)
    start = 0
    while start < config.games:
        stop = min(config.games, start + next_batch(start, backend.workers))
        batch = run_games(config, backend, list(range(start, stop)), progress)
        total.rows.extend(batch.rows)
        total.seconds += batch.seconds
        if batch.interrupted:  # an incomplete batch is not looked at: its games are biased
            total.interrupted = True  # towards the quick ones
            tally.add(batch.rows)
            break
        tally.add(batch.rows)
        if tally.look():
            break
        start = stop
    return tally, total


SOLO_REASON = (
    "compare needs at least two players: in a solo game of {game} the two agents never meet. "
    "Compare each against the game instead: contraband simulate {game} --players 1 "
    "--agent A --agent B shows each one's win rate and margin against it"
)
