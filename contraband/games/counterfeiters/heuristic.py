"""Counterfeiters' evaluation: each seat's expected final money, turned into win chances.

Expected money = offshore money
  + cash, less the share the next Godfather may take (more likely the closer the pawn is)
  + fake notes at what they may still fetch (supermarket while their quality is accepted,
    else the fence; diners), limited by how many the seat can still sell before the end
  + lottery tickets at their value
  + what the seat's printers will still produce, at its quality, over the rounds left
  + diners' future conversions, a jet's saved fares, a lawyer's extra action.
Rounds left are estimated from the police pawn's distance to the end and a typical pace.
"""

from __future__ import annotations

import math
from functools import lru_cache

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic, win_chances
from contraband.core.random import Rng
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_VALUE,
    COMPONENT_OF,
    DINER_PAYS,
    FENCE,
    FENCE_NOTES,
    FENCE_RATES,
    GODFATHER,
    INVESTIGATION,
    MARKET,
    NOTES_PER_PRINTER,
    PRINT,
    QUALITIES,
    SUPERMARKET,
    SUPERMARKET_PAYS,
    TAX,
    TRACK,
    detected,
    side,
)

#: police steps per round, by player count (measured in greedy games,
#: research/counterfeiters_plans.py)
PACE = {2: 1.9, 3: 2.1, 4: 2.6}
GODFATHER_REACH = 2.5  # steps: how fast the threat of the next Godfather fades with distance
BAN_REACH = 2.5  # steps: the same for the next investigation of a note's quality
SELL_SHARE = 0.7  # a note in hand is worth this share of its best price (selling takes a turn)
PRINT_SHARE = 0.55  # the share of the rounds left in which a seat prints and sells its notes
NOTES_PER_ROUND = 6  # notes a seat can turn into money in a round, at most
DINER_GAIN = 25  # per diner and round left: a note turned into $50 without a turn
JET_SAVES = 20  # per Godfather still ahead: a fare saved
LAWYER_VALUE = 40  # an extra action at the very end
SCALE_BASE, SCALE_PER_ROUND = 40.0, 25.0  # money gaps that decide a game, by rounds left
MARGIN_WEIGHT = 0.7  # the share of the money margin in what a search backs up
POLICY_NOISE = 0.2  # the share of rollout placements taken at random


def rounds_left(state) -> float:
    if state.stage != "round":
        return 0.0
    return (TRACK - state.pawn) / PACE.get(state.players, 2.6)


def note_values(state) -> list[float]:
    """What one note of each quality may still fetch."""
    return list(_note_values(state.pawn, state.stage == "round"))


@lru_cache(maxsize=256)
def _note_values(pawn: int, in_round: bool) -> tuple[float, ...]:
    """``note_values`` of a pawn position, in a round or not (a search asks thousands of times)."""
    refused = detected(pawn)
    values = []
    for q in range(QUALITIES):
        market = 0.0
        if q >= refused and in_round:
            ahead = INVESTIGATION[q] - pawn
            market = SUPERMARKET_PAYS * (1.0 - math.exp(-ahead / BAN_REACH))
        values.append(max(market, float(FENCE_RATES[q])))
    return tuple(values)


class CounterfeitersHeuristic(Heuristic):
    rollout_cutoff = 6
    exploration = 0.4

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        expected = self.expected_money(state)
        return win_chances(expected, SCALE_BASE + SCALE_PER_ROUND * rounds_left(state))

    def search_value(self, state) -> list[float]:
        """The win chance blended with the money margin over the best rival: with four players
        the win chances of a search's moves differ little, the margins more."""
        if state.is_terminal():
            wins = state.returns()
            money = [float(v) for v in state.scores()]
            scale = SCALE_BASE
        else:
            money = self.expected_money(state)
            scale = SCALE_BASE + SCALE_PER_ROUND * rounds_left(state)
            wins = win_chances(money, scale)
        values = []
        for seat, mine in enumerate(money):
            rival = max(m for s, m in enumerate(money) if s != seat)
            margin = 1.0 / (1.0 + math.exp(-(mine - rival) / (2.0 * scale)))
            values.append((1.0 - MARGIN_WEIGHT) * wins[seat] + MARGIN_WEIGHT * margin)
        return values

    def expected_money(self, state) -> list[float]:
        left = rounds_left(state)
        pawn = state.pawn
        ahead = _godfathers_ahead(pawn)
        if state.stage == "round" and ahead:
            hit = math.exp(-(min(ahead) - pawn - 1) / GODFATHER_REACH)
        else:
            hit = 0.0
        keep = 1.0 - 0.5 * hit
        values = note_values(state)
        expected = []
        for s in range(state.players):
            printers, diners, jets, lottery, lawyers, quality = _holdings(tuple(state.owned[s]))
            value = state.offshore[s] + keep * state.cash[s] + lottery
            value += self._fakes(state, s, values, left, diners)
            if left > 0 and quality >= 0:
                per_print = min(NOTES_PER_PRINTER * printers, NOTES_PER_ROUND)
                value += per_print * left * PRINT_SHARE * SELL_SHARE * values[quality]
                value += diners * left * DINER_GAIN
            if jets:
                value += JET_SAVES * len(ahead)
            if state.stage in ("round", "final"):
                value += LAWYER_VALUE * lawyers
            expected.append(value)
        return expected

    def _fakes(self, state, seat: int, values: list[float], left: float, diners: int) -> float:
        base = seat * QUALITIES
        held = state.fakes[base : base + QUALITIES]
        count = sum(held)
        if not count:
            return 0.0
        if state.stage == "round":
            share = SELL_SHARE
            capacity = left * NOTES_PER_ROUND + diners
        else:
            # the end: one more action if the seat still places (fence only), then the diners
            share = 1.0
            acts = 1 if seat in state.queue or seat == state.current_player else 0
            capacity = acts * FENCE_NOTES
            values = [float(rate) for rate in FENCE_RATES]
        # the best notes first, a diner's $50 for as many notes as it will turn
        total, room = 0.0, capacity
        dinner = diners if state.stage != "round" else 0
        for q in reversed(range(QUALITIES)):
            count = held[q]
            if not count:
                continue
            if dinner:
                fed = min(dinner, count)
                dinner -= fed
                count -= fed
                total += fed * DINER_PAYS
            if count and room > 0:
                whole = min(count, int(room))
                total += whole * share * values[q]
                room -= whole
                if count > whole and room > 0:
                    total += share * values[q] * room
                    room = 0
        return total

    def policy(self, state, rng: Rng) -> Action:
        """A quick rollout move: a plausible space (see ``_space_scorer``), mostly the best one;
        sell as much as allowed; fly the cash offshore."""
        legal = state.legal_actions()
        step = state.step
        if step == "place":
            if rng.random() < POLICY_NOISE:
                acting = [a for a in legal if a.label != "pass"]
                return rng.choice(acting or legal)
            score = _space_scorer(state, state.current_player)
            best, best_score = legal[-1], 0.0
            for action in legal:
                value = score(action.label)
                if value > best_score:
                    best, best_score = action, value
            return best
        if step == "sell" or step == "amount":
            return legal[-1]
        if step == "direction":
            return legal[0]
        return rng.choice(legal)


@lru_cache(maxsize=64)
def _godfathers_ahead(pawn: int) -> tuple[int, ...]:
    """The Godfather spaces still ahead of the pawn (a search asks thousands of times)."""
    return tuple(g for g in GODFATHER if g > pawn)


@lru_cache(maxsize=4096)
def _holdings(owned: tuple[int, ...]) -> tuple[int, int, int, int, int, int]:
    """What a seat's cards add up to: (printers, diners, a jet (0 or 1), lottery value, lawyers,
    the note quality its components print (-1: none))."""
    printers = diners = jets = lottery = lawyers = 0
    kinds = set()
    for c in owned:
        kind = CARD_KIND[c]
        if kind == "printer":
            printers += 1
        elif kind == "diner":
            diners += 1
        elif kind == "jet":
            jets = 1
        elif kind == "lottery":
            lottery += CARD_VALUE[c]
        elif kind in ("great lawyer", "bad lawyer"):
            lawyers += 1
        if COMPONENT_OF[c] >= 0:
            kinds.add(COMPONENT_OF[c])
    return printers, diners, jets, lottery, lawyers, min(len(kinds), QUALITIES) - 1


def _space_scorer(state, seat: int):
    """How attractive each space is for a rollout (0: rather pass), as a function of its label;
    what does not depend on the space is worked out once."""
    board = side(state.players)
    base = seat * QUALITIES
    notes = state.fakes[base : base + QUALITIES]
    total = sum(notes)
    accepted = sum(notes[detected(state.pawn) :])
    final = state.stage != "round"
    owned = state.owned[seat]

    def score(label: str) -> float:
        if label == "pass":
            return 0.0
        space = board.index[label]
        action = board.action[space]
        if action == MARKET:
            return 0.0 if final else _card_score(state.market[space], owned, board.price[space])
        if action == SUPERMARKET:
            return 8.0 if accepted >= 2 else 3.0
        if action == FENCE:
            return 7.5 if total >= 4 or final else 1.0
        if action == PRINT:
            return 6.5 if total < 8 and not final else 0.5
        if action == TAX:
            return 2.0
        ahead = [g for g in GODFATHER if g > state.pawn]
        near = bool(ahead) and min(ahead) - state.pawn <= 2
        return 9.0 if near and state.cash[seat] >= 80 and not final else 0.0

    return score


def _card_score(card: int, owned: list[int], price: int) -> float:
    """How attractive buying ``card`` at ``price`` is for a rollout."""
    kind = CARD_KIND[card]
    if COMPONENT_OF[card] >= 0:
        mine = {COMPONENT_OF[c] for c in owned if COMPONENT_OF[c] >= 0}
        return 7.0 if COMPONENT_OF[card] not in mine else 0.0
    if kind == "printer":
        return 6.0 if sum(1 for c in owned if CARD_KIND[c] == "printer") < 3 else 0.0
    if kind == "lottery":
        return 5.0 if CARD_VALUE[card] > price else 0.0
    return 4.0 if kind in ("diner", "jet", "great lawyer", "bad lawyer") else 0.0


HEURISTIC = CounterfeitersHeuristic()
