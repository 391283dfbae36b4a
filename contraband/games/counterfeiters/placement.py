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
    if players == 2:
        board, others = _SIDE_2, _KINDS_2
    else:
        board, others = _SIDE_34, _KINDS_34
    occupant = state.occupant
    cash = state.cash[seat]
    owned = state.owned[seat]
    found = []
    jet_owned: bool | None = None
    offer, price = state.market, board.price
    for slot in board.opened[players]:
        if occupant[slot] < 0:
            card = offer[slot]
            if card >= 0 and cash >= price[slot]:
                if card in JETS:
                    if jet_owned is None:
                        jet_owned = not JETS.isdisjoint(owned)
                    if jet_owned:
                        continue
                found.append(slot)
    # each action is judged once per call, when a free space of it is first met
    can_print: bool | None = None
    can_sell: bool | None = None
    can_fence: bool | None = None
    pawn = state.pawn
    for space, rest, action in others:
        if occupant[space] >= 0:
            for space in rest:
                if occupant[space] < 0:
                    break
            else:
                continue
        if action == PRINT:
            if can_print is None:
                can_print = printing.can_print(state, seat)
            if can_print:
                found.append(space)
        elif action == SUPERMARKET:
            if can_sell is None:
                base = seat * QUALITIES
                can_sell = sum(state.fakes[base + detected(pawn) : base + QUALITIES]) > 0
            if can_sell:
                found.append(space)
        elif action == FENCE:
            if can_fence is None:
                base = seat * QUALITIES
                can_fence = sum(state.fakes[base : base + QUALITIES]) > 0
            if can_fence:
                found.append(space)
        elif action == TAX:
            found.append(space)
        elif action == COMMERCIAL:
            if pawn != STRIKE and cash >= FARE:
                found.append(space)
        elif action == JET and pawn != STRIKE:
            if jet_owned is None:
                jet_owned = not JETS.isdisjoint(owned)
            if jet_owned:
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
#: per side, the non-market kinds of space as (first space, the other spaces, action)
_KINDS_2, _KINDS_34 = (
    tuple((members[0], members[1:], action) for members, action in board.others)
    for board in (_SIDE_2, _SIDE_34)
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
