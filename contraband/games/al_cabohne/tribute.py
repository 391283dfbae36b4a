"""Phase 2: a player growing a bean that a boss collects gives that boss one card of it.

Each such boss gets one card, taken from a field growing its bean (even a one-card field). A
player may avoid it by harvesting the field first: harvesting is offered alongside the payment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne.actions import PAY_LABELS
from contraband.games.al_cabohne.beans import BEAN_NAMES, BOSS_NAMES, EMPTY
from contraband.games.al_cabohne.harvest import give_to_boss

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def due(state: AlCabohneState, seat: int) -> list[tuple[int, int]]:
    """(boss, field) pairs that could pay a tribute still owed this turn."""
    owed = []
    beans = state.field_bean[seat]
    owned = state.fields_owned[seat]
    for boss, collected in enumerate(state.boss_bean):
        if collected == EMPTY or state.tribute_paid[boss]:
            continue
        for f in range(owned):
            if beans[f] == collected:
                owed.append((boss, f))
    return owed


def legal(state: AlCabohneState, seat: int, table: dict[str, Action], out: list[Action]) -> None:
    out.extend(table[PAY_LABELS[boss][f]] for boss, f in due(state, seat))


def apply(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    boss, field = meaning[1], meaning[2]
    bean = state.field_bean[seat][field]
    state.field_count[seat][field] -= 1
    if state.field_count[seat][field] == 0:
        state.field_bean[seat][field] = EMPTY
    state.tribute_paid[boss] = 1
    state.note("tribute", seat, BOSS_NAMES[boss], BEAN_NAMES[bean], field + 1)
    give_to_boss(state, boss, bean)
