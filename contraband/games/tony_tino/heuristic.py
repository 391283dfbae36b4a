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
    EXCHANGE,
    FLYING_SWITCH,
    NEW_VALUE,
    NUMBERED_DISCS,
    POINT_STREETS,
    POINTS,
    POLICE,
    PROFESSIONAL,
    REMOVED,
    ROULETTE,
    SHIFT,
    STREET_POINTS,
    STREETS,
    UNRESOLVED,
    completed_sums,
)
from contraband.games.tony_tino.labels import ACTIONS, MEANING
from contraband.games.tony_tino.rules import CARD, REACT, TARGET, lowest_points

LEAD_SCALE = 1.2  # a figure still to come is worth about this much to either side
MONEY_SCALE = 30000.0  # dollars of expected lead that make a win about 73% likely
#: dollars a figure point still to be placed is worth: a 3 spent where it changes nothing is a
#: loss, a spy (0) is the figure for a street decided either way. Against the rule-based bench
#: player (tony_tino/rules_player.py), ismcts:iterations=200 held 0.117 of 60 games without it,
#: 0.192 / 0.233 / 0.183 with 3000 / 6000 / 10000; against greedy it still holds 0.615 (100)
FIGURE_WORTH = 6000.0
#: dollars a card not yet spent is worth early in the game; late in the game (as the numbered
#: discs run out) it falls to CARD_LATE of that. Without it the search spends any card for the
#: least gain and lets a card through rather than give up its Police, since the board it judges
#: is the same either way. hard against the rule-based bench player, 100 games, base seed 2024:
#: 0.285 [0.206, 0.380] without, 0.440 [0.347, 0.538] with (bench/ladder.py --game tony-tino
#: --ismcts hard --opponent rules --games 100 --seed 2024)
CARD_WORTH = {
    POLICE: 24000.0,
    PROFESSIONAL: 20000.0,
    CORRUPTION: 14000.0,
    NEW_VALUE: 10000.0,
    EXCHANGE: 8000.0,
    SHIFT: 6000.0,
    FLYING_SWITCH: 6000.0,
    ROULETTE: 2000.0,
}
CARD_WEIGHT = 1.0
#: the decisions the search takes from the planner (``planned``): which card, and its targets
PLANNED_PHASES = (CARD, TARGET)
CARD_LATE = 0.3


class TonyTinoHeuristic(Heuristic):
    #: an iteration is cheap here (about 6,000 a second) and more search pays: against the
    #: rule-based bench player, 100 games, base seed 2024, 3000 iterations held 0.580
    #: [0.482, 0.672] of the wins and 9000 held 0.635 [0.537, 0.723] (bench/ladder.py --game
    #: tony-tino --ismcts ismcts:iterations=9000 --opponent rules --games 100 --seed 2024);
    #: a searched decision then takes 0.8 s on average and at the median, 1.1 s at the 90th
    #: percentile; a card decision, left to the planner, a few milliseconds
    search_iterations = 9000

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        return _standing(state)

    def action_values(self, state, actions: list[Action]) -> list[float]:
        """The mover's ``evaluate`` after each action, as the default computes it, without
        copying the state: only placing a figure and the swaps of figures or tokens change
        what the evaluation reads (money, figures, tokens); every other decision leaves it as
        it is. A card's targets look further (``_target_value``): a Shift or a swap of discs
        changes nothing the evaluation reads until the placement it opens, so each is valued
        by the best placement after it, and a first target by its best second."""
        if type(self).search_value is not Heuristic.search_value:
            return super().action_values(state, actions)
        mover = state.current_player
        money, owner, value = state.money, state.owner, state.value
        winner, tokens = state.street_winner, state.tokens
        cards = _cards(state)
        spend = _card_factor(state) * (1.0 if mover == 1 else -1.0)  # seat 0's edge per dollar
        unchanged = None
        values = []
        placing: dict[int, float] = {}  # per point, the mover's best placement there
        for action in actions:
            meaning = MEANING[action.label]
            kind = meaning[0]
            if kind == "place":
                values.append(_after_place(state, meaning[1], meaning[2])[mover])
                continue
            if kind in ("play", "discard", "police"):  # a card of the mover's is spent
                card = POLICE if kind == "police" else meaning[1]
                edge = cards + spend * CARD_WORTH[card]
                values.append(_win(money, owner, value, winner, tokens, edge)[mover])
                continue
            if kind == "first" or (kind == "second" and state.pending_card == CORRUPTION):
                values.append(_target_value(state, kind, meaning[1], placing))
                continue
            if kind == "second":
                first, second = state.pending_first, meaning[1]
                if state.pending_card == NEW_VALUE:
                    swapped = tokens.copy()
                    swapped[first], swapped[second] = tokens[second], tokens[first]
                    values.append(_win(money, owner, value, winner, swapped, cards)[mover])
                else:  # Flying Switch, Exchange: two figures change places
                    owners, figures = owner.copy(), value.copy()
                    owners[first], owners[second] = owner[second], owner[first]
                    figures[first], figures[second] = value[second], value[first]
                    values.append(_win(money, owners, figures, winner, tokens, cards)[mover])
                continue
            if unchanged is None:
                unchanged = _win(money, owner, value, winner, tokens, cards)[mover]
            values.append(unchanged)
        return values

    def assumed_reply(self, state) -> Action | None:
        """A planning player assumes the opponent lets the card through."""
        if state.phase == REACT:
            return ACTIONS[state.current_player]["allow"]
        return None

    def planned(self, state, rng: Rng, deadline: float | None = None) -> Action | None:
        """Which card to play or discard and its targets, by the planner (``card_plans``);
        placements and the answer to the opponent's card are left to the search.

        Against the rule-based bench player, with the rest of the decisions its own, the
        search (``ismcts:iterations=1000``) making only the card decisions held 0.280 of the
        wins over 100 games, and making all but them 0.570 (``research/phase_mix.py --game
        tony-tino --search card,target``, and ``--search place,react``)."""
        if state.phase not in PLANNED_PHASES:
            return None
        from contraband.games.tony_tino import card_plans  # it reads this module's worths

        by_meaning = {MEANING[a.label]: a for a in state._cached_legal()}
        return by_meaning[card_plans.decide(state, state.current_player, list(by_meaning), rng)]

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


def card_share(state, covered: int = 0) -> float:
    """How much of a card's ``CARD_WORTH`` holds now (``covered``: after that many more discs
    are covered): all of it at the start, CARD_LATE once the discs run out. The rule-based
    bench player keeps its cards by the same measure."""
    left = (state.remaining - covered) / len(NUMBERED_DISCS)
    return CARD_LATE + (1.0 - CARD_LATE) * left


def _card_factor(state, covered: int = 0) -> float:
    """What a card's worth counts for in the evaluation now."""
    return CARD_WEIGHT * card_share(state, covered)


def _cards(state, covered: int = 0) -> float:
    """Seat 0's edge in dollars from the cards each seat has not spent yet (hand and deck:
    every card not in its public discards)."""
    spent = [0.0, 0.0]
    for seat in (0, 1):
        for card in state.discards[seat]:
            spent[seat] += CARD_WORTH[card]
    return _card_factor(state, covered) * (spent[1] - spent[0])


def _standing(state) -> list[float]:
    """``evaluate`` of a running game: ``_win`` of the position as it stands."""
    return _win(
        state.money, state.owner, state.value, state.street_winner, state.tokens, _cards(state)
    )


def _win(money, owner, value, street_winner, tokens, cards: float = 0.0) -> list[float]:
    """The evaluation of a running game from what it reads: the money in the bank, the
    figures on the board, the streets' tokens and (``cards``) seat 0's edge in unspent cards."""
    expected = [float(money[0]) + cards, float(money[1])]
    if FIGURE_WORTH:
        # both seats hold figures of the same total: the one that placed less holds more
        placed = [0, 0]
        for p, o in enumerate(owner):
            if o >= 0:
                placed[o] += value[p]
        expected[0] += FIGURE_WORTH * (placed[1] - placed[0])
    # each street's lead is counted inline, as in planner.evaluate: a shared helper called per
    # street cost 2 to 3% of the search's iterations (research/ab.py --mode ismcts)
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


def _target_value(state, kind: str, target: int, placing: dict[int, float]) -> float:
    """The mover's value of a card's target: a Shift's or a Corruption's by the best placement
    on the points it opens (``_placing_value``); any other first target by its best second
    target (each second is a swap the evaluation reads at once)."""
    card = state.pending_card
    mover = state.current_player
    if card == SHIFT:
        return _placing_value(state, lowest_points(state.discs, target), placing)
    if card == CORRUPTION:
        discs = state.discs
        if kind == "second":
            return _placing_value(state, _opened(discs, state.pending_first, target), placing)
        return max(
            _placing_value(state, _opened(discs, target, q), placing)
            for q in range(POINTS)
            if discs[q] > 0 and q != target
        )
    money, owner, value = state.money, state.owner, state.value
    winner, tokens, edge = state.street_winner, state.tokens, _cards(state)
    best = -math.inf
    for second in cards.second_targets(state, card, target):
        if card == NEW_VALUE:
            swapped = tokens.copy()
            swapped[target], swapped[second] = tokens[second], tokens[target]
            best = max(best, _win(money, owner, value, winner, swapped, edge)[mover])
        else:  # Flying Switch, Exchange: two figures change places
            owners, figures = owner.copy(), value.copy()
            owners[target], owners[second] = owner[second], owner[target]
            figures[target], figures[second] = value[second], value[target]
            best = max(best, _win(money, owners, figures, winner, tokens, edge)[mover])
    return best


def _opened(discs: list[int], first: int, second: int) -> list[int]:
    """The points open (showing the lowest number) once the discs of ``first`` and
    ``second`` change places: a swap keeps the numbers, so the lowest stays the same and only
    the two points can enter or leave the open ones."""
    lowest = min(d for d in discs if d)
    points = [p for p in lowest_points(discs) if p != first and p != second]
    if discs[second] == lowest:
        points.append(first)
    if discs[first] == lowest:
        points.append(second)
    return points


def _placing_value(state, points, placing: dict[int, float]) -> float:
    """The turn player's best ``evaluate`` after placing one of its face-up figures on one of
    these open ``points`` (``placing`` remembers each point's best)."""
    mover = state.turn_player
    best = -math.inf
    for point in points:
        here = placing.get(point)
        if here is None:
            here = placing[point] = max(
                (_after_place(state, figure, point)[mover] for figure in set(state.faceup[mover])),
                default=-math.inf,
            )
        best = max(best, here)
    if best == -math.inf:  # nothing to place: the evaluation as it stands
        return _standing(state)[mover]
    return best


def _after_place(state, figure: int, point: int) -> list[float]:
    """``evaluate`` after the turn player places ``figure`` on ``point`` (rules._place and
    rules._score, without the log and the figures turned up, which it does not read)."""
    player = state.turn_player
    owner, value = state.owner.copy(), state.value.copy()
    owner[point], value[point] = player, figure
    money, winner, tokens = state.money, state.street_winner, state.tokens
    for s in POINT_STREETS[point]:
        if winner[s] != UNRESOLVED:
            continue
        sums = completed_sums(owner, value, s)
        if sums is None:
            continue
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
    return _win(money, owner, value, winner, tokens, _cards(state, covered=1))


HEURISTIC = TonyTinoHeuristic()
