"""The decisions: which labels are legal in each phase, and what each one does."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from contraband.core.action import Action, action_table
from contraband.games.narcos import (
    cartel,
    dangers,
    deck,
    flipping,
    improve,
    network,
    sales,
)
from contraband.games.narcos.board import (
    BONUS,
    CARD_KIND,
    CARD_REMOVAL,
    CITIES,
    FLIP,
    INVEST,
    LEFTOVER,
    MANAGE,
    MAX_CARDS,
    MAX_PLAYERS,
    MEANING,
    ORDER,
    PAY,
    PEEK,
    PRESSURE,
    PURCHASE,
    RAID,
    RECLUTAMIENTO,
    REMOVAL,
    REMOVE,
    SELL,
    SICARIO_COST,
    START,
    WORKER,
)
from contraband.games.narcos.ledger import hire

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

ACTIONS = action_table(MAX_PLAYERS, list(MEANING))


def _start_labels(state: NarcosState) -> list[str]:
    seat = state.active
    labels = ["flip"]
    if state.round == 1 and len(state.deck) + len(state.top) < MAX_CARDS:
        labels.append("start round 2")
    if state.hands[seat]:
        labels += cartel.own_labels(state, seat)
    labels += cartel.hire_label(state, seat)
    return labels


def _flip_labels(state: NarcosState) -> list[str]:
    seat = state.active
    labels = ["stop", "flip"]
    if state.hands[seat]:
        labels += cartel.own_labels(state, seat)
    labels += cartel.hire_label(state, seat)
    return labels


def _remove_labels(state: NarcosState) -> list[str]:
    seat, card = state.active, state.pending
    cost = CARD_REMOVAL[card]
    if state.sicarios[seat] >= cost:
        return [REMOVE_LABEL[card], KEEP_LABEL[card]]
    labels = [KEEP_LABEL[card]]
    if cartel.count(state, seat, RECLUTAMIENTO) and cartel.affordable(state, seat, RECLUTAMIENTO):
        labels.append("play Reclutamiento")
    labels += cartel.hire_label(state, seat)
    return labels


#: per card: the labels of the removal decision; per city: where a worker may be sent
REMOVE_LABEL: tuple[str, ...] = tuple(f"remove the {kind}" for kind in CARD_KIND)
KEEP_LABEL: tuple[str, ...] = tuple(f"keep the {kind}" for kind in CARD_KIND)
SEND_LABEL: tuple[str, ...] = tuple(f"send a worker to {city}" for city in CITIES)


def _worker_labels(state: NarcosState) -> list[str]:
    return [SEND_LABEL[state.worker_city], "keep the worker"]


LABELS = {
    START: _start_labels,
    FLIP: _flip_labels,
    REMOVE: _remove_labels,
    PAY: dangers.labels,
    PEEK: lambda state: ["place the peeked card", "decline the peeked card"],
    ORDER: cartel.order_labels,
    BONUS: lambda state: ["take a sicario", "take 2 Cartel cards"],
    PRESSURE: cartel.window_labels,
    MANAGE: network.labels,
    RAID: cartel.window_labels,
    SELL: sales.sell_labels,
    WORKER: _worker_labels,
    LEFTOVER: sales.leftover_labels,
    INVEST: improve.labels,
    PURCHASE: improve.purchase_labels,
}


def _can_hire(state: NarcosState, seat: int) -> bool:
    return state.workers[seat] > 0 and state.money[seat] >= SICARIO_COST


def legal_actions(state: NarcosState) -> list[Action]:
    table = ACTIONS[state.current_player]  # type: ignore[index]  # None only when over
    phase = state.phase
    # the flip decisions of a seat without Cartel cards, built straight from the table (the
    # commonest decisions of random play; the same actions as their labels give)
    if phase == FLIP and not state.hands[state.active]:
        if _can_hire(state, state.active):
            return [table["stop"], table["flip"], table["hire a sicario"]]
        return [table["stop"], table["flip"]]
    if (
        phase == START
        and not state.hands[state.active]
        and (state.round == 2 or len(state.deck) + len(state.top) >= MAX_CARDS)
    ):
        if _can_hire(state, state.active):
            return [table["flip"], table["hire a sicario"]]
        return [table["flip"]]
    if phase == MANAGE:
        return network.actions(state, table)
    if phase == INVEST:
        return improve.actions(state, table)
    return list(map(table.__getitem__, LABELS[phase](state)))


#: labels whose action needs nothing but the state
SIMPLE: dict[str, Callable[[NarcosState], None]] = {
    "flip": flipping.flip,
    "stop": flipping.stop,
    "end actions": network.end_actions,
    "invest nothing": improve.invest_nothing,
    "produce": network.produce,
    "transport": network.transport,
    "spend a worker": network.spend_worker,
    "keep the goods": sales.keep_goods,
    "plant a crop": improve.plant,
    "place the peeked card": partial(flipping.answer_peek, place=True),
    "decline the peeked card": partial(flipping.answer_peek, place=False),
}
for _kind in REMOVAL:
    SIMPLE[f"remove the {_kind}"] = flipping.remove
    SIMPLE[f"keep the {_kind}"] = flipping.keep


def apply(state: NarcosState, action: Action) -> None:
    label = action[1]
    simple = SIMPLE.get(label)
    if simple is not None:
        simple(state)
        return
    meaning = MEANING[label]
    kind = meaning[0]
    seat = action.player
    phase = state.phase
    if kind == "flip":
        flipping.flip(state)
    elif kind == "stop":
        flipping.stop(state)
    elif kind == "round2":
        deck.build_round_two(state, early=True)
    elif kind == "remove":
        flipping.remove(state) if meaning[1] else flipping.keep(state)
    elif kind in ("pay", "bribe"):
        dangers.settle(state, dangers.BRIBE if kind == "bribe" else meaning[1])
        flipping.continue_payments(state)
    elif kind == "peek":
        flipping.answer_peek(state, meaning[1])
    elif kind == "bonus":
        flipping.take_bonus(state, meaning[1] == "sicario")
    elif kind == "order":
        cartel.put_next(state, meaning[1])
    elif kind == "hire":
        hire(state, seat)
    elif kind == "pass":
        _pass(state, seat)
    elif kind == "produce":
        network.produce(state)
    elif kind == "transport":
        network.transport(state)
    elif kind == "worker_action":
        network.spend_worker(state)
    elif kind == "back":
        cartel.back(state, seat, meaning[1])
    elif kind == "end_actions":
        network.end_actions(state)
    elif kind == "sell":
        buyer, city = sales.buyer_of(state, meaning)
        if meaning[2]:
            network.early_sale(state, buyer, city)
        else:
            sales.sell(state, seat, buyer, city)
    elif kind == "keep_goods":
        sales.keep_goods(state)
    elif kind in ("send", "keep_worker"):
        sales.send_worker(state, kind == "send")
    elif kind == "crop":
        improve.plant(state)
    elif kind == "buy":
        improve.buy(state, meaning[1])
    elif kind == "invest_nothing":
        improve.invest_nothing(state)
    elif kind == "cartel":
        _play(state, seat, meaning[1], meaning[2], phase)


def _pass(state: NarcosState, seat: int) -> None:
    phase = state.phase
    if phase == LEFTOVER:
        sales.leftover_pass(state)
    elif phase == PURCHASE:
        improve.purchase_pass(state)
    else:  # PRESSURE or RAID
        state.note("pass", state.ask.pop(0), "Presión" if phase == PRESSURE else "the raid")
        _next_in_window(state)


def _next_in_window(state: NarcosState) -> None:
    """The window moves on; when nobody is left to ask, the turn carries on."""
    if cartel.next_asked(state):
        return
    if state.phase == PRESSURE:
        flipping.decide(state)
    else:
        sales.end_sale(state)


def _play(state: NarcosState, seat: int, kind: int, arg: int, phase: str) -> None:
    cartel.play(state, seat, kind, arg)
    if phase == PRESSURE:
        state.ask = []  # one pressure is enough: the next flip is forced
        flipping.flip(state)
    elif phase == RAID:
        _next_in_window(state)  # the same seat may play on while it can
