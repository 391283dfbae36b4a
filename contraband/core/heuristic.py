"""What a game tells its AIs: an evaluation, how it likes each move of a decision (which a search
widens to first), an assumed reply, and a rollout policy.

Every hook works on a state the agent may fully read (a determinization), never on the truth.
"""

from __future__ import annotations

import math
from typing import ClassVar

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State


def win_chances(expected: list[float], scale: float) -> list[float]:
    """Each seat's chance to finish first from its expected final score: a softmax over
    ``scale``, the score gap that decides a game at this stage (shrinking as the end nears)."""
    top = max(expected)
    weights = [math.exp((e - top) / scale) for e in expected]
    total = sum(weights)
    return [w / total for w in weights]


class Heuristic:
    """Defaults that know nothing about the game; each game's heuristic.py overrides them."""

    #: rollout steps a searching agent plays before it trusts ``evaluate`` (when its own spec does
    #: not say): short rollouts correct the evaluation, but in a game where one seat makes long
    #: runs of decisions, random steps mostly measure whose poor random moves come next.
    rollout_cutoff: int = 4

    #: the UCB exploration constant a searching agent uses (when its own spec does not say). It
    #: must suit the spread of ``search_value``: where the values of a decision's moves differ by
    #: hundredths (a long game judged by a cautious evaluation), 0.7 spreads the visits almost
    #: evenly and the search cannot settle on the better move.
    exploration: float = 0.7

    #: whether a greedy seat planning its own move goes on choosing after a card is drawn or
    #: turned on its determinization. Going on judges the move by the one order of the unseen
    #: cards it sampled (it picks the move that was lucky in that sample); a game whose turns are
    #: long runs of decisions between draws (Al Cabohne) stops its plans there instead.
    plan_through_chance: bool = True

    #: iterations a searching agent spends on a decision when its spec gives no budget (the
    #: ``ismcts`` default and the ``hard`` level): about one second on one core of the
    #: reference machine at this game's rate (bench/ismcts.py)
    search_iterations: int = 3000

    #: whether a searching agent keeps one tree per seat (multiple-observer ISMCTS) in this
    #: game's secret choices, when its own spec does not say (``multi``): another seat's
    #: face-down choice is then one unseen move to the others instead of one they react to
    multi_observer: bool = False

    #: visits that the evaluation's value of a newly expanded move counts as in a searching
    #: agent's tree, when its own spec does not say (``prior``); 0 leaves a move's statistics
    #: to its returns alone
    prior_visits: int = 0

    #: per named level, the share of its decisions on which an agent of that level takes one of
    #: its few best moves instead of the best (``slip``: ``easy`` is greedy by the evaluation,
    #: ``medium`` a short search, over its most visited moves): where a short search already
    #: plays nearly as well as the full one, the game softens the level below so that the
    #: levels stay apart. A level the game leaves out slips as ``agents.base.DEFAULT_SLIPS``
    level_slips: ClassVar[dict[str, float]] = {}

    def evaluate(self, state: State) -> list[float]:
        """Per seat, an estimate of ``returns()`` (1 win, 0 loss, shares for draws)."""
        if state.is_terminal():
            return state.returns()
        return [1.0 / state.players] * state.players

    def search_value(self, state: State) -> list[float]:
        """Per seat, what a searching agent backs up from a leaf or a finished game.

        The default is ``evaluate`` (which is ``returns()`` once the game is over). A game in
        which one side usually runs away with the win (Al Cabohne's mafia) overrides it to blend
        the win with the score margin, so that the search still tells a good move from a bad
        one when every line of play loses: a win chance near 0 for every move leaves nothing
        for the averages to choose between. It must stay within [0, 1].
        """
        return self.evaluate(state)

    def action_values(self, state: State, actions: list[Action]) -> list[float]:
        """Per action (each legal in ``state``, each the mover's), how much the mover likes it.

        A searching agent's progressive widening expands untried actions highest value first,
        and keeps each value for the rest of the decision, so values must be comparable between
        calls on the positions of one decision. The default plays each action on a copy and
        takes the mover's ``search_value``; a game may answer from the position at hand without
        copying (what an action changes is usually a small part of the evaluation).
        """
        mover = state.current_player
        value = self.search_value
        return [value(state.clone().apply(action))[mover] for action in actions]

    def assumed_reply(self, state: State) -> Action | None:
        """The reply another seat is assumed to make while a greedy seat plans its own move.

        None means: stop planning here and evaluate.
        """
        return None

    def planned(self, state: State, rng: Rng, deadline: float | None = None) -> Action | None:
        """The move this game's planner makes at a searching agent's own decision, without
        search; None (the default) lets the search decide.

        A game answers for the kinds of decision its planner judges better than a search of a
        second does (in Tony & Tino, which card to spend and on what: the card's worth shows
        only after the placement it prepares, a few plies down a wide tree). ``state`` is a
        determinization of the deciding seat; ``rng`` is the agent's own generator.
        """
        return None

    def policy(self, state: State, rng: Rng) -> Action:
        """A fast move for rollouts; the default is uniformly random."""
        return rng.choice(state._cached_legal())
