"""Setting up: seat money from the start player clockwise, a printer and a random component from
the starting cards, the cards the player count leaves out, the A-to-D deck, the police pawn and
the black market filled from its cheapest slot."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_NAME,
    CARDS,
    CATEGORY_OF,
    HENCHMEN,
    MAX_PLAYERS,
    PAWN_START,
    QUALITIES,
    START_CARDS,
    START_CASH,
    SUPPLY,
    in_game,
    side,
)
from contraband.games.counterfeiters.market import refill

if TYPE_CHECKING:
    from contraband.games.counterfeiters.state import CounterfeitersState


_START_PRINTERS = tuple(c for c in START_CARDS if CARD_KIND[c] == "printer")
_START_COMPONENTS = tuple(c for c in START_CARDS if CARD_KIND[c] != "printer")
#: players -> the A-D cards their count leaves out; the deck's cards
_UNUSED = tuple(
    tuple(c for c in range(CARDS) if CATEGORY_OF[c] >= 0 and not in_game(c, n))
    for n in range(MAX_PLAYERS + 1)
)
_DECK = tuple(
    tuple(c for c in range(CARDS) if CATEGORY_OF[c] >= 0 and in_game(c, n))
    for n in range(MAX_PLAYERS + 1)
)


def setup(state: CounterfeitersState) -> None:
    n, rng = state.players, state.rng
    board = side(n)
    first = rng.below(n) if state.options.get("random_start") else 0
    state.stage, state.step = "round", "place"
    state.round = 1
    state.marker = state.leader = state.turn = state.current_player = first
    state.note("start_player", first)
    state.cash = [0] * n
    for k in range(n):
        seat = (first + k) % n
        state.cash[seat] = START_CASH[k]
        state.note("start_cash", seat, START_CASH[k])
    state.offshore = [0] * n
    state.cash_lo = list(state.cash)
    state.cash_hi = list(state.cash)
    state.fakes = [0] * (n * QUALITIES)
    state.supply = list(SUPPLY)
    state.left = [HENCHMEN] * n
    state.down = [0] * n
    state.occupant = [-1] * board.spaces
    state.owned = [[] for _ in range(n)]
    state.out = []
    # the starting cards: a printer each, then a random component (ink or paper) each (D2)
    printers = list(_START_PRINTERS)
    components = list(_START_COMPONENTS)
    rng.shuffle(components)
    for k in range(n):
        seat = (first + k) % n
        printer, component = printers.pop(0), components.pop(0)
        state.owned[seat] = sorted([printer, component])
        state.note("deal", seat, CARD_NAME[printer], CARD_NAME[component])
    undealt = sorted(printers + components)
    state.out.extend(undealt)
    state.note("undealt", [CARD_NAME[c] for c in undealt])
    unused = _UNUSED[n]
    if unused:
        state.note("unused", n, [CARD_NAME[c] for c in unused])
    for c in unused:
        insort(state.out, c)
    state.deck = list(_DECK[n])
    state.note("deck", len(state.deck))
    state.pawn = PAWN_START[n]
    state.note("pawn_start", state.pawn)
    state.market = [-1] * board.slots
    refill(state)
    # the pending action
    state.space = -1
    state.picks = [0] * QUALITIES
    state.quality = 0
    state.direction = -1
    # the end of the game
    state.queue = []
    state.lawyer = 0
    state.trigger = -1
    state.note("round", 1, first)
