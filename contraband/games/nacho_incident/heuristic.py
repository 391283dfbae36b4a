"""The Nacho Incident's evaluation: each seat's expected final gold, turned into win chances.

Expected gold = gold in hand
  + cubes in the warehouse (what they may still fetch on a province card, at least the market;
    an empty place is worth an average cube from the bag, which refills it)
  + cantina majorities (the bonus times a chance that grows with the lead and the round's end)
  - mounties at the seat's cantinas (their penalty, more when rounds remain)
  + the smuggler laid down but not yet sent (its best delivery and cantina, minus its cost,
    minus the risk of going first while the rank is high)
  + a little for a cheap, wide-reaching hand.
"""

from __future__ import annotations

import bisect
import math

from contraband.core.heuristic import Heuristic, win_chances
from contraband.games.nacho_incident.board import (
    BONUS,
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    CARGO,
    DESTINATION,
    GEM,
    HAND_SIZE,
    HIRE,
    MARKET,
    MARKET_PRICE,
    MEANING,
    MOUNTIE_FLAG,
    MOUNTIE_PENALTY,
    NPROV,
    OVER,
    REACH,
    REFRESH,
    RESELECT,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_RANK,
    TURNS,
    TURNS_PER_ROUND,
    WAREHOUSE,
)

CUBE_SHARE = 0.2  # a cube is worth this share of the best open price for its food
LEAD_STEEPNESS = 1.6  # majority chance: logistic in the lead, flattened by the moves left
MOVE_SPREAD = 0.5  # how much a turn of opponent moves still to come flattens it
HAND_WEIGHT = 0.15  # per card in hand: reach minus cost, a small nudge for discards
SCALE_BASE, SCALE_PER_TURN = 3.0, 0.6  # gold differences that decide a game, by turns left


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
#: per rank, how often an opponent is taken to hire it while hires are hidden (mostly cheap and
#: middle ranks, as the fees make players do)
HIRE_PRIOR = (0.0, 0.12, 0.12, 0.22, 0.22, 0.16, 0.1, 0.035, 0.015, 0.01)
#: per rank, the chance that one opponent's hidden hire outranks it
OUTRANKED = tuple(sum(HIRE_PRIOR[rank + 1 :]) for rank in range(len(HIRE_PRIOR)))
BLIND_PENALTY = 3.5  # blind smuggling: the mean penalty of the mountie the first player takes


def _best_prices(state) -> list[int]:
    """Per food, the best price an empty slot offers now (0 when none)."""
    best = [0] * NFOOD
    slots = state.slots
    for p in range(NPROV):
        card = state.prov_up[p]
        prices, where = CARD_PRICE_OF[card], CARD_SLOT_OF[card]
        for f, price in enumerate(prices):
            if price > best[f] and not slots[p * SLOTS + where[f]]:
                best[f] = price
    return best


def _open_prices(state) -> tuple[list[list[int]], list[int]]:
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


def _open_price(state, province: int, food: int) -> int:
    card = state.prov_up[province]
    slot = CARD_SLOT_OF[card][food]
    if slot < 0 or state.slots[province * SLOTS + slot]:
        return 0
    return CARD_PRICE_OF[card][food]


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


_LEADS = len(SMUGGLER_COST)
#: per player count, ``_chance_after`` for mine >= 1: LEAD_CHANCES[n][moves][lead + _LEADS]
LEAD_CHANCES: dict[int, tuple[tuple[float, ...], ...]] = {
    n: tuple(
        tuple(_chance_after(lead, 1, moves, n - 1) for lead in range(-_LEADS, _LEADS + 1))
        for moves in range(TURNS_PER_ROUND * (n - 1) + 1)
    )
    for n in range(2, 5)
}


#: phases between a round's scoring and the next round's first turn
NEW_ROUND = (GEM, REFRESH)
#: phases in which hands are about to be drawn back to full
REFILLING = (GEM, REFRESH, RESELECT)


def _later_movers(state) -> list[int]:
    """Per seat, how many other seats still place a smuggler in this turn."""
    n = state.players
    phase = state.phase
    if phase == HIRE or phase == RESELECT and state.turn == 0:
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


class _Board:
    """What every seat's expected gold reads from the shared position, computed once."""

    __slots__ = ("prices", "best", "cube", "counts", "most", "leader", "second", "chances_of")
    __slots__ += ("turns_left", "fine", "final", "posts", "revealed", "refill", "draw")

    def __init__(self, state) -> None:
        n = state.players
        #: the mounties at each cantina, and whether the hires are face up (a decision that
        #: changes them is tried by replacing them)
        self.posts, self.revealed = state.posts, state.revealed
        self.prices, best = _open_prices(state)
        self.best = best
        in_round = state.turn % TURNS_PER_ROUND
        self.turns_left = TURNS_PER_ROUND - 1 - in_round  # whole turns after this one
        table = LEAD_CHANCES[n]
        later = _later_movers(state)
        # after a round's scoring (the gem, the refresh) the remaining holders face a new round
        turns = TURNS_PER_ROUND if state.phase in NEW_ROUND else self.turns_left
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


class NachoHeuristic(Heuristic):
    #: each seat searches in its own tree, so that opponents do not react to the agent's own
    #: face-down hire: ismcts:iterations=300 with it against without it, 3 players, held 0.567
    #: [0.510, 0.622] of 300 games (docs/strength.md)
    multi_observer = True

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        return self._shares(state, self.expected_gold(state))

    @staticmethod
    def _shares(state, expected: list[float]) -> list[float]:
        turns_left = TURNS - 1 - state.turn
        return win_chances(expected, SCALE_BASE + SCALE_PER_TURN * turns_left)

    def expected_gold(self, state) -> list[float]:
        board = _Board(state)
        gold, warehouses, hands, chosen = state.gold, state.warehouses, state.hands, state.chosen
        fixed = state.current_player if state.phase == DESTINATION else -1
        cargo = state.cargo
        return [
            self._seat_value(
                state, board, s, gold[s], warehouses[s], hands[s], chosen[s], s == fixed, cargo
            )
            for s in range(state.players)
        ]

    def _seat_value(
        self,
        state,
        board: _Board,
        s: int,
        gold: int,
        warehouse: list[int],
        hand: list[int],
        card: int,
        fixed: bool,
        cargo: int,
    ) -> float:
        """Seat ``s``'s expected gold, given its own gold, cubes, hand, laid-down smuggler and
        whether (and to which ``cargo``) its delivery is fixed, so that a decision's effect on
        them can be tried without playing it."""
        value = float(gold)
        if not board.final:
            cube = board.cube
            for f in warehouse:
                value += cube[f]
            if len(warehouse) < WAREHOUSE:
                value += (WAREHOUSE - len(warehouse)) * board.refill
        row = board.counts[s]
        most, leader, second = board.most, board.leader, board.second
        chances = board.chances_of[s]
        posts, fine = board.posts, board.fine
        for p in range(NPROV):
            mine = row[p]
            if mine:
                others = second[p] if leader[p] == s else most[p]
                value += BONUS[p] * chances[mine - others + _LEADS]
            for m in posts[s * NPROV + p]:
                value -= MOUNTIE_PENALTY[m] * fine
        for held in hand:
            value += HAND_VALUE[held]
        if board.draw and len(hand) < HAND_SIZE:
            value += (HAND_SIZE - len(hand)) * board.draw
        if card >= 0:
            value += self._pending(state, board, s, card, warehouse, fixed, cargo)
        return value

    def _pending(
        self, state, board: _Board, seat: int, card: int, warehouse, fixed: bool, cargo: int
    ) -> float:
        """What the laid-down smuggler should still bring: best delivery and cantina."""
        prices, cube, counts = board.prices, board.cube, board.counts
        chances = board.chances_of[seat]
        flag = SMUGGLER_FLAG[card]
        foods = ([cargo] if cargo >= 0 else []) if fixed else sorted(set(warehouse))
        n = state.players
        mine_row = counts[seat]
        best_total = -99.0
        for p in REACH[flag]:
            row = prices[p]
            delivery = 0.0
            for f in foods:
                price = row[f]
                if price:
                    gain = price - cube[f]
                    if gain > delivery:
                        delivery = gain
            if fixed and cargo >= 0 and not row[cargo]:
                continue
            mine = mine_row[p]
            others = 0
            for o in range(n):
                if o != seat and counts[o][p] > others:
                    others = counts[o][p]
            mounties = board.posts[seat * NPROV + p]
            if mounties:  # the newcomer (or a better holder) is arrested; a mountie leaves
                cantina = 0.0 + min(MOUNTIE_PENALTY[m] for m in mounties)
            else:
                before = chances[mine - others + _LEADS] if mine else 0.0
                cantina = BONUS[p] * (chances[mine + 1 - others + _LEADS] - before)
            total = delivery + cantina
            if total > best_total:
                best_total = total
        value = best_total - SMUGGLER_COST[card]
        if not board.revealed:
            value -= self._first_chance(state, seat, card) * self._mountie_cost(state, board, seat)
        return value

    @staticmethod
    def _first_chance(state, seat: int, card: int) -> float:
        """The chance that ``seat`` moves first with ``card`` while the other hires are hidden:
        no opponent outranks it, nor ties it from an earlier place after the gem holder."""
        rank, gem, n = SMUGGLER_RANK[card], state.gem, state.players
        above, tie = OUTRANKED[rank], HIRE_PRIOR[rank]
        mine = (seat - gem) % n
        chance = 1.0
        for o in range(n):
            if o != seat:
                chance *= 1.0 - above - (tie if (o - gem) % n < mine else 0.0)
        return chance

    @staticmethod
    def _mountie_cost(state, board: _Board, seat: int) -> float:
        """What the turn's mountie costs the seat that moves first: it arrests one of the
        seat's holders in its province at once, or sits on the empty cantina and is fined."""
        mountie = state.mountie_up
        if mountie < 0:
            return BLIND_PENALTY * board.fine
        flag = MOUNTIE_FLAG[mountie]
        mine = board.counts[seat][flag]
        if not mine:
            return MOUNTIE_PENALTY[mountie] * board.fine
        others = max(board.counts[o][flag] for o in range(state.players) if o != seat)
        chances = board.chances_of[seat]
        lead = mine - others + _LEADS
        after = chances[lead - 1] if mine > 1 else 0.0
        return BONUS[flag] * (chances[lead] - after)

    # -- widening ---------------------------------------------------------------------------
    def action_values(self, state, actions) -> list[float]:
        """The mover's ``evaluate`` after each action, as the default computes it, but without
        copying the state for the decisions that change only the mover's own holdings: a hire
        that is not the last one (the reveal follows the last), a cargo, a discard, a sale."""
        phase = state.phase
        simple = SIMPLE.get(phase)
        if simple is None or type(self).search_value is not Heuristic.search_value:
            return super().action_values(state, actions)
        if phase == HIRE and state.seq >= state.players - 1:
            if state.mountie_up < 0:  # blind smuggling: the reveal turns up a mountie
                return super().action_values(state, actions)
            return self._last_hires(state, actions)
        mover = state.current_player
        board = _Board(state)
        expected = self.expected_gold(state)
        gold, warehouse = state.gold[mover], state.warehouses[mover]
        hand, card = state.hands[mover], state.chosen[mover]
        values = []
        for action in actions:
            meaning = MEANING[action.label]
            if meaning[0] != simple:  # "restock", "keep hand": chance or other seats follow
                values.append(super().action_values(state, [action])[0])
                continue
            if simple == "hire":
                held = hand.copy()
                held.remove(meaning[1])
                value = self._seat_value(
                    state, board, mover, gold, warehouse, held, meaning[1], False, -1
                )
            elif simple == "discard":
                held = hand.copy()
                held.remove(meaning[1])
                value = self._seat_value(
                    state, board, mover, gold, warehouse, held, card, False, -1
                )
            elif simple == "sell":
                kept = warehouse.copy()
                kept.remove(meaning[1])
                value = self._seat_value(
                    state, board, mover, gold + MARKET_PRICE, kept, hand, card, False, -1
                )
            else:  # cargo: the smuggler's delivery is now fixed to that cube (or none)
                value = self._seat_value(
                    state, board, mover, gold, warehouse, hand, card, True, meaning[1]
                )
            trial = expected.copy()
            trial[mover] = value
            values.append(self._shares(state, trial)[mover])
        return values

    def _last_hires(self, state, actions) -> list[float]:
        """``evaluate`` after each hire of the last seat to choose: the hires are revealed,
        the highest rank goes first and takes the turn's mountie (choosing.reveal), and the
        first smuggler's cargo is open (every seat's hire is face up, none is fixed)."""
        mover, n, gem = state.current_player, state.players, state.gem
        board = _Board(state)
        board.revealed = True
        gold, warehouses, hands = state.gold, state.warehouses, state.hands
        mountie = state.mountie_up
        flag = MOUNTIE_FLAG[mountie]
        posts = state.posts
        values = []
        for action in actions:
            card = MEANING[action.label][1]
            chosen = state.chosen.copy()
            chosen[mover] = card
            first = min(range(n), key=lambda seat: (-SMUGGLER_RANK[chosen[seat]], (seat - gem) % n))
            post = first * NPROV + flag
            board.posts = posts.copy()
            cantina = board.posts[post] = posts[post].copy()
            bisect.insort_left(cantina, mountie)  # as draw.insert_sorted
            held = hands[mover].copy()
            held.remove(card)
            expected = [
                self._seat_value(
                    state,
                    board,
                    s,
                    gold[s],
                    warehouses[s],
                    held if s == mover else hands[s],
                    chosen[s],
                    False,
                    -1,
                )
                for s in range(n)
            ]
            values.append(self._shares(state, expected)[mover])
        return values


#: phases whose decisions ``action_values`` tries without a copy, and the kind of decision
SIMPLE = {HIRE: "hire", CARGO: "cargo", RESELECT: "discard", REFRESH: "discard", MARKET: "sell"}

HEURISTIC = NachoHeuristic()
