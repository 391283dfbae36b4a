"""Counterfeiters' rule-based player (the ``rules`` agent in this game), and the fixed plans it
is one of.

Four simple plans share the same sensible habits (sell at the end, keep cash away from a
Godfather that is one step off) and differ in what they go for:

  supermarket  buy printers and components, print, and pass the notes at the supermarket
  fence        print and sell in bulk to the fence (the uncapped one first); never the supermarket
  offshore     print and sell, but buy a jet first and fly the cash offshore every round
  lawyers      buy lawyers and lottery tickets whenever they are affordable, else print and sell

The ``rules`` agent plays the supermarket plan, the strongest of the four at three and four
players (research/counterfeiters_plans.py plays them against each other). A plan is handed a
determinization of its own seat; of what the others hold it reads only their total money
(cash and offshore together), which the log tells every seat.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_VALUE,
    COMPONENT_OF,
    GODFATHER,
    QUALITIES,
    TRACK,
    detected,
    side,
)
from contraband.games.counterfeiters.printing import printers

PLANS = ("supermarket", "fence", "offshore", "lawyers")
RESERVE = 60  # cash a plan keeps at hand when it flies money offshore


def _godfather_near(state, within: int) -> bool:
    ahead = [g for g in GODFATHER if g > state.pawn]
    return bool(ahead) and min(ahead) - state.pawn <= within


def _card_use(state, seat: int, card: int, plan: str, price: int) -> float:
    """How much the plan wants a card (0: not at all), on the scale of ``Plan._score``."""
    kind = CARD_KIND[card]
    owned = state.owned[seat]
    if kind == "printer":
        most = 3 if plan == "fence" else 2
        return 8.7 if printers(owned) < most else 0.0
    if COMPONENT_OF[card] >= 0:
        kinds = {COMPONENT_OF[c] for c in owned if COMPONENT_OF[c] >= 0}
        return 9.6 if COMPONENT_OF[card] not in kinds else 0.0
    if kind == "jet":
        return 9.7 if plan == "offshore" else 0.0
    if kind == "diner":
        diners = sum(1 for c in owned if CARD_KIND[c] == "diner")
        return 8.2 if plan != "lawyers" and diners < 2 else 0.0
    if kind == "lottery":
        if plan == "lawyers":
            return 9.5 if CARD_VALUE[card] >= price else 0.0
        return 8.1 if CARD_VALUE[card] - price >= 20 else 0.0
    if kind in ("great lawyer", "bad lawyer"):
        return 9.9 if plan == "lawyers" else 0.0
    return 0.0


class Plan:
    """One of the fixed plans (``PLANS``): ``decide`` picks one of the legal actions."""

    def __init__(self, plan: str) -> None:
        if plan not in PLANS:
            raise ValueError(f"no Counterfeiters plan {plan!r}; the plans are: {', '.join(PLANS)}")
        self.plan = plan

    def decide(self, state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
        """One of ``legal``, judged on ``state`` (a determinization for ``seat``)."""
        step = state.step
        labels = [a.label for a in legal]
        if step == "place":
            return legal[self._place(state, seat, labels, rng)]
        if step == "sell":
            return legal[self._sell(state, seat, labels)]
        if step == "direction":
            return legal[labels.index("to offshore") if "to offshore" in labels else 0]
        if step == "amount":
            keep = 0 if _godfather_near(state, 1) or state.pawn >= TRACK - 3 else RESERVE
            move = max(0, state.cash[seat] - keep)
            best = max(i for i, label in enumerate(labels) if int(label[6:]) <= move)
            return legal[best]
        return legal[self._lawyer(state, seat, labels)]

    # -- placing --------------------------------------------------------------------------
    def _score(self, state, seat: int, label: str) -> float:
        if label == "pass":
            return 0.0
        board = side(state.players)
        space = board.index[label]
        action = board.action[space]
        cash = state.cash[seat]
        base = seat * QUALITIES
        notes = state.fakes[base : base + QUALITIES]
        accepted = sum(notes[detected(state.pawn) :])
        plan = self.plan
        final = state.stage != "round"
        total = sum(notes)
        cap = 0.0
        if board.cap[space] and not final:
            # hurry the end when ahead (the totals are public), slow it down when behind
            worth = [state.cash[s] + state.offshore[s] for s in range(state.players)]
            cap = -2.0 if worth[seat] == max(worth) else 0.5
            if state.pawn + 1 in GODFATHER and cash >= 100:
                cap = 6.0  # do not call the Godfather on one's own cash
        if action == 0:  # the black market
            if final:
                return 0.0
            want = _card_use(state, seat, state.market[space], plan, board.price[space])
            return want - board.price[space] / 100.0 if want else 0.0
        if action == 1:  # supermarket
            if plan == "fence" or final or not accepted:
                return 0.0
            return (9.0 if accepted >= 2 else 7.0) - cap
        if action == 2:  # fence
            if final:
                return 9.0
            if plan == "fence":
                return (9.5 if total >= 4 else 4.0) - cap
            return (8.5 if accepted == 0 and total >= 2 else 1.0) - cap
        if action == 3:  # print
            if final:
                return 0.0
            return (8.0 if total < 8 else 2.0) - cap
        if action == 4:  # tax fraud
            return 3.0
        # flights
        if final:
            return 0.0
        risky = _godfather_near(state, 2) or state.pawn >= TRACK - 3
        # the offshore plan flies whenever it holds more than a reserve; the others only when a
        # Godfather (or the end) is near
        wanted = 60 + RESERVE * (not risky) if plan == "offshore" else (80 if risky else None)
        if wanted is None or cash < wanted:
            return 0.0
        return (9.5 if plan == "offshore" else 9.8) + (0.3 if action == 6 else 0.0)

    def _place(self, state, seat: int, labels: list[str], rng: Rng) -> int:
        scores = [self._score(state, seat, label) for label in labels]
        best = max(scores)
        ties = [i for i, score in enumerate(scores) if score == best]
        return ties[rng.below(len(ties))]

    # -- selling ----------------------------------------------------------------------------
    def _sell(self, state, seat: int, labels: list[str]) -> int:
        board = side(state.players)
        if board.action[state.space] == 1:  # supermarket: as many as allowed, lowest first
            return len(labels) - 1
        # the fence pays every note at the lowest quality sold: sell one quality at a time
        if sum(state.picks):
            return 0
        return len(labels) - 1

    # -- the lawyer -------------------------------------------------------------------------
    def _lawyer(self, state, seat: int, labels: list[str]) -> int:
        base = seat * QUALITIES
        if sum(state.fakes[base : base + QUALITIES]) == 0 and self.plan != "lawyers":
            return len(labels) - 1  # no move
        for i, label in enumerate(labels):
            if "print" in label or "market" in label:
                return i
        return 0


SUPERMARKET = Plan("supermarket")


def decide(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """The ``rules`` agent's move: the supermarket plan's."""
    return SUPERMARKET.decide(state, seat, legal, rng)
