"""Setting up a game of Narcos (rulebook "Set up"; RULES.md D8, D9, D39)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import deck, flow
from contraband.games.narcos.board import (
    ADVANCED,
    CARD_CITY,
    CARD_KIND,
    CARD_NAME,
    CARD_ROUND,
    CARTEL_ADVANCED,
    CARTEL_CARDS,
    CARTEL_OF,
    CITIES,
    DECK_CARDS,
    MAX_PLAYERS,
    NCITY,
    START_CARTEL,
    START_CROPS,
    START_GOODS,
    START_MONEY,
    START_SICARIOS,
    START_WORKERS,
    TOKENS,
    TOTAL_CROPS,
    start_cards,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def setup(state: NarcosState) -> None:
    n = state.players
    advanced = state.options.get("mode") == ADVANCED
    rng = state.rng
    # -- each player's network and supplies
    state.money = [START_MONEY] * n
    state.workers = [START_WORKERS] * n
    state.sicarios = [START_SICARIOS] * n
    state.crops = [START_CROPS] * n
    state.crop_supply = TOTAL_CROPS - START_CROPS * n
    state.lab_goods = [START_GOODS] * n
    state.storage_goods = [0] * n
    state.lab_card = [start_cards(s)[0] for s in range(n)]
    state.transport_card = [start_cards(s)[1] for s in range(n)]
    state.storage_card = [start_cards(s)[2] for s in range(n)]
    state.workers_spent = [0] * n
    state.workers_converted = [0] * n
    state.goods_made = [START_GOODS] * n
    state.goods_sold = [0] * n
    state.goods_lost = [0] * n
    state.earned = [0] * n
    state.paid = [0] * n
    state.city_workers = [0] * (n * NCITY)
    # the starting cards of absent seats stay in the box
    state.box = [c for s in range(n, MAX_PLAYERS) for c in start_cards(s)]
    # -- the Narcos deck: round-2 cards aside; basic mode's permanent trafficker
    state.reserve = [c for c in range(DECK_CARDS) if CARD_ROUND[c] == 2]
    pool = [c for c in range(DECK_CARDS) if CARD_ROUND[c] == 1]
    state.permanent = -1
    state.tokens = []
    if advanced:
        order = list(range(len(TOKENS)))
        rng.shuffle(order)
        state.tokens = order
        state.note(
            "tokens", [[CITIES[c], TOKENS[t]] for c, t in enumerate(order)], CITIES[order.index(0)]
        )
    else:
        one_each = [
            next(c for c in pool if CARD_KIND[c] == "trafficker" and CARD_CITY[c] == city)
            for city in range(NCITY)
        ]
        state.permanent = one_each[rng.below(NCITY)]
        pool.remove(state.permanent)
        state.note("permanent", CARD_NAME[state.permanent], CITIES[CARD_CITY[state.permanent]])
    state.deck = sorted(pool)
    state.top, state.top_seen, state.discards, state.removed = [], [], [], []
    state.round = 1
    # -- the Cartel deck (advanced-only cards back in the box in basic mode, D8)
    state.cartel_box = (
        [] if advanced else [c for c in range(CARTEL_CARDS) if CARTEL_ADVANCED[CARTEL_OF[c]]]
    )
    state.cartel_deck = [c for c in range(CARTEL_CARDS) if c not in state.cartel_box]
    state.cartel_discard = []
    state.hands = [[] for _ in range(n)]
    state.backs = [[] for _ in range(n)]
    # -- the police warehouse and the DEA agents
    state.warehouse_goods = state.warehouse_money = 0
    state.action_agent = state.money_agent = -1
    state.turn = 0
    state.over = False
    first = rng.below(n)
    state.note("setup", state.options.get("mode"), first, len(state.deck), len(state.reserve))
    for seat in range(n):
        deck.draw_cartel(state, seat, START_CARTEL)
    flow.clear_turn(state)
    flow.start_turn(state, first)
