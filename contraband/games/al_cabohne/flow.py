"""The turn: which decision is open, applying it, and moving on through the automatic steps.

Phases 1, 2, 3 and 5 wait for decisions of the turn player; phases 4 and 6 and the bosses'
harvests happen inside ``apply``. Harvesting a field and buying the third field are offered at
every decision (there is none in phase 4). Solo games skip phase 1. What is legal is in
``legal`` (built from ready-made pieces; the phase modules define each phase's choices).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne import leftovers, planting, trading, tribute, turning
from contraband.games.al_cabohne.actions import (
    BUY,
    DONE,
    GIFT,
    HARVEST,
    LEFTOVERS,
    MEANING,
    PLANTING,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import BEAN_NAMES
from contraband.games.al_cabohne.harvest import buy_field, end_game, harvest

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def start_turn(state: AlCabohneState, seat: int) -> None:
    state.turn_player = state.current_player = seat
    state.phase = LEFTOVERS if state.players == 2 else TRIBUTE
    state.planted = 0
    state.turn_step = 0
    state.tribute_paid = [0] * len(state.boss_bean)
    state.gift_due = [0] * len(state.boss_bean)
    state.note("turn", seat)
    advance(state)


def advance(state: AlCabohneState) -> None:
    """Run the automatic steps until the turn player has a decision (or the game is over)."""
    seat = state.turn_player
    while True:
        phase = state.phase
        if phase == LEFTOVERS:
            if state.faceup:
                return
            state.phase = TRIBUTE
        elif phase == TRIBUTE:
            if tribute.due(state, seat):
                return
            state.phase = PLANTING
        elif phase == PLANTING:
            if state.planted < planting.MOST and state.hands[seat]:  # planting.waiting
                return
            if not turning.turn_up(state):  # phase 4
                return
            trading.start(state)
            state.phase = GIFT
        elif phase == GIFT:
            if trading.gift_owed(state, seat):
                return
            state.phase = TRADING
        else:  # TRADING waits for "done trading"; OVER waits for nothing
            return


def end_turn(state: AlCabohneState) -> None:
    seat = state.turn_player
    state.note("done", seat)
    if state.players == 1 and state.faceup:  # leftovers are discarded in solo (decision 4)
        state.note("leftovers_discarded", [BEAN_NAMES[b] for b in state.faceup])
        state.discard.extend(state.faceup)
        state.faceup = []
    if not turning.draw_hand(state):  # phase 6
        return
    if state.last_turn:
        end_game(state, "last_turn")
        return
    start_turn(state, (seat + 1) % state.players)


def apply(state: AlCabohneState, action: Action) -> None:
    meaning = MEANING[action[1]]
    kind = meaning[0]
    seat = state.turn_player
    state.turn_step += 1
    phase = state.phase  # only ``advance`` and ``end_turn`` change it
    if kind == HARVEST:
        harvest(state, seat, meaning[1])
    elif kind == BUY:
        buy_field(state, seat)
    elif kind == DONE:
        end_turn(state)
        return
    elif phase == TRADING:
        trading.apply(state, seat, meaning)
    elif phase == LEFTOVERS:
        leftovers.apply(state, seat, meaning)
    elif phase == PLANTING:
        planting.apply(state, seat, meaning)
    elif phase == TRIBUTE:
        tribute.apply(state, seat, meaning)
    else:
        trading.apply(state, seat, meaning)
    if phase != TRADING:  # trading waits for "done trading": nothing runs on by itself
        advance(state)
