"""The flow of play: whose decision it is, what may be chosen, and what happens after.

Stages: ``round`` (henchmen placed one at a time in turn order), ``final`` (the last
placements after the police reached the end), ``lawyers`` (the lawyers' moves) and ``over``.
Steps within a stage: ``place`` (a space or pass), ``sell`` (notes counted quality by
quality), ``direction`` and ``amount`` (a flight), ``lawyer`` (which henchman a lawyer moves).
Everything that needs no decision happens inside ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

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
    FARE,
    FENCE,
    MARKET,
    MAX_PLAYERS,
    PRINT,
    SUPERMARKET,
    TAX,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, AMOUNT_MEANING, MEANING, meaning

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState

# Final: compiled, C constants instead of look-ups in the module's dict (the hot path reads them)
PLACE: Final = "place"
SELL: Final = "sell"
DIRECTION: Final = "direction"
AMOUNT: Final = "amount"
LAWYER: Final = "lawyer"
STEPS = (PLACE, SELL, DIRECTION, AMOUNT, LAWYER)
ROUND: Final = game_end.ROUND
FINAL: Final = game_end.FINAL
LAWYERS: Final = game_end.LAWYERS_STAGE
OVER: Final = game_end.OVER
STAGES = (ROUND, FINAL, LAWYERS, OVER)


# -- legal actions ----------------------------------------------------------------------------
def legal_actions(state: CounterfeitersState) -> list[Action]:
    step = state.step
    if step == PLACE:  # placement.actions, written out
        seat: int = state.current_player  # type: ignore[assignment]  # None only when over
        found = placement.offered(state, seat, _PLACE_ACTIONS[state.players == 2][seat])
        found.append(_PASS[seat])
        return found
    if step == AMOUNT:
        return flights.amount_actions(state)
    if step == SELL:
        return selling.actions(state)
    labels = flights.direction_labels(state) if step == DIRECTION else game_end.lawyer_labels(state)
    table = ACTIONS[state.current_player]  # type: ignore[index]  # None only when over
    return [table[label] for label in labels]


_PLACE_ACTIONS: Final = placement.SPACE_ACTIONS
_PASS: Final = placement.PASS_ACTIONS


# -- applying a decision ----------------------------------------------------------------------
def apply(state: CounterfeitersState, action: Action) -> None:
    label = action[1]
    two = state.players == 2
    space = _PLACE_SPACE[two].get(label)
    if space is not None:  # the most common decision, looked up at once: resolved right here
        board = _BOARD[two]
        seat: int = state.current_player  # type: ignore[assignment]  # None only when over
        state.occupant[space] = seat
        state.left[seat] -= 1
        state.space = space
        state.note("place", seat, board.names[space])
        does = board.action[space]
        if does == MARKET:
            market.buy(state, seat, space, board.price[space])
        elif does == PRINT:
            printing.print_notes(state, seat)
        elif does == TAX:
            tax.tax_fraud(state, seat, board.sunglasses[space])
        elif does in (FENCE, SUPERMARKET):
            if not selling.start(state):
                state.step = SELL
                return
        else:  # COMMERCIAL or JET
            flights.take_off(state, seat, FARE if does == COMMERCIAL else 0)
            state.step = DIRECTION
            return
        # the action is complete (the step is still PLACE): the police, then the next decision
        state.space = -1
        _next(state, board.cap[space])
        return
    # a legal label always has a meaning
    found: tuple = MEANING.get(label) or AMOUNT_MEANING.get(label) or meaning(label)  # type: ignore[assignment]
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
_PLACE_SPACE: Final = tuple(
    {name: space for space, name in enumerate(board.names)} for board in (side(3), side(2))
)
#: (3-4 players, 2 players) -> the board side
_BOARD: Final = (side(3), side(2))


def _done(state: CounterfeitersState) -> None:
    """The pending action is complete: the police (during a round, after an action on a space
    with a police cap), then the next decision."""
    space = state.space
    state.space = -1
    state.step = PLACE
    _next(state, _CAP[state.players == 2][space])


#: (3-4 players, 2 players) -> space -> whether it has a police cap
_CAP: Final = tuple(board.cap for board in _BOARD)


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
    left = state.left
    for seat in _AFTER[state.players][state.turn]:
        if left[seat] > 0:
            state.turn = state.current_player = seat
            return
    _round_over(state)


def _round_over(state: CounterfeitersState) -> None:
    """Everyone has placed: the round ends, and so may the game."""
    if not round_end.end_round(state):
        game_end.pay_lottery(state)
        game_end.close(state)


#: players -> turn -> the seats clockwise after it, ending with itself
_AFTER: Final = tuple(
    tuple(tuple((turn + k) % n for k in range(1, n + 1)) for turn in range(n))
    for n in range(MAX_PLAYERS + 1)
)
