"""Narcos' "why not?": the reason the seat on move may not make a choice, told from its view.

Every function here reads the mover's own ``view(seat)`` only (see ``contraband.core.explain``):
the table's public facts, the seat's own hand and the cards it has seen. The sentences are in
``why.toml``; each reason names the rules section it comes from (``RULES.md``).
"""

from __future__ import annotations

from typing import Any

from contraband.core.explain import Why
from contraband.games.narcos.board import (
    ADVANCED,
    BONUS,
    CARTEL_NAMES,
    CITIES,
    CONTACT,
    CROP_PRICES,
    CROP_SLOTS,
    FLIP,
    INVEST,
    LEFTOVER,
    MANAGE,
    MAX_CARDS,
    MEANING,
    ORDER,
    PAY,
    PEEK,
    PERMANENT,
    PRESSURE,
    PURCHASE,
    RAID,
    REMOVAL,
    REMOVE,
    SELL,
    SICARIO_COST,
    START,
    SURCHARGE,
    TOTAL_CROPS,
    TYPE_COST,
    TYPE_INDEX,
    TYPE_NAME,
    WORKER,
)
from contraband.games.narcos.why_cards import card_timing, cartel_check
from contraband.games.narcos.why_words import (
    ADVANCED_RULE,
    CARTEL,
    FLIPPING,
    IMPROVE,
    NETWORK,
    OWN_CARDS,
    PHASE_RULE,
    active_word,
    card_word,
    colour_word,
    doing,
    millions,
    mine,
    now,
    sicarios,
)

__all__ = ["colour_word", "doing", "why_not"]

#: the phases whose decision offers each kind of choice
KIND_PHASES = {
    "flip": {START, FLIP},
    "stop": {START, FLIP},
    "round2": {START},
    "remove": {REMOVE},
    "pay": {PAY},
    "bribe": {PAY},
    "peek": {PEEK},
    "bonus": {BONUS},
    "order": {ORDER},
    "hire": OWN_CARDS | {REMOVE, PRESSURE, RAID},
    "pass": {PRESSURE, RAID, LEFTOVER, PURCHASE},
    "produce": {MANAGE},
    "transport": {MANAGE},
    "worker_action": {MANAGE},
    "back": {MANAGE},
    "end_actions": {MANAGE},
    "sell": {MANAGE, SELL, LEFTOVER},
    "keep_goods": {SELL},
    "send": {WORKER},
    "keep_worker": {WORKER},
    "crop": {INVEST},
    "invest_nothing": {INVEST},
    "buy": {INVEST, PURCHASE},
    "cartel": OWN_CARDS | {REMOVE, PRESSURE, RAID},
}
PHASE_2_KINDS = {"produce", "transport", "worker_action", "back", "end_actions", "sell"}


def why_not(view: dict[str, Any], label: str, seat: int) -> Why | None:
    """The reason ``seat`` (on move) may not choose ``label`` now."""
    meaning = MEANING.get(label)
    if meaning is None:
        return Why("bad_input")
    kind, phase = meaning[0], view["phase"]
    if phase not in PHASE_RULE:
        return None
    if phase not in KIND_PHASES.get(kind, ()):
        return _elsewhere(view, kind, meaning, seat) or now(view)
    check = CHECKS.get(kind)
    return check(view, meaning, label, seat) if check else None


# -- a choice of another moment ---------------------------------------------------------------
def _elsewhere(view: dict[str, Any], kind: str, meaning: tuple, seat: int) -> Why | None:
    """A choice the phase does not ask for, when it has a moment of its own worth naming."""
    phase, own = view["phase"], seat == view["active"]
    if kind in ("remove",):
        return Why("remove_when_appears", rule=FLIPPING)
    if kind in ("pay", "bribe"):
        return Why("pay_when_two", rule=FLIPPING)
    if kind == "peek":
        return Why("peek_only_sapo", rule=FLIPPING)
    if kind == "bonus":
        return Why("bonus_when", rule=FLIPPING)
    if kind == "order":
        return Why("order_when", rule=CARTEL)
    if kind == "round2":
        return Why("round2_when", rule="game-end")
    if kind in ("send", "keep_worker"):
        if view["mode"] != ADVANCED:
            return Why("send_advanced_only", rule=ADVANCED_RULE)
        return Why("send_when", rule=ADVANCED_RULE)
    if not own:
        if kind == "crop" and phase == PURCHASE:
            return Why("crop_own_turn", rule=IMPROVE)
        return None
    if kind == "flip" and phase in (MANAGE, SELL, WORKER, INVEST):
        return Why("flip_over", rule=FLIPPING)
    if kind in PHASE_2_KINDS and phase in (START, FLIP):
        return Why("phase2_later", rule=NETWORK)
    if kind in ("buy", "crop", "invest_nothing") and phase in (START, FLIP, MANAGE, SELL):
        return Why("phase3_later", rule=IMPROVE)
    if kind == "cartel" and phase in (SELL, WORKER, PAY, PEEK, BONUS, ORDER):
        return card_timing(view, meaning[1]) or None
    return None


# -- the checks within a phase that asks for the kind -----------------------------------------
def _stop(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    return Why("flip_one", rule=FLIPPING) if view["phase"] == START else None


def _round2(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    if view["round"] != 1:
        return Why("round2_started", rule="game-end")
    if view["deck"] >= MAX_CARDS:
        return Why("round2_deck", {"n": view["deck"], "most": MAX_CARDS - 1}, "game-end")
    return None


def _remove(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    pending = view["pending"]
    named = label.rsplit(" ", 1)[1]
    if pending and named != pending:
        return Why("remove_other", {"card": card_word(pending)}, FLIPPING)
    if pending and meaning[1]:
        need, have = REMOVAL[pending], mine(view, seat)["sicarios"]
        if have < need:
            params = {"card": card_word(pending), "need": sicarios(need), "have": sicarios(have)}
            return Why("remove_sicarios", params, FLIPPING)
    return None


def _pay(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    card = view["pay_queue"][0] if view["pay_queue"] else None
    if card is None:
        return None
    me, word = mine(view, seat), card_word(card)
    if meaning[0] == "bribe":
        if label.rsplit(" ", 1)[1] != card:
            return Why("pay_other", {"card": word}, FLIPPING)
        held = "Soborno" in view["hand"]
        return None if held else Why("bribe_soborno", {"card": word}, CARTEL)
    how = meaning[1]
    goods = me["lab"]["goods"] + me["storage"]["goods"]
    if how in ("lab", "storage"):
        if card == "military":
            return Why("military_money", rule=FLIPPING)
        place = me["lab"] if how == "lab" else me["storage"]
        return None if place["goods"] else Why(f"pay_no_goods_{how}", rule=FLIPPING)
    if how == "money":
        if card == "police" and goods:
            return Why("police_goods", rule=FLIPPING)
        return Why("pay_no_money", {"money": millions(me["money"])}, FLIPPING)
    return Why("must_pay", {"card": word}, FLIPPING)


def _peek(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    return None


def _order(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    name = TYPE_NAME[meaning[1]]
    looking = view["looking"] if isinstance(view["looking"], list) else []
    if name not in looking:
        return Why("order_not_seen", {"card": card_word(name)}, CARTEL)
    return None


def _hire(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    me = mine(view, seat)
    if not me["workers"]:
        return Why("hire_no_worker", rule="network-management")
    if me["money"] < SICARIO_COST:
        return Why(
            "hire_money",
            {"cost": millions(SICARIO_COST), "money": millions(me["money"])},
            "network-management",
        )
    if view["phase"] == REMOVE and view["pending"]:
        return Why("remove_enough", {"card": card_word(view["pending"])}, FLIPPING)
    return None


def _actions(view: dict[str, Any]) -> Why | None:
    return None if view["actions"] > 0 else Why("no_actions", rule=NETWORK)


def _produce(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    return _actions(view)


def _transport(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    me = mine(view, seat)
    if not me["lab"]["goods"]:
        return Why("transport_no_goods", rule=NETWORK)
    store = me["storage"]
    if store["goods"] >= store["capacity"]:
        params = {"goods": store["goods"], "capacity": store["capacity"]}
        return Why("storage_full", params, NETWORK)
    return _actions(view)


def _worker_action(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    return None if mine(view, seat)["workers"] else Why("no_workers", rule=NETWORK)


def _back(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    name = CARTEL_NAMES[meaning[1]]
    return None if name in view["hand"] else Why("no_card", {"card": name}, CARTEL)


def _sell(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    phase, early = view["phase"], meaning[2]
    if phase == MANAGE and not early:
        return Why("sale_is_early", rule=NETWORK)
    if phase == SELL and early:
        return Why("sale_is_end", rule=NETWORK)
    if phase == LEFTOVER and early:
        return now(view)
    if not mine(view, seat)["storage"]["goods"]:
        return Why("storage_empty", rule=NETWORK)
    refused = _buyer(view, meaning, seat)
    if refused is None and phase == MANAGE:
        return _actions(view)
    return refused


def _buyer(view: dict[str, Any], meaning: tuple, seat: int) -> Why | None:
    """Why the buyer a sale label names does not buy from ``seat`` now."""
    buyer, advanced = meaning[1], view["mode"] == ADVANCED
    if seat != view["active"]:
        if buyer >= PERMANENT:
            return Why("leftover_traffickers", {"active": active_word(view)}, NETWORK)
        return _trafficker(view, buyer, "trafficker_absent_other")
    if len(meaning) > 3:  # "sell in <city> at -2"
        if not advanced:
            return Why("outlet_basic", rule=NETWORK)
        outlet = _outlet_city(view)
        if CITIES[meaning[3]] != outlet:
            return Why("outlet_city", {"city": outlet, "named": CITIES[meaning[3]]}, ADVANCED_RULE)
        return Why("outlet_used", rule=ADVANCED_RULE) if view["outlet_used"] else None
    if buyer == PERMANENT:
        if advanced:
            return Why("permanent_advanced", {"city": _outlet_city(view)}, ADVANCED_RULE)
        if view["outlet_used"]:
            return Why("permanent_used", rule=NETWORK)
        if view["traffickers"]:
            return Why("permanent_last", rule=NETWORK)
        return None
    if buyer == CONTACT:
        if view["contact"] is None:
            return Why("no_contact", rule=CARTEL)
        return Why("contact_used", rule=CARTEL)
    return _trafficker(view, buyer, "trafficker_absent")


def _trafficker(view: dict[str, Any], city: int, absent: str) -> Why | None:
    name = f"{CITIES[city]} trafficker"
    if name in view["traffickers"]:
        return None
    on_line = any(c["card"] == name for c in view["timeline"])
    key = "trafficker_used" if on_line else absent
    return Why(key, {"city": CITIES[city], "active": active_word(view)}, NETWORK)


def _outlet_city(view: dict[str, Any]) -> str:
    return next((c["name"] for c in view.get("cities", []) if c["token"] == "-2"), CITIES[0])


def _crop(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    me = mine(view, seat)
    if me["crops"] >= CROP_SLOTS:
        return Why("plantation_full", {"n": CROP_SLOTS}, IMPROVE)
    if sum(p["crops"] for p in view["players"]) >= TOTAL_CROPS:
        return Why("no_crops_left", rule=IMPROVE)
    price = CROP_PRICES[max(0, me["crops"] - 1)]
    if me["money"] < price:
        params = {"price": millions(price), "money": millions(me["money"])}
        return Why("crop_money", params, IMPROVE)
    return None


def _buy(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    name = TYPE_NAME[meaning[1]]
    if not any(c["card"] == name for c in view["timeline"]):
        return Why("buy_absent", {"card": card_word(name)}, IMPROVE)
    leftover = seat != view["active"]
    price = TYPE_COST[TYPE_INDEX[name]] + (SURCHARGE if leftover else 0)
    money = mine(view, seat)["money"]
    if money < price:
        params = {"card": card_word(name), "price": millions(price), "money": millions(money)}
        return Why("buy_money_late" if leftover else "buy_money", params, IMPROVE)
    return None


def _send(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    return Why("send_city", rule=ADVANCED_RULE)


CHECKS = {
    "send": _send,
    "stop": _stop,
    "round2": _round2,
    "remove": _remove,
    "pay": _pay,
    "bribe": _pay,
    "peek": _peek,
    "order": _order,
    "hire": _hire,
    "produce": _produce,
    "transport": _transport,
    "worker_action": _worker_action,
    "back": _back,
    "sell": _sell,
    "crop": _crop,
    "buy": _buy,
    "cartel": cartel_check,
}
