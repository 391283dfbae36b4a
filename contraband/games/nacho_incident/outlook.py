"""What The Nacho Incident's evaluation reads from a position, once for every seat: the open
prices, what a kept cube and a held smuggler are worth, and each seat's chances of a cantina
majority given the opponent placements still to come before the round's end."""

from __future__ import annotations

import math

from contraband.games.nacho_incident.board import (
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    CARGO,
    DESTINATION,
    GEM,
    HIRE,
    MARKET,
    MARKET_PRICE,
    NPROV,
    OVER,
    REACH,
    REFRESH,
    RESELECT,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    TURNS,
    TURNS_PER_ROUND,
)

CUBE_SHARE = 0.2  # a cube is worth this share of the best open price for its food
LEAD_STEEPNESS = 1.6  # majority chance: logistic in the lead, flattened by the moves left
MOVE_SPREAD = 0.5  # how much a turn of opponent moves still to come flattens it
#: per rank, how often an opponent is taken to hire it while hires are hidden (mostly cheap and
#: middle ranks, as the fees make players do)
HIRE_PRIOR = (0.0, 0.12, 0.12, 0.22, 0.22, 0.16, 0.1, 0.035, 0.015, 0.01)
#: per rank, the chance that one opponent's hidden hire outranks it
OUTRANKED = tuple(sum(HIRE_PRIOR[rank + 1 :]) for rank in range(len(HIRE_PRIOR)))
HAND_WEIGHT = 0.15  # per card in hand: reach minus cost, a small nudge for discards

#: per province card, (slot, food, price) for its four slots
CARD_SLOTS: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((slot, f, prices[f]) for f, slot in enumerate(where) if slot >= 0)
    for prices, where in zip(CARD_PRICE_OF, CARD_SLOT_OF, strict=True)
)
NFOOD = len(CARD_PRICE_OF[0])
#: per smuggler card, what holding it is worth (a little for reach, less for its cost)
HAND_VALUE: tuple[float, ...] = tuple(
    HAND_WEIGHT * (len(REACH[SMUGGLER_FLAG[card]]) - SMUGGLER_COST[card])
    for card in range(len(SMUGGLER_COST))
)


def open_prices(state) -> tuple[list[list[int]], list[int]]:
    """Per province, per food, the price of its empty slot (0: none); and per food the best."""
    slots, up = state.slots, state.prov_up
    best = [0] * NFOOD
    table = []
    for p in range(NPROV):
        row = [0] * NFOOD
        base = p * SLOTS
        for slot, f, price in CARD_SLOTS[up[p]]:
            if not slots[base + slot]:
                row[f] = price
                if price > best[f]:
                    best[f] = price
        table.append(row)
    return table, best


def _chance_after(lead: int, mine: int, moves: int, others: int) -> float:
    """The chance of a strict majority at the round's end with ``moves`` opponent placements
    still to come (``others`` opponents place once a turn): a logistic in the lead, flattened
    by the opponent moves left (the current turn's later movers count too)."""
    if mine == 0:
        return 0.0
    if moves == 0:
        return 1.0 if lead > 0 else 0.0
    spread = 1.0 + MOVE_SPREAD * moves / others
    return 1.0 / (1.0 + math.exp(-LEAD_STEEPNESS * (lead - 0.5) / spread))


LEADS = len(SMUGGLER_COST)
#: per player count, ``_chance_after`` for mine >= 1: LEAD_CHANCES[n][moves][lead + LEADS]
LEAD_CHANCES: dict[int, tuple[tuple[float, ...], ...]] = {
    n: tuple(
        tuple(_chance_after(lead, 1, moves, n - 1) for lead in range(-LEADS, LEADS + 1))
        for moves in range(TURNS_PER_ROUND * (n - 1) + 1)
    )
    for n in range(2, 5)
}


#: phases between a round's scoring and the next round's first turn
NEW_ROUND = (GEM, REFRESH)
#: phases in which hands are about to be drawn back to full
REFILLING = (GEM, REFRESH, RESELECT)


def later_movers(state) -> list[int]:
    """Per seat, how many other seats still place a smuggler in this turn."""
    n = state.players
    phase = state.phase
    if phase in (HIRE, RESELECT):  # every seat still hires (the reselection precedes turn 1)
        return [n - 1] * n
    if phase in (MARKET, OVER) or phase in NEW_ROUND:
        return [0] * n
    pos, order = state.order_pos, state.order
    placing = 1 if phase in (CARGO, DESTINATION) else 0
    later = [0] * n
    for i in range(pos + 1 - placing, n):
        seat = order[i]
        for s in range(n):
            if s != seat:
                later[s] += 1
    return later


class Board:
    """What every seat's expected gold reads from the shared position, computed once."""

    __slots__ = ("prices", "cube", "counts", "most", "leader", "second", "chances_of")
    __slots__ += ("fine", "final", "posts", "revealed", "refill", "draw")

    def __init__(self, state) -> None:
        n = state.players
        #: the mounties at each cantina, and whether the hires are face up (a decision that
        #: changes them is tried by replacing them)
        self.posts, self.revealed = state.posts, state.revealed
        self.prices, best = open_prices(state)
        table = LEAD_CHANCES[n]
        later = later_movers(state)
        # whole turns after this one in the round; after a round's scoring (the gem, the
        # refresh) the remaining holders face a whole new round
        if state.phase in NEW_ROUND:
            turns = TURNS_PER_ROUND
        else:
            turns = TURNS_PER_ROUND - 1 - state.turn % TURNS_PER_ROUND
        base = turns * (n - 1)
        #: per seat, its majority chances by lead, given the opponent placements still to come
        self.chances_of = [table[base + later[s]] for s in range(n)]
        rounds_left = (TURNS - 1 - state.turn) // TURNS_PER_ROUND + 1
        self.fine = 1.0 if rounds_left == 1 else 1.5
        self.final = state.turn == TURNS - 1
        cube = self.cube = [max(MARKET_PRICE, CUBE_SHARE * b) for b in best]
        bag = state.bag
        #: an empty warehouse place is refilled from the bag at the turn's end
        self.refill = sum(cube[f] for f in bag) / len(bag) if bag and not self.final else 0.0
        #: between a round's scoring and its refill, each smuggler short of a full hand is
        #: worth an average draw (a discard is replaced)
        self.draw = 0.0
        if state.phase in REFILLING:
            pool = state.smuggler_deck or state.smuggler_out
            self.draw = sum(HAND_VALUE[card] for card in pool) / len(pool) if pool else 0.0
        cantinas = state.cantinas
        counts = self.counts = [
            [len(cantinas[s * NPROV + p]) for p in range(NPROV)] for s in range(n)
        ]
        # per province, the most holders of any seat, and of any seat but the leader
        most = self.most = [0] * NPROV
        leader = self.leader = [-1] * NPROV
        second = self.second = [0] * NPROV
        for s in range(n):
            row = counts[s]
            for p in range(NPROV):
                c = row[p]
                if c > most[p]:
                    second[p], most[p], leader[p] = most[p], c, s
                elif c > second[p]:
                    second[p] = c

    def rival(self, seat: int, province: int) -> int:
        """The most holders any other seat has in ``province``."""
        return self.second[province] if self.leader[province] == seat else self.most[province]
