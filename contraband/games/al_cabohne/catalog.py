"""Al Cabohne's static components for ``Game.catalog()``, straight from data.toml.

Each section carries the ``source`` of its table in data.toml (``rulebook``, ``research`` or
``assumed``). Numbers that differ by player count are given ``by_players`` (keys "1" and "2").
Views and actions name beans and bosses exactly as the ``name`` fields here, and phases by the
``id`` of the ``phases`` section.
"""

from __future__ import annotations

from typing import Any

from contraband.games.al_cabohne.actions import GIFT, LEFTOVERS, OVER, PLANTING, TRADING, TRIBUTE
from contraband.games.al_cabohne.beans import (
    BEAN_COUNTS,
    BEAN_NAMES,
    BEANOMETER,
    BOSS_NAMES,
    BOSS_THRESHOLD,
    BOSSES_IN_GAME,
    DATA,
    TOTAL_CARDS,
)

#: the six phases of a turn, and the ids the view's ``phase`` uses for those that wait for a
#: decision (phases 4 and 6 run by themselves; phase 5 opens with the compulsory gift)
PHASES = tuple(
    {
        "number": number,
        "id": phase_id,
        "name": name,
        "decisions": phase_id is not None,
        "solo": number != 1,
    }
    for number, phase_id, name in (
        (1, LEFTOVERS, "the leftover face-up beans are planted or discarded"),
        (2, TRIBUTE, "beans for the bean mafia (tribute)"),
        (3, PLANTING, "planting from the hand"),
        (4, None, "turning up three cards"),
        (5, GIFT, "the compulsory gift to a boss with an empty field"),
        (5, TRADING, "taking face-up beans and giving hand cards to the mafia"),
        (6, None, "drawing two cards"),
    )
) + ({"number": None, "id": OVER, "name": "the game is over", "decisions": False, "solo": True},)
#: the view's phase id -> the phase number of the rulebook
PHASE_NUMBER = {phase["id"]: phase["number"] for phase in PHASES if phase["id"]}
#: a text of each phase that waits for a decision, for the view and the render
PHASE_NAME = {phase["id"]: phase["name"] for phase in PHASES if phase["id"]}


def _by_players(table: dict[str, Any]) -> dict[str, Any]:
    return {str(players): value for players, value in table.items()}


def _source(*path: str) -> str:
    """The source of a table of data.toml (a nested table inherits its parent's)."""
    table, source = DATA, None
    for key in path:
        table = table[key]
        source = table.get("source", source)
    return source


def catalog_data() -> dict[str, Any]:
    passes = DATA["deck"]["passes"]
    return {
        "beans": {
            "source": _source("beans"),
            "beanometer_source": _source("beans", "beanometer"),
            "total": TOTAL_CARDS,
            "items": [
                {
                    "id": bean,
                    "name": name,
                    "count": BEAN_COUNTS[bean],
                    # cards one field needs for 1, 2, 3, 4 coins
                    "beanometer": list(BEANOMETER[bean]),
                    "coins_at": [
                        {"cards": need, "coins": coins}
                        for coins, need in enumerate(BEANOMETER[bean], start=1)
                    ],
                }
                for bean, name in enumerate(BEAN_NAMES)
            ],
        },
        "bosses": {
            "source": _source("bosses"),
            "in_game": _by_players(BOSSES_IN_GAME),
            "items": [
                {
                    "id": boss,
                    "name": name,
                    "sells_at": BOSS_THRESHOLD[boss],  # coins his field is worth when he sells
                    "fields": 1,
                    "players": sorted(p for p, n in BOSSES_IN_GAME.items() if boss < n),
                }
                for boss, name in enumerate(BOSS_NAMES)
            ],
        },
        "fields": {
            "source": _source("fields"),
            "start": _by_players(DATA["fields"]["start"]),
            "most": DATA["fields"]["most"],
            "third_field_cost": DATA["fields"]["third_field_cost"],
        },
        "hand": {
            "source": _source("hand"),
            "start": _by_players(DATA["hand"]["start"]),
        },
        "turn": {
            "source": _source("turn"),
            **{key: value for key, value in DATA["turn"].items() if key != "source"},
        },
        "phases": {"source": "rulebook", "items": [dict(phase) for phase in PHASES]},
        "deck": {
            "source": _source("deck"),
            "passes": _by_players(passes),
            "most_passes": DATA["options"]["most_passes"],
            "most_passes_source": _source("options"),
        },
        "scoring": {
            "source": _source("scoring"),
            "solo_mafia_factor": DATA["scoring"]["solo_mafia_factor"],
            "unit": "coins",
        },
        "order": {
            "source": _source("order"),
            "first_player": DATA["order"]["first_player"],
        },
        "solo": {
            # the solo game's numbers, gathered from the sections above
            "source": _source("hand"),
            "hand": DATA["hand"]["start"]["1"],
            "fields": DATA["fields"]["start"]["1"],
            "bosses": BOSSES_IN_GAME[1],
            "mafia_factor": DATA["scoring"]["solo_mafia_factor"],
            "deck_passes": passes["1"],
            "deck_passes_source": _source("deck"),
            "leftovers": "discarded at the end of the turn",
            "leftovers_source": "research",
        },
    }
