"""What every place of a Narcos view can hold, from the game's data: the domains the
reinforcement-learning environments (``contraband.envs``) build their observation layout from
(the kinds are described in ``contraband.envs.domains``; a test checks random play against them).
Where the game's data gives no tighter bound, a number is bounded as the saved-game schema bounds
it (``state.SCHEMA``: money and goods up to a million, which scales them to almost nothing).
"""

from __future__ import annotations

from typing import Any, Final

from contraband.games.narcos.board import (
    CARDS,
    CARTEL_CARDS,
    CARTEL_NAMES,
    CITIES,
    COLOURS,
    CROP_SLOTS,
    GUN,
    MAX_PLAYERS,
    NCITY,
    PHASES,
    SIREN,
    START_WORKERS,
    TOKENS,
    TYPE_CAPACITY,
    TYPE_NAME,
)

#: the schema's bound of money and goods (state._AMOUNT) and of the timeline (state._cards(8))
AMOUNT: Final = 1_000_000
TIMELINE: Final = 8
HEAD: Final = 2
#: where a DEA agent is, besides held by a seat (view._agent)
AGENT_PLACES: Final = ("watching beside the deck", "on the timeline", "not yet seen")
CONTACTS: Final = (*CITIES, "the permanent trafficker")
NAMES: Final = tuple(dict.fromkeys(TYPE_NAME))

FIELDS: Final[dict[str, tuple[Any, ...]]] = {
    "mode": ("fixed",),
    "current_player": ("seat",),
    "active": ("seat",),
    "phase": ("text", PHASES),
    "round": ("number", 1, 2),
    "turn": ("number", 1, AMOUNT),
    "deck": ("number", 0, CARDS),
    "top": ("list", CARDS),
    "top[]": ("text", NAMES),
    "top_seen_by": ("list", CARDS),
    "top_seen_by[]": ("list", MAX_PLAYERS),
    "top_seen_by[][]": ("seat",),
    "reserve": ("number", 0, CARDS),
    "discards": ("texts", NAMES, CARDS),
    "removed": ("texts", NAMES, CARDS),
    "timeline": ("list", TIMELINE),
    "timeline[].card": ("text", NAMES),
    "timeline[].side": ("text", (GUN, SIREN)),
    "timeline[].unpaid": ("flag",),
    "timeline[].used": ("flag",),
    "head": ("texts", NAMES, HEAD),
    "danger": ("number", 0, TIMELINE + HEAD),
    "guns": ("number", 0, TIMELINE),
    "cards": ("number", 0, TIMELINE + HEAD),
    "flips": ("number", 0, AMOUNT),
    "pending": ("text", NAMES),
    "pay_queue": ("texts", NAMES, TIMELINE),
    "forced": ("flag",),
    "fled": ("flag",),
    "actions": ("number", 0, AMOUNT),
    "actions_done": ("number", 0, AMOUNT),
    "pending_income": ("number", 0, AMOUNT),
    "looking": ("texts_or_count", NAMES, 3),
    "asking": ("list", MAX_PLAYERS - 1),
    "asking[]": ("seat",),
    "traffickers": ("texts", NAMES, CARDS),
    "permanent": ("text", NAMES),
    "outlet_used": ("flag",),
    "contact": ("text", CONTACTS),
    "dea.action": ("seat_text", tuple(f"held by {c}" for c in COLOURS), AGENT_PLACES),
    "dea.money": ("seat_text", tuple(f"held by {c}" for c in COLOURS), AGENT_PLACES),
    "players": ("seats",),
    "players[].colour": ("fixed",),
    "players[].money": ("number", 0, AMOUNT),
    "players[].workers": ("number", 0, START_WORKERS),
    "players[].sicarios": ("number", 0, AMOUNT),
    "players[].crops": ("number", 0, CROP_SLOTS),
    "players[].lab.card": ("text", NAMES),
    "players[].lab.goods": ("number", 0, AMOUNT),
    "players[].output": ("number", 0, AMOUNT),
    "players[].transport.card": ("text", NAMES),
    "players[].transport.capacity": ("number", 0, max(TYPE_CAPACITY)),
    "players[].storage.card": ("text", NAMES),
    "players[].storage.goods": ("number", 0, AMOUNT),
    "players[].storage.capacity": ("number", 0, max(TYPE_CAPACITY)),
    "players[].cartel_cards": ("number", 0, CARTEL_CARDS),
    "players[].face_down": ("number", 0, CARTEL_CARDS),
    "players[].cities": ("list", NCITY),
    "players[].cities[]": ("number", 0, START_WORKERS),
    "players[].workers_spent": ("number", 0, START_WORKERS),
    "cartel.deck": ("number", 0, CARTEL_CARDS),
    "cartel.discard": ("texts", CARTEL_NAMES, CARTEL_CARDS),
    "hand": ("texts", CARTEL_NAMES, CARTEL_CARDS),
    "face_down": ("texts", CARTEL_NAMES, CARTEL_CARDS),
    "over": ("flag",),
    "cities": ("list", NCITY),
    "cities[].name": ("fixed",),
    "cities[].token": ("text", TOKENS),
    "cities[].workers": ("seats",),
    "cities[].workers[]": ("number", 0, START_WORKERS),
    "warehouse.goods": ("number", 0, AMOUNT),
    "warehouse.money": ("number", 0, AMOUNT),
}

#: version 1 scales these by the logarithm (``contraband.envs.domains``): their bound is the
#: schema's limit (``AMOUNT``), which no game comes near (money and goods are a few dozen, the
#: counters a few hundred), so divided by it they would all lie within 0.001
LOG_SCALED: Final = frozenset(
    path for path, kind in FIELDS.items() if kind[0] == "number" and kind[2] == AMOUNT
)

#: the places that may hold None (or be absent: the cities and warehouse of the advanced game)
NULLABLE: Final = frozenset(
    {
        "current_player",
        "top[]",
        "pending",
        "permanent",
        "contact",
        "hand",
        "face_down",
        "cities",
        "warehouse",
    }
)

#: a score is money
SCORE_BOUND: Final = AMOUNT


def direct_v1(layout: Any, players: int) -> Any:
    """The version-1 observation written from the state without building the view
    (``encode_direct``; the environments use it through ``contraband.envs.direct``)."""
    from contraband.games.narcos.encode_direct import direct_v1 as make

    return make(layout, players)
