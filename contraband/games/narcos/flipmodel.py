"""The stop rule's model of phase 1: the expected value of the turn from a flipping position,
flipping on as long as one more card is worth more than stopping.

The next card's category is drawn from the deck's composition, which is public (every card
flipped, discarded, bought or removed has been seen); draws are taken as independent (with
replacement), which is close for a deck of dozens of cards. A position is summed up by the
cards on the table, the danger, the guns (for the bonus), the traffickers (a full-price buyer
this turn), whether the police and military have been activated and how many wait to be, and
the sicarios at hand for removals. The values of stopping with ``a`` actions and ``t``
traffickers, ``stop[a][t]``, come from the phase-2 planner (``heuristic.turn_value``, by
``planner.plan``).
"""

from __future__ import annotations

from functools import lru_cache

from contraband.games.narcos.board import (
    BONUS_GUNS,
    CHOICE_GUNS,
    FLEE_ACTIONS,
    FLEE_SIRENS,
    MAX_CARD_ACTIONS,
    MAX_CARDS,
)

GUN, TRAFFICKER, POLICE, MILITARY, PRESS, SAPO, DEA = range(7)
CATEGORIES = ("gun", "trafficker", "police", "military", "press", "sapo", "dea")
REMOVAL_COST = {POLICE: 1, MILITARY: 2, PRESS: 1}
_PRICE = tuple(REMOVAL_COST.get(cat, 0) for cat in range(len(CATEGORIES)))
MAX_TRAFFICKERS = 2  # more traffickers than two on one timeline change nothing here
#: cards looked ahead: beyond them the player is taken to stop (deeper plans change the
#: decision rarely and cost much)
HORIZON = 3


@lru_cache(maxsize=20_000)
def solve(
    odds: tuple[float, ...],
    stop: tuple[tuple[float, ...], ...],
    card_value: float,
    pay_cost: float,
    sicario_value: float,
    start: tuple[int, int, int, int, bool, int, int],
    first: int,
) -> tuple[float, float]:
    """(value of stopping now, expected value of flipping on) at ``start`` = (cards, danger,
    guns, traffickers, activated, waiting police and military, sicarios). ``first`` is the
    category of the next card when the player knows it (-1: drawn from ``odds``)."""
    drawn = tuple((cat, p) for cat, p in enumerate(odds) if p)
    # the value of stopping with n cards (rows) and the gun bonus, looked up rather than worked out
    rows = tuple(stop[min(MAX_CARD_ACTIONS, n)] for n in range(MAX_CARDS + 2))
    bonus = tuple(
        2 * card_value if g >= CHOICE_GUNS else card_value if g >= BONUS_GUNS else 0.0
        for g in range(max(CHOICE_GUNS, 4) + 1)
    )
    fled_row = stop[FLEE_ACTIONS]

    def stopping(cards: int, guns: int, traffickers: int) -> float:
        return rows[cards][traffickers] + bonus[guns]

    def fled(traffickers: int) -> float:
        return fled_row[traffickers]

    def after(
        cat: int, n: int, d: int, g: int, t: int, act: bool, wait: int, sic: int, h: int
    ) -> float:
        """The value once a card of ``cat`` appears (the best choices after it), looking ``h``
        more cards ahead."""
        if cat <= TRAFFICKER:  # a gun or a trafficker: no siren
            t2 = t + 1 if cat == TRAFFICKER and t < MAX_TRAFFICKERS else t
            return value(n + 1, d, g + 1 if g < CHOICE_GUNS else CHOICE_GUNS, t2, act, wait, sic, h)
        if d + 1 >= FLEE_SIRENS:
            return fled(t)
        wait2 = wait + (cat in (POLICE, MILITARY))
        cost, act2 = 0.0, act
        if d + 1 >= FLEE_SIRENS - 1 and not act:
            cost, act2, wait2 = wait2 * pay_cost, True, 0
        if cat == PRESS:
            kept = forced(n + 1, d + 1, g, t, act2, wait2, sic, h)
        elif cat == SAPO and n + 1 < MAX_CARDS:
            kept = peek(n + 1, d + 1, g, t, act2, wait2, sic, h)
        else:
            kept = value(n + 1, d + 1, g, t, act2, wait2, sic, h)
        kept -= cost
        price = _PRICE[cat]
        if price and sic >= price:
            removed = value(n, d, g, t, act, wait, sic - price, h)
            return max(kept, removed - price * sicario_value)
        return kept

    flips: dict[tuple, float] = {}

    def flip(n: int, d: int, g: int, t: int, act: bool, wait: int, sic: int, h: int) -> float:
        key = (n, d, g, t, act, wait, sic, h)
        total = flips.get(key)
        if total is None:
            total = 0.0
            h -= 1
            for cat, p in drawn:
                total += p * after(cat, n, d, g, t, act, wait, sic, h)
            flips[key] = total
        return total

    def forced(n: int, d: int, g: int, t: int, act: bool, wait: int, sic: int, h: int) -> float:
        if n < MAX_CARDS:
            return flip(n, d, g, t, act, wait, sic, max(h, 1))
        # a press as the 7th card: the 8th counts only as a siren
        total = 0.0
        for cat, p in drawn:
            if cat in (GUN, TRAFFICKER):
                total += p * stopping(n, g, t)
            elif d + 1 >= FLEE_SIRENS:
                total += p * fled(t)
            else:
                total += p * stopping(n + 1, g, t)
        return total

    def peek(n: int, d: int, g: int, t: int, act: bool, wait: int, sic: int, h: int) -> float:
        here = stopping(n, g, t)
        total = 0.0
        h = max(h - 1, 0)
        for cat, p in drawn:
            seen = after(cat, n, d, g, t, act, wait, sic, h)
            total += p * (seen if seen > here else here)
        return total

    def value(n: int, d: int, g: int, t: int, act: bool, wait: int, sic: int, h: int) -> float:
        """The best of stopping and flipping on, looking ``h`` more cards ahead."""
        here = rows[n][t] + bonus[g]
        if n >= MAX_CARDS or h <= 0:
            return here
        found = flip(n, d, g, t, act, wait, sic, h)  # remembered by ``flip``
        return here if here > found else found

    n, d, g, t, act, wait, sic = start
    here = stopping(n, g, t)
    if n >= MAX_CARDS:
        return here, here
    if first >= 0:
        return here, after(first, n, d, g, t, act, wait, sic, HORIZON - 1)
    return here, flip(n, d, g, t, act, wait, sic, HORIZON)
