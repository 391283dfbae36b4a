"""The turn: which decision is open, what is legal, and moving on through the automatic steps.

Phases 1, 2, 3 and 5 wait for decisions of the turn player; phases 4 and 6 and the bosses'
harvests happen inside ``apply``. Harvesting a field and buying the third field are offered at
every decision (there is none in phase 4). Solo games skip phase 1.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne import leftovers, planting, trading, tribute, turning
from contraband.games.al_cabohne.actions import (
    ACTIONS,
    BUY,
    DONE,
    GIFT,
    HARVEST,
    LEFTOVERS,
    MEANING,
    OVER,
    PLANTING,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import BEAN_NAMES, MUST_PLANT
from contraband.games.al_cabohne.harvest import buy_field, end_game, harvest
from contraband.games.al_cabohne.legal import fields_of, trade

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


def legal_actions(state: AlCabohneState) -> list[Action]:
    """The choices of the phase, then the harvests, the third field and the phase's end (the
    ready-made pieces come from ``legal``; the phase modules say what they mean)."""
    seat = state.turn_player
    phase = state.phase
    if phase == TRADING:
        return trade(state, fields_of(state, seat), seat)
    if phase == OVER:
        return []
    fields = fields_of(state, seat)
    if phase == PLANTING:
        out = [*fields.plant[state.hands[seat][0]]]
        out += fields.tail_end if state.planted >= MUST_PLANT else fields.tail
        return out
    table = ACTIONS[state.current_player]  # the same seat (a loaded position is checked)
    out = []
    if phase == LEFTOVERS:
        leftover = fields.leftover
        for bean in sorted(set(state.faceup)):
            out += leftover[bean]
    elif phase == TRIBUTE:
        tribute.legal(state, seat, table, out)
    else:
        trading.legal_gift(state, seat, table, out)
    out += fields.tail
    return out


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
