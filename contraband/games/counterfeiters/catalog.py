"""Counterfeiters' static components for ``Game.catalog()``: each section with its source from
data.toml (the 3-4-player board side is a board-photo fact, recorded as ``research``)."""

from __future__ import annotations

from typing import Any

from contraband.games.counterfeiters.board import (
    ACTION_NAMES,
    CARD_CATEGORY,
    CARD_CODE,
    CARD_KIND,
    CARD_MARK,
    CARD_NAME,
    CARD_VALUE,
    CARDS,
    COLOURS,
    DATA,
    DINER_PAYS,
    FARE,
    FENCE_NOTES,
    FENCE_RATES,
    GODFATHER,
    HENCHMEN,
    INVESTIGATION,
    NOTES_PER_PRINTER,
    PAWN_START,
    SIDES,
    STARS,
    START_CASH,
    STRIKE,
    SUPERMARKET_NOTES,
    SUPERMARKET_PAYS,
    SUPPLY,
    TAX_FRAUD,
    TRACK,
    UNIT,
)

#: what each kind of card does, in our words
CARD_TEXT = {
    "printer": f"Each print action gives {NOTES_PER_PRINTER} fake notes per printer owned.",
    "ink": "A component: with paper and a hologram it raises the quality of printed notes.",
    "paper": "A component: with ink and a hologram it raises the quality of printed notes.",
    "hologram": "A component (rare): with ink and paper it raises the quality of printed notes.",
    "diner": f"At each round end, and once more at the game end, turns one of the owner's fake "
    f"notes into a real ${DINER_PAYS}.",
    "jet": "Lets its owner fly from a private-jet space for free. Nobody may own two.",
    "lottery": "Pays its value in real money at the end of the game (worth nothing before).",
    "great lawyer": "At the game end, moves one of the owner's henchmen on the board to any free "
    "space (its own included) and takes that action; first.",
    "bad lawyer": "The same as the Great Lawyer, after it; only in 4-player games.",
}


def _side(key: str) -> dict[str, Any]:
    board = SIDES[key]
    return {
        "source": board.source,
        "players": "2" if key == "2" else "3-4",
        "market": [
            {
                "slot": slot + 1,
                "space": board.names[slot],
                "price": board.price[slot],
                "trash": board.trash[slot],
                "min_players": board.min_players[slot],
            }
            for slot in range(board.slots)
        ],
        "spaces": [
            {
                "space": board.names[i],
                "action": ACTION_NAMES[board.action[i]],
                "cap": board.cap[i],
                "sunglasses": board.sunglasses[i],
            }
            for i in range(board.slots, board.spaces)
        ],
    }


def catalog_data() -> dict[str, Any]:
    return {
        "cards": {
            "source": DATA["cards"]["source"],
            "items": [
                {
                    "id": c,
                    "name": CARD_NAME[c],
                    "code": CARD_CODE[c],
                    "category": CARD_CATEGORY[c],
                    "kind": CARD_KIND[c],
                    "value": CARD_VALUE[c] or None,
                    "mark": CARD_MARK[c] or None,
                    "text": CARD_TEXT[CARD_KIND[c]],
                }
                for c in range(CARDS)
            ],
        },
        "board_2": _side("2"),
        "board_34": _side("34"),
        "police_track": {
            "source": DATA["track"]["source"],
            "length": TRACK,
            "start": {str(k): v for k, v in sorted(PAWN_START.items())},
            "start_sources": {"2": "assumed", "3": "research", "4": "research"},
            "godfather": sorted(GODFATHER),
            "investigations": [
                {"space": space, "quality": STARS[q]} for q, space in enumerate(INVESTIGATION)
            ],
            "strike": STRIKE,
            "end": TRACK,
        },
        "money": {
            "source": DATA["money"]["source"],
            "start": list(START_CASH),
            "henchmen": HENCHMEN,
            "supermarket": {"notes": SUPERMARKET_NOTES, "pays": SUPERMARKET_PAYS},
            "fence": {"notes": FENCE_NOTES, "rates": list(FENCE_RATES)},
            "tax_fraud": TAX_FRAUD,
            "fare": FARE,
            "unit": UNIT,
        },
        "fake_notes": {
            "source": DATA["fakes"]["source"],
            "supply": {STARS[q]: count for q, count in enumerate(SUPPLY)},
            "face_value": SUPERMARKET_PAYS,
        },
        "seats": {"source": DATA["seats"]["source"], "colours": list(COLOURS)},
    }
