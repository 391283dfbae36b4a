"""What every place of a Tony & Tino view can hold, from the game's data: the domains the
reinforcement-learning environments (``contraband.envs``) build their observation layout from.

One entry per place of ``view()`` (``board[]`` is every position of the list ``board``); the kinds
are described in ``contraband.envs.domains``. A test plays random games and checks that every
value a view holds lies in its place's domain, so a change to ``view()`` that this file does not
follow fails there.
"""

from __future__ import annotations

from typing import Any, Final

from contraband.games.tony_tino.board import (
    CARD_NAMES,
    CARD_SET,
    FACE_UP,
    FIGURES,
    NUMBERED_DISCS,
    PLAYER_NAMES,
    POINT_LABELS,
    POINTS,
    SIZE,
    STREET_LABELS,
    STREETS,
    TOKENS,
    TOTAL_MONEY,
)
from contraband.games.tony_tino.board import HAND_SIZE as HAND
from contraband.games.tony_tino.rules import CARD, OVER, PLACE, REACT, TARGET

#: a street's status besides the seat that collected it (view.street_summary)
STREET_STATES: Final = ("open", "out of the game")

FIELDS: Final[dict[str, tuple[Any, ...]]] = {
    "seat": ("seat",),
    "current_player": ("seat",),
    "turn_player": ("seat",),
    "phase": ("text", (CARD, REACT, TARGET, PLACE, OVER)),
    "board": ("list", POINTS),
    "board[].point": ("fixed",),
    "board[].disc": ("number", 0, max(NUMBERED_DISCS)),
    "board[].figure.seat": ("seat",),
    "board[].figure.value": ("number", 0, max(FIGURES)),
    "board[].open": ("flag",),
    "open_points": ("texts", POINT_LABELS, POINTS),
    "streets": ("list", STREETS),
    "streets[].street": ("fixed",),
    "streets[].token": ("number", 0, max(TOKENS)),
    "streets[].collected_by": ("seat",),
    "streets[].status": ("seat_text", PLAYER_NAMES, STREET_STATES),
    "streets[].sums": ("seats",),
    "streets[].sums[]": ("number", 0, SIZE * max(FIGURES)),
    "seats": ("seats",),
    "seats[].name": ("fixed",),
    "seats[].colour": ("fixed",),
    "seats[].money": ("number", 0, TOTAL_MONEY),
    "seats[].face_up_figures": ("list", FACE_UP),
    "seats[].face_up_figures[]": ("number", 0, max(FIGURES)),
    "seats[].figures_in_stack": ("number", 0, len(FIGURES)),
    "seats[].cards_in_hand": ("number", 0, HAND),
    "seats[].cards_in_deck": ("number", 0, len(CARD_SET)),
    "seats[].discards": ("texts", CARD_NAMES, len(CARD_SET)),
    "hand": ("texts", CARD_NAMES, HAND),
    "card_in_play": ("text", CARD_NAMES),
    "first_target": ("text", POINT_LABELS + STREET_LABELS),
    "cancelled_by_police": ("text", CARD_NAMES),
    "shifted": ("text", POINT_LABELS),
    "extra_turn": ("flag",),
}

#: the places that may hold None
NULLABLE: Final = frozenset(
    {
        "current_player",
        "board[].disc",
        "board[].figure",
        "streets[].collected_by",
        "hand",
        "card_in_play",
        "first_target",
        "cancelled_by_police",
        "shifted",
    }
)

#: the money each seat ends with is its score (for the ``margin`` reward): at most every token
SCORE_BOUND: Final = TOTAL_MONEY


def direct_v1(layout: Any, players: int) -> Any:
    """The version-1 observation written from the state without building the view
    (``encode_direct``; the environments use it through ``contraband.envs.direct``)."""
    from contraband.games.tony_tino.encode_direct import direct_v1 as make

    return make(layout, players)
