"""Tony & Tino's static components for ``Game.catalog()``: the board, discs, figures, money,
cards and seats, each section with its source from data.toml. The card texts are our words."""

from __future__ import annotations

from typing import Any

from contraband.games.tony_tino.board import (
    CARD_NAMES,
    COLOURED_PER_PLAYER,
    COLUMNS,
    DATA,
    FACE_UP,
    FIGURE_NAMES,
    FIRST_PLAYER,
    FIRST_PLAYER_CHOICES,
    HAND_SIZE,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    POINT_LABELS,
    POINT_STREETS,
    POINTS,
    SETUP_FIGURE_VALUE,
    SHIFT_REDUCTION,
    SIZE,
    STREET_LABELS,
    STREET_POINTS,
    STREETS,
    TOKENS,
    TOTAL_MONEY,
    UNCANCELLABLE,
)

#: per card: English title, the rulebook's Dutch name, what it targets, and what it does
CARD_TEXT: dict[str, tuple[str, str, str, str]] = {
    "shift": (
        "Shift",
        "De verschuiving",
        "a disc",
        "Pick a disc on the board: until the end of this turn its number counts one lower.",
    ),
    "corruption": (
        "Corruption",
        "Corruptie",
        "two discs",
        "Swap the numbered discs of two control points.",
    ),
    "professional": (
        "Professional",
        "Profspeler",
        "nothing",
        "After this turn, take another full turn. Police cannot cancel it.",
    ),
    "roulette": (
        "Russian Roulette",
        "Russische roulette",
        "nothing",
        "Gather every disc still on the board, shuffle them and lay them back on the same points.",
    ),
    "flying-switch": (
        "Flying Switch",
        "Vliegende wissel",
        "two of your figures",
        "Swap one of your spies (0) on the board with another of your figures on the board.",
    ),
    "exchange": (
        "Exchange",
        "De ruil",
        "your figure and an opposing one",
        "Swap one of your figures on the board with an opposing figure of the same value.",
    ),
    "new-value": (
        "New Value",
        "Nieuwe waarde",
        "two streets",
        "Swap the protection-money tokens of two streets still lying on the board.",
    ),
    "police": (
        "Police",
        "Een mooie politiezet",
        "the opponent's card",
        "Only in the opponent's card step, right after they name a card: that card is "
        "cancelled. Then draw. Cannot cancel Professional.",
    ),
}
CARD_TITLES = {name: text[0] for name, text in CARD_TEXT.items()}
assert set(CARD_TEXT) == set(CARD_NAMES), "every card needs its text"


def _source(*path: str) -> str:
    """The source of a data.toml table (nested tables inherit their parent's)."""
    table, source = DATA, None
    for key in path:
        table = table[key]
        source = table.get("source", source)
    return source


def _board() -> dict[str, Any]:
    return {
        "source": _source("board"),
        "size": SIZE,
        "columns": list(COLUMNS),
        "rows": list(range(1, SIZE + 1)),
        "points": [
            {
                "id": p,
                "label": POINT_LABELS[p],
                "column": COLUMNS[p % SIZE],
                "row": p // SIZE + 1,
                "streets": [STREET_LABELS[s] for s in POINT_STREETS[p]],
            }
            for p in range(POINTS)
        ],
        "streets": [
            {
                "id": s,
                "label": STREET_LABELS[s],
                "kind": "row" if s < SIZE else "column",
                "points": [POINT_LABELS[p] for p in STREET_POINTS[s]],
            }
            for s in range(STREETS)
        ],
        "note": "points are named by column (A-F, left to right) and row (1-6, top to bottom); "
        "each row and each column is a street with a protection-money token at its end",
    }


def _discs() -> dict[str, Any]:
    numbered = DATA["discs"]["numbered"]
    return {
        "source": _source("discs"),
        "numbered": [{"number": int(n), "count": c} for n, c in numbered.items()],
        "coloured": [
            {"colour": PLAYER_COLOURS[seat], "seat": seat, "count": COLOURED_PER_PLAYER}
            for seat in range(2)
        ],
        "total": sum(numbered.values()) + 2 * COLOURED_PER_PLAYER,
        "note": "laid at random, one per point; each coloured disc becomes a hitman (value "
        f"{SETUP_FIGURE_VALUE}) of its colour. A figure may only go on a point whose disc shows "
        "the lowest number on the board.",
    }


def _figures() -> dict[str, Any]:
    per_player = DATA["figures"]["per_player"]
    return {
        "source": _source("figures"),
        "per_player": [
            {"value": int(v), "name": FIGURE_NAMES[int(v)], "count": c}
            for v, c in per_player.items()
        ],
        "placed_at_setup": {"value": SETUP_FIGURE_VALUE, "count": COLOURED_PER_PLAYER},
        "face_up": FACE_UP,
        "note": "each player's figures not placed at setup form a face-down stack; the top "
        f"{FACE_UP} lie face up, and one is turned up after each placement",
    }


def _money() -> dict[str, Any]:
    counts: dict[int, int] = {}
    for amount in TOKENS:
        counts[amount] = counts.get(amount, 0) + 1
    return {
        "source": _source("money"),
        "unit": "dollars",
        "tokens": [{"amount": a, "count": c} for a, c in counts.items()],
        "total": TOTAL_MONEY,
        "note": "one token lies at the end of each street, laid at random",
    }


def _cards() -> dict[str, Any]:
    counts = DATA["cards"]["per_player"]
    items = []
    for index, name in enumerate(CARD_NAMES):
        title, dutch, targets, effect = CARD_TEXT[name]
        items.append(
            {
                "id": index,
                "name": name,
                "title": title,
                "dutch": dutch,
                "count": counts[name],
                "targets": targets,
                "effect": effect,
                "cancellable": index not in UNCANCELLABLE,
            }
        )
    return {
        "source": _source("cards"),
        "per_player": sum(counts.values()),
        "hand_size": HAND_SIZE,
        "shift_reduction": SHIFT_REDUCTION,
        "items": items,
        "note": "each player has an identical set as a face-down deck; played and discarded "
        "cards lie face up on their owner's discard pile",
    }


def _seats() -> dict[str, Any]:
    return {
        "source": _source("seats"),
        "items": [
            {"seat": seat, "name": PLAYER_NAMES[seat], "colour": PLAYER_COLOURS[seat]}
            for seat in range(2)
        ],
        "first_player": {
            "source": _source("turn", "default"),
            "option": "first_player",
            "choices": list(FIRST_PLAYER_CHOICES),
            "default": FIRST_PLAYER,
        },
    }


def catalog_data() -> dict[str, Any]:
    return {
        "board": _board(),
        "discs": _discs(),
        "figures": _figures(),
        "money": _money(),
        "cards": _cards(),
        "seats": _seats(),
    }
