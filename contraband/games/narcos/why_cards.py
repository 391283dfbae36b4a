"""Narcos' "why not?" for the Cartel cards' faces: the card in hand, its moment, its price
and its target, read from the mover's view (``why.py`` asks)."""

from __future__ import annotations

from typing import Any

from contraband.core.explain import Why
from contraband.games.narcos.board import (
    ADVANCED,
    ANY_TIME,
    ASALTO,
    ATTACKS,
    CARTEL_MONEY,
    CARTEL_NAMES,
    CARTEL_SICARIOS,
    CHIVATAZO,
    COLOURS,
    CONTACTO,
    FUMIGACION,
    HORAS,
    MANAGE,
    PRESION,
    PRESSURE,
    RAID,
    RECLUTAMIENTO,
    REMOVAL,
    REMOVE,
    ROBO,
    SABOTAJE,
    START,
)
from contraband.games.narcos.why_words import (
    ADVANCED_RULE,
    CARTEL,
    FLIPPING,
    OWN_CARDS,
    card_cost,
    card_word,
    colour_word,
    millions,
    mine,
    now,
    sicarios,
)


# -- Cartel faces -----------------------------------------------------------------------------
def cartel_check(view: dict[str, Any], meaning: tuple, label: str, seat: int) -> Why | None:
    kind, arg = meaning[1], meaning[2]
    name, phase, me = CARTEL_NAMES[kind], view["phase"], mine(view, seat)
    if kind == ASALTO and view["mode"] != ADVANCED:
        return Why("asalto_basic", rule=CARTEL)
    if name not in view["hand"]:
        return Why("no_card", {"card": name}, CARTEL)
    timing = card_timing(view, kind)
    if timing is not None:
        return timing
    pending = view["pending"]
    if kind == RECLUTAMIENTO and phase == REMOVE and pending and me["sicarios"] >= REMOVAL[pending]:
        return Why("remove_enough", {"card": card_word(view["pending"])}, FLIPPING)
    if kind == CONTACTO:
        if view["contact"] is not None:
            return Why("contact_again", rule=CARTEL)
        if (view["mode"] == ADVANCED) != (arg >= 0):
            key = "contact_city" if view["mode"] == ADVANCED else "contact_no_city"
            return Why(key, rule=CARTEL)
    if me["money"] < CARTEL_MONEY[kind] or me["sicarios"] < CARTEL_SICARIOS[kind]:
        params = {
            "card": name,
            "cost": card_cost(kind),
            "money": millions(me["money"]),
            "sicarios": sicarios(me["sicarios"]),
        }
        return Why("card_cost", params, CARTEL)
    if kind in ATTACKS:
        return target_check(view, kind, arg, seat)
    if kind == ASALTO and not (view["warehouse"]["goods"] or view["warehouse"]["money"]):
        return Why("warehouse_empty", rule=ADVANCED_RULE)
    if kind == CHIVATAZO and not view["deck"]:
        return Why("deck_empty", rule=CARTEL)
    return None


def card_timing(view: dict[str, Any], kind: int) -> Why | None:
    """When a card's face may be played, if not in this phase."""
    phase, name = view["phase"], CARTEL_NAMES[kind]
    if kind == PRESION:
        return None if phase == PRESSURE else Why("presion_when", rule=CARTEL)
    if phase == PRESSURE:
        return now(view)
    if kind == CHIVATAZO:
        return None if phase == START else Why("chivatazo_when", rule=CARTEL)
    if kind in (HORAS, CONTACTO):
        return None if phase == MANAGE else Why("phase2_card", {"card": name}, CARTEL)
    if kind == ASALTO:
        return None if phase in OWN_CARDS else Why("asalto_when", rule=CARTEL)
    if kind in ANY_TIME:
        if phase == REMOVE:
            return None if kind == RECLUTAMIENTO else now(view)
        return None if phase in OWN_CARDS | {RAID} else Why("any_time_when", {"card": name}, CARTEL)
    return Why("bribe_when", rule=CARTEL)  # Soborno: only as a payment's bribe


def target_check(view: dict[str, Any], kind: int, target: int, seat: int) -> Why:
    name = CARTEL_NAMES[kind]
    if target == seat:
        return Why("target_self", {"card": name}, CARTEL)
    if target >= len(view["players"]):
        return Why("target_absent", {"target": colour_word(COLOURS[target])}, CARTEL)
    rival = view["players"][target]
    params = {"card": name, "target": colour_word(rival["colour"])}
    if kind == FUMIGACION:
        return Why("target_crops", params, CARTEL)
    if kind == SABOTAJE:
        return Why("target_lab", params, CARTEL)
    store = mine(view, seat)["storage"]
    if kind == ROBO and store["goods"] >= store["capacity"]:
        return Why("robo_room", params, CARTEL)
    return Why("target_storage", params, CARTEL)
