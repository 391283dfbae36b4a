"""Confidence intervals: Wilson score intervals for rates, Student t intervals for means.

Only the standard library: the normal quantile comes from ``statistics.NormalDist`` and the
Student t quantile from the closed-form t distribution for integer degrees of freedom
(Abramowitz & Stegun 26.7.3-4), inverted by bisection.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist

CONFIDENCE = 0.95


def z_value(confidence: float = CONFIDENCE) -> float:
    """The two-sided normal quantile: 1.95996... for 95%."""
    _check_confidence(confidence)
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: float, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval for a proportion (no continuity correction).

    Matches R's ``prop.test(x, n, correct = FALSE)$conf.int``. ``successes`` may be fractional
    (shared wins count as a share). With no observations the interval is the whole of [0, 1].
    The bounds always hold the observed rate: at 0 or ``n`` successes the interval ends exactly
    at 0 or 1 (the formula gives it only up to rounding, e.g. 0.9999999999999998 for 60 of 60).
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"need 0 <= successes <= n, got {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    low = 0.0 if successes == 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes == n else min(1.0, max(p, centre + half))
    return low, high


def _t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with integer ``df`` degrees of freedom, t >= 0."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    s = math.sin(theta)
    if df % 2 == 0:  # sin θ (1 + 1/2 cos²θ + 1·3/(2·4) cos⁴θ + ...)
        term = total = 1.0
        for k in range(1, df // 2):
            term *= c2 * (2 * k - 1) / (2 * k)
            total += term
        return s * total
    if df == 1:
        return 2 * theta / math.pi
    term = total = 1.0  # (2/π)(θ + sin θ cos θ (1 + 2/3 cos²θ + 2·4/(3·5) cos⁴θ + ...))
    for k in range(1, (df - 1) // 2):
        term *= c2 * (2 * k) / (2 * k + 1)
        total += term
    return 2 / math.pi * (theta + s * math.cos(theta) * total)


def t_value(df: int, confidence: float = CONFIDENCE) -> float:
    """The two-sided Student t quantile (12.706 for df=1, 2.228 for df=10 at 95%)."""
    _check_confidence(confidence)
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    z = z_value(confidence)
    if df > 1000:  # Cornish-Fisher expansion; the error is far below the fourth decimal
        z3, z5 = z**3, z**5
        return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df)
    low, high = z, z
    while _t_central(high, df) < confidence:
        high *= 2
    for _ in range(100):
        middle = (low + high) / 2
        if _t_central(middle, df) < confidence:
            low = middle
        else:
            high = middle
        if high - low < 1e-12:
            break
    return (low + high) / 2


def mean_interval(
    values: Sequence[float], confidence: float = CONFIDENCE
) -> tuple[float, float, float]:
    """(mean, low, high): the Student t interval for the mean; NaN bounds below two values."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    if n == 1:
        return mean, math.nan, math.nan
    variance = math.fsum((value - mean) ** 2 for value in values) / (n - 1)
    half = t_value(n - 1, confidence) * math.sqrt(variance / n)
    return mean, mean - half, mean + half


def median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    n = len(ordered)
    if n == 0:
        return math.nan
    middle = n // 2
    return float(ordered[middle]) if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def _check_confidence(confidence: float) -> None:
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, got {confidence}")


class Moments:
    """The count, mean and spread of values seen one at a time (Welford's method), so that a
    mean's interval needs no list of the values (a run of a million games streams its rows)."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    def interval(self, confidence: float = CONFIDENCE) -> tuple[float, float, float]:
        """(mean, low, high) as ``mean_interval`` gives for the same values."""
        if self.n == 0:
            return math.nan, math.nan, math.nan
        if self.n == 1:
            return self.mean, math.nan, math.nan
        half = t_value(self.n - 1, confidence) * math.sqrt(self.m2 / (self.n - 1) / self.n)
        return self.mean, self.mean - half, self.mean + half


def counted_median(counts: dict[int, int]) -> float:
    """The median of values given as value -> how often (game lengths)."""
    total = sum(counts.values())
    if total == 0:
        return math.nan
    wanted = [(total - 1) // 2, total // 2]  # the middle positions, 0-based
    found: list[float] = []
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while wanted and wanted[0] < seen:
            found.append(value)
            wanted.pop(0)
    return (found[0] + found[1]) / 2
