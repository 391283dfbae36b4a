"""How sure the coach is: a difference between two moves counts only beyond the analysis's noise.

An analysis is several independent measurements of every move's value (searches with different
seeds, or the planner's play on different sampled deals), so each move has a value per
measurement. The difference between the best move and another is measured in each (paired: both
moves in the same search or on the same deal), and its mean is reported only when it is larger
than what the measurements' own spread allows: ``T_975[n - 1]`` standard errors of that mean
(Student's t, one-sided 97.5%), and never less than ``MIN_GAP``. Below that the moves are "about
even": another analysis of the same budget could as well rank them the other way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean, stdev

#: Student's t, one-sided 97.5% quantile, by degrees of freedom (between and beyond the
#: entries, the entry below)
T_975 = {
    1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
    10: 2.23, 11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13, 16: 2.12, 17: 2.11, 18: 2.10,
    19: 2.09, 20: 2.09, 24: 2.06, 30: 2.04,
}  # fmt: skip
#: the smallest difference in win chance the coach calls a real one, however sure it is: a
#: player cannot feel 2 points of win chance, and the evaluation itself is not that exact
MIN_GAP = 0.03


def t_quantile(df: int) -> float:
    """The one-sided 97.5% quantile of Student's t with ``df`` degrees of freedom: the tabled
    value of the largest ``df`` tabled at or below it (larger, so never too small)."""
    if df < 1:
        return math.inf
    return T_975[max(k for k in T_975 if k <= df)]


@dataclass(frozen=True)
class Gap:
    """How much better one move measured than another (``cost``, the mean paired difference,
    never below 0) and the ``margin`` the measurements' noise allows; ``clear`` when the
    difference is beyond it."""

    cost: float
    margin: float

    @property
    def clear(self) -> bool:
        return self.cost > self.margin


def gap(better: Sequence[float], other: Sequence[float]) -> Gap:
    """The paired difference ``better - other`` over the measurements, against its noise.

    With one measurement there is no noise to measure, so no difference is clear."""
    if len(better) != len(other) or not better:
        raise ValueError("a gap needs the same measurements (at least one) of both moves")
    diffs = [b - o for b, o in zip(better, other, strict=True)]
    mean = fmean(diffs)
    if len(diffs) < 2:
        return Gap(max(0.0, mean), math.inf)
    error = stdev(diffs) / math.sqrt(len(diffs))
    return Gap(max(0.0, mean), max(MIN_GAP, t_quantile(len(diffs) - 1) * error))
