"""What a client needs besides the view: the static components (``catalog``) and what each
action label means (``ACTION_INFO``), both built once at import from board.py's tables.

Components are named as the view and the log name them: smugglers and mounties by their unique
names, foods and provinces by name, province cards by id and name ("Alberta 2"), seats by
number and colour.
"""

from __future__ import annotations

import copy
from typing import Any

from contraband.games.nacho_incident.board import (
    BONUS,
    CARD_FOODS,
    CARD_NAME,
    CARD_PRICES,
    CARD_PROVINCE,
    COLOURS,
    CUBES_EACH,
    DATA,
    FOOD_COLOURS,
    FOOD_KEYS,
    FOODS,
    MEANING,
    MOUNTIE_FLAG,
    MOUNTIE_NAME,
    MOUNTIE_PENALTY,
    NPROV,
    PROVINCES,
    REACH,
    SHORT,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    TURNS,
)


def _info(meaning: tuple) -> dict[str, Any]:
    kind = meaning[0]
    if kind in ("hire", "discard"):
        return {"kind": kind, "smuggler": SMUGGLER_NAME[meaning[1]]}
    if kind == "bored":  # the bored mountie's victim
        return {"kind": "arrest", "smuggler": SMUGGLER_NAME[meaning[1]]}
    if kind == "cargo":
        food, source = meaning[1], meaning[2]
        if food < 0:
            return {"kind": "ship", "food": None}
        if source == -2:
            return {"kind": "ship", "food": FOODS[food]}
        return {"kind": "steal", "food": FOODS[food], "seat": source, "colour": COLOURS[source]}
    if kind == "go":
        return {"kind": "go", "province": PROVINCES[meaning[1]]}
    if kind == "wander":
        seat = meaning[1]
        return {
            "kind": "wander",
            "seat": seat,
            "colour": COLOURS[seat],
            "province": PROVINCES[meaning[2]],
        }
    if kind == "pick":
        return {"kind": "pick", "mountie": MOUNTIE_NAME[meaning[1]]}
    if kind == "gem":
        return {"kind": "gem", "seat": meaning[1], "colour": COLOURS[meaning[1]]}
    if kind == "sell":
        return {"kind": "sell", "food": FOODS[meaning[1]]}
    return {"kind": kind}  # keep, restock


#: label -> what it is and which component it acts on (never mutated: callers copy it)
ACTION_INFO: dict[str, dict[str, Any]] = {label: _info(m) for label, m in MEANING.items()}


def _source(table: str) -> str:
    return DATA[table]["source"]


def _build() -> dict[str, Any]:
    start = DATA["start"]
    return {
        "start": {
            "source": _source("start"),
            "gold": start["gold"],
            "hand_size": start["hand_size"],
            "warehouse": start["warehouse"],
            "market_price": start["market_price"],
            "rounds": start["rounds"],
            "turns_per_round": start["turns_per_round"],
            "turns": TURNS,
        },
        "players": {
            "source": _source("players"),
            "colours": list(COLOURS),
            "gem_start": DATA["players"]["gem_start"],
        },
        "provinces": {
            "source": _source("provinces"),
            # the line and the reach are public facts; the bonus values are our design
            "field_sources": {"bonus": _source("cantinas")},
            "items": [
                {
                    "id": p,
                    "name": PROVINCES[p],
                    "short": SHORT[p],
                    "order": p,
                    "neighbours": [PROVINCES[q] for q in REACH[p] if q != p],
                    "bonus": BONUS[p],
                }
                for p in range(NPROV)
            ],
        },
        "foods": {
            "source": _source("foods"),
            "items": [
                {
                    "id": f,
                    "name": FOODS[f],
                    "key": FOOD_KEYS[f],
                    "colour": FOOD_COLOURS[f],
                    "cubes": CUBES_EACH,
                }
                for f in range(len(FOODS))
            ],
        },
        "smugglers": {
            "source": _source("smugglers"),
            "items": [
                {
                    "id": card,
                    "name": SMUGGLER_NAME[card],
                    "flag": PROVINCES[SMUGGLER_FLAG[card]],
                    "rank": SMUGGLER_RANK[card],
                    "cost": SMUGGLER_COST[card],
                    "reach": [PROVINCES[q] for q in REACH[SMUGGLER_FLAG[card]]],
                }
                for card in range(len(SMUGGLER_NAME))
            ],
        },
        "mounties": {
            "source": _source("mounties"),
            "items": [
                {
                    "id": m,
                    "name": MOUNTIE_NAME[m],
                    "flag": PROVINCES[MOUNTIE_FLAG[m]],
                    "penalty": MOUNTIE_PENALTY[m],
                }
                for m in range(len(MOUNTIE_NAME))
            ],
        },
        "province_cards": {
            "source": _source("province_cards"),
            "items": [
                {
                    "id": card,
                    "name": CARD_NAME[card],
                    "province": PROVINCES[CARD_PROVINCE[card]],
                    "slots": [
                        {"food": FOODS[f], "price": price}
                        for f, price in zip(CARD_FOODS[card], CARD_PRICES[card], strict=True)
                    ],
                }
                for card in range(len(CARD_NAME))
            ],
        },
    }


_CATALOG = _build()


def catalog() -> dict[str, Any]:
    """A fresh copy of the catalog sections (callers may change what they get)."""
    return copy.deepcopy(_CATALOG)
