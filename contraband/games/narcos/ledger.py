"""Every change of money, goods, workers and sicarios goes through here, so that the ledgers
add up (``conserved``, which is ``NarcosState.conserved``):

- money: what the players hold, the police warehouse and the police's cards this turn make
  the starting money plus everything earned less everything paid out of the game;
- goods: every cube produced (the starting cubes included) lies in a lab, a storage, the
  police warehouse or on a police card this turn, or was sold or lost;
- workers: each seat's five are in reserve, in a city, spent for an action or became sicarios.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos.board import (
    CARD_CAPACITY,
    MAX_PLAYERS,
    SICARIO_COST,
    START_MONEY,
    START_WORKERS,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def earn(state: NarcosState, seat: int, amount: int) -> None:
    """Money that enters the game for ``seat`` (sales, bonuses)."""
    state.money[seat] += amount
    state.earned[seat] += amount


def spend(state: NarcosState, seat: int, amount: int) -> None:
    """Money that ``seat`` pays out of the game (purchases, military, costs)."""
    state.money[seat] -= amount
    state.paid[seat] += amount


def produce(state: NarcosState, seat: int, amount: int) -> None:
    state.lab_goods[seat] += amount
    state.goods_made[seat] += amount


def lose_lab(state: NarcosState, seat: int, amount: int) -> None:
    state.lab_goods[seat] -= amount
    state.goods_lost[seat] += amount


def lose_storage(state: NarcosState, seat: int, amount: int) -> None:
    state.storage_goods[seat] -= amount
    state.goods_lost[seat] += amount


def capacity(state: NarcosState, seat: int) -> int:
    return CARD_CAPACITY[state.storage_card[seat]]


def room(state: NarcosState, seat: int) -> int:
    """Free room in ``seat``'s storage."""
    return max(0, CARD_CAPACITY[state.storage_card[seat]] - state.storage_goods[seat])


def can_hire(state: NarcosState, seat: int) -> bool:
    return state.workers[seat] > 0 and state.money[seat] >= SICARIO_COST


def hire(state: NarcosState, seat: int) -> None:
    """A worker becomes a sicario for 2 million."""
    state.workers[seat] -= 1
    state.workers_converted[seat] += 1
    spend(state, seat, SICARIO_COST)
    state.sicarios[seat] += 1
    state.note("hire", seat, SICARIO_COST, state.sicarios[seat])


def could_have_sicarios(state: NarcosState, seat: int, needed: int, money_needed: int = 0) -> bool:
    """Whether ``seat`` has, or could hire, ``needed`` sicarios and keep ``money_needed``."""
    have = state.sicarios[seat]
    if have >= needed:
        return state.money[seat] >= money_needed
    short = needed - have
    spare = state.money[seat] - money_needed
    return short <= state.workers[seat] and spare >= short * SICARIO_COST


def conserved(state: NarcosState) -> dict[str, int]:
    """Cards and Cartel cards each in exactly one place; workers and crops counted; the
    goods and money ledgers balanced (0 = every cube and every million accounted for)."""
    places = (
        state.deck
        + state.top
        + state.looking
        + state.reserve
        + state.discards
        + state.removed
        + state.box
        + state.timeline
        + state.lab_card
        + state.transport_card
        + state.storage_card
    )
    if state.permanent >= 0:
        places = places + [state.permanent]
    agents = (state.action_agent != -1) + (state.money_agent != -1)
    cartel = state.cartel_deck + state.cartel_discard + state.cartel_box
    for seat in range(state.players):
        cartel = cartel + state.hands[seat] + state.backs[seat]
    workers = (
        sum(state.workers)
        + sum(state.city_workers)
        + sum(state.workers_spent)
        + sum(state.workers_converted)
        + START_WORKERS * (MAX_PLAYERS - state.players)
    )
    goods = (
        sum(state.goods_made)
        - sum(state.lab_goods)
        - sum(state.storage_goods)
        - state.warehouse_goods
        - state.seized_goods
        - sum(state.goods_sold)
        - sum(state.goods_lost)
    )
    money = (
        sum(state.money)
        + state.warehouse_money
        + state.seized_money
        + sum(state.paid)
        - sum(state.earned)
        - START_MONEY * state.players
    )
    return {
        "Narcos and network cards": len(places) + agents,
        "distinct Narcos and network cards": len(set(places)) + agents,
        "Cartel cards": len(cartel),
        "distinct Cartel cards": len(set(cartel)),
        "workers": workers,
        "crops": sum(state.crops) + state.crop_supply,
        "goods not accounted for": goods,
        "money not accounted for": money,
    }
