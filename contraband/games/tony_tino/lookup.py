"""Tables built once at import for the playouts' hot path (rules.setup, legal_actions, _place):
what a hand may play and discard, per seat, looked up instead of derived at every decision."""

from __future__ import annotations

from itertools import combinations_with_replacement
from operator import itemgetter
from typing import Final

from contraband.core.action import Action
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    COLOURED_PER_PLAYER,
    CORRUPTION,
    HAND_SIZE,
    NUMBERED_DISCS,
    POLICE,
    PROFESSIONAL,
    ROULETTE,
    SETUP_FIGURE_VALUE,
    SHIFT,
    STREET_POINTS,
)
from contraband.games.tony_tino.labels import ACTIONS, DISCARD_ACTIONS, PLAY_ACTIONS

#: per street, a getter of its points' entries of a board list (``owner``, ``value``), in order
STREET_GET: Final = tuple(itemgetter(*points) for points in STREET_POINTS)

#: the bag's discs in a fixed order: the numbered ones, then each seat's coloured ones (-1 - seat)
BAG: Final = (
    *NUMBERED_DISCS,
    *(-1 - seat for seat in range(2) for _ in range(COLOURED_PER_PLAYER)),
)
#: what a disc from the bag leaves on its point: the number (0: none), the owner and the value
#: of its figure (-1: none); a coloured disc becomes a hitman of that colour
DISC_NUMBER: Final = {disc: max(disc, 0) for disc in BAG}
DISC_OWNER: Final = {disc: -1 - disc if disc < 0 else -1 for disc in BAG}
DISC_VALUE: Final = {disc: SETUP_FIGURE_VALUE if disc < 0 else -1 for disc in BAG}

#: per seat, the Actions of an answer to a card: allowing it, and cancelling it with Police
ALLOW: Final = tuple(ACTIONS[seat]["allow"] for seat in range(2))
POLICE_ACTION: Final = tuple(ACTIONS[seat]["police"] for seat in range(2))

#: per card, how many discs must lie on the board for it to be playable (cards.playable: Shift
#: needs a disc, Corruption two, Professional and Roulette none); None: ask cards.playable
DISCS_NEEDED: Final = tuple(
    {SHIFT: 1, CORRUPTION: 2, PROFESSIONAL: 0, ROULETTE: 0}.get(card)
    for card in range(len(CARD_NAMES))
)
#: the number of discs on the board from which every card of DISCS_NEEDED may be played
ENOUGH_DISCS: Final = max(need for need in DISCS_NEEDED if need is not None)

#: every sorted hand there can be (hands are kept sorted) -> its distinct kinds in order
HAND_KINDS: Final = {
    hand: tuple(sorted(set(hand)))
    for size in range(HAND_SIZE + 1)
    for hand in combinations_with_replacement(range(len(CARD_NAMES)), size)
}

Plays = tuple[list[Action], tuple[tuple[int, Action], ...], list[Action]]


def _hand_plays(seat: int) -> dict[tuple[int, ...], Plays]:
    """Per sorted hand, with at least ENOUGH_DISCS discs on the board: the plays that need no
    test, the (card, play) pairs cards.playable must allow, and the discards; in the order of
    legal_actions (plays by card, then discards by card). A hand whose tested cards do not all
    come after its untested ones has no entry (legal_actions then takes the general loop)."""
    table = {}
    for hand, kinds in HAND_KINDS.items():
        sure = [c for c in kinds if DISCS_NEEDED[c] is not None]
        tested = [c for c in kinds if DISCS_NEEDED[c] is None and c != POLICE]
        if sure and tested and max(sure) > min(tested):
            continue
        table[hand] = (
            [PLAY_ACTIONS[seat][c] for c in sure],
            tuple((c, PLAY_ACTIONS[seat][c]) for c in tested),
            [DISCARD_ACTIONS[seat][c] for c in kinds],
        )
    return table


HAND_PLAYS: Final = tuple(_hand_plays(seat) for seat in range(2))
