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
    DISCARD,
    DONE,
    END_PLANTING,
    GIFT,
    GIVE_HAND,
    HARVEST,
    KEEP,
    LEFTOVERS,
    MEANING,
    PAY,
    PLANT,
    PLANTING,
    TAKE,
    TAKE_FOR_BOSS,
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


def _harvest(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    harvest(state, seat, meaning[1])


def _buy(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    buy_field(state, seat)


def _done(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    end_turn(state)  # only while trading, so ``apply`` runs nothing on after it


#: the rule that carries out each kind of action (the kind says the phase it is legal in)
RUNS = {
    HARVEST: _harvest,
    BUY: _buy,
    KEEP: leftovers.keep,
    DISCARD: leftovers.discard,
    PAY: tribute.apply,
    PLANT: planting.plant_front,
    END_PLANTING: planting.end,
    GIVE_HAND: trading.give_hand,
    TAKE: trading.take,
    TAKE_FOR_BOSS: trading.take_for_boss,
    DONE: _done,
}
#: ``DISPATCH[label]``: (the rule that carries it out, its meaning)
DISPATCH = {label: (RUNS[meaning[0]], meaning) for label, meaning in MEANING.items()}


def apply(state: AlCabohneState, action: Action) -> None:
    run, meaning = DISPATCH[action[1]]
    state.turn_step += 1
    phase = state.phase  # only ``advance`` and ``end_turn`` change it
    run(state, state.turn_player, meaning)
    if phase != TRADING:  # trading waits for "done trading": nothing runs on by itself
        advance(state)
