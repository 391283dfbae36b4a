"""Placing a henchman: which spaces a player may take, and passing.

A space is free when nobody stands on it this round, and it may be taken only when its action
can be performed (D5); otherwise, and whenever the player prefers, the player passes and lays a
henchman down for the round. Spaces that are exactly alike (the same action, police cap and
sunglasses) are interchangeable, so only the first free one of each kind is offered.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from contraband.games.counterfeiters.board import (
    COMMERCIAL,
    FARE,
    FENCE,
    JET,
    JETS,
    MARKET,
    MAX_PLAYERS,
    PRINT,
    PRINTERS,
    QUALITIES,
    STRIKE,
    SUPERMARKET,
    TAX,
    TRACK,
    Side,
    detected,
    side,
)
from contraband.games.counterfeiters.labels import ACTIONS, PASS
from contraband.games.counterfeiters.printing import quality

if TYPE_CHECKING:
    from contraband.core.action import Action
    from contraband.games.counterfeiters.state import CounterfeitersState


def spaces(state: CounterfeitersState, seat: int) -> list[int]:
    """The spaces ``seat`` may take now: free, performable, the first of each kind."""
    return offered(state, seat, _SPACE_IDS[state.players == 2])


def actions(state: CounterfeitersState) -> list[Action]:
    """The placements ``seat`` may make now and passing, looked up by space (the hot path of
    every placement)."""
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    found = offered(state, seat, SPACE_ACTIONS[state.players == 2][seat])
    found.append(PASS_ACTIONS[seat])
    return found


def offered(state: CounterfeitersState, seat: int, table: Sequence[_T]) -> list[_T]:
    """``table[space]`` for each space ``seat`` may take now, in board order.

    Spaces of one kind are alike, so a kind is judged by its first free space. Each market slot
    is a kind of its own (its card and price); every other action is judged once per call, up
    front (random play judges nearly all of them anyway). The hot path of every placement:
    what ``market.buyable`` decides and whether an action can be performed (D5) are written
    out here (the same tests, no calls)."""
    players = state.players
    if players == 2:
        slots, others = _SLOTS_2[players], _KINDS_2
    else:
        slots, others = _SLOTS_34[players], _KINDS_34
    occupant = state.occupant
    cash = state.cash[seat]
    owned = tuple(state.owned[seat])
    known = _OWNED.get(owned)
    if known is None:
        known = _owned(owned)
    jet_owned, printing = known
    found = []
    offer = state.market
    for slot, price in slots:
        if occupant[slot] < 0 and cash >= price:
            card = offer[slot]
            if card >= 0 and not (jet_owned and card in _JETS):
                found.append(table[slot])
    pawn = state.pawn
    base = seat * _QUALITIES
    one, two, three = state.fakes[base : base + _QUALITIES]  # the seat's notes by quality
    any_note = one or two or three
    refused = _DETECTED[pawn]  # the supermarket takes the qualities from this one up
    flying = pawn != _STRIKE
    # whether each action (MARKET .. JET, board.py) can be performed; markets are done above
    ok = (
        False,
        any_note if not refused else (refused < 2 and two) or (refused < 3 and three),
        any_note,
        printing >= 0 and state.supply[printing] > 0,
        True,
        flying and cash >= _FARE,
        flying and jet_owned,
    )
    for space, rest, action in others:
        if ok[action]:
            if occupant[space] < 0:
                found.append(table[space])
            else:
                for space in rest:
                    if occupant[space] < 0:
                        found.append(table[space])
                        break
    return found


def _owned(owned: tuple[int, ...]) -> tuple[bool, int]:
    """(owns a private jet, the quality it prints: -1 without a printer or a component) for the
    cards ``owned``, remembered for the next placement with the same cards."""
    if len(_OWNED) >= _OWNED_LIMIT:
        _OWNED.clear()
    prints = -1 if PRINTERS.isdisjoint(owned) else quality(owned)
    known = _OWNED[owned] = (not JETS.isdisjoint(owned), prints)
    return known


#: sorted cards -> ``_owned`` of them (cleared when full, so it stays small)
_OWNED: Final[dict[tuple[int, ...], tuple[bool, int]]] = {}
_OWNED_LIMIT: Final = 1 << 16
_T = TypeVar("_T")
#: ``_free`` judges the actions in a tuple indexed by action
assert tuple(range(7)) == (MARKET, SUPERMARKET, FENCE, PRINT, TAX, COMMERCIAL, JET)
_SIDE_2, _SIDE_34 = side(2), side(3)
#: (3-4 players, 2 players) -> the spaces by index (``spaces`` gives them as they are)
_SPACE_IDS = tuple(tuple(range(board.spaces)) for board in (_SIDE_34, _SIDE_2))
#: (3-4 players, 2 players) -> seat -> space -> the action placing there
#: (annotated: the compiled build reaches them through an import cycle)
SPACE_ACTIONS: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(ACTIONS[seat][name] for name in board.names) for seat in range(MAX_PLAYERS))
    for board in (_SIDE_34, _SIDE_2)
)
PASS_ACTIONS: tuple[Action, ...] = tuple(ACTIONS[seat][PASS] for seat in range(MAX_PLAYERS))


def _kinds(board: Side) -> tuple[tuple[int, tuple[int, ...], int], ...]:
    """The non-market kinds of space as (first space, the other spaces, action)."""
    return tuple((members[0], members[1:], action) for members, action in board.others)


def _slots(board: Side) -> tuple[tuple[tuple[int, int], ...], ...]:
    """By player count: the open market slots, each with its price."""
    return tuple(tuple((slot, board.price[slot]) for slot in opened) for opened in board.opened)


# Final: compiled, C statics instead of the module's dict
_KINDS_2: Final = _kinds(_SIDE_2)
_KINDS_34: Final = _kinds(_SIDE_34)
_SLOTS_2: Final = _slots(_SIDE_2)
_SLOTS_34: Final = _slots(_SIDE_34)
#: board numbers that ``offered`` reads, as C statics when compiled (board.py is not)
_JETS: Final = JETS
_QUALITIES: Final = QUALITIES
_STRIKE: Final = STRIKE
_FARE: Final = FARE
#: the qualities the supermarket refuses, by pawn space
_DETECTED: Final = tuple(detected(pawn) for pawn in range(TRACK + 1))


def lay_down(state: CounterfeitersState) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    state.left[seat] -= 1
    state.down[seat] += 1
    state.note("pass", seat)
