"""The deck: drawing, reshuffling and counting passes; phase 4 (turning) and phase 6 (drawing).

Both phases run inside ``apply`` without a decision. In the 2-player game the game ends the
moment a card must be drawn and the last pass is used up; in solo, emptying the last pass marks
the current turn as the last one, which the player finishes (decision 1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.al_cabohne.beans import BEAN_NAMES, BOSS_NAMES, DRAWN, TURNED
from contraband.games.al_cabohne.harvest import end_game, give_to_boss

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
        state.note("reshuffle", len(pile), state.deck_pass, passes)
    if not state.deck:
        solo = state.players == 1
        if solo:
            state.last_turn = True
        state.note("deck_out", state.deck_pass, solo)


def draw(state: AlCabohneState) -> int:
    """The top card of the deck, or -1 when the last pass is used up.

    The caller logs the card and then calls ``refill`` at once, before anything else happens
    (decision A3: an empty deck is replaced as soon as it runs out)."""
    if not state.deck:
        # the deck is refilled as soon as it runs out, so an empty one is used up for good
        # (unless a position was built with an empty deck and a pass left)
        if state.deck_pass >= state.options["deck_passes"]:
            return -1
        _reshuffle(state)
        if not state.deck:
            return -1
    return state.deck.pop()


def refill(state: AlCabohneState) -> None:
    if not state.deck:
        _reshuffle(state)


def turn_up(state: AlCabohneState) -> bool:
    """Phase 4: turn three cards one by one. False when the game ended meanwhile.

    Each card is first offered to the mafia: a boss collecting it takes it (harvesting at its
    threshold) and a further card is turned. A card that stays face up gathers every matching
    card from the top of the discard pile (decision A4).
    """
    faceup = state.faceup
    turned = 0
    while turned < TURNED:
        deck = state.deck
        card = deck.pop() if deck else draw(state)
        if card < 0:
            if state.players == 1:
                return True
            end_game(state)
            return False
        boss_bean = state.boss_bean
        if card in boss_bean:  # collector(): the first boss collecting it
            boss = boss_bean.index(card)
            state.note("turn_to_boss", BEAN_NAMES[card], BOSS_NAMES[boss])
            if not state.deck:  # refill()
                _reshuffle(state)
            give_to_boss(state, boss, card)
            continue
        state.note("turn_faceup", BEAN_NAMES[card])
        if not state.deck:
            _reshuffle(state)
        faceup.append(card)
        turned += 1
        discard = state.discard
        if discard and discard[-1] == card:
            gathered = 0
            while discard and discard[-1] == card:
                faceup.append(discard.pop())
                gathered += 1
            state.note("gather", BEAN_NAMES[card], gathered)
    return True


def draw_hand(state: AlCabohneState) -> bool:
    """Phase 6: two cards to the back of the hand. False when the game ended meanwhile.

    The cards are logged as one draw (named to the owner only), split where the deck runs out.
    """
    seat = state.turn_player
    hand = state.hands[seat]
    drawn: list[str] = []
    complete = True
    for _ in range(DRAWN):
        card = draw(state)
        if card < 0:
            complete = False
            break
        hand.append(card)
        drawn.append(BEAN_NAMES[card])
        if not state.deck:
            state.note("draw", seat, len(drawn), drawn)
            drawn = []
            _reshuffle(state)
    if drawn:
        state.note("draw", seat, len(drawn), drawn)
    if not complete and state.players == 2:
        end_game(state)
        return False
    return True
