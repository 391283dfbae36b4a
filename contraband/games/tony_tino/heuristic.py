"""Tony & Tino's evaluation: money in the bank plus each open street's token, weighted by
how safe the current lead in that street is."""

from __future__ import annotations

import math

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic
from contraband.core.random import Rng
from contraband.games.tony_tino import cards
from contraband.games.tony_tino.board import STREET_POINTS, STREETS, UNRESOLVED
from contraband.games.tony_tino.rules import ACTIONS, CARD, MEANING, REACT, TARGET

LEAD_SCALE = 1.2  # a figure still to come is worth about this much to either side
MONEY_SCALE = 30000.0  # dollars of expected lead that make a win about 73% likely


class TonyTinoHeuristic(Heuristic):
    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        expected = [float(state.money[0]), float(state.money[1])]
        owner, value = state.owner, state.value
        for s in range(STREETS):
            if state.street_winner[s] != UNRESOLVED:
                continue
            lead, empty = 0, 0
            for p in STREET_POINTS[s]:
                o = owner[p]
                if o < 0:
                    empty += 1
                elif o == 0:
                    lead += value[p]
                else:
                    lead -= value[p]
            chance = 1.0 / (1.0 + math.exp(-lead / (0.5 + LEAD_SCALE * empty)))
            expected[0] += chance * state.tokens[s]
            expected[1] += (1.0 - chance) * state.tokens[s]
        win = 1.0 / (1.0 + math.exp(-(expected[0] - expected[1]) / MONEY_SCALE))
        return [win, 1.0 - win]

    def assumed_reply(self, state) -> Action | None:
        """A planning player assumes the opponent lets the card through."""
        if state.phase == REACT:
            return ACTIONS[state.current_player]["allow"]
        return None

    def policy(self, state, rng: Rng) -> Action:
        """Random rollouts, but never a play or a swap that changes nothing: the rules allow
        them (a bluff to draw out Police, decision D10), a random rollout only wastes its turn."""
        legal = state.legal_actions()
        phase = state.phase
        if phase == CARD:
            useful = [
                a
                for a in legal
                if MEANING[a.label][0] != "play" or cards.can_change(state, MEANING[a.label][1])
            ]
            legal = useful or legal
        elif phase == TARGET and state.pending_first >= 0:
            card, first = state.pending_card, state.pending_first
            useful = [
                a for a in legal if not cards.pointless(state, card, first, MEANING[a.label][1])
            ]
            legal = useful or legal
        return rng.choice(legal)


HEURISTIC = TonyTinoHeuristic()
