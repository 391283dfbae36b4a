"""What every place of a Counterfeiters view can hold, from the game's data: the domains the
reinforcement-learning environments (``contraband.envs``) build their observation layout from
(the kinds are described in ``contraband.envs.domains``; a test checks random play against them).
"""

from __future__ import annotations

from typing import Any, Final

from contraband.games.counterfeiters import board
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_NAME,
    CARDS,
    CATEGORIES,
    CATEGORY_OF,
    FENCE_NOTES,
    HENCHMEN,
    LAWYER_NAMES,
    MAX_PLAYERS,
    QUALITIES,
    ROUND_LIMIT,
    SIDES,
    STARS,
    SUPPLY,
    TRACK,
)
from contraband.games.counterfeiters.flow import STAGES, STEPS
from contraband.games.counterfeiters.labels import DIRECTIONS


def most_money() -> int:
    """The most real money a seat can ever hold, in dollars (a multiple of the money unit).

    A seat's money grows only through its placements (at most the best paying action each:
    a fence visit selling every note at the best rate, a supermarket visit or tax fraud), its
    lawyer moves and the last placement of the game (one more action each), the diners at
    each round's end and the lottery tickets; the round limit bounds the rounds.
    """
    best_action = max(
        board.FENCE_NOTES * max(board.FENCE_RATES),
        board.SUPERMARKET_NOTES * board.SUPERMARKET_PAYS,
        board.TAX_FRAUD,
    )
    lawyers = sum(1 for kind in CARD_KIND if "lawyer" in kind)
    diners = CARD_KIND.count("diner")
    per_round = (HENCHMEN + lawyers + 1) * best_action + diners * board.DINER_PAYS
    most = max(board.START_CASH) + ROUND_LIMIT * per_round + sum(board.CARD_VALUE)
    return -(-most // board.UNIT) * board.UNIT


MONEY: Final = most_money()
#: every space name of both board sides (a pending action names its space)
SPACE_NAMES: Final = tuple(dict.fromkeys(name for side in SIDES.values() for name in side.names))
PER_CATEGORY: Final = {
    category: sum(1 for c in range(CARDS) if CATEGORY_OF[c] == index)
    for index, category in enumerate(CATEGORIES)
}
#: the track's spaces and their marks are printed on the board: the same in every game
FIELDS: Final[dict[str, tuple[Any, ...]]] = {
    "board_side": ("fixed",),
    "stage": ("text", STAGES),
    "step": ("text", STEPS),
    "current_player": ("seat",),
    "round": ("number", 1, ROUND_LIMIT),
    "marker": ("seat",),
    "leader": ("seat",),
    "turn": ("seat",),
    "police.pawn": ("number", 1, TRACK),
    "police.track": ("fixed",),
    "police.refused": ("texts", STARS, QUALITIES),
    "police.strike": ("flag",),
    "market": ("list", max(side.slots for side in SIDES.values())),
    "market[].slot": ("fixed",),
    "market[].space": ("fixed",),
    "market[].price": ("number", 0, max(max(side.price) for side in SIDES.values())),
    "market[].trash": ("flag",),
    "market[].open": ("flag",),
    "market[].card": ("text", CARD_NAME),
    "market[].occupant": ("seat",),
    "spaces": ("list", max(side.spaces - side.slots for side in SIDES.values())),
    "spaces[].space": ("fixed",),
    "spaces[].action": ("fixed",),
    "spaces[].cap": ("flag",),
    "spaces[].sunglasses": ("flag",),
    "spaces[].occupant": ("seat",),
    "deck.size": ("number", 0, CARDS),
    **{f"deck.by_category.{c}": ("number", 0, PER_CATEGORY[c]) for c in CATEGORIES},
    "deck.cards": ("texts", CARD_NAME, CARDS),
    "supply": ("list", QUALITIES),
    "supply[]": ("number", 0, max(SUPPLY)),
    "out_of_game": ("texts", CARD_NAME, CARDS),
    "seats": ("seats",),
    "seats[].colour": ("fixed",),
    "seats[].cards": ("texts", CARD_NAME, CARDS),
    "seats[].in_hand": ("number", 0, HENCHMEN),
    "seats[].laid_down": ("number", 0, HENCHMEN),
    "seats[].on_board": ("number", 0, HENCHMEN),
    "seats[].marker": ("flag",),
    "seats[].cash": ("number", 0, MONEY),
    "seats[].offshore": ("number", 0, MONEY),
    "seats[].fakes": ("list", QUALITIES),
    "seats[].fakes[]": ("number", 0, max(SUPPLY)),
    "pending.space": ("text", SPACE_NAMES),
    "pending.picks": ("list", QUALITIES),
    "pending.picks[]": ("number", 0, FENCE_NOTES),
    "pending.direction": ("text", DIRECTIONS),
    "end.trigger": ("seat",),
    "end.queue": ("list", MAX_PLAYERS),
    "end.queue[]": ("seat",),
    "end.lawyer": ("text", LAWYER_NAMES),
}

#: the places that may hold None (a seat's money and notes are secret until the end)
NULLABLE: Final = frozenset(
    {
        "current_player",
        "market[].card",
        "market[].occupant",
        "spaces[].occupant",
        "seats[].cash",
        "seats[].offshore",
        "seats[].fakes",
        "pending",
        "pending.picks",
        "pending.direction",
        "end.trigger",
        "end.lawyer",
    }
)

#: a score is real money (cash and offshore)
SCORE_BOUND: Final = MONEY
