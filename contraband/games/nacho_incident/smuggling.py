"""Step 3: the smuggler carries one cube (or none) to its flag's province or a neighbour.

Two decisions: the cargo (a food from the own warehouse, for the first player also a food from
another warehouse, or nothing), then the destination. A cube is only offered when some reachable
province card has an empty slot for it; a destination only when it can take the cargo. The
hiring cost is paid in every case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    CARD_FOODS,
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    DESTINATION,
    FOODS,
    GO_LABEL,
    PROVINCES,
    REACH,
    SHIP_LABEL,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_NAME,
    STEAL_LABEL,
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
    slots, up = state.slots, state.prov_up
    foods = set()
    for p in REACH[flag]:
        base = p * SLOTS
        for slot, food in enumerate(CARD_FOODS[up[p]]):
            if not slots[base + slot]:
                foods.add(food)
    return foods


def cargo_labels(state: NachoState) -> list[str]:
    seat = state.current_player
    wanted = deliverable_foods(state, SMUGGLER_FLAG[state.chosen[seat]])
    labels = [SHIP_LABEL[f] for f in sorted(wanted.intersection(state.warehouses[seat]))]
    if state.order_pos == 0:  # the first player may steal instead
        for other in range(state.players):
            if other == seat:
                continue
            for f in sorted(wanted.intersection(state.warehouses[other])):
                labels.append(STEAL_LABEL[f][other])
    labels.append("ship nothing")
    return labels


def choose_cargo(state: NachoState, food: int, source: int) -> None:
    """``source``: -2 own warehouse, -1 nothing, else the seat stolen from."""
    seat = state.current_player
    state.cargo = food
    state.cargo_from = seat if source == -2 else source
    state.phase = DESTINATION
    if food < 0:
        state.note("ship_nothing", seat)
    elif source == -2:
        state.note("ship", seat, FOODS[food])
    else:
        state.note("steal", seat, FOODS[food], source)


def destination_labels(state: NachoState) -> list[str]:
    flag = SMUGGLER_FLAG[state.chosen[state.current_player]]
    food = state.cargo
    if food < 0:
        return [GO_LABEL[p] for p in REACH[flag]]
    return [GO_LABEL[p] for p in REACH[flag] if open_slot(state, p, food) >= 0]


def go(state: NachoState, province: int) -> None:
    """Deliver the cargo, hand over the thief's own cubes, and pay the smuggler."""
    seat = state.current_player
    card = state.chosen[seat]
    food, source = state.cargo, state.cargo_from
    state.note("go", seat, SMUGGLER_NAME[card], PROVINCES[province])
    if food >= 0:
        state.warehouses[source].remove(food)
        state.slots[open_slot(state, province, food)] = 1
        earned = price(state, province, food)
        state.gold[seat] += earned
        state.delivered[seat] += earned
        state.note("deliver", seat, FOODS[food], PROVINCES[province], earned)
        if source != seat:
            given = state.warehouses[seat]
            state.warehouses[source] = sorted(state.warehouses[source] + given)
            state.warehouses[seat] = []
            state.note("hand_over", seat, source, [FOODS[f] for f in given])
    cost = SMUGGLER_COST[card]
    state.gold[seat] -= cost
    state.fees[seat] += cost
    state.note("fee", seat, SMUGGLER_NAME[card], cost)
    state.cargo = state.cargo_from = -1
