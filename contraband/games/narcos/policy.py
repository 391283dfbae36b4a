"""A fast rule-based player for every Narcos decision: the rollout policy of the searching
agent, and (with a fixed stop rule in place of ``heuristic.should_flip``) the simple agents of
bench/narcos_thresholds.py."""

from __future__ import annotations

from contraband.games.narcos import flipping, network
from contraband.games.narcos.board import (
    CARD_KIND,
    COMMISSION,
    FLEE_SIRENS,
    FLIP,
    INVEST,
    IS_SIREN,
    LEFTOVER,
    MANAGE,
    MAX_CARDS,
    ORDER,
    PAY,
    PEEK,
    PRESSURE,
    PURCHASE,
    RAID,
    REMOVE,
    SELL,
    START,
    SURCHARGE,
    TYPE_KIND,
    TYPE_NAME,
    WORKER,
)
from contraband.games.narcos.heuristic import (
    planned_turn,
    turn_key,
    turn_value,
)
from contraband.games.narcos.worth import CARD_VALUE, investments


def choose(state, labels: list[str], flip_rule) -> str:
    """A sensible choice among ``labels`` for the seat on move; ``flip_rule(state, seat)`` says
    whether to flip on (the stop rule, replaceable by fixed thresholds)."""
    seat = state.current_player
    phase = state.phase
    if phase == START:
        return "flip"
    if phase == FLIP:
        return "flip" if "flip" in labels and flip_rule(state, seat) else "stop"
    if phase == REMOVE:
        return _remove(state, seat, labels)
    if phase == PAY:
        return labels[0] if labels[0].startswith("bribe") else _pay(state, seat, labels)
    if phase == PEEK:
        card = state.top[0]
        if not IS_SIREN[card]:
            return "place the peeked card"  # a gun is an action at no risk
        fatal = flipping.danger(state) + 1 >= FLEE_SIRENS
        go_on = not fatal and flip_rule(state, seat)
        return "place the peeked card" if go_on else "decline the peeked card"
    if phase == ORDER:
        return _order(labels)
    if phase == "bonus":
        return "take 2 Cartel cards"
    if phase == PRESSURE:
        if flipping.danger(state) >= FLEE_SIRENS - 1 and "play Presión" in labels:
            return "play Presión"
        return "pass"
    if phase == RAID:
        return _raid(state, seat, labels)
    if phase == MANAGE:
        return _manage(state, seat, labels)
    if phase == SELL:
        return _sell(state, seat, labels)
    if phase == WORKER:
        return labels[0] if state.workers[seat] > 1 else "keep the worker"
    if phase == LEFTOVER:
        return next((label for label in labels if label.startswith("sell")), "pass")
    if phase == INVEST:
        return _invest(state, seat, labels, 0)
    if phase == PURCHASE:
        return _invest(state, seat, labels, SURCHARGE)
    return labels[0]


def _remove(state, seat: int, labels: list[str]) -> str:
    card = state.pending
    kind = CARD_KIND[card]
    remove = f"remove the {kind}"
    wanted = flipping.danger(state) >= FLEE_SIRENS - 1 or (
        kind == "press" and flipping.table_cards(state) >= MAX_CARDS - 1
    )
    if wanted and remove in labels:
        return remove
    if wanted and "play Reclutamiento" in labels:
        return "play Reclutamiento"
    return f"keep the {kind}"


def _pay(state, seat: int, labels: list[str]) -> str:
    if "pay from the lab" in labels and "pay from storage" in labels:
        return "pay from the lab"
    return labels[0]


def _order(labels: list[str]) -> str:
    for label in labels:
        name = label[len("put ") : -len(" next")]
        if name in TYPE_NAME and TYPE_KIND[TYPE_NAME.index(name)] not in (
            "police",
            "military",
            "press",
            "sapo",
            "dea_action",
            "dea_money",
        ):
            return label
    return labels[0]


def _raid(state, seat: int, labels: list[str]) -> str:
    for label in labels:
        if label.startswith("play Robo on"):
            return label
    for label in labels:
        if label.startswith(("play Sabotaje on", "play Fumigación on")):
            return label
    return "pass"


def _manage(state, seat: int, labels: list[str]) -> str:
    key = turn_key(state, seat)  # what turn_value reads, the same for every choice below
    base = planned_turn(key, state.actions)
    if state.actions > 0:
        best_label, best_value = "end actions", planned_turn(key, 0) - 1e-9
        income = state.pending_income
        for label in labels:
            if label == "produce":  # only the goods and the actions change (network.produce)
                after = planned_turn(_goods(key, network.output(state, seat), 0), state.actions - 1)
                value = after + income - income  # as turn_value(child) + its income, less ours
            elif label == "transport":
                moved = network.shipment(state, seat)
                after = planned_turn(_goods(key, -moved, moved), state.actions - 1)
                value = after + income - income
            elif label.startswith("sell early"):
                child = state.clone().apply(label)
                value = turn_value(child, seat, child.actions) + child.pending_income
                value -= income
            else:
                continue
            if value > best_value + 1e-9:
                best_label, best_value = label, value
        if best_label != "end actions" and best_value >= base - 1e-6:
            return best_label
    more = planned_turn(key, state.actions + 1) - base
    if "play Asalto" in labels and state.warehouse_goods + state.warehouse_money >= 3:
        return "play Asalto"
    if more >= 1.2 and "play Horas extra" in labels:
        return "play Horas extra"
    if more >= CARD_VALUE:
        backs = [label for label in labels if label.endswith("face down")]
        keep = ("Presión", "Robo", "Soborno")
        backs = [label for label in backs if not any(k in label for k in keep)] or backs
        if backs:
            return backs[0]
    if more >= 1.2 and state.workers[seat] > 2 and "spend a worker" in labels:
        return "spend a worker"
    if state.actions > 0:
        for label in ("produce", "transport"):
            if label in labels:
                return label
    return "end actions"


def _goods(key: tuple, lab: int, storage: int) -> tuple:
    """``heuristic.turn_key`` with ``lab`` and ``storage`` goods more (its first two fields):
    producing and transporting change nothing else it reads."""
    return (key[0] + lab, key[1] + storage, *key[2:])


def _sell(state, seat: int, labels: list[str]) -> str:
    units = state.storage_goods[seat]
    for label in labels:
        if "trafficker" in label and "permanent" not in label or label.endswith("contact"):
            return label
    outlet = [label for label in labels if label.startswith("sell")]
    if outlet and units > COMMISSION + 1:
        return outlet[0]
    return "keep the goods"


def _invest(state, seat: int, labels: list[str], surcharge: int) -> str:
    best_label = "pass" if surcharge else "invest nothing"
    best_gain = 0.5
    for label, gain in investments(state, seat, surcharge, state.money[seat]):
        if label in labels and gain > best_gain:
            best_label, best_gain = label, gain
    return best_label
