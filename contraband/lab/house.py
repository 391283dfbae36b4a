"""The house: a contestant that the game itself plays, such as Al Cabohne's bean mafia.

A game names one in its result detail with two keys, ``NAME_total`` (its score, on the players'
scale) and ``NAME_wins`` (whether it won; then no player wins). Al Cabohne gives ``mafia_total``
(the mafia's coins, doubled in the solo game) and ``mafia_wins``. The lab shows the house as a
contestant line of its own, ranks the players among all contestants, and measures each
agent's margin over it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class House:
    name: str  # "mafia"
    total: float  # its score
    won: bool


def house_of(detail: dict[str, Any] | str | None) -> House | None:
    """The house named in a result detail (a dict or the ``detail`` column's JSON), or None."""
    if isinstance(detail, str):
        detail = json.loads(detail or "{}")
    if not isinstance(detail, dict):
        return None
    for key, won in sorted(detail.items()):
        if not key.endswith("_wins") or not isinstance(won, bool):
            continue
        name = key[: -len("_wins")]
        total = detail.get(f"{name}_total")
        if isinstance(total, int | float) and not isinstance(total, bool):
            return House(name, float(total), won)
    return None


def ranks(scores: list[float], house: House | None) -> list[int]:
    """Each seat's rank among all contestants, 1 = best; tied seats share the better rank, and
    a seat tied with the house ranks behind it (the house wins ties, as Al Cabohne's mafia)."""
    ranked = []
    for score in scores:
        rank = 1 + sum(1 for other in scores if other > score)
        if house is not None and house.total >= score:
            rank += 1
        ranked.append(rank)
    return ranked


def house_rank(scores: list[float], house: House) -> int:
    """The house's rank among all contestants (it wins ties)."""
    return 1 + sum(1 for score in scores if score > house.total)
