"""Phase 1 (2 players only): the face-up beans the other player left are planted or discarded.

One card per decision: ``plant leftover Fire on field 2`` or ``discard leftover Fire``. The
phase ends when no face-up card is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne.actions import DISCARD_LABELS, KEEP, KEEP_LABELS
from contraband.games.al_cabohne.beans import BEAN_NAMES
from contraband.games.al_cabohne.harvest import plant_targets

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def distinct(cards: list[int]) -> list[int]:
    """The different beans among ``cards``, in bean order."""
    return sorted(set(cards))


def legal(state: AlCabohneState, seat: int, table: dict[str, Action], out: list[Action]) -> None:
    for bean in distinct(state.faceup):
        labels = KEEP_LABELS[bean]
        out.extend(table[labels[f]] for f in plant_targets(state, seat, bean))
        out.append(table[DISCARD_LABELS[bean]])


def take_faceup(state: AlCabohneState, bean: int) -> None:
    """Remove the most recently laid face-up card of this bean."""
    faceup = state.faceup
    if faceup and faceup[-1] == bean:
        faceup.pop()
        return
    for i in range(len(faceup) - 2, -1, -1):
        if faceup[i] == bean:
            del faceup[i]
            return
    raise AssertionError(f"no face-up bean {bean}")


def keep(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``plant leftover <bean> on field <f>``."""
    bean, field = meaning[1], meaning[2]
    take_faceup(state, bean)
    state.field_bean[seat][field] = bean  # harvest.plant
    state.field_count[seat][field] += 1
    state.note("leftover_plant", seat, BEAN_NAMES[bean], field + 1)


def discard(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    """``discard leftover <bean>``."""
    bean = meaning[1]
    take_faceup(state, bean)
    state.discard.append(bean)
    state.note("leftover_discard", seat, BEAN_NAMES[bean])


def apply(state: AlCabohneState, seat: int, meaning: tuple[int, ...]) -> None:
    (keep if meaning[0] == KEEP else discard)(state, seat, meaning)
