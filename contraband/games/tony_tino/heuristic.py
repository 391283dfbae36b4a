"""Tony & Tino's evaluation: money in the bank plus each open street's token, weighted by
how safe the current lead in that street is."""

from __future__ import annotations

import math

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic
from contraband.core.random import Rng
from contraband.games.tony_tino import cards
from contraband.games.tony_tino.board import (
    CORRUPTION,
    NEW_VALUE,
    POINT_STREETS,
    REMOVED,
    STREET_POINTS,
    STREETS,
    UNRESOLVED,
)
from contraband.games.tony_tino.labels import ACTIONS, MEANING
from contraband.games.tony_tino.rules import CARD, REACT, TARGET

LEAD_SCALE = 1.2  # a figure still to come is worth about this much to either side
MONEY_SCALE = 30000.0  # dollars of expected lead that make a win about 73% likely
#: dollars a figure point still to be placed is worth: a 3 spent where it changes nothing is a
#: loss, a spy (0) is the figure for a street decided either way. Against the rule-based bench
#: player (bench/tony_tino_rules.py), ismcts:iterations=200 held 0.117 of 60 games without it,
#: 0.192 / 0.233 / 0.183 with 3000 / 6000 / 10000; against greedy it still holds 0.615 (100)
FIGURE_WORTH = 6000.0


class TonyTinoHeuristic(Heuristic):
    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        return _win(state.money, state.owner, state.value, state.street_winner, state.tokens)

    def action_values(self, state, actions: list[Action]) -> list[float]:
        """The mover's ``evaluate`` after each action, as the default computes it, without
        copying the state: only placing a figure and the swaps of figures or tokens change
        what the evaluation reads (money, figures, tokens); every other decision leaves it as
        it is."""
        if type(self).search_value is not Heuristic.search_value:
            return super().action_values(state, actions)
        mover = state.current_player
        money, owner, value = state.money, state.owner, state.value
        winner, tokens = state.street_winner, state.tokens
        unchanged = None
        values = []
        for action in actions:
            meaning = MEANING[action.label]
            kind = meaning[0]
            if kind == "place":
                values.append(_after_place(state, meaning[1], meaning[2])[mover])
                continue
            if kind == "second" and state.pending_card != CORRUPTION:
                first, second = state.pending_first, meaning[1]
                if state.pending_card == NEW_VALUE:
                    swapped = tokens.copy()
                    swapped[first], swapped[second] = tokens[second], tokens[first]
                    values.append(_win(money, owner, value, winner, swapped)[mover])
                else:  # Flying Switch, Exchange: two figures change places
                    owners, figures = owner.copy(), value.copy()
                    owners[first], owners[second] = owner[second], owner[first]
                    figures[first], figures[second] = value[second], value[first]
                    values.append(_win(money, owners, figures, winner, tokens)[mover])
                continue
            if unchanged is None:
                unchanged = _win(money, owner, value, winner, tokens)[mover]
            values.append(unchanged)
        return values

    def assumed_reply(self, state) -> Action | None:
        """A planning player assumes the opponent lets the card through."""
        if state.phase == REACT:
            return ACTIONS[state.current_player]["allow"]
        return None

    def policy(self, state, rng: Rng) -> Action:
        """Random rollouts, but never a play or a swap that changes nothing: the rules allow
        them (a bluff to draw out Police, decision D10), a random rollout only wastes its turn."""
        legal = state._cached_legal()  # read only
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


def _win(money, owner, value, street_winner, tokens) -> list[float]:
    """The evaluation of a running game from what it reads: the money in the bank, the
    figures on the board and the streets' tokens."""
    expected = [float(money[0]), float(money[1])]
    if FIGURE_WORTH:
        # both seats hold figures of the same total: the one that placed less holds more
        placed = [0, 0]
        for p, o in enumerate(owner):
            if o >= 0:
                placed[o] += value[p]
        expected[0] += FIGURE_WORTH * (placed[1] - placed[0])
    for s in range(STREETS):
        if street_winner[s] != UNRESOLVED:
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
        expected[0] += chance * tokens[s]
        expected[1] += (1.0 - chance) * tokens[s]
    win = 1.0 / (1.0 + math.exp(-(expected[0] - expected[1]) / MONEY_SCALE))
    return [win, 1.0 - win]


def _after_place(state, figure: int, point: int) -> list[float]:
    """``evaluate`` after the turn player places ``figure`` on ``point`` (rules._place and
    rules._collect, without the log and the figures turned up, which it does not read)."""
    player = state.turn_player
    owner, value = state.owner.copy(), state.value.copy()
    owner[point], value[point] = player, figure
    money, winner, tokens = state.money, state.street_winner, state.tokens
    for s in POINT_STREETS[point]:
        if winner[s] != UNRESOLVED:
            continue
        sums = [0, 0]
        for p in STREET_POINTS[s]:
            if owner[p] < 0:
                break
            sums[owner[p]] += value[p]
        else:
            if winner is state.street_winner:
                money, winner = money.copy(), winner.copy()
            if sums[0] == sums[1]:
                winner[s] = REMOVED
            else:
                seat = 0 if sums[0] > sums[1] else 1
                winner[s] = seat
                money[seat] += tokens[s]
    if state.remaining == 1:  # the last disc: the game is over (State.returns)
        best = max(money)
        winners = [seat for seat in range(2) if money[seat] == best]
        share = 1.0 / len(winners)
        return [share if seat in winners else 0.0 for seat in range(2)]
    return _win(money, owner, value, winner, tokens)


HEURISTIC = TonyTinoHeuristic()
