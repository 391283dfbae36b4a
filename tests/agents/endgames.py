"""Finding small endgames with a forced result, for any game, by exhaustive search.

An action of the mover is a *forced win* when, in each of several determinizations for the
mover, every way the game can continue (all decisions of all seats, chance included as the
determinization's own generator decides it) ends with the mover winning alone; a *forced loss*
when every way ends with the mover not winning. Positions where the mover has both are the test
positions: a search that sees only determinizations must still pick a forced win.
Candidates come from the last decisions of random games, with a score nudged so that the
choice matters.
"""

from __future__ import annotations

import contraband
from contraband.core.random import Rng

WIN, LOSS, MIXED = "win", "loss", "mixed"


class TooBig(Exception):
    pass


def _outcomes(state, seat: int, budget: list[int]) -> set[bool]:
    """The set of 'mover wins alone' values over every continuation of ``state``."""
    if state.is_terminal():
        return {state.winners() == [seat] and state.returns()[seat] == 1.0}
    found: set[bool] = set()
    for action in state.legal_actions():
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
        found |= _outcomes(state.clone().apply(action), seat, budget)
        if len(found) == 2:
            return found
    return found


def classify(state, seat: int, guesses: int = 6, limit: int = 4000) -> dict[str, str] | None:
    """Per legal action of ``seat``: WIN, LOSS or MIXED over ``guesses`` determinizations;
    None when the game tree behind the position is larger than ``limit`` nodes."""
    verdict: dict[str, set[bool]] = {}
    try:
        for g in range(guesses):
            guess = state.determinize(seat, Rng(1000 + g))
            for action in guess.legal_actions():
                after = _outcomes(guess.clone().apply(action), seat, [limit])
                verdict.setdefault(action.label, set()).update(after)
    except TooBig:
        return None
    return {
        label: WIN if found == {True} else LOSS if found == {False} else MIXED
        for label, found in verdict.items()
    }


def random_game_position(game_id: str, players: int, seed: int, back: int):
    """The position ``back`` decisions before the end of a uniformly random game."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(seed)
    trail = []
    while not state.is_terminal():
        trail.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return trail[-back]
