"""Setup for both modes: shuffle, deal, fields, and the flip-until-different for the bosses."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.al_cabohne import flow
from contraband.games.al_cabohne.beans import (
    ALL_CARDS,
    BEAN_NAMES,
    BOSS_NAMES,
    BOSSES_IN_GAME,
    EMPTY,
    FIRST_PLAYER,
    MOST_FIELDS,
    START_FIELDS,
    START_HAND,
)
from contraband.games.al_cabohne.harvest import collector, give_to_boss

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


def setup(state: AlCabohneState) -> None:
    players = state.players
    deck = list(ALL_CARDS)
    state.rng.shuffle(deck)
    state.note("shuffle", len(deck), state.options["deck_passes"])
    state.deck = deck  # the top card is the last one
    state.discard = []
    state.faceup = []
    state.deck_pass = 1
    state.last_turn = False
    state.hands = [[] for _ in range(players)]  # the front of a hand is index 0
    for _ in range(START_HAND[players]):
        for hand in state.hands:
            hand.append(deck.pop())
    for seat, hand in enumerate(state.hands):
        state.note("deal", seat, len(hand), [BEAN_NAMES[b] for b in hand])
    state.fields_owned = [START_FIELDS[players]] * players
    state.field_bean = [[EMPTY] * MOST_FIELDS for _ in range(players)]
    state.field_count = [[0] * MOST_FIELDS for _ in range(players)]
    state.coins = [[] for _ in range(players)]
    state.mafia_coins = []
    bosses = BOSSES_IN_GAME[players]
    state.boss_bean = [EMPTY] * bosses
    state.boss_count = [0] * bosses
    flip_for_bosses(state)
    flow.start_turn(state, FIRST_PLAYER)


def flip_for_bosses(state: AlCabohneState) -> None:
    """Each boss in turn gets the first card no earlier boss collects; a card an earlier boss
    collects joins that boss's field (decision A2). So the bosses start with different beans."""
    deck = state.deck
    for boss in range(len(state.boss_bean)):
        while True:
            card = deck.pop()
            earlier = collector(state, card)
            taker = boss if earlier < 0 else earlier
            state.note("turn_to_boss", BEAN_NAMES[card], BOSS_NAMES[taker])
            give_to_boss(state, taker, card)
            if earlier < 0:
                break
