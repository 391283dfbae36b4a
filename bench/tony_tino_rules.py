"""Tony & Tino's rule-based bench player (spec ``rules`` in bench/rule_players.py).

It plays as a careful human who has read the rules, with no search beyond one reply:

* **Street money.** A position is worth the money banked (mine less theirs) plus, for every
  street not yet scored, its token times ``tanh(lead / (SPREAD + empty points))``: a lead in a
  street with few empty points is nearly safe, one in an empty street is a hope. Figures still
  in hand count ``FIGURE_WORTH`` per point, so a 3 spent where it changes nothing is a loss and
  a spy (0) is the figure to drop on a street that is decided either way.
* **Placement.** Every figure on every open point is tried; after it the opponent is assumed to
  answer with their best placement on the points then open (the next lowest discs), with their
  face-up figures. The placement whose worst reply leaves the most street money is played:
  this completes streets we win, avoids completing ones they win and does not hand them an easy
  completion.
* **Cards.** Each card in hand is tried with each of its targets (Shift on the lowest and the
  next discs, Corruption bringing any disc's point into play, Professional as two placements
  before the reply, Roulette over a few sampled reshuffles, Flying Switch, Exchange and New
  Value as their swaps) and judged as the placement it leads to, less what the card is worth
  kept (the heuristic's ``CARD_WORTH``, falling as the board fills) and less the chance that
  the opponent's Police cancels it. If nothing beats discarding, the card least worth keeping
  is discarded.
* **Police.** When the opponent names a card, its best use is worked out from their side; it is
  cancelled when that use would cost us more than Police is worth kept.

It reads only ``state.determinize(seat, rng)``: the board, tokens, face-up figures and discard
piles are public; the figure stacks (of which it peeks at one sampled top for Professional's
second placement) and the opponent's hand are a resampled guess.

Measure it with:
    nice -n 10 .venv/bin/python bench/ladder.py --game tony-tino --ismcts rules \\
        --opponent greedy --opponent random --games 60 --workers 1 --seed 2024
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rule_players import SeatPlayer  # noqa: E402

from contraband.core.action import Action  # noqa: E402
from contraband.core.random import Rng  # noqa: E402
from contraband.games.tony_tino.board import (  # noqa: E402
    CARD_SET,
    CORRUPTION,
    EXCHANGE,
    FLYING_SWITCH,
    NEW_VALUE,
    POINT_STREETS,
    POINTS,
    POLICE,
    PROFESSIONAL,
    ROULETTE,
    SHIFT,
    SHIFT_REDUCTION,
    SPY,
    STREET_POINTS,
    STREETS,
    UNCANCELLABLE,
    UNRESOLVED,
)
from contraband.games.tony_tino.heuristic import CARD_WORTH, card_share  # noqa: E402
from contraband.games.tony_tino.labels import MEANING  # noqa: E402
from contraband.games.tony_tino.rules import (  # noqa: E402
    PLACE,
    REACT,
    TARGET,
    lowest_points,  # noqa: E402
)

SPREAD = 1.0  # how uncertain a street's lead is even with one empty point left
FIGURE_WORTH = 6000.0  # dollars per figure point still in hand
ROULETTE_SAMPLES = 6
SHIFT_USE = 0.5  # how likely an opponent holding Shift spends it on the next number's point
POLICE_USE = 0.6  # how likely an opponent holding Police spends it on a card of ours

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
        sums = [0, 0]
        for p in STREET_POINTS[s]:
            if b.owner[p] < 0:
                break
            sums[b.owner[p]] += b.value[p]
        else:
            if sums[0] == sums[1]:
                b.winner[s] = -1
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


class TonyTinoRulesPlayer(SeatPlayer):
    """Street-money rules with a one-reply look-ahead (see the module's docstring)."""

    def decide(self, guess, seat: int, legal: list[Action]) -> Action:
        by_meaning = {MEANING[action.label]: action for action in legal}
        return by_meaning[self.choose(guess, seat, list(by_meaning))]

    def choose(self, state, seat: int, options: list[tuple]) -> tuple:
        b = Board(state, seat)
        if state.phase == REACT:
            return ("police",) if self._cancel(state, b, seat) else ("allow",)
        if state.phase == TARGET:
            return self._target(state, b, seat, options)
        if state.phase == PLACE:
            move = best_placement(b, seat, shifted=state.shifted, extra=state.extra_turn)[1]
            return ("place", *move) if move else options[0]
        return self._card(state, b, seat, options)

    def _keep(self, state, seat: int, card: int) -> float:
        """What holding ``card`` on is worth: less as the discs run out; Police nothing once
        the opponent has no card left to cancel."""
        if card == POLICE and not (state.hands[1 - seat] or state.decks[1 - seat]):
            return 0.0
        return CARD_WORTH[card] * card_share(state)

    def _police_risk(self, state, seat: int, card: int) -> float:
        """The chance that the opponent cancels ``card``: whether Police may be in their hand
        (it is somewhere among their unseen cards unless discarded), times their will to use it."""
        opp = 1 - seat
        hand, deck = len(state.hands[opp]), len(state.decks[opp])
        if card in UNCANCELLABLE or not hand or POLICE in state.discards[opp]:
            return 0.0
        return POLICE_USE * hand / (hand + deck)

    def _card(self, state, b: Board, seat: int, options: list[tuple]) -> tuple:
        """Play the card whose best use gains most over discarding; else discard the card
        least worth keeping."""
        base = best_placement(b, seat)[0]
        discards = [o for o in options if o[0] == "discard"]
        cheapest = min(discards, key=lambda o: self._keep(state, seat, o[1]))
        best, choice = -self._keep(state, seat, cheapest[1]), cheapest
        for option in options:
            if option[0] != "play":
                continue
            card = option[1]
            moves = card_moves(b, seat, card, self.rng)
            if not moves:
                continue
            gain = max(moves)[0] - base
            risk = self._police_risk(state, seat, card)
            net = gain * (1.0 - risk) - self._keep(state, seat, card)
            if net > best + 1e-6:
                best, choice = net, option
        return choice

    def _target(self, state, b: Board, seat: int, options: list[tuple]) -> tuple:
        """The card's target that leads to the best placement, as in ``_card``."""
        card, first = state.pending_card, state.pending_first
        if first < 0:
            legal = {o[1] for o in options}
            moves = [m for m in card_moves(b, seat, card, self.rng) if m[1][0] in legal]
            if card in (CORRUPTION, NEW_VALUE):  # symmetric swaps: either end may come first
                moves += [(v, (q, p)) for v, (p, q) in moves if q in legal]
            if not moves:
                return options[0]
            return ("first", max(moves)[1][0])
        scored = [
            (best_placement(apply_card(b, card, (first, o[1])), seat)[0], o[1]) for o in options
        ]
        return ("second", max(scored)[1])

    def _cancel(self, state, b: Board, seat: int) -> bool:
        """Police the opponent's card when its best use costs us more than Police kept."""
        opp, card = 1 - seat, state.pending_card
        moves = card_moves(b, opp, card, self.rng)
        if not moves:
            return False
        harm = max(moves)[0] - best_placement(b, opp)[0]
        return harm > self._keep(state, seat, POLICE)
