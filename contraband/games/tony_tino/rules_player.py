"""Tony & Tino's rule-based player (the ``rules`` agent in this game).

It plays as a careful human who has read the rules, with no search beyond one reply; the
arithmetic lives in the game's planner (``planner.py`` and ``card_plans.py``, which the search
also uses for its card decisions):

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

It is handed a determinization of its own seat: the board, tokens, face-up figures and discard
piles are public; the figure stacks (of which it peeks at one sampled top for Professional's
second placement) and the opponent's hand are a resampled guess.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.tony_tino import card_plans
from contraband.games.tony_tino.labels import MEANING
from contraband.games.tony_tino.planner import Board, best_placement
from contraband.games.tony_tino.rules import PLACE


def decide(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """One of ``legal``, judged on ``state`` (a determinization for ``seat``)."""
    by_meaning = {MEANING[action.label]: action for action in legal}
    return by_meaning[_choose(state, seat, list(by_meaning), rng)]


def _choose(state, seat: int, options: list[tuple], rng: Rng) -> tuple:
    if state.phase == PLACE:
        board = Board(state, seat)
        move = best_placement(board, seat, shifted=state.shifted, extra=state.extra_turn)[1]
        return ("place", *move) if move else options[0]
    return card_plans.decide(state, seat, options, rng)
