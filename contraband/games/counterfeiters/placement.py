"""Placing a henchman: which spaces a player may take, and passing.

A space is free when nobody stands on it this round, and it may be taken only when its action
can be performed (D5); otherwise, and whenever the player prefers, the player passes and lays a
henchman down for the round. Spaces that are exactly alike (the same action, police cap and
sunglasses) are interchangeable, so only the first free one of each kind is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import flights, market, printing, selling
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
from contraband.games.counterfeiters.labels import PASS

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def performable(state: CounterfeitersState, seat: int, space: int) -> bool:
    board = side(state.players)
    action = board.action[space]
    if action == MARKET:
        return state.players >= board.min_players[space] and market.can_buy(state, seat, space)
    if action == PRINT:
        return printing.can_print(state, seat)
    if action == SUPERMARKET:
        return selling.acceptable(state, seat, fence=False) > 0
    if action == FENCE:
        return selling.acceptable(state, seat, fence=True) > 0
    if action == TAX:
        return True
    if action in (COMMERCIAL, JET):
        return flights.can_fly(state, seat, space)
    return False


def spaces(state: CounterfeitersState, seat: int) -> list[int]:
    """The spaces ``seat`` may take now: free, performable, the first of each kind.

    Spaces of one kind are alike, so a kind is judged once (by its first free space). Only a
    market space's verdict depends on the space (its card and price); every other action's is
    judged once per call."""
    board = side(state.players)
    klass, actions, min_players = board.klass, board.action, board.min_players
    players = state.players
    tried: set[int] = set()
    by_action: dict[int, bool] = {}
    found = []
    occupant = state.occupant
    for space in range(board.spaces):
        if occupant[space] >= 0:
            continue
        kind = klass[space]
        if kind in tried:
            continue
        tried.add(kind)
        action = actions[space]
        if action == MARKET:
            ok = players >= min_players[space] and market.can_buy(state, seat, space)
        else:
            ok = by_action.get(action)
            if ok is None:
                ok = by_action[action] = performable(state, seat, space)
        if ok:
            found.append(space)
    return found


def labels(state: CounterfeitersState) -> list[str]:
    names = side(state.players).names
    return [names[space] for space in spaces(state, state.current_player)] + [PASS]


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
