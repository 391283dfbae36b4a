"""What every place of a Nacho Incident view can hold, from the game's data: the domains the
reinforcement-learning environments (``contraband.envs``) build their observation layout from
(the kinds are described in ``contraband.envs.domains``; a test checks random play against them).
Gold and the ledger are bounded as the saved-game schema bounds them (``saved.MOST``).
"""

from __future__ import annotations

from typing import Any, Final

from contraband.games.nacho_incident.board import (
    CARD_NAME,
    CARD_PRICES,
    CUBES,
    FOODS,
    HAND_SIZE,
    LEDGER,
    MAX_PLAYERS,
    MOUNTIE_NAME,
    MOUNTIES,
    NPROV,
    PHASES,
    PROVINCE_CARDS,
    PROVINCES,
    ROUNDS,
    SLOTS,
    SMUGGLER_NAME,
    SMUGGLERS,
    TURNS,
)
from contraband.games.nacho_incident.saved import GOLD_HIGH, GOLD_LOW, MOST

#: what another seat's chosen smuggler shows before the reveal (view._chosen)
FACE_DOWN: Final = "face down"
#: how a cantina's arrest is being resolved (view._resolving)
ARRESTS: Final = ("here", "bored")

FIELDS: Final[dict[str, tuple[Any, ...]]] = {
    "current_player": ("seat",),
    "phase": ("text", PHASES),
    "turn": ("number", 1, TURNS),
    "turns": ("fixed",),
    "round": ("number", 1, ROUNDS),
    "gem": ("seat",),
    "mountie_up": ("text", MOUNTIE_NAME),
    "mounties_unseen": ("number", 0, MOUNTIES),
    "mounties_out": ("texts", MOUNTIE_NAME, MOUNTIES),
    "order": ("list", MAX_PLAYERS),
    "order[]": ("seat",),
    "order_pos": ("number", 0, MAX_PLAYERS - 1),
    "cargo": ("text", FOODS),
    "cargo_from": ("seat",),
    "resolving.seat": ("seat",),
    "resolving.province": ("text", PROVINCES),
    "resolving.arrest": ("text", ARRESTS),
    "resolving.mountie": ("text", MOUNTIE_NAME),
    "provinces": ("list", NPROV),
    "provinces[].name": ("fixed",),
    "provinces[].card": ("number", 0, PROVINCE_CARDS - 1),
    "provinces[].card_name": ("text", CARD_NAME),
    "provinces[].slots": ("list", SLOTS),
    "provinces[].slots[].food": ("text", FOODS),
    "provinces[].slots[].price": ("number", 0, max(max(prices) for prices in CARD_PRICES)),
    "provinces[].slots[].filled": ("flag",),
    "provinces[].cards_never_seen": ("number", 0, PROVINCE_CARDS // NPROV),
    "provinces[].cards_under": ("list", PROVINCE_CARDS // NPROV),
    "provinces[].cards_under[]": ("number", 0, PROVINCE_CARDS - 1),
    "provinces[].bonus": ("fixed",),
    "bag": ("number", 0, CUBES),
    "set_aside": ("texts", FOODS, CUBES),
    "smuggler_deck": ("number", 0, SMUGGLERS),
    "smugglers_out": ("texts", SMUGGLER_NAME, SMUGGLERS),
    "seats": ("seats",),
    "seats[].colour": ("fixed",),
    "seats[].gold": ("number", GOLD_LOW, GOLD_HIGH),
    **{f"seats[].ledger.{name}": ("number", 0, MOST[name]) for name in LEDGER},
    "seats[].warehouse": ("texts", FOODS, CUBES),
    "seats[].hand_size": ("number", 0, HAND_SIZE),
    "seats[].chosen": ("text", (*SMUGGLER_NAME, FACE_DOWN)),
    "seats[].played": ("text", SMUGGLER_NAME),
    "seats[].cantinas": ("list", NPROV),
    "seats[].cantinas[].province": ("fixed",),
    "seats[].cantinas[].holders": ("texts", SMUGGLER_NAME, SMUGGLERS),
    "seats[].cantinas[].mounties": ("texts", MOUNTIE_NAME, MOUNTIES),
    "hand": ("texts", SMUGGLER_NAME, HAND_SIZE),
}

#: the places that may hold None
NULLABLE: Final = frozenset(
    {
        "current_player",
        "mountie_up",
        "order_pos",
        "cargo",
        "cargo_from",
        "resolving",
        "resolving.mountie",
        "seats[].chosen",
        "seats[].played",
        "hand",
    }
)

#: a score is gold: two seats' gold differ by at most the whole range
SCORE_BOUND: Final = GOLD_HIGH - GOLD_LOW
