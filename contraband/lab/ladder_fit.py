"""The ladder's rating model: Plackett-Luce by maximum likelihood, with honest intervals, and the
choice of the next table (issue 46).

**Model.** Contestant ``i`` has a strength ``theta_i``; a game's ranking is drawn best first,
each place going to one of the contestants still unplaced with chance proportional to
``exp(theta)`` (Plackett-Luce; at two players the Bradley-Terry model, Elo's logistic curve).
Tied places (equal ranks) are Breslow's approximation: every tied contestant is drawn against
the same remaining set. Only the order among the rated seats counts (a house that beat both,
as Al Cabohne's bean mafia, adds nothing).

**Fit.** The maximum of the log-likelihood with a weak Gaussian prior (``PRIOR_SD`` display
points around the centre for every strength), which keeps a contestant that lost every game
finite and barely moves the others. Games are counted by their outcome (which table, which
order), so a fit of thousands of games is a few small Newton steps. Its covariance is the
inverse of the observed information plus the prior's precision (Laplace's approximation):
an interval from it covers the truth about 95% of the time (``tests/lab/test_ladder_fit.py``
checks that on synthetic players of known strengths, also at the sequential stop).

**Scale.** Strengths only compare: the centre (1500) is a weighted mean of the contestants,
each weighted by the information its games hold, so a contestant that is barely measured (a
``random`` that never wins) does not widen everyone's interval. A rating is
``1500 + ELO * (theta_i - centre)`` with ``ELO = 400 / ln 10``: 400 points higher wins a
two-player game 10 times in 11, as in Elo; the interval is two standard deviations of that
difference (the centre's own uncertainty included).

**Pairing.** A table of contestants adds its expected Fisher information per game (the
model's expectation over every finishing order, at the fitted strengths: largest between
close strengths). ``choose`` takes the table whose next games most reduce the intervals
still above the target (the sum of their logarithmic excess, ``excess``), per second of play.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

#: display points per unit of strength (Elo's scale) and the display centre
ELO = 400 / math.log(10)
CENTRE = 1500
#: the prior's standard deviation of every strength, in display points (weak: see the docstring)
PRIOR_SD = 1000.0

#: one game's outcome: the contestants' groups best first (a group of several is a tie)
Outcome = tuple[tuple[str, ...], ...]


def outcome_of(ranks: Mapping[str, int | float]) -> Outcome:
    """A game's outcome from {contestant: rank} (1 = best; equal ranks tie)."""
    groups: dict[float, list[str]] = {}
    for name, rank in ranks.items():
        groups.setdefault(float(rank), []).append(name)
    return tuple(tuple(sorted(groups[rank])) for rank in sorted(groups))


@dataclass(frozen=True)
class Fit:
    """Fitted strengths of ``names`` (``theta``, centred), their information and covariance."""

    names: tuple[str, ...]
    theta: np.ndarray  # strengths minus the centre
    information: np.ndarray  # the observed information of the games (no prior)
    covariance: np.ndarray  # of the uncentred strengths: inverse of information + prior

    @property
    def weights(self) -> np.ndarray:
        return centre_weights(self.information)

    def sd(self) -> np.ndarray:
        """Each centred strength's standard deviation."""
        return centred_sd(self.covariance, self.weights)

    def ratings(self) -> dict[str, tuple[float, float]]:
        """{name: (rating, interval)} on the display scale, unrounded (interval = 2 sd)."""
        sds = self.sd()
        return {
            name: (CENTRE + ELO * float(self.theta[i]), 2 * ELO * float(sds[i]))
            for i, name in enumerate(self.names)
        }

    def widths(self) -> np.ndarray:
        """Each contestant's interval (2 sd) in display points."""
        return 2 * ELO * self.sd()


def centre_weights(information: np.ndarray) -> np.ndarray:
    """The centre's weight of each contestant: its share of the games' information (equal
    weights before any game)."""
    diagonal = np.clip(np.diag(information), 0.0, None)
    total = diagonal.sum()
    if total <= 0:
        return np.full(len(diagonal), 1.0 / len(diagonal))
    return diagonal / total


def centred_sd(covariance: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The standard deviation of ``theta_i - weights . theta`` for each i."""
    count = len(weights)
    contrasts = np.eye(count) - weights[None, :]
    variances = np.einsum("ij,jk,ik->i", contrasts, covariance, contrasts)
    return np.sqrt(np.clip(variances, 0.0, None))


def _stages(outcome: Outcome, index: Mapping[str, int]) -> list[tuple[list[int], list[int]]]:
    """(group, remaining) index lists of each draw of an outcome (the last draw is certain)."""
    stages = []
    remaining = [index[name] for group in outcome for name in group]
    for group in outcome[:-1]:
        members = [index[name] for name in group]
        stages.append((members, list(remaining)))
        remaining = [i for i in remaining if i not in members]
    return stages


def _compile(
    outcomes: Mapping[Outcome, int], index: Mapping[str, int]
) -> list[tuple[int, list[int], np.ndarray]]:
    """Every draw of every outcome as (times, the drawn group, the remaining set)."""
    return [
        (times, members, np.array(remaining))
        for outcome, times in outcomes.items()
        for members, remaining in _stages(outcome, index)
    ]


def _terms(
    draws: list[tuple[int, list[int], np.ndarray]], theta: np.ndarray, need: bool = True
) -> tuple[float, np.ndarray, np.ndarray]:
    """Log-likelihood, its gradient and the observed information (minus its Hessian); without
    ``need`` the log-likelihood alone."""
    count = len(theta)
    loglik, gradient, information = 0.0, np.zeros(count), np.zeros((count, count))
    for times, members, remaining in draws:
        values = theta[remaining]
        top = values.max()
        weights = np.exp(values - top)
        total = weights.sum()
        size = len(members)
        loglik += times * (theta[members].sum() - size * (top + math.log(total)))
        if need:
            chances = weights / total
            gradient[members] += times
            gradient[remaining] -= times * size * chances
            block = np.diag(chances) - np.outer(chances, chances)
            information[np.ix_(remaining, remaining)] += times * size * block
    return loglik, gradient, information


def fit(
    outcomes: Mapping[Outcome, int] | Iterable[Outcome],
    names: Sequence[str],
    start: np.ndarray | None = None,
) -> Fit:
    """The maximum a-posteriori strengths of ``names`` from outcomes (a Counter of outcomes, or
    outcomes one per game); ``start`` (an earlier fit's strengths) only makes it quicker."""
    counted = outcomes if isinstance(outcomes, Mapping) else Counter(outcomes)
    names = tuple(names)
    index = {name: i for i, name in enumerate(names)}
    for outcome in counted:
        unknown = [name for group in outcome for name in group if name not in index]
        if unknown:
            raise ValueError(f"outcome names {', '.join(unknown)}, not a contestant")
    draws = _compile(counted, index)
    precision = (ELO / PRIOR_SD) ** 2
    theta = np.zeros(len(names)) if start is None else np.array(start, dtype=float)

    def objective(values: np.ndarray) -> float:
        return _terms(draws, values, need=False)[0] - precision * float(values @ values) / 2

    for _ in range(100):
        _, gradient, information = _terms(draws, theta)
        current = objective(theta)
        hessian = information + precision * np.eye(len(names))
        step = np.linalg.solve(hessian, gradient - precision * theta)
        scale = 1.0
        while scale > 1e-6 and objective(theta + scale * step) < current - 1e-12:
            scale /= 2  # the objective is concave: halve the step until it gains
        theta = theta + scale * step
        if float(np.abs(scale * step).max()) < 1e-8:
            break
    _, _, information = _terms(draws, theta)
    covariance = np.linalg.inv(information + precision * np.eye(len(names)))
    weights = centre_weights(information)
    return Fit(names, theta - float(weights @ theta), information, covariance)


def expected_information(table: Sequence[str], fitted: Fit) -> np.ndarray:
    """The Fisher information one game of ``table`` holds at the fitted strengths: the
    expectation, over every finishing order, of that order's observed information."""
    index = {name: i for i, name in enumerate(fitted.names)}
    theta = fitted.theta
    expected = np.zeros((len(theta), len(theta)))
    for order in itertools.permutations(table):
        chance, remaining = 1.0, [index[name] for name in order]
        information = np.zeros_like(expected)
        for name in order[:-1]:
            weights = np.exp(theta[remaining] - theta[remaining].max())
            chances = weights / weights.sum()
            chance *= float(chances[remaining.index(index[name])])
            block = np.diag(chances) - np.outer(chances, chances)
            information[np.ix_(remaining, remaining)] += block
            remaining.remove(index[name])
        expected += chance * information
    return expected


def excess(widths: np.ndarray, target: float, counted: np.ndarray | None = None) -> float:
    """How far the intervals are from the target: the sum of ``ln(width / target)`` over the
    intervals above it (of the ``counted`` contestants, a mask; default all). Relative, so a
    game narrowing an interval by 1% counts the same for a wide one as for a nearly done one:
    a contestant that hardly ever wins or loses (whose games tell little) gets its share of the
    games, not all of them."""
    gaps = np.log(np.clip(widths / target, 1.0, None))
    return float(gaps.sum() if counted is None else gaps[counted].sum())


def widths_with(fitted: Fit, added: np.ndarray) -> np.ndarray:
    """The intervals (display points) once games holding information ``added`` are played."""
    information = fitted.information + added
    precision = (ELO / PRIOR_SD) ** 2
    covariance = np.linalg.inv(information + precision * np.eye(len(fitted.names)))
    return 2 * ELO * centred_sd(covariance, centre_weights(information))


def choose(
    tables: Sequence[Sequence[str]],
    fitted: Fit,
    target: float,
    games: Sequence[int],
    seconds: Sequence[float],
    pending: np.ndarray | None = None,
    counted: np.ndarray | None = None,
) -> int | None:
    """The index of the table to play next: the one whose ``games[t]`` next games (taking
    ``seconds[t]`` each) reduce ``excess`` most per second, counting the information of the
    games already under way (``pending``) and the intervals of the ``counted`` contestants (a
    mask; default all). None when every counted interval is within ``target``."""
    base = np.zeros_like(fitted.information) if pending is None else pending
    before = excess(widths_with(fitted, base), target, counted)
    if before <= 0:
        return None
    best, best_score = None, -math.inf
    for number, table in enumerate(tables):
        added = base + games[number] * expected_information(table, fitted)
        gain = before - excess(widths_with(fitted, added), target, counted)
        score = gain / max(games[number] * seconds[number], 1e-6)
        if score > best_score:
            best, best_score = number, score
    return best
