"""Narcos' "why not?" words: card and seat names in both languages, amounts, the rules
section of each phase, and what a phase asks of the seat on move (``why.py`` uses them)."""

from __future__ import annotations

from typing import Any

from contraband.core.explain import Why
from contraband.games.narcos.board import (
    BONUS,
    CARTEL_MONEY,
    CARTEL_SICARIOS,
    FLIP,
    INVEST,
    LEFTOVER,
    MANAGE,
    ORDER,
    PAY,
    PEEK,
    PRESSURE,
    PURCHASE,
    RAID,
    REMOVE,
    SELL,
    START,
    WORKER,
)

FLIPPING, NETWORK, IMPROVE = "flipping", "network-management", "improvements"
CARTEL, ADVANCED_RULE = "cartel-cards", "advanced-mode"

#: the rules section of each phase's decision
PHASE_RULE = {
    START: FLIPPING,
    FLIP: FLIPPING,
    REMOVE: FLIPPING,
    PAY: FLIPPING,
    PEEK: FLIPPING,
    ORDER: CARTEL,
    BONUS: FLIPPING,
    PRESSURE: CARTEL,
    MANAGE: NETWORK,
    RAID: CARTEL,
    SELL: NETWORK,
    WORKER: ADVANCED_RULE,
    LEFTOVER: NETWORK,
    INVEST: IMPROVE,
    PURCHASE: IMPROVE,
}
#: the phases whose decision offers the own-turn Cartel faces
OWN_CARDS = {START, FLIP, MANAGE, INVEST}

_CARD_NL = {
    "basic lab": "eenvoudig laboratorium",
    "lab": "laboratorium",
    "truck": "vrachtwagen",
    "boat": "boot",
    "plane": "vliegtuig",
    "press": "pers",
    "sapo": "sapo",
    "police": "politie",
    "military": "militair",
    "DEA action agent": "DEA-actie-agent",
    "DEA money agent": "DEA-geld-agent",
}
_COLOUR_NL = {"red": "rood", "green": "groen", "yellow": "geel", "blue": "blauw"}


def card_word(name: str) -> dict[str, str]:
    """A Narcos card's name in both languages ("storage 8": "opslag 8")."""
    if name.startswith("storage "):
        return {"en": name, "nl": "opslag " + name.split(" ", 1)[1]}
    if name.endswith(" trafficker"):
        return {"en": name, "nl": "handelaar uit " + name[: -len(" trafficker")]}
    return {"en": name, "nl": _CARD_NL.get(name, name)}


def colour_word(colour: str) -> dict[str, str]:
    return {"en": colour, "nl": _COLOUR_NL.get(colour, colour)}


def _count(n: int, one: tuple[str, str], many: tuple[str, str]) -> dict[str, str]:
    words = one if n == 1 else many
    return {"en": f"{n} {words[0]}", "nl": f"{n} {words[1]}"}


def sicarios(n: int) -> dict[str, str]:
    return _count(n, ("sicario", "sicario"), ("sicarios", "sicarios"))


def millions(n: int) -> dict[str, str]:
    return {"en": f"{n} million", "nl": f"{n} miljoen"}


def card_cost(kind: int) -> dict[str, str]:
    parts = []
    if CARTEL_MONEY[kind]:
        parts.append(millions(CARTEL_MONEY[kind]))
    if CARTEL_SICARIOS[kind]:
        parts.append(sicarios(CARTEL_SICARIOS[kind]))
    return {lang: " + ".join(part[lang] for part in parts) for lang in ("en", "nl")}


def mine(view: dict[str, Any], seat: int) -> dict[str, Any]:
    return view["players"][seat]


def active_word(view: dict[str, Any]) -> dict[str, str]:
    return colour_word(view["players"][view["active"]]["colour"])


def doing(view: dict[str, Any]) -> Why | None:
    """What the seat on move is deciding, as every seat may know it."""
    phase = view["phase"]
    if phase not in PHASE_RULE:
        return None
    return Why(f"deciding_{phase}", rule=PHASE_RULE[phase])


def now(view: dict[str, Any]) -> Why:
    """What the phase asks of the mover now."""
    phase = view["phase"]
    params: dict[str, Any] = {"active": active_word(view)}
    if phase == REMOVE and view["pending"]:
        params["card"] = card_word(view["pending"])
    if phase == PAY and view["pay_queue"]:
        params["card"] = card_word(view["pay_queue"][0])
    return Why(f"now_{phase}", params, PHASE_RULE.get(phase))
