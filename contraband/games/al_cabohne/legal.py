"""The legal actions' hot path: what a seat's own fields allow, built once per field position.

Most of a turn's choices depend on few things: the seat's fields (their beans, whether each holds
none, one or more cards, how many are owned), whether it can buy the third field, and the mafia's
beans. ``Fields`` holds, per bean, the ready-made actions those allow (the plant, leftover and
face-up targets as ``plant_targets`` orders them, the harvests as ``harvestable`` does, the third
field), and per mafia position the gifts and face-up beans the bosses take. They are kept in
module caches keyed by what they depend on, so a position pays for a few look-ups instead of
the loops; the result is exactly what the phase modules' rules give (the fingerprint of random
play is unchanged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.al_cabohne import tribute
from contraband.games.al_cabohne.actions import (
    ACTIONS,
    BOSSES,
    BUY_LABEL,
    DISCARD_LABELS,
    DONE_LABEL,
    END_PLANTING_LABEL,
    GIVE_HAND_LABELS,
    HARVEST_LABELS,
    KEEP_LABELS,
    LEFTOVERS,
    OVER,
    PLANT_LABELS,
    PLANTING,
    TAKE_FOR_BOSS_LABELS,
    TAKE_LABELS,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import (
    BEANS,
    MOST_FIELDS,
    MUST_PLANT,
    THIRD_FIELD_COST,
    TOTAL_CARDS,
)
from contraband.games.al_cabohne.harvest import targets_on
from contraband.games.al_cabohne.trading import takers

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState

#: a cache grows with the positions random play reaches; past this many it starts afresh
CACHE_LIMIT = 50_000

Acts = tuple[Action, ...]
Ints = tuple[int, ...]


def _gives(seat: int) -> list[list[list[Acts]]]:
    """``GIVES[seat][position][bean][mask]``: the hand gifts to the bosses in ``mask`` (bit
    ``boss``), in boss order."""
    table = ACTIONS[seat]
    return [
        [
            [
                tuple(table[labels[boss]] for boss in range(BOSSES) if mask >> boss & 1)
                for mask in range(1 << BOSSES)
            ]
            for labels in GIVE_HAND_LABELS[pos]
        ]
        for pos in range(TOTAL_CARDS)
    ]


GIVES = [_gives(seat) for seat in range(len(ACTIONS))]


class Fields:
    """What one seat's fields allow (see the module docstring)."""

    __slots__ = ("plant", "leftover", "take", "tail", "tail_end", "tail_done")

    def __init__(self, seat: int, owned: int, can_buy: bool, beans: Ints, big: Ints) -> None:
        table = ACTIONS[seat]
        targets = [targets_on(beans, owned, bean) for bean in range(BEANS)]
        self.plant = [tuple(table[PLANT_LABELS[b][f]] for f in targets[b]) for b in range(BEANS)]
        self.leftover = [
            (*(table[KEEP_LABELS[b][f]] for f in targets[b]), table[DISCARD_LABELS[b]])
            for b in range(BEANS)
        ]
        self.take = [tuple(table[TAKE_LABELS[b][f]] for f in targets[b]) for b in range(BEANS)]
        fields = [f for f in range(owned) if big[f] > 1] or [f for f in range(owned) if big[f]]
        tail = [table[HARVEST_LABELS[f]] for f in fields]
        if can_buy:
            tail.append(table[BUY_LABEL])
        self.tail = tuple(tail)
        self.tail_end = (*tail, table[END_PLANTING_LABEL])
        self.tail_done = (*tail, table[DONE_LABEL])


#: ``_MAFIA[seat, *boss_bean]``: see ``_mafia``
_MAFIA: dict[Ints, tuple[list[Acts], Ints]] = {}


def _mafia(seat: int, boss_bean: list[int]) -> tuple[list[Acts], Ints]:
    """Per bean: the seat's face-up gifts to the bosses that take it, and the mask of them
    (``trading.takers``); built once per mafia position."""
    found = _MAFIA.get((seat, *boss_bean))
    if found is None:
        table = ACTIONS[seat]
        accepting = takers(boss_bean)
        to_boss = [
            tuple(table[TAKE_FOR_BOSS_LABELS[b][boss]] for boss in accepting[b])
            for b in range(BEANS)
        ]
        masks = tuple(sum(1 << boss for boss in accepting[b]) for b in range(BEANS))
        found = _MAFIA[(seat, *boss_bean)] = (to_boss, masks)
    return found


_FIELDS: dict[tuple[int, ...], Fields] = {}


def _fields(key: tuple[int, ...]) -> Fields:
    """A new entry of the cache of ``Fields`` (``legal_actions`` makes the key)."""
    if len(_FIELDS) >= CACHE_LIMIT:
        _FIELDS.clear()
    found = _FIELDS[key] = Fields(key[0], key[1], bool(key[2]), key[3:6], key[6:])
    return found


def legal_actions(state: AlCabohneState) -> list[Action]:
    """The choices of the phase (as the phase modules define them), then the harvests, the
    third field and the phase's end: ``end planting`` once the front card is planted, ``done
    trading`` while trading. One function on purpose: it is the playouts' hot path."""
    phase = state.phase
    if phase == OVER:
        return []
    seat = state.turn_player
    owned = state.fields_owned[seat]
    own = state.field_bean[seat]
    b0, b1, b2 = own
    c0, c1, c2 = state.field_count[seat]
    key = (
        seat,
        owned,
        owned < MOST_FIELDS and len(state.coins[seat]) >= THIRD_FIELD_COST,
        b0,
        b1,
        b2,
        c0 if c0 < 2 else 2,
        c1 if c1 < 2 else 2,
        c2 if c2 < 2 else 2,
    )
    fields = _FIELDS.get(key) or _fields(key)
    if phase == TRADING:  # trading.legal_trade
        boss_bean = state.boss_bean
        to_boss, accepting = _MAFIA.get((seat, *boss_bean)) or _mafia(seat, boss_bean)
        out: list[Action] = []
        faceup = state.faceup
        if faceup:
            take = fields.take
            for bean in sorted(set(faceup)):
                out += take[bean]
                out += to_boss[bean]
        gives = GIVES[seat]
        for pos, bean in enumerate(state.hands[seat]):
            mask = accepting[bean]
            if mask and bean not in own:
                out += gives[pos][bean][mask]
        out += fields.tail_done
        return out
    if phase == PLANTING:  # planting.legal
        out = [*fields.plant[state.hands[seat][0]]]
        out += fields.tail_end if state.planted >= MUST_PLANT else fields.tail
        return out
    out = []
    if phase == LEFTOVERS:  # leftovers.legal
        leftover = fields.leftover
        for bean in sorted(set(state.faceup)):
            out += leftover[bean]
    elif phase == TRIBUTE:
        tribute.legal(state, seat, ACTIONS[seat], out)
    else:  # trading.legal_gift: a hand card to a boss owed the compulsory gift
        boss_bean = state.boss_bean
        accepting = (_MAFIA.get((seat, *boss_bean)) or _mafia(seat, boss_bean))[1]
        due = 0
        for boss, flag in enumerate(state.gift_due):
            if flag:
                due |= 1 << boss
        gives = GIVES[seat]
        for pos, bean in enumerate(state.hands[seat]):
            mask = accepting[bean] & due
            if mask and bean not in own:
                out += gives[pos][bean][mask]
    out += fields.tail
    return out
