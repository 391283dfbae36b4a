"""The searching agent's hire (step 1), judged by playing the turn out on sampled deals.

The planner's hire (``planner.hire_value``) reads the other seats' hires as a fixed spread of
ranks and each delivery, cantina and mountie as a separate sum. Here each smuggler in hand is
tried on ``HIRE_SAMPLES`` determinizations of the deciding seat instead: in each, every other
seat hires what the planner would hire from its sampled hand, so the playing order, the
turn's mountie and any steal follow from the actual ranks; then every seat plays the rest of
the turn (cargo, destination, the mounties' arrests) by the evaluation one move ahead, and the
evaluation scores the position before the market. The hire with the best mean win chance is
taken, each smuggler judged on the same deals.

Measured (docs/research/strength-notebook.md, "Hires judged by playing the turn out"): greedy with
these hires and the planner's discards held 0.611 of 2000 games against the rules player at two
players (8 deals a hire; 0.618 with 16) and 0.655 of 1000 at three, where greedy with the planner's
hires held 0.570 and 0.558 on the same deals; ``hard`` against the rules player went from 0.560 to
0.692 at two players, 0.600 to 0.680 at three and 0.608 to 0.720 at four.
"""

from __future__ import annotations

import time
from typing import Any

from contraband.core.action import Action
from contraband.core.lookahead import best_move, move_values
from contraband.core.random import Rng
from contraband.games.nacho_incident.board import GEM, HIRE, MARKET, MEANING, OVER, REFRESH
from contraband.games.nacho_incident.planner import Look, hire_value

HIRE_SAMPLES = 16  # deals each hire is tried on (8 held 0.611, 16 held 0.618)
MIN_SAMPLES = 2  # deals tried whatever the clock says
#: the phases that end the turn's play: the market (the smugglers are placed), a round's end,
#: the next hire or the game's end
TURN_OVER = (MARKET, GEM, REFRESH, HIRE, OVER)
MAX_STEPS = 40  # decisions in a turn's play, well above what a turn takes


def hire(state, rng: Rng, heuristic: Any, deadline: float | None = None) -> Action:
    """The hire of the seat on move whose turn, played out, the evaluation likes best.

    ``state`` is a determinization of that seat; every deal tried is resampled from it, so the
    choice depends only on what the seat sees and on ``rng``. With a ``deadline`` (a
    ``time.perf_counter`` time: a bot on the table's clock) fewer deals are tried when time
    runs out, at least ``MIN_SAMPLES``; without one (the lab) always ``HIRE_SAMPLES``."""
    seat = state.current_player
    legal = state._cached_legal()
    if len(legal) == 1:
        return legal[0]
    totals = [0.0] * len(legal)
    for sample in range(HIRE_SAMPLES):
        if deadline is not None and sample >= MIN_SAMPLES and time.perf_counter() >= deadline:
            break
        world = state.determinize(seat, rng)
        others = {o: planned_hire(world, o) for o in range(state.players) if o != seat}
        for o, card in others.items():
            if world.chosen[o] >= 0:  # already hired face down: make it the planner's hire
                swap_hire(world, o, card)
        for i, action in enumerate(legal):
            trial = world.clone()
            trial.apply(action)
            while not trial.is_terminal() and trial.phase == HIRE:
                trial.apply(hire_action(trial, others[trial.current_player]))
            play_turn(trial, heuristic, rng)
            totals[i] += heuristic.evaluate(trial)[seat]
    return legal[max(range(len(legal)), key=totals.__getitem__)]


def planned_hire(world, seat: int) -> int:
    """The smuggler the planner hires for ``seat`` from its (sampled) hand and hire."""
    cards = list(world.hands[seat])
    if world.chosen[seat] >= 0:
        cards.append(world.chosen[seat])
    look = Look(world, seat)
    return max(cards, key=lambda card: hire_value(look, card))


def swap_hire(world, seat: int, card: int) -> None:
    """Make ``card`` (from the seat's sampled hand) its face-down hire instead of the one
    sampled; the sampled one goes back to the hand."""
    if world.chosen[seat] == card:
        return
    world.hands[seat].remove(card)
    world.hands[seat].append(world.chosen[seat])
    world.chosen[seat] = card
    world._legal = None


def hire_action(world, card: int) -> Action:
    """The legal action that hires ``card`` for the seat on move."""
    for action in world._cached_legal():
        if MEANING[action.label][1] == card:
            return action
    raise ValueError(f"smuggler {card} is not in the hand of the seat on move")


def play_turn(world, heuristic: Any, rng: Rng) -> None:
    """Play the turn on to its market (or a round's end, or the game's) with every seat's
    decisions the evaluation's best one move ahead."""
    for _ in range(MAX_STEPS):
        if world.is_terminal() or world.phase in TURN_OVER:
            return
        legal = world._cached_legal()
        if len(legal) == 1:
            world.apply(legal[0])
            continue
        mover = world.current_player
        world.apply(best_move(legal, move_values(world, mover, heuristic, legal), rng))
