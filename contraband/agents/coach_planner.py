"""The coach where ``hard`` follows the game's planner instead of searching (``Heuristic.planned``:
every Narcos decision, The Nacho Incident's hires and hand refreshes, Tony & Tino's card play).

There the search is not what plays best, so the coach judges such a decision by what the planner
values, in two ways:

- **votes**: the planner's own move on ``VOTES`` determinizations of the seat (what ``hard``
  would play here; on different sampled deals it may choose differently). A move the planner
  chooses on some of them is one of its moves, never a mistake.
- **values**: each move compared is played on ``SAMPLES`` determinizations (the same ones for
  every move, each with the same generator), then the game goes on for ``HORIZON`` decisions
  per player with every seat choosing the evaluation's best one move ahead (as Narcos'
  planner and The Nacho Incident's turn play-out judge moves), and the game's ``search_value``
  scores the position reached for the seat. The paired differences between two moves over the
  samples are their gap and its noise (``coach_noise.gap``).
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic
from contraband.core.lookahead import best_move, move_values
from contraband.core.random import Rng, derive_seed
from contraband.core.state import State

#: determinizations the planner votes on, and on which the moves compared are played on
VOTES = 8
SAMPLES = 16
#: deals played whatever the clock says (a clocked analysis stops sampling after them)
MIN_SAMPLES = 4
MIN_VOTES = 2
#: decisions with a choice played after the move, per player at the table
HORIZON = 4
#: at most this many moves are valued besides the planner's and the one asked about
EXTRA = 3


def has_planner(heuristic: Any) -> bool:
    return type(heuristic).planned is not Heuristic.planned


def planner_decides(state: State, seat: int, heuristic: Any, seed: int) -> bool:
    """Whether ``hard``'s planner takes this decision (the kind of decision is public, so one
    determinization tells)."""
    if not has_planner(heuristic):
        return False
    rng = Rng(derive_seed(seed, "coach", "planner?"))
    # no time left: a planner that samples deals takes its fewest (only None matters here)
    world = state.determinize(seat, rng)
    return heuristic.planned(world, rng, deadline=time.perf_counter()) is not None


def votes(
    state: State,
    seat: int,
    heuristic: Any,
    seed: int,
    count: int | None = None,
    deadline: float | None = None,
) -> Counter[str]:
    """How often the planner chooses each move over ``count`` (default ``VOTES``)
    determinizations of the seat; past ``deadline`` no more than ``MIN_VOTES``."""
    counted: Counter[str] = Counter()
    for k in range(VOTES if count is None else count):
        if deadline is not None and k >= MIN_VOTES and time.perf_counter() >= deadline:
            break
        rng = Rng(derive_seed(seed, "coach", "vote", k))
        move = heuristic.planned(state.determinize(seat, rng), rng)
        if move is not None:
            counted[move.label] += 1
    return counted


def _continue(world: State, seat: int, heuristic: Any, rng: Rng, players: int) -> float:
    """Play on for ``HORIZON`` decisions per player, each the evaluation's best one move ahead
    (the planners' own quick judgment; the planners themselves are too slow to play on with);
    the seat's value of the position reached."""
    left = HORIZON * players
    guard = 50 * left  # forced moves do not count; a game cannot force moves without end
    while left > 0 and guard > 0 and not world.is_terminal():
        guard -= 1
        legal = world._cached_legal()
        if len(legal) == 1:
            world.apply(legal[0])
            continue
        left -= 1
        mover = world.current_player
        world.apply(best_move(legal, move_values(world, mover, heuristic, legal), rng).label)
    return min(1.0, max(0.0, float(heuristic.search_value(world)[seat])))


def values(
    state: State,
    seat: int,
    heuristic: Any,
    moves: list[Action],
    seed: int,
    deadline: float | None = None,
    count: int | None = None,
) -> dict[str, list[float]]:
    """Each move's value on each of ``count`` (default ``SAMPLES``) shared determinizations
    (``_continue``); past ``deadline`` (a ``time.perf_counter`` time) no more than
    ``MIN_SAMPLES``."""
    found: dict[str, list[float]] = {move.label: [] for move in moves}
    for k in range(SAMPLES if count is None else count):
        if deadline is not None and k >= MIN_SAMPLES and time.perf_counter() >= deadline:
            break
        world = state.determinize(seat, Rng(derive_seed(seed, "coach", "deal", k)))
        for move in moves:
            trial = world.clone().apply(move.label)
            rng = Rng(derive_seed(seed, "coach", "play", k))  # the same play-on for every move
            found[move.label].append(_continue(trial, seat, heuristic, rng, state.players))
    return found


def compared(
    state: State,
    seat: int,
    heuristic: Any,
    legal: list[Action],
    voted: Counter[str],
    ask: str | None,
    seed: int,
) -> list[Action]:
    """The moves worth valuing: the planner's, the one asked about, and the evaluation's
    ``EXTRA`` favourites among the rest (valued on one determinization)."""
    chosen = [a for a in legal if a.label in voted or a.label == ask]
    rest = [a for a in legal if a not in chosen]
    if rest and EXTRA:
        guess = state.determinize(seat, Rng(derive_seed(seed, "coach", "extra")))
        liked = heuristic.action_values(guess, rest)
        ranked = sorted(zip(rest, liked, strict=True), key=lambda pair: -pair[1])
        chosen += [action for action, _ in ranked[:EXTRA]]
    return chosen
