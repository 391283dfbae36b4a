"""What every place of an Al Cabohne view can hold, from the game's data: the domains the
reinforcement-learning environments (``contraband.envs``) build their observation layout from
(the kinds are described in ``contraband.envs.domains``; a test checks random play against them).
Lists of cards are bounded by every card of the game, as the saved-game schema bounds them.
"""

from __future__ import annotations

from typing import Any, Final

from contraband.games.al_cabohne.beans import (
    BEAN_COUNTS,
    BEAN_NAMES,
    BEANOMETER,
    BOSSES_IN_GAME,
    MAY_PLANT,
    MOST_FIELDS,
    MOST_PASSES,
    SOLO_MAFIA_FACTOR,
    TOTAL_CARDS,
)
from contraband.games.al_cabohne.catalog import PHASE_NUMBER
from contraband.games.al_cabohne.saved import MOST_DECISIONS, PHASES

BOSSES: Final = max(BOSSES_IN_GAME.values())
MOST_COINS: Final = max(len(meter) for meter in BEANOMETER)
MOST_NEEDED: Final = max(max(meter) for meter in BEANOMETER)
COUNT: Final = max(BEAN_COUNTS)

FIELDS: Final[dict[str, tuple[Any, ...]]] = {
    "current_player": ("seat",),
    "turn_player": ("seat",),
    "phase": ("text", PHASES),
    "phase_number": ("number", 1, max(n for n in PHASE_NUMBER.values() if n is not None)),
    "planted": ("number", 0, 1 + MAY_PLANT),
    "decisions_this_turn": ("number", 0, MOST_DECISIONS),
    "tribute_paid": ("list", BOSSES),
    "tribute_paid[]": ("number", 0, 1),
    "gift_due": ("list", BOSSES),
    "gift_due[]": ("number", 0, 1),
    "players": ("seats",),
    "players[].seat": ("seat",),
    "players[].name": ("fixed",),
    "players[].fields": ("list", MOST_FIELDS),
    "players[].fields[].number": ("fixed",),
    "players[].fields[].bean": ("text", BEAN_NAMES),
    "players[].fields[].count": ("number", 0, COUNT),
    "players[].fields[].worth": ("number", 0, MOST_COINS),
    "players[].fields[].next_coin_at": ("number", 0, MOST_NEEDED),
    "players[].fields_owned": ("number", 0, MOST_FIELDS),
    "players[].may_buy_third_field": ("flag",),
    "players[].coins": ("number", 0, TOTAL_CARDS),
    "players[].coin_pile": ("texts", BEAN_NAMES, TOTAL_CARDS),
    "players[].cards_in_hand": ("number", 0, TOTAL_CARDS),
    "hand": ("sequence", BEAN_NAMES, TOTAL_CARDS),
    "bosses": ("list", BOSSES),
    "bosses[].name": ("fixed",),
    "bosses[].harvests_at": ("fixed",),
    "bosses[].bean": ("text", BEAN_NAMES),
    "bosses[].count": ("number", 0, COUNT),
    "bosses[].worth": ("number", 0, MOST_COINS),
    "bosses[].next_coin_at": ("number", 0, MOST_NEEDED),
    "bosses[].tribute_paid": ("flag",),
    "bosses[].gift_due": ("flag",),
    "mafia_coins": ("number", 0, TOTAL_CARDS),
    "mafia_coin_pile": ("texts", BEAN_NAMES, TOTAL_CARDS),
    "mafia_factor": ("number", 1, SOLO_MAFIA_FACTOR),
    "mafia_total": ("number", 0, TOTAL_CARDS * SOLO_MAFIA_FACTOR),
    "faceup": ("sequence", BEAN_NAMES, TOTAL_CARDS),
    "faceup_piles": ("list", TOTAL_CARDS),
    "faceup_piles[].bean": ("text", BEAN_NAMES),
    "faceup_piles[].count": ("number", 0, COUNT),
    "discard": ("texts", BEAN_NAMES, TOTAL_CARDS),
    "discard_top": ("text", BEAN_NAMES),
    "deck_size": ("number", 0, TOTAL_CARDS),
    "deck_pass": ("number", 1, MOST_PASSES),
    "deck_passes": ("number", 1, MOST_PASSES),
    "last_turn": ("flag",),
}

#: the places that may hold None
NULLABLE: Final = frozenset(
    {
        "current_player",
        "phase_number",
        "players[].fields[].bean",
        "players[].fields[].next_coin_at",
        "hand",
        "bosses[].bean",
        "bosses[].next_coin_at",
        "discard_top",
    }
)

#: a score is coins, at most one per card of the game
SCORE_BOUND: Final = TOTAL_CARDS


def rival_scores(state: Any) -> list[float]:
    """Scores a seat plays against besides the other seats': the bean mafia's total."""
    return [state.mafia_total()]
