"""The Nacho Incident's evaluation: each seat's expected final gold, turned into win chances.

Expected gold = gold in hand
  + cubes in the warehouse (what they may still fetch on a province card, at least the market)
  + cantina majorities (the bonus times a chance that grows with the lead and the round's end)
  - mounties at the seat's cantinas (their penalty, more when rounds remain)
  + the smuggler laid down but not yet sent (its best delivery and cantina, minus its cost,
    minus the risk of going first while the rank is high)
  + a little for a cheap, wide-reaching hand.
"""

from __future__ import annotations

import math

from contraband.core.heuristic import Heuristic
from contraband.games.nacho_incident.board import (
    BONUS,
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    DESTINATION,
    MARKET_PRICE,
    MOUNTIE_PENALTY,
    NPROV,
    REACH,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_RANK,
    TURNS,
    TURNS_PER_ROUND,
)

CUBE_SHARE = 0.55  # a cube is worth this share of the best open price for its food
LEAD_STEEPNESS = 1.6  # majority chance: logistic in the lead, flattened by the turns left
FIRST_RISK = 2.0  # gold lost when a high rank makes the seat take the mountie
HAND_WEIGHT = 0.15  # per card in hand: reach minus cost, a small nudge for discards
SCALE_BASE, SCALE_PER_TURN = 3.0, 0.6  # gold differences that decide a game, by turns left


def _best_prices(state) -> list[int]:
    """Per food, the best price an empty slot offers now (0 when none)."""
    best = [0] * len(CARD_PRICE_OF[0])
    slots = state.slots
    for p in range(NPROV):
        card = state.prov_up[p]
        prices, where = CARD_PRICE_OF[card], CARD_SLOT_OF[card]
        for f, price in enumerate(prices):
            if price > best[f] and not slots[p * SLOTS + where[f]]:
                best[f] = price
    return best


def _open_price(state, province: int, food: int) -> int:
    card = state.prov_up[province]
    slot = CARD_SLOT_OF[card][food]
    if slot < 0 or state.slots[province * SLOTS + slot]:
        return 0
    return CARD_PRICE_OF[card][food]


def _chance(lead: int, mine: int, turns_left: int) -> float:
    if mine == 0:
        return 0.0
    if turns_left == 0:
        return 1.0 if lead > 0 else 0.0
    return 1.0 / (1.0 + math.exp(-LEAD_STEEPNESS * (lead - 0.5) / (1.0 + 0.5 * turns_left)))


class NachoHeuristic(Heuristic):
    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        expected = self.expected_gold(state)
        turns_left = TURNS - 1 - state.turn
        scale = SCALE_BASE + SCALE_PER_TURN * turns_left
        top = max(expected)
        weights = [math.exp((e - top) / scale) for e in expected]
        total = sum(weights)
        return [w / total for w in weights]

    def expected_gold(self, state) -> list[float]:
        n = state.players
        best = _best_prices(state)
        in_round = state.turn % TURNS_PER_ROUND
        turns_left = TURNS_PER_ROUND - 1 - in_round  # whole turns after this one in the round
        rounds_left = (TURNS - 1 - state.turn) // TURNS_PER_ROUND + 1
        final = state.turn == TURNS - 1
        counts = [[len(state.cantinas[s * NPROV + p]) for p in range(NPROV)] for s in range(n)]
        expected = []
        for s in range(n):
            value = float(state.gold[s])
            if not final:
                for f in state.warehouses[s]:
                    value += max(MARKET_PRICE, CUBE_SHARE * best[f])
            for p in range(NPROV):
                mine = counts[s][p]
                if mine:
                    others = max(counts[o][p] for o in range(n) if o != s)
                    value += BONUS[p] * _chance(mine - others, mine, turns_left)
                for m in state.posts[s * NPROV + p]:
                    value -= MOUNTIE_PENALTY[m] * (1.0 if rounds_left == 1 else 1.5)
            for card in state.hands[s]:
                value += HAND_WEIGHT * (len(REACH[SMUGGLER_FLAG[card]]) - SMUGGLER_COST[card])
            if state.chosen[s] >= 0:
                value += self._pending(state, s, counts, best, turns_left)
            expected.append(value)
        return expected

    def _pending(self, state, seat: int, counts, best, turns_left: int) -> float:
        """What the laid-down smuggler should still bring: best delivery and cantina."""
        card = state.chosen[seat]
        flag = SMUGGLER_FLAG[card]
        fixed = state.phase == DESTINATION and state.current_player == seat
        foods = [state.cargo] if fixed else sorted(set(state.warehouses[seat]))
        n = state.players
        best_total = -99.0
        for p in REACH[flag]:
            delivery = 0.0
            for f in foods:
                if f < 0:
                    continue
                price = _open_price(state, p, f)
                if price:
                    delivery = max(delivery, price - max(MARKET_PRICE, CUBE_SHARE * best[f]))
            if fixed and state.cargo >= 0 and not _open_price(state, p, state.cargo):
                continue
            mine = counts[seat][p]
            others = max((counts[o][p] for o in range(n) if o != seat), default=0)
            before = _chance(mine - others, mine, turns_left)
            mounties = state.posts[seat * NPROV + p]
            if mounties:  # the newcomer (or a better holder) is arrested; a mountie leaves
                cantina = BONUS[p] * (_chance(mine - others, mine, turns_left) - before)
                cantina += min(MOUNTIE_PENALTY[m] for m in mounties)
            else:
                cantina = BONUS[p] * (_chance(mine + 1 - others, mine + 1, turns_left) - before)
            best_total = max(best_total, delivery + cantina)
        value = best_total - SMUGGLER_COST[card]
        if not state.revealed:
            value -= FIRST_RISK * max(0.0, (SMUGGLER_RANK[card] - 5) / 4.0)
        return value


HEURISTIC = NachoHeuristic()
