"""Why a seat sold a field for nothing: the lab's and the tests' reading of Al Cabohne play.

A sale that pays no coin can still buy something: room for a face-up bean, a place for a front
hand card that fits no field (now, or one of the next two to plant), or a field of a bean a boss
collects sold before it feeds him tribute. ``reason`` names which, judged on the position before
the sale; ``play`` runs a solo deal and lists the reasons of every zero-coin sale the agent made.
"""

from __future__ import annotations

from typing import Any

from contraband.games.al_cabohne.actions import GIFT, HARVEST, MEANING, PLANT, PLANTING, TRADING
from contraband.games.al_cabohne.beans import EMPTY, VALUE

#: the hand cards a planting player must find fields for soon: the next two from the front,
#: planted this turn or as the next turn's compulsory plant
UPCOMING = 2


def pays_nothing(state, label: str) -> bool:
    """Whether ``label`` is a sale of one of the turn player's fields for no coin."""
    meaning = MEANING[label]
    if meaning[0] != HARVEST:
        return False
    seat, field = state.turn_player, meaning[1]
    return VALUE[state.field_bean[seat][field]][state.field_count[seat][field]] == 0


def reason(state, label: str) -> str:
    """What a sale for nothing buys: ``forced`` (the front hand card fits no field), ``boss``
    (the field grows a bean a boss collects), ``hand`` (one of the next hand cards to plant
    will find no field), ``room`` (a face-up bean no field grows) or ``nothing``."""
    seat, field = state.turn_player, MEANING[label][1]
    beans = state.field_bean[seat]
    legal = [action.label for action in state.legal_actions()]
    planting = state.phase == PLANTING and not state.planted
    if planting and not any(MEANING[x][0] == PLANT for x in legal):
        return "forced"
    if beans[field] in state.boss_bean:
        return "boss"
    if state.phase == PLANTING and _hand_needs_room(state, seat):
        return "hand"
    if state.phase in (GIFT, TRADING) and any(
        bean not in beans and bean not in state.boss_bean for bean in state.faceup
    ):
        return "room"
    return "nothing"


def _hand_needs_room(state, seat: int) -> bool:
    """Whether one of the next ``UPCOMING`` hand cards will find neither a field of its bean
    nor an empty field (each empty field taken by the first card that needs it)."""
    beans = list(state.field_bean[seat][: state.fields_owned[seat]])
    for card in state.hands[seat][:UPCOMING]:
        if card in beans:
            continue
        if EMPTY not in beans:
            return True
        beans[beans.index(EMPTY)] = card
    return False


def play(game: Any, agent: Any, seed: int) -> tuple[Any, list[str]]:
    """A solo deal played by ``agent``; the finished state and the reasons of its sales for
    nothing, in the order made."""
    state = game.new(1, seed=seed)
    reasons = []
    while not state.is_terminal():
        action = agent.act(state, 0)
        if pays_nothing(state, action.label):
            reasons.append(reason(state, action.label))
        state.apply(action)
    return state, reasons
