"""Phase 3: the first hand card must be planted, the second may be.

When no field can take the front card, only harvests (and buying the third field) are offered
until one can: the rulebook forces a harvest then.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne.actions import END_PLANTING, PLANT_LABELS
from contraband.games.al_cabohne.beans import BEAN_NAMES, MAY_PLANT, MUST_PLANT
from contraband.games.al_cabohne.harvest import plant_targets

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState

MOST = MUST_PLANT + MAY_PLANT


def waiting(state: AlCabohneState, seat: int) -> bool:
    """Whether phase 3 still needs a decision."""
    return state.planted < MOST and bool(state.hands[seat])


def legal(state: AlCabohneState, seat: int, table: dict[str, Action], out: list[Action]) -> None:
    bean = state.hands[seat][0]
    labels = PLANT_LABELS[bean]
    out.extend(table[labels[f]] for f in plant_targets(state, seat, bean))


def may_end(state: AlCabohneState) -> bool:
    return state.planted >= MUST_PLANT


def end(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``end planting``."""
    state.planted = MOST
    state.note("end_planting", seat)


def plant_front(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``plant <bean> on field <f>``: the front hand card."""
    bean = state.hands[seat].pop(0)
    field = meaning[2]
    state.field_bean[seat][field] = bean  # harvest.plant
    state.field_count[seat][field] += 1
    state.planted += 1
    state.note("plant", seat, BEAN_NAMES[bean], field + 1)


def apply(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    (end if meaning[0] == END_PLANTING else plant_front)(state, seat, meaning)
