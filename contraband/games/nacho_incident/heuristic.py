"""The Nacho Incident's evaluation: each seat's expected final gold, turned into win chances.

Expected gold = gold in hand
  + cubes in the warehouse (what they may still fetch on a province card, at least the market;
    an empty place is worth an average cube from the bag, which refills it)
  + cantina majorities (the bonus times a chance that grows with the lead and the round's end)
  - mounties at the seat's cantinas (their penalty, more when rounds remain)
  + the smuggler laid down but not yet sent (its best delivery and cantina, minus its cost,
    minus, while hires are hidden, the chance of moving first times what the turn's mountie
    would cost)
  + a little for a cheap, wide-reaching hand (and, while hands are refilled, an average draw
    for each smuggler short of a full hand).

What it reads of the shared position (prices, cube and hand values, majority chances) is in
``outlook``; the numbers were tuned by greedy's play against the rules player
(docs/research/strength-notebook.md, "The Nacho evaluation rebuilt").
"""

from __future__ import annotations

import bisect
from typing import ClassVar

from contraband.core.heuristic import Heuristic, win_chances
from contraband.games.nacho_incident import foresight, planner
from contraband.games.nacho_incident.board import (
    BONUS,
    CARGO,
    DESTINATION,
    HAND_SIZE,
    HIRE,
    MARKET,
    MARKET_PRICE,
    MEANING,
    MOUNTIE_FLAG,
    MOUNTIE_PENALTY,
    NPROV,
    REACH,
    REFRESH,
    RESELECT,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_RANK,
    TURNS,
    WAREHOUSE,
)
from contraband.games.nacho_incident.outlook import (
    HAND_VALUE,
    HIRE_PRIOR,
    LEADS,
    OUTRANKED,
    Board,
)

SCALE_BASE, SCALE_PER_TURN = 3.0, 0.6  # gold differences that decide a game, by turns left

BLIND_PENALTY = 3.5  # blind smuggling: the mean penalty of the mountie the first player takes


class NachoHeuristic(Heuristic):
    #: each seat searches in its own tree, so that opponents do not react to the agent's own
    #: face-down hire: ismcts:iterations=300 with it against without it, 3 players, held 0.567
    #: [0.510, 0.622] of 300 games (docs/research/strength-notebook.md)
    multi_observer = True
    #: the levels' slips (one of the three best moves instead of the best, on that share of
    #: decisions): a short search (medium) played nearly as well as the full one with the
    #: planner (hard), so medium slips, and easy slips more than the default to stay below it
    #: (docs/research/strength-notebook.md, "Nacho: levels that slip")
    level_slips: ClassVar[dict[str, float]] = {"easy": 0.4, "medium": 0.15}

    def planned(self, state, rng, deadline=None):
        """Hires judged by playing the turn out on sampled deals (foresight.py) and hand
        refreshes by the planner's rules (planner.py): the search judged both worse
        (docs/research/strength-notebook.md, "The Nacho planner" and "Hires judged by playing
        the turn out")."""
        if state.phase == HIRE:
            return foresight.hire(state, rng, self, deadline)
        return planner.plan(state)

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        return self._shares(state, self.expected_gold(state))

    @staticmethod
    def _shares(state, expected: list[float]) -> list[float]:
        turns_left = TURNS - 1 - state.turn
        return win_chances(expected, SCALE_BASE + SCALE_PER_TURN * turns_left)

    def expected_gold(self, state) -> list[float]:
        board = Board(state)
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
        board: Board,
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
                value += BONUS[p] * chances[mine - others + LEADS]
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
        self, state, board: Board, seat: int, card: int, warehouse, fixed: bool, cargo: int
    ) -> float:
        """What the laid-down smuggler should still bring: best delivery and cantina."""
        prices, cube, counts = board.prices, board.cube, board.counts
        chances = board.chances_of[seat]
        flag = SMUGGLER_FLAG[card]
        foods = ([cargo] if cargo >= 0 else []) if fixed else sorted(set(warehouse))
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
            others = board.rival(seat, p)
            mounties = board.posts[seat * NPROV + p]
            if mounties:  # the newcomer (or a better holder) is arrested; a mountie leaves
                cantina = 0.0 + min(MOUNTIE_PENALTY[m] for m in mounties)
            else:
                before = chances[mine - others + LEADS] if mine else 0.0
                cantina = BONUS[p] * (chances[mine + 1 - others + LEADS] - before)
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
    def _mountie_cost(state, board: Board, seat: int) -> float:
        """What the turn's mountie costs the seat that moves first: it arrests one of the
        seat's holders in its province at once, or sits on the empty cantina and is fined."""
        mountie = state.mountie_up
        if mountie < 0:
            return BLIND_PENALTY * board.fine
        flag = MOUNTIE_FLAG[mountie]
        mine = board.counts[seat][flag]
        if not mine:
            return MOUNTIE_PENALTY[mountie] * board.fine
        chances = board.chances_of[seat]
        lead = mine - board.rival(seat, flag) + LEADS
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
        board = Board(state)
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
        board = Board(state)
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
