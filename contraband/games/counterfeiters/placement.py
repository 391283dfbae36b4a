"""Placing a henchman: which spaces a player may take, and passing.

A space is free when nobody stands on it this round, and it may be taken only when its action
can be performed (D5); otherwise, and whenever the player prefers, the player passes and lays a
henchman down for the round. Spaces that are exactly alike (the same action, police cap and
sunglasses) are interchangeable, so only the first free one of each kind is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import market, printing, selling
from contraband.games.counterfeiters.board import (
    COMMERCIAL,
    FARE,
    FENCE,
    JET,
    MAX_PLAYERS,
    PRINT,
    STRIKE,
    SUPERMARKET,
    TAX,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, PASS

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState


def _action_possible(state: CounterfeitersState, seat: int, action: int) -> bool:
    """Whether ``seat`` could perform a non-market ``action`` now (the same at every space)."""
    if action == PRINT:
        return printing.can_print(state, seat)
    if action == SUPERMARKET:
        return selling.acceptable(state, seat, fence=False) > 0
    if action == FENCE:
        return selling.acceptable(state, seat, fence=True) > 0
    if action == TAX:
        return True
    if action == COMMERCIAL:
        return state.pawn != STRIKE and state.cash[seat] >= FARE
    if action == JET:
        return state.pawn != STRIKE and market.owns_jet(state, seat)
    return False


def spaces(state: CounterfeitersState, seat: int) -> list[int]:
    """The spaces ``seat`` may take now: free, performable, the first of each kind.

    Spaces of one kind are alike, so a kind is judged once (by its first free space). Each
    market slot is a kind of its own (its card and price); every other action is judged once
    per call."""
    board = side(state.players)
    occupant = state.occupant
    found = market.buyable(state, seat)
    by_action: dict[int, bool] = {}
    for members, action in board.others:
        for space in members:
            if occupant[space] < 0:
                break
        else:
            continue
        ok = by_action.get(action)
        if ok is None:
            ok = by_action[action] = _action_possible(state, seat, action)
        if ok:
            found.append(space)
    return found


def actions(state: CounterfeitersState) -> list[Action]:
    """The placements ``seat`` may make now and passing, looked up by space (the hot path of
    every placement)."""
    seat = state.current_player
    table = _SPACE_ACTIONS[state.players == 2][seat]
    found = [table[space] for space in spaces(state, seat)]
    found.append(ACTIONS[seat][PASS])
    return found


#: (3-4 players, 2 players) -> seat -> space -> the action placing there
_SPACE_ACTIONS = tuple(
    tuple(tuple(ACTIONS[seat][name] for name in board.names) for seat in range(MAX_PLAYERS))
    for board in (side(3), side(2))
)


def place(state: CounterfeitersState, space: int) -> None:
    seat = state.current_player
    state.occupant[space] = seat
    state.left[seat] -= 1
    state.space = space
    state.note("place", seat, side(state.players).names[space])


def lay_down(state: CounterfeitersState) -> None:
    seat = state.current_player
    state.left[seat] -= 1
    state.down[seat] += 1
    state.note("pass", seat)
