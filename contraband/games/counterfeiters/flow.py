"""The flow of play: whose decision it is, what may be chosen, and what happens after.

Stages: ``round`` (henchmen placed one at a time in turn order), ``final`` (the last
placements after the police reached the end), ``lawyers`` (the lawyers' moves) and ``over``.
Steps within a stage: ``place`` (a space or pass), ``sell`` (notes counted quality by
quality), ``direction`` and ``amount`` (a flight), ``lawyer`` (which henchman a lawyer moves).
Everything that needs no decision happens inside ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import (
    flights,
    game_end,
    market,
    placement,
    police,
    printing,
    round_end,
    selling,
    tax,
)
from contraband.games.counterfeiters.board import (
    COMMERCIAL,
    FENCE,
    JET,
    MARKET,
    PRINT,
    SUPERMARKET,
    TAX,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, meaning

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState

PLACE, SELL, DIRECTION, AMOUNT, LAWYER = "place", "sell", "direction", "amount", "lawyer"
STEPS = (PLACE, SELL, DIRECTION, AMOUNT, LAWYER)
ROUND, FINAL, LAWYERS, OVER = game_end.ROUND, game_end.FINAL, game_end.LAWYERS_STAGE, game_end.OVER
STAGES = (ROUND, FINAL, LAWYERS, OVER)


# -- legal actions ----------------------------------------------------------------------------
def legal_actions(state: CounterfeitersState) -> list[Action]:
    step = state.step
    if step == AMOUNT:
        return flights.amount_actions(state)
    if step == PLACE:
        return placement.actions(state)
    table = ACTIONS[state.current_player]
    if step == SELL:
        labels = selling.labels(state)
    elif step == DIRECTION:
        labels = flights.direction_labels(state)
    else:
        labels = game_end.lawyer_labels(state)
    return [table[label] for label in labels]


# -- applying a decision ----------------------------------------------------------------------
def apply(state: CounterfeitersState, action: Action) -> None:
    label = action.label
    space = _PLACE_SPACE[state.players == 2].get(label)
    if space is not None:  # the most common decision, looked up at once
        _place(state, space)
        return
    found = meaning(label)
    kind = found[0]
    if kind == "pass":
        placement.lay_down(state)
        _next(state, moved_police=False)
    elif kind == "sell":
        if selling.pick(state, found[1], found[2]):
            _done(state)
    elif kind == "direction":
        flights.choose_direction(state, found[1])
        state.step = AMOUNT
    elif kind == "amount":
        flights.move(state, found[1])
        _done(state)
    elif kind == "lift":
        game_end.lift(state, side(state.players).index[found[1]])
        state.step = PLACE
    else:  # no lawyer move
        game_end.decline(state)


#: (3-4 players, 2 players) -> a placement's label -> its space
_PLACE_SPACE = tuple(
    {name: space for space, name in enumerate(board.names)} for board in (side(3), side(2))
)


def _place(state: CounterfeitersState, space: int) -> None:
    placement.place(state, space)
    seat = state.current_player
    action = side(state.players).action[space]
    if action == MARKET:
        market.buy(state, seat, space)
    elif action == PRINT:
        printing.print_notes(state, seat)
    elif action == TAX:
        tax.tax_fraud(state, seat, space)
    elif action in (SUPERMARKET, FENCE):
        if not selling.start(state):
            state.step = SELL
            return
    elif action in (COMMERCIAL, JET):
        flights.take_off(state, seat, space)
        state.step = DIRECTION
        return
    _done(state)


def _done(state: CounterfeitersState) -> None:
    """The pending action is complete: the police, then the next decision."""
    space = state.space
    state.space = -1
    state.step = PLACE
    capped = side(state.players).cap[space]
    _next(state, moved_police=capped and state.stage == ROUND)


def _next(state: CounterfeitersState, moved_police: bool) -> None:
    stage = state.stage
    if stage == ROUND:
        if moved_police and police.advance(state):
            game_end.trigger(state)
            return
        _next_placer(state)
    elif stage == FINAL:
        game_end.next_final(state)
    else:
        game_end.after_lawyer(state)


def _next_placer(state: CounterfeitersState) -> None:
    """The next seat clockwise with a henchman in hand, or the end of the round."""
    n = state.players
    for k in range(1, n + 1):
        seat = (state.turn + k) % n
        if state.left[seat] > 0:
            state.turn = state.current_player = seat
            return
    if not round_end.end_round(state):
        game_end.pay_lottery(state)
        game_end.close(state)
