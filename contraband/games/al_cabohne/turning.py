"""The deck: drawing, reshuffling and counting passes; phase 4 (turning) and phase 6 (drawing).

Both phases run inside ``apply`` without a decision. In the 2-player game the game ends the
moment a card must be drawn and the last pass is used up; in solo, emptying the last pass marks
the current turn as the last one, which the player finishes (decision 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.al_cabohne.beans import DRAWN, TURNED
from contraband.games.al_cabohne.harvest import collector, end_game, give_to_boss

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def _reshuffle(state: AlCabohneState) -> None:
    """As soon as the deck is empty, the discard pile becomes the next pass (if one is left)."""
    passes = state.options["deck_passes"]
    while not state.deck and state.deck_pass < passes:
        pile = state.discard
        state.discard = []
        state.rng.shuffle(pile)
        state.deck = pile
        state.deck_pass += 1
    if not state.deck and state.players == 1:
        state.last_turn = True


def draw(state: AlCabohneState) -> int:
    """The top card of the deck, or -1 when the last pass is used up."""
    if not state.deck:
        _reshuffle(state)
        if not state.deck:
            return -1
    card = state.deck.pop()
    if not state.deck:
        _reshuffle(state)
    return card


def turn_up(state: AlCabohneState) -> bool:
    """Phase 4: turn three cards one by one. False when the game ended meanwhile.

    Each card is first offered to the mafia: a boss collecting it takes it (harvesting at its
    threshold) and a further card is turned. A card that stays face up gathers every matching
    card from the top of the discard pile (decision A4).
    """
    faceup = state.faceup
    turned = 0
    while turned < TURNED:
        card = draw(state)
        if card < 0:
            if state.players == 1:
                return True
            end_game(state)
            return False
        boss = collector(state, card)
        if boss >= 0:
            give_to_boss(state, boss, card)
            continue
        faceup.append(card)
        turned += 1
        discard = state.discard
        while discard and discard[-1] == card:
            faceup.append(discard.pop())
    return True


def draw_hand(state: AlCabohneState) -> bool:
    """Phase 6: two cards to the back of the hand. False when the game ended meanwhile."""
    hand = state.hands[state.turn_player]
    for _ in range(DRAWN):
        card = draw(state)
        if card < 0:
            if state.players == 1:
                return True
            end_game(state)
            return False
        hand.append(card)
    return True
