"""Narcos' static components for ``Game.catalog()``, each section with its source from
data.toml, and what every action label means (``ACTION_INFO``, built once)."""

from __future__ import annotations

from typing import Any

from contraband.games.narcos.board import (
    BUYER_NAME,
    CARTEL_KEYS,
    CARTEL_MONEY,
    CARTEL_NAMES,
    CARTEL_SICARIOS,
    CARTEL_WHEN,
    CITIES,
    COLOURS,
    COPIES,
    DATA,
    MEANING,
    NCITY,
    OUTLET_NAME,
    PERMANENT,
    REMOVAL,
    TYPE_CAPACITY,
    TYPE_CITY,
    TYPE_COST,
    TYPE_COUNT,
    TYPE_KIND,
    TYPE_NAME,
    TYPE_PRODUCE,
    TYPE_ROUND,
    TYPE_SIDE,
    TYPE_START,
)

#: what each card does, in our words
KIND_TEXT = {
    "lab": "Laboratory: each production action makes goods by its table for the crops planted.",
    "transport": "Transport: each action moves up to its capacity from the laboratory to storage.",
    "storage": "Storage: holds at most its capacity of goods in the USA, waiting for a sale.",
    "trafficker": "A buyer for one sale this turn (the active player's, or a leftover sale).",
    "press": "Siren. You must flip another card unless you remove it with 1 sicario when it "
    "appears; a press as the 7th card forces an 8th, which counts only if it is a siren.",
    "sapo": "Siren. Look at the next card in secret and place it, or decline it and stop.",
    "police": "Siren. At 2 sirens it takes a goods cube (1 million without goods); unpaid, it "
    "gives no action and stops the flipping. 1 sicario removes it when it appears.",
    "military": "Siren, round 2. At 2 sirens it takes 1 million; unpaid, it gives no action and "
    "stops the flipping. 2 sicarios remove it when it appears.",
    "dea_action": "Siren. Once seen, a player who carries out 5 or more actions starts their "
    "next turn with this agent at the head of the timeline (1 siren, 1 action).",
    "dea_money": "Siren, round 2. Then it follows the richest player: 1 siren (and 1 action) at "
    "the head of every one of their turns.",
}


def _source(*path: str) -> str:
    table, source = DATA, None
    for key in path:
        table = table[key]
        source = table.get("source", source)
    return source


def _types() -> list[dict[str, Any]]:
    given = {t["name"]: t.get("given", []) for t in DATA["types"]["card"]}
    items = []
    for t, name in enumerate(TYPE_NAME):
        kind = TYPE_KIND[t]
        item: dict[str, Any] = {
            "id": t,
            "name": name,
            "kind": kind,
            "side": TYPE_SIDE[t],
            "count": TYPE_COUNT[t],
            "round": TYPE_ROUND[t] or None,
            "starting": TYPE_START[t],
            "text": KIND_TEXT[kind],
        }
        if kind in ("lab", "transport", "storage"):
            item["cost"] = TYPE_COST[t]
        if TYPE_CAPACITY[t]:
            item["capacity"] = TYPE_CAPACITY[t]
        if TYPE_PRODUCE[t]:
            item["produce"] = list(TYPE_PRODUCE[t])
        if TYPE_CITY[t] >= 0:
            item["city"] = CITIES[TYPE_CITY[t]]
        if kind in REMOVAL:
            item["removal_sicarios"] = REMOVAL[kind]
        if name in given:
            item["source"] = _source("types")
            item["given_by_rulebook"] = given[name]
        else:
            item["source"] = _source("cities") if kind == "trafficker" else _source("dangers")
        items.append(item)
    return items


def catalog_data() -> dict[str, Any]:
    cartel = DATA["cartel"]["card"]
    return {
        "narcos_cards": {
            "source": _source("deck"),
            "note": "68 cards: counts and the round-2 marks are the rulebook's; each type lists "
            "its own source (values we designed are 'assumed', with the numbers the rulebook "
            "gives named in given_by_rulebook). Starting cards (count 0) are dealt one per "
            "player and may later reach the discards.",
            "types": _types(),
        },
        "plantation": {
            "source": _source("plantation"),
            "slots": DATA["plantation"]["slots"],
            "prices": list(DATA["plantation"]["prices"]),
            "note": "the first crop is planted at the start; prices are for the 2nd and 3rd",
        },
        "cartel_cards": {
            "source": _source("cartel"),
            "copies": COPIES,
            "back": "every card's back is one extra action in phase 2",
            "items": [
                {
                    "id": k,
                    "key": CARTEL_KEYS[k],
                    "name": CARTEL_NAMES[k],
                    "english": card["english"],
                    "money": CARTEL_MONEY[k],
                    "sicarios": CARTEL_SICARIOS[k],
                    "when": CARTEL_WHEN[k],
                    "advanced_only": bool(card.get("advanced")),
                    "text": card["text"],
                }
                for k, card in enumerate(cartel)
            ],
        },
        "cities": {
            "source": _source("cities"),
            "names": list(CITIES),
            "named_by_rulebook": list(DATA["cities"]["given"]),
            "traffickers_each": DATA["cities"]["traffickers_each"],
        },
        "tokens": {
            "source": _source("tokens"),
            "advanced_only": True,
            "items": [
                {"name": "-2", "text": "the permanent outlet: sell here at any time, less 2 units"},
                {
                    "name": "boat",
                    "bonus": DATA["tokens"]["boat_bonus"],
                    "text": "more money for a sale here with a boat as your transport",
                },
                {
                    "name": "plane",
                    "bonus": DATA["tokens"]["plane_bonus"],
                    "text": "more money for a sale here with a plane as your transport",
                },
                {
                    "name": ">=8",
                    "bonus": DATA["tokens"]["big_sale_bonus"],
                    "units": DATA["tokens"]["big_sale"],
                    "text": "more money for a sale here of 8 or more units",
                },
            ],
        },
        "numbers": {
            "source": _source("start"),
            "start": {k: v for k, v in DATA["start"].items() if k != "source"},
            "flipping": {k: v for k, v in DATA["flipping"].items() if k != "source"},
            "economy": {k: v for k, v in DATA["economy"].items() if k != "source"},
        },
        "seats": {"source": _source("players"), "colours": list(COLOURS)},
    }


def _info(label: str, meaning: tuple) -> dict[str, Any]:
    kind = meaning[0]
    info: dict[str, Any] = {"kind": kind}
    if kind == "sell":
        buyer = meaning[1]
        info["early"] = meaning[2]
        if len(meaning) > 3:
            info["buyer"] = OUTLET_NAME[meaning[3]]
            info["city"] = CITIES[meaning[3]]
        else:
            info["buyer"] = BUYER_NAME[buyer]
            if buyer < NCITY:
                info["city"] = CITIES[buyer]
        info["outlet"] = buyer == PERMANENT
    elif kind in ("buy", "order"):
        info["card"] = TYPE_NAME[meaning[1]]
    elif kind in ("back", "cartel"):
        info["card"] = CARTEL_NAMES[meaning[1]]
        if kind == "cartel" and len(meaning) > 2 and meaning[2] >= 0:
            if label.startswith("play Contacto for"):
                info["city"] = CITIES[meaning[2]]
            else:
                info["target"] = meaning[2]
    elif kind == "send":
        info["city"] = CITIES[meaning[1]]
    elif kind in ("remove", "bribe"):
        info["card"] = label.rsplit(" ", 1)[1]
        if kind == "remove":
            info["remove"] = meaning[1]
    elif kind == "pay":
        info["how"] = meaning[1]
    elif kind in ("peek", "bonus"):
        info["choice"] = meaning[1]
    return info


ACTION_INFO: dict[str, dict[str, Any]] = {
    label: _info(label, meaning) for label, meaning in MEANING.items()
}
