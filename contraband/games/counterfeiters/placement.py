"""Placing a henchman: which spaces a player may take, and passing.

A space is free when nobody stands on it this round, and it may be taken only when its action
can be performed (D5); otherwise, and whenever the player prefers, the player passes and lays a
henchman down for the round. Spaces that are exactly alike (the same action, police cap and
sunglasses) are interchangeable, so only the first free one of each kind is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import printing
from contraband.games.counterfeiters.board import (
    COMMERCIAL,
    FARE,
    FENCE,
    JET,
    JETS,
    MAX_PLAYERS,
    PRINT,
    QUALITIES,
    STRIKE,
    SUPERMARKET,
    TAX,
    detected,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, PASS

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState


def spaces(state: CounterfeitersState, seat: int) -> list[int]:
    """The spaces ``seat`` may take now: free, performable, the first of each kind.

    Spaces of one kind are alike, so a kind is judged once (by its first free space). Each
    market slot is a kind of its own (its card and price); every other action is judged once
    per call. The hot path of every placement: what ``market.buyable`` decides and
    whether an action can be performed (D5) are written out here (the same tests, no calls)."""
    players = state.players
    board = _SIDE_2 if players == 2 else _SIDE_34
    occupant = state.occupant
    cash = state.cash[seat]
    owned = state.owned[seat]
    found = []
    jet_owned: bool | None = None
    offer, price = state.market, board.price
    for slot in board.opened[players]:
        if occupant[slot] >= 0:
            continue
        card = offer[slot]
        if card < 0 or cash < price[slot]:
            continue
        if card in JETS:
            if jet_owned is None:
                jet_owned = not JETS.isdisjoint(owned)
            if jet_owned:
                continue
        found.append(slot)
    judged = [None] * 7
    for members, action in board.others:
        for space in members:
            if occupant[space] < 0:
                break
        else:
            continue
        ok = judged[action]
        if ok is None:
            if action == PRINT:
                ok = printing.can_print(state, seat)
            elif action in (SUPERMARKET, FENCE):
                base = seat * QUALITIES
                lowest = 0 if action == FENCE else detected(state.pawn)
                ok = sum(state.fakes[base + lowest : base + QUALITIES]) > 0
            elif action == TAX:
                ok = True
            elif action == COMMERCIAL:
                ok = state.pawn != STRIKE and cash >= FARE
            elif action == JET:
                if jet_owned is None:
                    jet_owned = not JETS.isdisjoint(owned)
                ok = state.pawn != STRIKE and jet_owned
            else:
                ok = False
            judged[action] = ok
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


_SIDE_2, _SIDE_34 = side(2), side(3)


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
