"""A loaded position must make sense beyond each field's own range: the checks the schema
cannot express (which kind of card lies where, what each phase needs, the seat on move). The
core calls ``check_position`` from ``from_json`` before it checks the totals and the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import dea
from contraband.games.narcos.board import (
    ADVANCED,
    CARD_KIND,
    CARD_REMOVAL,
    CARD_ROUND,
    CARTEL_ADVANCED,
    CARTEL_OF,
    DEA_ACTION_CARD,
    DEA_MONEY_CARD,
    LEFTOVER,
    MANAGE,
    NCITY,
    ORDER,
    OVER,
    PAY,
    PEEK,
    PERMANENT,
    PRESSURE,
    PURCHASE,
    RAID,
    REMOVE,
    SELL,
    WORKER,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

WINDOWS = (PRESSURE, RAID, LEFTOVER, PURCHASE)
PHASE_ONE = ("start", "flip", REMOVE, PAY, PEEK, ORDER, "bonus", PRESSURE)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ValueError(message)


def check_position(state: NarcosState) -> None:
    """Raise ValueError naming what does not fit."""
    _network(state)
    _mode(state)
    _piles(state)
    _turn(state)
    _phase(state)


def _network(state: NarcosState) -> None:
    for name, kind in (
        ("lab_card", "lab"),
        ("transport_card", "transport"),
        ("storage_card", "storage"),
    ):
        for seat, card in enumerate(getattr(state, name)):
            _require(CARD_KIND[card] == kind, f"state.{name}[{seat}] must be a {kind} card")


def _mode(state: NarcosState) -> None:
    advanced = state.options.get("mode") == ADVANCED
    if advanced:
        _require(sorted(state.tokens) == list(range(NCITY)), "state.tokens must place 4 tokens")
        _require(state.permanent == -1, "state.permanent must be -1 in advanced mode")
        _require(state.contact in (-1, *range(NCITY)), "state.contact must be -1 or a city")
        _require(state.cartel_box == [], "state.cartel_box must be empty in advanced mode")
    else:
        _require(state.tokens == [], "state.tokens must be empty in basic mode")
        _require(
            state.permanent >= 0 and CARD_KIND[state.permanent] == "trafficker",
            "state.permanent must be a trafficker card in basic mode",
        )
        _require(state.contact in (-1, PERMANENT), "state.contact must be -1 or 4 in basic mode")
        _require(not any(state.city_workers), "state.city_workers must be 0 in basic mode")
        _require(
            sorted(CARTEL_OF[c] for c in state.cartel_box)
            == sorted(k for k in CARTEL_OF if CARTEL_ADVANCED[k]),
            "state.cartel_box must hold the advanced-only Cartel cards in basic mode",
        )
        _require(state.warehouse_goods == state.warehouse_money == 0, "no warehouse in basic")


def _piles(state: NarcosState) -> None:
    _require(len(state.top) == len(state.top_seen), "state.top_seen must match state.top")
    _require(
        all(0 < bits < 1 << state.players or bits == 0 for bits in state.top_seen),
        "state.top_seen holds seats that do not play",
    )
    if state.round == 2:
        _require(state.reserve == [], "state.reserve must be empty in round 2")
    else:
        _require(
            sorted(state.reserve)
            == sorted(c for c in range(len(CARD_ROUND)) if CARD_ROUND[c] == 2),
            "state.reserve must hold the round-2 cards in round 1",
        )
    for seat in (state.action_agent, state.money_agent):
        _require(seat < state.players, "a DEA agent is held by a seat that does not play")
    held = dea.head_for(state, state.active)
    _require(
        state.phase == OVER
        or set(state.head) <= set(held)
        and all(card in state.head or state.renewed for card in held),
        "state.head must hold the agents the active seat started its turn with",
    )
    for card in (DEA_ACTION_CARD, DEA_MONEY_CARD):
        placed = (state.action_agent if card == DEA_ACTION_CARD else state.money_agent) != -1
        _require(not placed or card not in state.timeline, "a placed agent is on the timeline")


def _turn(state: NarcosState) -> None:
    timeline = set(state.timeline)
    _require(len(timeline) == len(state.timeline), "state.timeline holds a card twice")
    _require(set(state.unpaid) <= timeline, "state.unpaid must be on the timeline")
    _require(
        all(CARD_KIND[c] in ("police", "military") for c in state.unpaid + state.pay_queue),
        "only police and military are paid",
    )
    _require(set(state.pay_queue) <= timeline, "state.pay_queue must be on the timeline")
    _require(
        all(c in timeline and CARD_KIND[c] == "trafficker" for c in state.used),
        "state.used must be traffickers on the timeline",
    )
    _require(len(set(state.used)) == len(state.used), "state.used holds a card twice")
    _require(len(set(state.ask)) == len(state.ask), "state.ask holds a seat twice")
    _require(state.active not in state.ask, "state.ask must not hold the active seat")
    _require(state.pending == -1 or state.pending in timeline, "state.pending must be flipped")
    if state.contact_used:
        _require(state.contact >= 0, "a contact was used before it was played")


def _phase(state: NarcosState) -> None:
    phase, mover = state.phase, state.current_player
    if phase == OVER:
        _require(state.over and mover is None, "a finished game has nobody on move")
        return
    _require(not state.over and mover is not None, "a running game has a seat on move")
    if phase in WINDOWS:
        _require(bool(state.ask) and mover == state.ask[0], "the window's seat must be on move")
    elif phase == WORKER:
        _require(state.worker_city >= 0, "state.worker_city must name the city of the sale")
        _require(state.workers[mover] > 0, "the seat sending a worker must have one")
        leftover = state.resume == LEFTOVER
        _require(
            mover == (state.ask[0] if leftover and state.ask else state.active)
            and (mover != state.active) == leftover,
            "the seller must be on move",
        )
    else:
        _require(mover == state.active, "state.current_player must be the active seat")
        _require(state.ask == [], "state.ask is set outside a window")
    if phase != WORKER:
        _require(state.worker_city == -1, "state.worker_city is set outside a worker decision")
        _require(state.resume == MANAGE, "state.resume is set outside a worker decision")
    _require(
        (state.pending >= 0) == (phase in (REMOVE, PAY)),
        "state.pending is set exactly while a card is being resolved",
    )
    if phase == REMOVE:
        _require(CARD_REMOVAL[state.pending] > 0, "state.pending must be removable")
        _require(state.pay_queue == [], "nothing is paid during a removal")
    _require(bool(state.pay_queue) == (phase == PAY), "state.pay_queue is set exactly in PAY")
    if phase == PEEK:
        _require(
            bool(state.top) and state.top_seen[0] >> state.active & 1 == 1,
            "the peeked card must be on top, seen by the active seat",
        )
    _require(bool(state.looking) == (phase == ORDER), "state.looking is set exactly in ORDER")
    _require(state.ordered == 0 or phase == ORDER, "state.ordered is set outside ORDER")
    _require(not state.eighth or phase in (REMOVE, PAY), "an 8th card is being resolved")
    _require(not state.forced, "a forced flip never waits for a decision")
    _require(not state.fled or phase not in PHASE_ONE, "a fled player has left phase 1")
    if phase == SELL:
        _require(state.storage_goods[state.active] > 0, "an end sale needs goods")
