"""Tony & Tino's planner: a careful player's arithmetic, with no search beyond one reply.

* **Street money.** A position is worth the money banked (mine less theirs) plus, for every
  street not yet scored, its token times ``tanh(lead / (SPREAD + empty points))``: a lead in a
  street with few empty points is nearly safe, one in an empty street is a hope. Figures still
  in hand count ``FIGURE_WORTH`` per point, so a 3 spent where it changes nothing is a loss and
  a spy (0) is the figure to drop on a street that is decided either way.
* **Placement.** Every figure on every open point is tried; after it the opponent is assumed to
  answer with their best placement on the points then open (the next lowest discs), with their
  face-up figures. The placement whose worst reply leaves the most street money is best.
* **Cards.** Each card with each of its targets (Shift on the lowest and the next discs,
  Corruption bringing any disc's point into play, Professional as two placements before the
  reply, Roulette over a few sampled reshuffles, Flying Switch, Exchange and New Value as their
  swaps) is judged by the placement it leads to (``card_moves``).

Everything here reads a ``Board`` built from a state the caller may fully read (a
determinization of its own seat): the board, tokens, face-up figures and discard piles are
public; the figure stacks (only their tops are read) and the opponent's hand are a guess. The
search uses it for its card decisions (``heuristic.TonyTinoHeuristic.planned``), and the
rule-based player (rules_player.py) for all of its own.
"""

from __future__ import annotations

import math

from contraband.core.random import Rng
from contraband.games.tony_tino.board import (
    CARD_SET,
    CORRUPTION,
    EXCHANGE,
    FLYING_SWITCH,
    NEW_VALUE,
    POINT_STREETS,
    POINTS,
    PROFESSIONAL,
    REMOVED,
    ROULETTE,
    SHIFT,
    SHIFT_REDUCTION,
    SPY,
    STREET_POINTS,
    STREETS,
    UNRESOLVED,
    completed_sums,
)
from contraband.games.tony_tino.rules import lowest_points

SPREAD = 1.0  # how uncertain a street's lead is even with one empty point left
FIGURE_WORTH = 6000.0  # dollars per figure point still in hand
ROULETTE_SAMPLES = 6
SHIFT_USE = 0.5  # how likely an opponent holding Shift spends it on the next number's point

Move = tuple[int, int]  # (first target, second target), -1 when unused


class Board:
    """The public position as plain lists, cheap to copy for the look-ahead."""

    __slots__ = (
        "discs",
        "owner",
        "value",
        "winner",
        "tokens",
        "money",
        "faceup",
        "stacks",
        "shift_odds",
    )

    def __init__(self, state=None, seat: int = 0) -> None:
        if state is not None:
            self.shift_odds = [0.0, 0.0]
            self.shift_odds[seat] = float(SHIFT in state.hands[seat])
            self.shift_odds[1 - seat] = shift_odds(state, 1 - seat)
            self.discs, self.owner = list(state.discs), list(state.owner)
            self.value, self.winner = list(state.value), list(state.street_winner)
            self.tokens, self.money = list(state.tokens), list(state.money)
            self.faceup = [list(f) for f in state.faceup]
            self.stacks = [list(s) for s in state.stacks]  # a guess: only the tops are read

    def copy(self) -> Board:
        new = Board()
        new.discs, new.owner, new.value = self.discs.copy(), self.owner.copy(), self.value.copy()
        new.winner, new.tokens, new.money = self.winner.copy(), self.tokens.copy(), self.money
        new.faceup = [self.faceup[0].copy(), self.faceup[1].copy()]
        new.stacks, new.shift_odds = self.stacks, self.shift_odds
        return new


def place(b: Board, seat: int, figure: int, point: int) -> Board:
    """The board after ``seat`` puts ``figure`` on ``point`` and any full street is scored."""
    b = b.copy()
    b.owner[point], b.value[point], b.discs[point] = seat, figure, 0
    b.faceup[seat].remove(figure)
    stack = b.stacks[seat]
    if stack:  # turn up the (guessed) next figure
        b.faceup[seat].append(stack[-1])
        b.stacks = b.stacks.copy()
        b.stacks[seat] = stack[:-1]
    for s in POINT_STREETS[point]:
        if b.winner[s] != UNRESOLVED:
            continue
        sums = completed_sums(b.owner, b.value, s)
        if sums is None:
            continue
        if sums[0] == sums[1]:
            b.winner[s] = REMOVED
        else:
            b.winner[s] = 0 if sums[0] > sums[1] else 1
            b.money = b.money.copy()
            b.money[b.winner[s]] += b.tokens[s]
    return b


def evaluate(b: Board, me: int) -> float:
    """Our street-money count: banked money plus each open token by how safe our lead is."""
    total = float(b.money[me] - b.money[1 - me])
    owner, value = b.owner, b.value
    for s in range(STREETS):
        if b.winner[s] != UNRESOLVED:
            continue
        lead, empty = 0, 0
        for p in STREET_POINTS[s]:
            o = owner[p]
            if o < 0:
                empty += 1
            elif o == me:
                lead += value[p]
            else:
                lead -= value[p]
        total += b.tokens[s] * math.tanh(lead / (SPREAD + empty))
    return total + FIGURE_WORTH * (sum(b.faceup[me]) - sum(b.faceup[1 - me]))


def shift_odds(state, seat: int) -> float:
    """The chance that ``seat``'s hidden hand holds a Shift, from the cards not yet shown."""
    hand = len(state.hands[seat])
    unseen = hand + len(state.decks[seat])
    others = unseen - (CARD_SET.count(SHIFT) - state.discards[seat].count(SHIFT))
    return 1.0 - math.comb(others, hand) / math.comb(unseen, hand) if hand else 0.0


def worst_reply(b: Board, me: int) -> float:
    """Our value after the opponent's best placement on the points now open; if they may hold
    a Shift, the points of the next number count too, by the odds that they do."""
    opp = 1 - me
    discs = b.discs
    points = lowest_points(discs)
    if not points or not b.faceup[opp]:
        return evaluate(b, me)
    figures = set(b.faceup[opp])
    worst = min(evaluate(place(b, opp, f, p), me) for f in figures for p in points)
    odds = b.shift_odds[opp] * SHIFT_USE
    if odds:
        near = discs[points[0]] + SHIFT_REDUCTION
        shifted = [p for p in range(POINTS) if discs[p] == near]
        if shifted:
            reach = min(evaluate(place(b, opp, f, p), me) for f in figures for p in shifted)
            worst -= odds * max(0.0, worst - reach)
    return worst


def best_placement(
    b: Board, me: int, shifted: int = -1, extra: bool = False
) -> tuple[float, tuple[int, int] | None]:
    """The placement (figure, point) whose worst reply is best; with ``extra`` (Professional)
    we place twice before the opponent answers."""
    best, move = -math.inf, None
    for figure in sorted(set(b.faceup[me])):  # low figures first: ties keep the high ones
        for p in lowest_points(b.discs, shifted):
            after = place(b, me, figure, p)
            value = best_placement(after, me)[0] if extra else worst_reply(after, me)
            if value > best:
                best, move = value, (figure, p)
    return (best, move) if move else (evaluate(b, me), None)


def _swapped(b: Board, field: str, first: int, second: int) -> Board:
    new = b.copy()
    items = getattr(new, field)
    items[first], items[second] = items[second], items[first]
    return new


def _swap_figures(b: Board, first: int, second: int) -> Board:
    return _swapped(_swapped(b, "owner", first, second), "value", first, second)


def card_moves(b: Board, me: int, card: int, rng: Rng) -> list[tuple[float, Move]]:
    """Each way to play ``card`` (its targets) with the value of the best placement after it."""
    opp = 1 - me
    discs, owner, value = b.discs, b.owner, b.value
    if card == SHIFT:
        low = min(d for d in discs if d)
        return [
            (best_placement(b, me, shifted=p)[0], (p, -1))
            for p in range(POINTS)
            if discs[p] and discs[p] - SHIFT_REDUCTION <= low
        ]
    if card == PROFESSIONAL:
        return [(best_placement(b, me, extra=True)[0], (-1, -1))]
    if card == ROULETTE:
        points = [p for p in range(POINTS) if discs[p]]
        total = 0.0
        for _ in range(ROULETTE_SAMPLES):
            numbers = [discs[p] for p in points]
            rng.shuffle(numbers)
            new = b.copy()
            for p, n in zip(points, numbers, strict=True):
                new.discs[p] = n
            total += best_placement(new, me)[0]
        return [(total / ROULETTE_SAMPLES, (-1, -1))]
    pairs: list[Move] = []
    if card == CORRUPTION:  # bring a point into play by giving it a lowest disc
        low = lowest_points(discs)
        pairs = [(o, q) for o in low for q in range(POINTS) if discs[q] and discs[q] != discs[o]]
    elif card == FLYING_SWITCH:
        mine = [p for p in range(POINTS) if owner[p] == me]
        pairs = [(s, q) for s in mine if value[s] == SPY for q in mine if value[q] != SPY]
    elif card == EXCHANGE:
        pairs = [
            (p, q)
            for p in range(POINTS)
            if owner[p] == me
            for q in range(POINTS)
            if owner[q] == opp and value[q] == value[p]
        ]
    elif card == NEW_VALUE:
        open_streets = [s for s in range(STREETS) if b.winner[s] == UNRESOLVED]
        tokens = b.tokens
        pairs = [(s, t) for s in open_streets for t in open_streets if tokens[s] < tokens[t]]
    return [(best_placement(apply_card(b, card, pair), me)[0], pair) for pair in pairs]


def apply_card(b: Board, card: int, pair: Move) -> Board:
    """The board after a two-target card's swap."""
    if card == CORRUPTION:
        return _swapped(b, "discs", *pair)
    if card == NEW_VALUE:
        return _swapped(b, "tokens", *pair)
    return _swap_figures(b, *pair)  # Flying Switch, Exchange
