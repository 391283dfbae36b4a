"""Phase 2: network management (rulebook pages 8-9).

The actions earned in phase 1, plus one per Cartel card played face down and one per worker
spent, are carried out one by one: produce in the Laboratory (goods per the lab's table for the
crops planted), transport (up to the transport's capacity, never beyond the storage's free
room) or an early sale (the whole storage to an available buyer). Then the end sale, the
payment, the DEA action agent's check and the other players' leftover sales follow (``sales``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from contraband.games.narcos import cartel, dea, sales
from contraband.games.narcos.board import (
    CARD_CAPACITY,
    CARD_PRODUCE,
    LABEL,
    MANAGE,
    SICARIO_COST,
)
from contraband.games.narcos.ledger import produce as make
from contraband.games.narcos.ledger import room

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

T = TypeVar("T")


def start(state: NarcosState) -> None:
    state.phase = MANAGE
    state.current_player = state.active


def output(state: NarcosState, seat: int) -> int:
    """Goods one Laboratory action makes for ``seat`` (its lab's table at its crops)."""
    return lab_output(state.lab_card[seat], state.crops[seat])


def lab_output(lab_card: int, crops: int) -> int:
    """Goods one Laboratory action makes with ``lab_card`` and ``crops`` planted."""
    table = CARD_PRODUCE[lab_card]
    return table[max(0, min(len(table), crops) - 1)]


def shipment(state: NarcosState, seat: int) -> int:
    """Goods one transport action moves for ``seat`` now."""
    capacity = CARD_CAPACITY[state.transport_card[seat]]
    return min(capacity, state.lab_goods[seat], room(state, seat))


def labels(state: NarcosState) -> list[str]:
    return actions(state, LABEL)


def actions(state: NarcosState, table: Mapping[str, T]) -> list[T]:
    """The phase's choices as ``table`` gives each label: the actions of the seat's action
    table on the hot path, the labels themselves with ``LABEL``."""
    seat = state.active
    found = []
    if state.actions > 0:
        found.append(table["produce"])
        # shipment(state, seat) > 0, without the min()
        lab, stored = state.lab_goods[seat], state.storage_goods[seat]
        if (
            lab > 0
            and CARD_CAPACITY[state.transport_card[seat]] > 0
            and CARD_CAPACITY[state.storage_card[seat]] > stored
        ):
            found.append(table["transport"])
        if stored > 0:
            found += map(table.__getitem__, sales.early_labels(state, seat))
    if state.workers[seat] > 0:
        found.append(table["spend a worker"])
    if state.hands[seat]:
        found += map(table.__getitem__, cartel.own_labels(state, seat))
    if state.workers[seat] > 0 and state.money[seat] >= SICARIO_COST:
        found.append(table["hire a sicario"])
    found.append(table["end actions"])
    return found


def produce(state: NarcosState) -> None:
    seat = state.active
    amount = output(state, seat)
    make(state, seat, amount)
    _spent(state)
    state.note("produce", seat, amount, state.lab_goods[seat], state.actions)


def transport(state: NarcosState) -> None:
    seat = state.active
    amount = shipment(state, seat)
    state.lab_goods[seat] -= amount
    state.storage_goods[seat] += amount
    _spent(state)
    state.note("transport", seat, amount, state.storage_goods[seat], state.actions)


def spend_worker(state: NarcosState) -> None:
    seat = state.active
    state.workers[seat] -= 1
    state.workers_spent[seat] += 1
    state.actions += 1
    state.note("worker_action", seat, state.workers[seat], state.actions)


def _spent(state: NarcosState) -> None:
    state.actions -= 1
    state.actions_done += 1


def early_sale(state: NarcosState, buyer: int, city: int) -> None:
    _spent(state)
    sales.sell(state, state.active, buyer, city, early=True)


def end_actions(state: NarcosState) -> None:
    """The active player's actions are over: the DEA action agent looks at how many were
    carried out (D21), then the other players may raid before the end sale."""
    seat = state.active
    state.note("end_actions", seat, state.actions_done, state.actions)
    state.actions = 0
    dea.check_actions(state)
    if cartel.open_raid(state):
        return
    sales.end_sale(state)
