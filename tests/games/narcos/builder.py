"""Build Narcos positions by moving components from wherever they are, so that every position
keeps all cards, Cartel cards, workers and crops, and the goods and money ledgers balance (the
tests check ``conserved()`` too)."""

from __future__ import annotations

from bisect import insort

import contraband
from contraband.games.narcos import deck, flow
from contraband.games.narcos.board import (
    CARD_KIND,
    CARD_NAME,
    CARTEL_NAMES,
    CARTEL_OF,
    CITIES,
    COLOURS,
    NCITY,
    TOKENS,
)

GAME = contraband.load("narcos")


def new(players: int = 3, seed: int = 1, mode: str = "basic"):
    return GAME.new(players, seed=seed, options={"mode": mode})


def labels(state) -> list[str]:
    return [a.label for a in state.legal_actions()]


def check_totals(state) -> None:
    assert state.conserved() == state.TOTALS


def colour(seat: int) -> str:
    return COLOURS[seat]


# -- Narcos cards ---------------------------------------------------------------------------------
def take(state, name: str) -> int:
    """A card of type ``name`` out of the deck, the reserve, the discards or the box."""
    for pile in (state.deck, state.reserve, state.discards, state.box):
        for card in pile:
            if CARD_NAME[card] == name:
                pile.remove(card)
                return card
    for i, card in enumerate(state.top):
        if CARD_NAME[card] == name:
            state.top.pop(i)
            state.top_seen.pop(i)
            return card
    raise AssertionError(f"no free {name} card")


def stack(state, *names: str) -> None:
    """The next cards of the deck, in order (known to nobody)."""
    state._legal = None
    back_to_deck(state)
    for name in names:
        state.top.append(take(state, name))
        state.top_seen.append(0)


def back_to_deck(state) -> None:
    for card in state.top:
        insort(state.deck, card)
    state.top, state.top_seen = [], []


def empty_deck(state, keep: int = 0) -> None:
    """Move all but ``keep`` deck cards (and the known top) to the discards."""
    state._legal = None
    back_to_deck(state)
    while len(state.deck) > keep:
        deck.discard(state, state.deck.pop())


def on_timeline(state, *names: str) -> list[int]:
    """Put these cards on the active player's timeline (no effects resolved)."""
    state._legal = None
    cards = [take(state, name) for name in names]
    state.timeline.extend(cards)
    return cards


def network(state, seat: int, *names: str) -> None:
    """Give ``seat`` these network cards (its old ones go to the discards)."""
    state._legal = None
    for name in names:
        card = take(state, name)
        kind = CARD_KIND[card]
        field = {"lab": "lab_card", "transport": "transport_card", "storage": "storage_card"}[kind]
        old = getattr(state, field)[seat]
        getattr(state, field)[seat] = card
        deck.discard(state, old)


# -- players' supplies, keeping the ledgers --------------------------------------------------
def money(state, seat: int, amount: int) -> None:
    change = amount - state.money[seat]
    state._legal = None
    state.money[seat] = amount
    state.earned[seat] += change


def goods(state, seat: int, lab: int | None = None, storage: int | None = None) -> None:
    state._legal = None
    if lab is not None:
        state.goods_made[seat] += lab - state.lab_goods[seat]
        state.lab_goods[seat] = lab
    if storage is not None:
        state.goods_made[seat] += storage - state.storage_goods[seat]
        state.storage_goods[seat] = storage


def crops(state, seat: int, count: int) -> None:
    state.crop_supply -= count - state.crops[seat]
    state._legal = None
    state.crops[seat] = count


def workers_to_city(state, seat: int, city: str, count: int) -> None:
    c = CITIES.index(city)
    state._legal = None
    state.workers[seat] -= count
    state.city_workers[seat * NCITY + c] += count


def tokens(state, **placement: str) -> None:
    """Advanced: put tokens on cities, e.g. tokens(state, Chicago=">=8", Miami="-2", ...)."""
    state._legal = None
    order = [TOKENS.index(placement[city]) for city in CITIES]
    state.tokens = order


# -- Cartel cards ------------------------------------------------------------------------------
def cartel(name: str) -> int:
    return CARTEL_NAMES.index(name)


def hand(state, seat: int, *names: str) -> None:
    """Give ``seat`` exactly these Cartel cards (its old hand goes back to the deck)."""
    state._legal = None
    for card in state.hands[seat]:
        insort(state.cartel_deck, card)
    state.hands[seat] = []
    for name in names:
        kind = cartel(name)
        for pile in (state.cartel_deck, state.cartel_box, *state.hands, state.cartel_discard):
            card = next((c for c in pile if CARTEL_OF[c] == kind), None)
            if card is not None:
                pile.remove(card)
                insort(state.hands[seat], card)
                break
        else:
            raise AssertionError(f"no free {name}")


def no_hands(state) -> None:
    for seat in range(state.players):
        hand(state, seat)


# -- turns ---------------------------------------------------------------------------------------
def turn(state, seat: int) -> None:
    """Start ``seat``'s turn afresh (the log keeps only what follows); a timeline left over
    goes to the discards."""
    back_to_deck(state)
    for card in state.timeline + state.looking:
        deck.discard(state, card)
    flow.start_turn(state, seat)
    state._events = []
    state._count = 0
    state._legal = None


def play(state, *actions: str) -> None:
    for label in actions:
        state.apply(label)


def log_kinds(state, seat=None) -> list[str]:
    return [entry["kind"] for entry in state.log(seat)]


def texts(state, seat=None) -> list[str]:
    return [entry["text"] for entry in state.log(seat)]


def finish_turn(state) -> None:
    """Play the rest of the active player's turn doing nothing more (no sale, no purchase)."""
    seat = state.active
    turn_number = state.turn
    while state.turn == turn_number and not state.is_terminal():
        legal = labels(state)
        for choice in (
            "stop",
            "end actions",
            "keep the goods",
            "invest nothing",
            "pass",
            "keep the worker",
            "decline the peeked card",
        ):
            if choice in legal:
                state.apply(choice)
                break
        else:
            state.apply(legal[0])
    assert state.is_terminal() or state.active != seat or state.players == 1
