"""Step 6, getting ready for the next turn: full province cards and new food (with the Mexican
market); the next mountie is turned up when the turn starts (choosing.start). Also the optional
random mounties between rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.action import Action
from contraband.games.nacho_incident.board import (
    CARD_DEMANDS,
    CARD_FOODS,
    CARD_NAME,
    FOODS,
    MARKET,
    MARKET_PRICE,
    MOUNTIE_NAME,
    NPROV,
    PROVINCES,
    RESTOCK_ACTION,
    SELL_ACTION,
    SLOTS,
    TURNS_PER_ROUND,
)
from contraband.games.nacho_incident.draw import draw_cubes, insert_sorted, sample

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def full_provinces(state: NachoState) -> None:
    """A card with every slot filled returns its cubes to the bag and goes under its deck."""
    slots = state.slots
    if sum(slots) < SLOTS:  # most turns: no card can be full
        return
    for p in range(NPROV):
        base = p * SLOTS
        if not all(slots[base : base + SLOTS]):
            continue
        card = state.prov_up[p]
        for food in CARD_FOODS[card]:
            insert_sorted(state.bag, food)
        state.slots[base : base + SLOTS] = [0] * SLOTS
        state.prov_under[p].append(card)
        state.note("full", PROVINCES[p], CARD_NAME[card])
        if state.prov_unseen[p]:
            up = state.prov_up[p] = sample(state.prov_unseen[p], state.rng)
            state.note("card_up", PROVINCES[p], CARD_NAME[up], CARD_DEMANDS[up])
        else:
            up = state.prov_up[p] = state.prov_under[p].pop(0)
            state.note("card_back", PROVINCES[p], CARD_NAME[up], CARD_DEMANDS[up])


def start_market(state: NachoState) -> None:
    state.phase = MARKET
    state.seq = 0
    state.current_player = state.gem


def market_actions(state: NachoState) -> list[Action]:
    """Restock, or sell one of the foods in the warehouse (each food once, in food order)."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    actions = [RESTOCK_ACTION[seat]]
    sell = SELL_ACTION[seat]
    last = -1
    for food in state.warehouses[seat]:  # sorted: equal foods are neighbours
        if food != last:
            actions.append(sell[food])
            last = food
    return actions


def sell(state: NachoState, food: int) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.warehouses[seat].remove(food)
    insert_sorted(state.set_aside, food)
    state.gold[seat] += MARKET_PRICE
    state.sales[seat] += MARKET_PRICE
    state.note("sell", seat, FOODS[food], MARKET_PRICE)


def restock(state: NachoState) -> bool:
    """Draw back up to the warehouse size; True when every seat has restocked."""
    seat: int = state.current_player  # type: ignore[assignment]  # a seat is on move
    state.note("restock", seat)
    draw_cubes(state, seat)
    state.seq += 1
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    if state.set_aside:  # sold cubes go back only after everyone has drawn
        state.note("sold_back", [FOODS[f] for f in state.set_aside])
        for food in state.set_aside:
            insert_sorted(state.bag, food)
        state.set_aside.clear()
    return True


def new_round_pool(state: NachoState) -> None:
    """Random mounties: after a round, removed mounties are shuffled back for the next rounds."""
    if state.turn % TURNS_PER_ROUND != TURNS_PER_ROUND - 1:
        return
    if state.options.get("random_mounties") and state.mountie_out:
        state.note("mounties_back", [MOUNTIE_NAME[m] for m in state.mountie_out])
        for m in state.mountie_out:
            insert_sorted(state.mountie_pool, m)
        state.mountie_out.clear()
