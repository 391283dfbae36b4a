"""Phase 1: flipping Narcos cards onto the timeline, card by card (rulebook pages 6-7).

A card appears; a third siren means fleeing at once (no removal, no payment: D12). Otherwise a
police, military or press may be removed with sicarios right then; a card kept on the table
that raises the danger to 2 makes every police and military on the timeline take its payment
(``dangers``); then the press forces another flip (an 8th card after a 7th-card press) and the
sapo shows its player the next card. The phase ends at 7 cards, at the third siren, when a
payment fails, when the player stops (or declines a peeked card), or when the deck is spent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import cartel, dangers, deck, network
from contraband.games.narcos.board import (
    ACTIVE_DANGER,
    ADVANCED,
    BONUS,
    BONUS_CARDS,
    BONUS_GUNS,
    CARD_KIND,
    CARD_NAME,
    CARD_REMOVAL,
    CARD_SIDE,
    CHOICE_CARDS,
    CHOICE_GUNS,
    CHOICE_SICARIOS,
    FLEE_ACTIONS,
    FLEE_SIRENS,
    FLIP,
    IS_PAYER,
    IS_SIREN,
    MANAGE,
    MAX_CARD_ACTIONS,
    MAX_CARDS,
    PEEK,
    PRESSURE,
    REMOVE,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


_SIREN = IS_SIREN.__getitem__  # sum(map(_SIREN, cards)): the sirens among the cards, in C


def danger(state: NarcosState) -> int:
    """Sirens on the timeline plus the DEA agents held at its head."""
    return len(state.head) + sum(map(_SIREN, state.timeline))


def table_cards(state: NarcosState) -> int:
    """Cards on the timeline, the held agents at its head included (D26)."""
    return len(state.head) + len(state.timeline)


def guns(state: NarcosState) -> int:
    timeline = state.timeline
    return len(timeline) - sum(map(_SIREN, timeline))


def earned_actions(state: NarcosState) -> int:
    """The actions the timeline gives as it stands (fled: one)."""
    if state.fled:
        return FLEE_ACTIONS
    return min(MAX_CARD_ACTIONS, table_cards(state) - len(state.unpaid))


def flip(state: NarcosState) -> None:
    """Flip the next card onto the active player's timeline and resolve it."""
    seat = state.active
    eighth = state.eighth
    top = state.top  # deck.draw, inlined (the hottest path of random play)
    if top:
        state.top_seen.pop(0)
        card = top.pop(0)
    else:
        cards = state.deck
        if not cards:
            state.note("deck_spent", seat)
            end_phase(state)
            return
        card = cards.pop(state.rng.below(len(cards)))
    state.flips += 1
    state.forced = False
    siren = IS_SIREN[card]
    if eighth and not siren:
        deck.discard(state, card)
        state.note("eighth_gun", seat, CARD_NAME[card])
        end_phase(state)
        return
    timeline = state.timeline
    timeline.append(card)
    held = len(state.head)
    level = held + sum(map(_SIREN, timeline))
    state.note("flip", seat, CARD_NAME[card], CARD_SIDE[card], level, held + len(timeline), eighth)
    if not siren:
        # a gun does nothing more: kept, effects and after_card, inlined for the hot path
        state.pending = -1
        if held + len(timeline) >= MAX_CARDS:
            state.note("limit", seat, MAX_CARDS)
            end_phase(state)
        elif not state.deck and not state.top:
            state.note("deck_spent", seat)
            end_phase(state)
        elif level != FLEE_SIRENS - 1 or not cartel.open_window(state, PRESSURE):
            state.phase = FLIP
            state.current_player = seat
        return
    if level >= FLEE_SIRENS:
        state.fled = True
        state.note("flee", seat, CARD_NAME[card])
        end_phase(state)
        return
    state.pending = card
    if CARD_REMOVAL[card] and dangers.can_remove(state, seat, CARD_REMOVAL[card]):
        state.phase = REMOVE
        state.current_player = seat
        return
    kept(state)


def kept(state: NarcosState) -> None:
    """The pending card stays on the table: activation, payments, then its own effect."""
    card = state.pending
    if IS_SIREN[card] and not state.activated and danger(state) >= ACTIVE_DANGER:
        state.activated = True
        queue = [c for c in state.timeline if IS_PAYER[c]]
        if queue:
            state.note("activate", state.active, [CARD_NAME[c] for c in queue])
            state.pay_queue = queue
            continue_payments(state)
            return
    effects(state)


def continue_payments(state: NarcosState) -> None:
    """Pay the activated cards in timeline order; an unpaid one stops the flipping."""
    if not dangers.pay_next(state):
        return  # the player chooses how to pay
    if state.unpaid:
        state.note("unpaid_stop", state.active, len(state.unpaid))
        end_phase(state)
        return
    effects(state)


def effects(state: NarcosState) -> None:
    """The press forces another flip; the sapo shows the next card to its player."""
    seat = state.active
    card = state.pending
    state.pending = -1
    kind = CARD_KIND[card]
    if kind == "press" and not state.eighth:
        if table_cards(state) >= MAX_CARDS:
            state.eighth = True
            state.note("press_eighth", seat)
        else:
            state.forced = True
            state.note("press_forces", seat)
        flip(state)
        return
    if kind == "sapo" and not state.eighth and table_cards(state) < MAX_CARDS:
        seen = deck.peek(state, seat)
        if seen >= 0:
            state.note("peek", seat, CARD_NAME[seen])
            state.phase = PEEK
            state.current_player = seat
            return
    after_card(state)


def after_card(state: NarcosState) -> None:
    """Limits, then the other players' chance to press, then the stop-or-flip decision."""
    seat = state.active
    if state.eighth:
        end_phase(state)
        return
    if table_cards(state) >= MAX_CARDS:
        state.note("limit", seat, MAX_CARDS)
        end_phase(state)
        return
    if not state.deck and not state.top:
        state.note("deck_spent", seat)
        end_phase(state)
        return
    if state.forced:
        flip(state)
        return
    if cartel.open_pressure(state):
        return
    decide(state)


def decide(state: NarcosState) -> None:
    state.phase = FLIP
    state.current_player = state.active


def remove(state: NarcosState) -> None:
    """The pending card is removed with sicarios: it leaves the game (D17) and counts for
    nothing; the flip still counts as the turn's one compulsory card (D47)."""
    seat, card = state.active, state.pending
    cost = CARD_REMOVAL[card]
    state.sicarios[seat] -= cost
    state.timeline.remove(card)
    state.removed.append(card)
    state.pending = -1
    state.note("remove", seat, CARD_NAME[card], cost)
    after_card(state)


def keep(state: NarcosState) -> None:
    state.note("keep", state.active, CARD_NAME[state.pending])
    kept(state)


def stop(state: NarcosState) -> None:
    state.note("stop", state.active, table_cards(state))
    end_phase(state)


def answer_peek(state: NarcosState, place: bool) -> None:
    """Place the peeked card (it appears like any flip, D49) or decline it and stop (D19)."""
    if place:
        state.note("place", state.active)
        flip(state)
        return
    state.note("decline", state.active)
    end_phase(state)


def end_phase(state: NarcosState) -> None:
    """Phase 1 is over: the police's takings go to the warehouse (advanced) or the supply, the
    actions are counted, and the gun bonus is given unless the player fled."""
    seat = state.active
    state.eighth = state.forced = False
    state.pending = -1
    if state.seized_goods or state.seized_money:
        goods, money = state.seized_goods, state.seized_money
        if state.options.get("mode") == ADVANCED:
            state.warehouse_goods += goods
            state.warehouse_money += money
        else:
            state.goods_lost[seat] += goods
            state.paid[seat] += money
        state.seized_goods = state.seized_money = 0
        state.note("seized", seat, goods, money, state.options.get("mode") == ADVANCED)
    timeline = state.timeline  # earned_actions and guns, inlined
    count = len(timeline) - sum(map(_SIREN, timeline))
    state.actions = (
        FLEE_ACTIONS
        if state.fled
        else min(MAX_CARD_ACTIONS, len(state.head) + len(timeline) - len(state.unpaid))
    )
    state.note("actions", seat, state.actions, count, state.fled)
    if not state.fled:
        if count >= CHOICE_GUNS:
            state.phase = BONUS
            state.current_player = seat
            return
        if count >= BONUS_GUNS:
            state.note("bonus", seat, count, "cards")
            deck.draw_cartel(state, seat, BONUS_CARDS)
    state.phase = MANAGE  # network.start
    state.current_player = seat


def take_bonus(state: NarcosState, sicario: bool) -> None:
    seat = state.active
    if sicario:
        state.sicarios[seat] += CHOICE_SICARIOS
        state.note("bonus", seat, guns(state), "sicario")
    else:
        state.note("bonus", seat, guns(state), "cards")
        deck.draw_cartel(state, seat, CHOICE_CARDS)
    network.start(state)
