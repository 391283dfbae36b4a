"""Step 6, getting ready for the next turn: full province cards, new food (with the Mexican
market) and the next mountie. Also the optional random mounties between rounds."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.nacho_incident.board import (
    CARD_FOODS,
    COLOURS,
    FOODS,
    MARKET,
    MARKET_PRICE,
    NPROV,
    PROVINCES,
    SELL_LABEL,
    SLOTS,
    TURNS_PER_ROUND,
    WAREHOUSE,
    mountie_text,
)
from contraband.games.nacho_incident.draw import draw_cube, insert_sorted, note, sample

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def full_provinces(state: NachoState) -> None:
    """A card with every slot filled returns its cubes to the bag and goes under its deck."""
    for p in range(NPROV):
        base = p * SLOTS
        if not all(state.slots[base : base + SLOTS]):
            continue
        card = state.prov_up[p]
        for food in CARD_FOODS[card]:
            insert_sorted(state.bag, food)
        state.slots[base : base + SLOTS] = [0] * SLOTS
        state.prov_under[p].append(card)
        if state.prov_unseen[p]:
            state.prov_up[p] = sample(state.prov_unseen[p], state.rng)
        else:
            state.prov_up[p] = state.prov_under[p].pop(0)
        note(
            state, f"{PROVINCES[p]}'s card is full: its cubes go back to the bag, a new card is up."
        )


def start_market(state: NachoState) -> None:
    state.phase = MARKET
    state.seq = 0
    state.current_player = state.gem


def market_labels(state: NachoState) -> list[str]:
    return ["restock"] + [
        SELL_LABEL[f] for f in sorted(set(state.warehouses[state.current_player]))
    ]


def sell(state: NachoState, food: int) -> None:
    seat = state.current_player
    state.warehouses[seat].remove(food)
    insert_sorted(state.set_aside, food)
    state.gold[seat] += MARKET_PRICE
    note(state, f"{COLOURS[seat]} sells {FOODS[food]} on the Mexican market.")


def restock(state: NachoState) -> bool:
    """Draw back up to the warehouse size; True when every seat has restocked."""
    seat = state.current_player
    house = state.warehouses[seat]
    while len(house) < WAREHOUSE:
        cube = draw_cube(state)
        if cube < 0:
            break
        insert_sorted(house, cube)
    state.seq += 1
    if state.seq < state.players:
        state.current_player = (state.gem + state.seq) % state.players
        return False
    for food in state.set_aside:  # sold cubes go back only after everyone has drawn
        insert_sorted(state.bag, food)
    state.set_aside.clear()
    return True


def new_round_pool(state: NachoState) -> None:
    """Random mounties: after a round, removed mounties are shuffled back for the next rounds."""
    if state.turn % TURNS_PER_ROUND != TURNS_PER_ROUND - 1:
        return
    if state.options.get("random_mounties") and state.mountie_out:
        for m in state.mountie_out:
            insert_sorted(state.mountie_pool, m)
        state.mountie_out.clear()
        note(state, "The removed mounties are shuffled back for the next round.")


def turn_up_mountie(state: NachoState) -> None:
    """The turn's mountie; with blind smuggling it stays face down until the first player takes
    it, which is the same as drawing it then."""
    if state.options.get("blind_smuggling"):
        state.mountie_up = -1
        return
    state.mountie_up = sample(state.mountie_pool, state.rng)
    note(state, f"Mountie {mountie_text(state.mountie_up)} is turned up.")
