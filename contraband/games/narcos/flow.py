"""The turn's frame: starting a turn, ending it, the rounds and the end of the game
(rulebook pages 4 and 6; RULES.md D1, D2, D10, D34)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import dea, deck
from contraband.games.narcos.board import (
    ACTIVE_DANGER,
    CARD_NAME,
    MANAGE,
    OVER,
    START,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def clear_turn(state: NarcosState) -> None:
    """The fields that live for one turn, at rest."""
    state.timeline, state.unpaid, state.used, state.head = [], [], [], []
    state.pay_queue, state.ask, state.looking = [], [], []
    state.flips = state.actions = state.actions_done = state.pending_income = 0
    state.seized_goods = state.seized_money = state.ordered = 0
    state.forced = state.fled = state.activated = state.eighth = False
    state.outlet_used = state.contact_used = state.renewed = False
    state.pending = state.contact = state.worker_city = -1
    state.resume = MANAGE


def start_turn(state: NarcosState, seat: int) -> None:
    clear_turn(state)
    state.active = seat
    if state.money_agent >= 0:
        dea.reassess_money_agent(state)
    head = state.head = dea.head_for(state, seat)
    state.note("turn", seat, state.turn + 1, state.round, len(state.deck) + len(state.top))
    if head:
        state.note("head", seat, [CARD_NAME[c] for c in head])
    state.activated = len(head) >= ACTIVE_DANGER
    state.phase = START
    state.current_player = seat


def end_turn(state: NarcosState) -> None:
    """Agents to their places, the timeline to the discards, then round 2 or the end."""
    dea.settle(state)
    timeline = state.timeline
    if timeline:
        discards = state.discards  # kept sorted (deck.discard, for the whole timeline at once)
        discards += timeline
        discards.sort()
        state.note("discard", len(timeline))
    state.timeline = []
    state.turn += 1
    if not state.deck and not state.top:
        if state.round == 1:
            deck.build_round_two(state, early=False)
        else:
            finish(state)
            return
    start_turn(state, (state.active + 1) % state.players)


def finish(state: NarcosState) -> None:
    clear_turn(state)
    state.over = True
    state.phase = OVER
    state.current_player = None
    state.note("end", list(state.money), state.winners())
