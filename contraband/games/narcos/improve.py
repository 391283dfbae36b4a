"""Phase 3: improvements (rulebook page 10; RULES.md D31-D33).

One investment: a crop on the Plantation at its printed price, or one Laboratory, Transport or
Storage card from the timeline at its cost. The bought card replaces the player's card of its
kind, the goods stay with the player (a smaller storage loses what does not fit, D32) and the
old card goes to the discards. Then the other players, in turn order, may each buy one upgrade
card still on the timeline for its cost plus 1 million. Then the turn ends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypeVar

from contraband.games.narcos import cartel, deck, flow
from contraband.games.narcos.board import (
    CARD_CAPACITY,
    CARD_COST,
    CARD_KIND,
    CARD_NAME,
    CARD_TYPE,
    CROP_PRICES,
    CROP_SLOTS,
    INVEST,
    LABEL,
    OTHERS,
    PURCHASE,
    SICARIO_COST,
    SURCHARGE,
    TYPE_NAME,
    UPGRADE_COST,
)
from contraband.games.narcos.ledger import lose_storage, spend

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

T = TypeVar("T")


_UPGRADE_COST = UPGRADE_COST.__getitem__


def start(state: NarcosState) -> None:
    state.phase = INVEST
    state.current_player = state.active


def crop_price(state: NarcosState, seat: int) -> int:
    """The price of ``seat``'s next crop (0: the Plantation is full)."""
    crops = state.crops[seat]
    if crops >= CROP_SLOTS or state.crop_supply <= 0:
        return 0
    return CROP_PRICES[max(0, crops - 1)]


def upgrade_types(state: NarcosState, seat: int, surcharge: int) -> list[int]:
    """Card types on the timeline that ``seat`` can afford, in type order."""
    money = state.money[seat] - surcharge
    types = [CARD_TYPE[c] for c in state.timeline if UPGRADE_COST[c] <= money]
    return sorted(set(types)) if len(types) > 1 else types


#: per card type: the label of buying it
BUY_LABEL: tuple[str, ...] = tuple(f"buy {name}" for name in TYPE_NAME)


def labels(state: NarcosState) -> list[str]:
    return actions(state, LABEL)


def actions(state: NarcosState, table: Mapping[str, T]) -> list[T]:
    """The investment's choices as ``table`` gives each label (see ``network.actions``)."""
    seat = state.active
    found = []
    price = crop_price(state, seat)
    if price and state.money[seat] >= price:
        found.append(table["plant a crop"])
    if state.timeline:
        found += [table[BUY_LABEL[t]] for t in upgrade_types(state, seat, 0)]
    found.append(table["invest nothing"])
    if state.hands[seat]:
        found += map(table.__getitem__, cartel.own_labels(state, seat))
    if state.workers[seat] > 0 and state.money[seat] >= SICARIO_COST:
        found.append(table["hire a sicario"])
    return found


def plant(state: NarcosState) -> None:
    seat = state.active
    price = crop_price(state, seat)
    spend(state, seat, price)
    state.crops[seat] += 1
    state.crop_supply -= 1
    state.note("crop", seat, state.crops[seat], price)
    open_purchases(state)


def buy(state: NarcosState, card_type: int) -> None:
    """The seat on move buys a card of ``card_type`` from the timeline."""
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    leftover = seat != state.active
    card = next(c for c in state.timeline if CARD_TYPE[c] == card_type)
    price = CARD_COST[card] + (SURCHARGE if leftover else 0)
    spend(state, seat, price)
    state.timeline.remove(card)
    kind = CARD_KIND[card]
    if kind == "lab":
        old, state.lab_card[seat] = state.lab_card[seat], card
    elif kind == "transport":
        old, state.transport_card[seat] = state.transport_card[seat], card
    else:
        old, state.storage_card[seat] = state.storage_card[seat], card
    deck.discard(state, old)
    lost = max(0, state.storage_goods[seat] - CARD_CAPACITY[state.storage_card[seat]])
    if kind == "storage" and lost:
        lose_storage(state, seat, lost)
    state.note(
        "buy",
        seat,
        CARD_NAME[card],
        price,
        CARD_NAME[old],
        lost if kind == "storage" else 0,
        leftover,
    )
    if leftover:
        state.ask.pop(0)
        next_purchase(state)
    else:
        open_purchases(state)


def invest_nothing(state: NarcosState) -> None:
    state.note("invest_nothing", state.active)
    open_purchases(state)


# -- leftover purchases by the other players --------------------------------------------------
def open_purchases(state: NarcosState) -> None:
    state.ask = list(OTHERS[state.players][state.active])
    state.phase = PURCHASE
    next_purchase(state)


def next_purchase(state: NarcosState) -> None:
    ask = state.ask
    if ask and state.timeline:
        # the cheapest upgrade on the timeline: a seat that cannot pay it has nothing to buy
        limit = min(map(_UPGRADE_COST, state.timeline)) + SURCHARGE
        money = state.money
        while ask:
            seat = ask[0]
            if money[seat] >= limit:
                state.current_player = seat
                return
            ask.pop(0)
    ask.clear()
    flow.end_turn(state)


def purchase_labels(state: NarcosState) -> list[str]:
    seat = state.ask[0]
    found = [BUY_LABEL[t] for t in upgrade_types(state, seat, SURCHARGE)]
    found.append("pass")
    return found


def purchase_pass(state: NarcosState) -> None:
    state.note("pass", state.ask.pop(0), "the cards left")
    next_purchase(state)
