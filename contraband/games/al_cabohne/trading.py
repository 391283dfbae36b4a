"""Phase 5: the compulsory gift to a boss with an empty field, then taking face-up beans and
giving hand cards to the mafia until the player is ``done trading``.

Gifts from the hand may come from any position (decision 3) but never be a bean the giver has in
a field; a boss takes only its own bean, or into an empty field a bean no other boss collects.
Face-up beans may go to the player's fields or to any boss that accepts them (decision A7).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne.actions import (
    GIVE_HAND,
    GIVE_HAND_LABELS,
    TAKE,
    TAKE_FOR_BOSS_LABELS,
    TAKE_LABELS,
)
from contraband.games.al_cabohne.beans import BEAN_NAMES, BEANS, BOSS_NAMES, EMPTY
from contraband.games.al_cabohne.harvest import give_to_boss, plant_targets
from contraband.games.al_cabohne.leftovers import distinct, take_faceup

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def start(state: AlCabohneState) -> None:
    """The check at the start of phase 5: every boss without a field is owed one gift."""
    state.gift_due = [1 if bean == EMPTY else 0 for bean in state.boss_bean]


def takers(boss_bean: list[int]) -> list[list[int]]:
    """Per bean, the bosses that accept it (``boss_accepts``), in boss order: the boss
    collecting it, or else every boss with an empty field."""
    empty = [boss for boss, grown in enumerate(boss_bean) if grown == EMPTY]
    table = [empty] * BEANS
    for boss, grown in enumerate(boss_bean):
        if grown != EMPTY:
            if table[grown] is empty:
                table[grown] = [boss]
            else:
                table[grown].append(boss)
    return table


@lru_cache(maxsize=256)
def _takers(boss_bean: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """``takers`` as tuples, built once per mafia position (the legal actions' hot path)."""
    return tuple(map(tuple, takers(list(boss_bean))))


def gift_owed(state: AlCabohneState, seat: int) -> bool:
    """Settle the compulsory gifts: a boss is let off when no hand card may go to it (for
    instance when the hand only holds beans another boss collects). True while one is owed."""
    owed = False
    hand = state.hands[seat]
    boss_bean = state.boss_bean
    for boss, flag in enumerate(state.gift_due):
        if not flag:
            continue
        if boss_bean[boss] != EMPTY:
            state.gift_due[boss] = 0
        # a boss with an empty field takes a bean no boss collects; the giver must not grow it
        elif not set(hand).difference(state.field_bean[seat], boss_bean):
            state.gift_due[boss] = 0
            state.note("gift_excused", seat, BOSS_NAMES[boss])
        else:
            owed = True
    return owed


def legal_gift(
    state: AlCabohneState, seat: int, table: dict[str, Action], out: list[Action]
) -> None:
    due = [boss for boss, flag in enumerate(state.gift_due) if flag]
    if not due:
        return
    own = state.field_bean[seat]
    table_of = _takers(tuple(state.boss_bean))
    accepting = [[boss for boss in bosses if boss in due] for bosses in table_of]
    for pos, bean in enumerate(state.hands[seat]):
        bosses = accepting[bean]
        if bosses and bean not in own:
            labels = GIVE_HAND_LABELS[pos][bean]
            out += [table[labels[boss]] for boss in bosses]


def legal_trade(
    state: AlCabohneState, seat: int, table: dict[str, Action], out: list[Action]
) -> None:
    accepting = _takers(tuple(state.boss_bean))
    for bean in distinct(state.faceup):
        labels = TAKE_LABELS[bean]
        out += [table[labels[f]] for f in plant_targets(state, seat, bean)]
        bosses = accepting[bean]
        if bosses:
            to_boss = TAKE_FOR_BOSS_LABELS[bean]
            out += [table[to_boss[boss]] for boss in bosses]
    own = state.field_bean[seat]
    for pos, bean in enumerate(state.hands[seat]):
        bosses = accepting[bean]
        if bosses and bean not in own:
            labels = GIVE_HAND_LABELS[pos][bean]
            out += [table[labels[boss]] for boss in bosses]


def give_hand(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``give hand card <n> (<bean>) to <boss>``: the compulsory gift or a later one."""
    position, boss = meaning[1], meaning[2]
    bean = state.hands[seat].pop(position)
    compulsory = state.gift_due[boss] == 1
    state.gift_due[boss] = 0
    state.note("gift", seat, position + 1, BEAN_NAMES[bean], BOSS_NAMES[boss], compulsory)
    give_to_boss(state, boss, bean)


def take(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``plant face-up <bean> on field <f>``."""
    bean, field = meaning[1], meaning[2]
    take_faceup(state, bean)
    state.field_bean[seat][field] = bean  # harvest.plant
    state.field_count[seat][field] += 1
    state.note("take", seat, BEAN_NAMES[bean], field + 1)


def take_for_boss(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``give face-up <bean> to <boss>``."""
    bean, boss = meaning[1], meaning[2]
    take_faceup(state, bean)
    state.note("take_for_boss", seat, BEAN_NAMES[bean], BOSS_NAMES[boss])
    give_to_boss(state, boss, bean)


def apply(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    kind = meaning[0]
    run = give_hand if kind == GIVE_HAND else take if kind == TAKE else take_for_boss
    run(state, seat, meaning)
