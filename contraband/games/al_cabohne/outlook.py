"""What a field may still sell for: expected beanometer values when more cards may come.

A field of ``count`` beans that expects ``hoped`` more cards (a Poisson number, as the cards of
its bean turn up by chance) is worth ``E[VALUE[bean][count + K]]``: exactly its value now when
nothing more is hoped for, and more the more cards of its bean are still to come. A boss's field
is worth the same expectation capped at the boss's selling threshold (he sells the moment he
reaches it). The expectations are tabulated once on a grid of hoped-for cards and read by linear
interpolation.
"""

from __future__ import annotations

import math

from contraband.games.al_cabohne.beans import BEANOMETER, BEANS, BOSS_THRESHOLD, VALUE

STEP = 0.25  # grid step of the hoped-for cards
TOP = 24.0  # most hoped-for cards tabulated (more reads as this many)
MOST_COUNT = 16  # fields of more cards read as this many (every beanometer ends at 10)
_POINTS = int(TOP / STEP) + 1


def _poisson(mean: float, most: int) -> list[float]:
    """P(K = k) for k = 0..most-1, the rest added to the last."""
    probs = []
    p = math.exp(-mean)
    total = 0.0
    for k in range(most):
        probs.append(p)
        total += p
        p *= mean / (k + 1)
    probs[-1] += max(0.0, 1.0 - total)
    return probs


def _table(cap: int | None) -> tuple[tuple[tuple[float, ...], ...], ...]:
    """``[bean][count]``: the expected value on the grid of hoped-for cards, capped at ``cap``."""
    most = 64
    grid = [_poisson(i * STEP, most) for i in range(_POINTS)]
    table = []
    for bean in range(BEANS):
        values = VALUE[bean]
        rows = []
        for count in range(MOST_COUNT + 1):
            worth = [values[min(count + k, len(values) - 1)] for k in range(most)]
            if cap is not None:
                worth = [min(w, cap) for w in worth]
            rows.append(
                tuple(sum(p * w for p, w in zip(probs, worth, strict=True)) for probs in grid)
            )
        table.append(tuple(rows))
    return tuple(table)


#: FIELD[bean][count][i]: a field's expected sale value when STEP * i more cards are hoped for
FIELD = _table(None)
#: BOSS[boss][bean][count][i]: the same for a boss's field, capped at his selling threshold
BOSS = tuple(_table(threshold) for threshold in BOSS_THRESHOLD)
#: NEED[boss][bean]: cards a boss's field needs to reach his selling threshold
NEED = tuple(tuple(meter[threshold - 1] for meter in BEANOMETER) for threshold in BOSS_THRESHOLD)


def expected(row: tuple[float, ...], hoped: float) -> float:
    """Read a table row at ``hoped`` cards (linear between grid points)."""
    x = hoped / STEP
    if x <= 0.0:
        return row[0]
    i = int(x)
    if i >= _POINTS - 1:
        return row[-1]
    low = row[i]
    return low + (row[i + 1] - low) * (x - i)


def field_worth(bean: int, count: int, hoped: float) -> float:
    """What a player's field of ``count`` ``bean`` may sell for, ``hoped`` more cards to come."""
    return expected(FIELD[bean][min(count, MOST_COUNT)], hoped)


def boss_worth(boss: int, bean: int, count: int, hoped: float) -> float:
    """What a boss's field brings the mafia before he sells (at most his threshold)."""
    return expected(BOSS[boss][bean][min(count, MOST_COUNT)], hoped)
