"""Narcos' phase-2 planner for the AI: the most a player can make of the actions left in a
turn (produce, transport, sell), with the goods left in stock valued at a share."""

from __future__ import annotations

from functools import lru_cache

from contraband.games.narcos.board import COMMISSION

#: a cube's worth in the turns to come: in the lab, in storage, and beyond two turns' shipping
LAB_SHARE, STORAGE_SHARE, SURPLUS_SHARE = 0.6, 0.85, 0.15


def stock(lab: int, storage: int, ship: int, lab_share: float, storage_share: float) -> float:
    """Goods left in stock: storage at its share, the lab's at theirs up to two turns'
    shipping, the surplus at little."""
    useful = min(lab, 2 * ship)
    surplus = SURPLUS_SHARE * storage_share / STORAGE_SHARE if storage_share else 0.0
    return storage * storage_share + useful * lab_share + (lab - useful) * surplus


@lru_cache(maxsize=200_000)
def plan(
    actions: int,
    lab: int,
    storage: int,
    capacity: int,
    ship: int,
    output: int,
    buyers: int,
    outlet: bool,
    lab_share: float,
    storage_share: float,
) -> float:
    """The most a player can end the turn with: sales (1 million a unit; the outlet keeps 2)
    plus the goods left in stock. ``buyers`` full-price sales are open; ``outlet`` says whether
    the outlet is too (the caller applies basic mode's rule that it opens only without a
    trafficker card)."""
    best: dict[tuple, float] = {}

    def end_value(lab: int, storage: int, buyers: int, outlet: bool) -> float:
        kept = stock(lab, storage, ship, lab_share, storage_share)
        rest = stock(lab, 0, ship, lab_share, storage_share)
        if storage and buyers:
            kept = max(kept, storage + rest)
        elif storage and outlet:
            kept = max(kept, storage - COMMISSION + rest)
        return kept

    def search(a: int, lab: int, storage: int, buyers: int, outlet: bool) -> float:
        key = (a, lab, storage, buyers, outlet)
        if key in best:
            return best[key]
        value = end_value(lab, storage, buyers, outlet)
        if a > 0:
            value = max(value, search(a - 1, lab + output, storage, buyers, outlet))
            moved = min(ship, lab, capacity - storage)
            if moved > 0:
                value = max(value, search(a - 1, lab - moved, storage + moved, buyers, outlet))
            if storage and buyers:
                value = max(value, storage + search(a - 1, lab, 0, buyers - 1, outlet))
            elif storage and outlet:
                value = max(value, storage - COMMISSION + search(a - 1, lab, 0, 0, False))
        best[key] = value
        return value

    return search(min(actions, 12), min(lab, 40), storage, min(buyers, 3), outlet)
