"""The end of a round: henchmen go home, the black market is kept up, diners pay, and the holder
of the start-player marker begins the next round."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import money
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_NAME,
    DINER_PAYS,
    HENCHMEN,
    QUALITIES,
    ROUND_LIMIT,
)
from contraband.games.counterfeiters.market import upkeep

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def end_round(state: CounterfeitersState) -> bool:
    """Run the round end; False when the round limit ends the game instead of a new round."""
    n = state.players
    state.note("round_end", state.round)
    state.occupant = [-1] * len(state.occupant)
    state.left = [HENCHMEN] * n
    state.down = [0] * n
    upkeep(state)
    diners(state)
    if state.round >= ROUND_LIMIT:
        state.note("round_limit", state.round)
        return False
    state.round += 1
    state.leader = state.turn = state.current_player = state.marker
    state.note("round", state.round, state.marker)
    return True


_DINERS = frozenset(card for card, kind in enumerate(CARD_KIND) if kind == "diner")


def diners(state: CounterfeitersState) -> None:
    """Each diner turns one of its owner's fake notes into a real $50 note: the lowest quality
    first (D13); a diner without a note to turn does nothing, and none may be refused."""
    for seat in range(state.players):
        owned = state.owned[seat]
        if _DINERS.isdisjoint(owned):
            continue
        base = seat * QUALITIES
        fakes = state.fakes
        for card in owned:
            if card not in _DINERS:
                continue
            for q in range(QUALITIES):
                if fakes[base + q]:
                    break
            else:
                break  # not a note left: this diner and the seat's others do nothing
            fakes[base + q] -= 1
            state.supply[q] += 1  # D22
            money.gain(state, seat, DINER_PAYS)
            state.note("diner", seat, q, CARD_NAME[card])
