"""Step 3: the smuggler carries one cube (or none) to its flag's province or a neighbour.

Two decisions: the cargo (a food from the own warehouse, for the first player also a food from
another warehouse, or nothing), then the destination. A cube is only offered when some reachable
province card has an empty slot for it; a destination only when it can take the cargo. The
hiring cost is paid in every case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.nacho_incident.board import (
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    DESTINATION,
    FOODS,
    GO_ACTION,
    NFOOD,
    NOTHING_ACTION,
    OPEN_FOODS,
    PROVINCES,
    REACH,
    SHIP_ACTION,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_NAME,
    STEAL_ACTION,
)

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def open_slot(state: NachoState, province: int, food: int) -> int:
    """The index in ``state.slots`` of the empty slot for ``food`` in ``province``, or -1."""
    slot = CARD_SLOT_OF[state.prov_up[province]][food]
    if slot < 0:
        return -1
    index = province * SLOTS + slot
    return -1 if state.slots[index] else index


def price(state: NachoState, province: int, food: int) -> int:
    return CARD_PRICE_OF[state.prov_up[province]][food]


def deliverable(state: NachoState, flag: int, food: int) -> bool:
    return any(open_slot(state, p, food) >= 0 for p in REACH[flag])


def deliverable_foods(state: NachoState, flag: int) -> set[int]:
    """The foods some province within reach of ``flag`` has an empty slot for."""
    wanted = wanted_bits(state, flag)
    return {food for food in range(NFOOD) if wanted >> food & 1}


def wanted_bits(state: NachoState, flag: int) -> int:
    """``deliverable_foods`` as bits (1 << food), read from the OPEN_FOODS table."""
    slots, up = state.slots, state.prov_up
    wanted = 0
    for p in REACH[flag]:
        b = p * 4  # SLOTS, asserted below
        filled = slots[b] | slots[b + 1] << 1 | slots[b + 2] << 2 | slots[b + 3] << 3
        wanted |= OPEN_FOODS[up[p]][filled]
    return wanted


assert SLOTS == 4, "wanted_bits reads four slots per province card"


def cargo_actions(state: NachoState) -> list[Action]:
    """Ship a food of the own warehouse that some reachable card wants (each food once, in
    food order), for the first player also steal one, then ship nothing."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    wanted = wanted_bits(state, SMUGGLER_FLAG[state.chosen[seat]])
    ship = SHIP_ACTION[seat]
    actions = []
    last = -1
    for food in state.warehouses[seat]:  # sorted: equal foods are neighbours
        if food != last and wanted >> food & 1:
            actions.append(ship[food])
        last = food
    if state.order_pos == 0:  # the first player may steal instead
        steal = STEAL_ACTION[seat]
        warehouses = state.warehouses
        for other in range(state.players):
            if other == seat:
                continue
            take = steal[other]
            last = -1
            for food in warehouses[other]:
                if food != last and wanted >> food & 1:
                    actions.append(take[food])
                last = food
    actions.append(NOTHING_ACTION[seat])
    return actions


def choose_cargo(state: NachoState, food: int, source: int) -> None:
    """``source``: -2 own warehouse, -1 nothing, else the seat stolen from."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.cargo = food
    state.cargo_from = seat if source == -2 else source
    state.phase = DESTINATION
    if food < 0:
        state.note("ship_nothing", seat)
    elif source == -2:
        state.note("ship", seat, FOODS[food])
    else:
        state.note("steal", seat, FOODS[food], source)


def destination_actions(state: NachoState) -> list[Action]:
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    reach = REACH[SMUGGLER_FLAG[state.chosen[seat]]]
    go = GO_ACTION[seat]
    food = state.cargo
    if food < 0:
        return [go[p] for p in reach]
    slots, up = state.slots, state.prov_up
    return [
        go[p]
        for p in reach
        if (slot := CARD_SLOT_OF[up[p]][food]) >= 0 and not slots[p * SLOTS + slot]
    ]


def go(state: NachoState, province: int) -> None:
    """Deliver the cargo, hand over the thief's own cubes, and pay the smuggler."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    card = state.chosen[seat]
    food, source = state.cargo, state.cargo_from
    note = state.note
    note("go", seat, SMUGGLER_NAME[card], PROVINCES[province])
    if food >= 0:
        state.warehouses[source].remove(food)
        up = state.prov_up[province]  # the destination has an open slot for the food
        state.slots[province * SLOTS + CARD_SLOT_OF[up][food]] = 1
        earned = CARD_PRICE_OF[up][food]
        state.gold[seat] += earned
        state.delivered[seat] += earned
        note("deliver", seat, FOODS[food], PROVINCES[province], earned)
        if source != seat:
            given = state.warehouses[seat]
            state.warehouses[source] = sorted(state.warehouses[source] + given)
            state.warehouses[seat] = []
            note("hand_over", seat, source, [FOODS[f] for f in given])
    cost = SMUGGLER_COST[card]
    state.gold[seat] -= cost
    state.fees[seat] += cost
    note("fee", seat, SMUGGLER_NAME[card], cost)
    state.cargo = state.cargo_from = -1
