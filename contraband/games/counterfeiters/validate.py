"""Loading checks beyond the field schema: the saved fields must agree with each other as they do
in every position the rules can reach. Each failure is a ValueError naming the field."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.counterfeiters import selling
from contraband.games.counterfeiters.board import (
    CARDS,
    CATEGORY_OF,
    COMMERCIAL,
    FENCE,
    HENCHMEN,
    JET,
    LAWYERS,
    QUALITIES,
    SUPERMARKET,
    UNIT,
    in_game,
    side,
)
from contraband.games.counterfeiters.printing import printers

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


def _fail(field: str, problem: str) -> None:
    raise ValueError(f"state.{field} {problem}")


def check_position(state: CounterfeitersState) -> None:
    _check_cards(state)
    _check_money(state)
    _check_henchmen(state)
    _check_turn(state)


def _check_cards(state: CounterfeitersState) -> None:
    n = state.players
    board = side(n)
    if state.deck != sorted(state.deck) or state.out != sorted(state.out):
        _fail("deck", "and state.out must be sorted")
    for c in state.deck:
        if CATEGORY_OF[c] < 0 or not in_game(c, n):
            _fail("deck", f"cannot hold card {c} in a {n}-player game")
    open_slots = board.open_slots(n)
    for slot, c in enumerate(state.market):
        if c >= 0 and (slot not in open_slots or CATEGORY_OF[c] < 0 or not in_game(c, n)):
            _fail(f"market[{slot}]", "holds a card that cannot lie there")
    for seat, cards in enumerate(state.owned):
        if cards != sorted(cards):
            _fail(f"owned[{seat}]", "must be sorted")
        if printers(cards) == 0:
            _fail(f"owned[{seat}]", "must hold a printer (everyone starts with one)")
        for c in cards:
            if not in_game(c, n):
                _fail(f"owned[{seat}]", f"cannot hold card {c} in a {n}-player game")
    if len(state.out) > CARDS:
        _fail("out", "holds too many cards")


def _check_money(state: CounterfeitersState) -> None:
    for seat in range(state.players):
        cash, offshore = state.cash[seat], state.offshore[seat]
        low, high = state.cash_lo[seat], state.cash_hi[seat]
        if any(v % UNIT for v in (cash, offshore, low, high)):
            _fail(f"cash[{seat}]", f"and the other amounts must be whole ${UNIT} notes")
        if not low <= cash <= high <= cash + offshore:
            _fail(f"cash_lo[{seat}]", "must satisfy cash_lo <= cash <= cash_hi <= cash + offshore")


def _check_henchmen(state: CounterfeitersState) -> None:
    for seat in range(state.players):
        on_board = state.occupant.count(seat)
        if state.left[seat] + state.down[seat] + on_board != HENCHMEN:
            _fail(f"left[{seat}]", f"with the laid-down and placed henchmen must make {HENCHMEN}")


def _check_turn(state: CounterfeitersState) -> None:
    n, stage, step = state.players, state.stage, state.step
    board = side(n)
    current, space = state.current_player, state.space
    if stage == "over":
        if current is not None or step != "place" or space >= 0:
            _fail("stage", "'over' leaves nobody to decide and nothing pending")
        return
    if current is None:
        _fail("current_player", "must name the seat to decide while the game runs")
    if stage == "round" and current != state.turn:
        _fail("turn", "must be the seat deciding during a round")
    if stage != "round" and state.trigger < 0:
        _fail("trigger", "must name the seat that ended the game")
    if stage != "final" and state.queue:
        _fail("queue", "holds final placements only during them")
    if stage != "lawyers" and state.lawyer:
        _fail("lawyer", "counts lawyers only during their moves")
    if stage == "lawyers" and (
        state.lawyer >= len(LAWYERS) or LAWYERS[state.lawyer] not in state.owned[current]
    ):
        _fail("lawyer", "must be a lawyer the deciding seat owns")
    if step == "lawyer" and stage != "lawyers":
        _fail("step", "'lawyer' happens only in the lawyers stage")
    if step == "place":
        if space >= 0:
            _fail("space", "must be -1 while a henchman is being placed")
        if state.left[current] <= 0:
            _fail("left", "must leave the placing seat a henchman in hand")
    elif step != "lawyer":
        if space < 0 or state.occupant[space] != current:
            _fail("space", f"must be the deciding seat's space during {step!r}")
        action = board.action[space]
        wanted = (SUPERMARKET, FENCE) if step == "sell" else (COMMERCIAL, JET)
        if action not in wanted:
            _fail("space", f"is not a space where {step!r} happens")
    if (step == "amount") != (state.direction >= 0):
        _fail("direction", "must be chosen exactly while the amount is")
    if step != "sell" and (any(state.picks) or state.quality):
        _fail("picks", "hold a sale only while it is counted")
    if step == "sell":
        base = current * QUALITIES
        if sum(state.picks) and any(
            state.picks[q] > state.fakes[base + q] for q in range(QUALITIES)
        ):
            _fail("picks", "cannot exceed the notes held")
        if any(state.picks[q] for q in range(state.quality, QUALITIES)):
            _fail("picks", "are counted only for the qualities already decided")
        fence = board.action[space] == FENCE
        if not sum(state.picks) and not selling.acceptable(state, current, fence):
            _fail("fakes", "must leave the seller a note to sell")
