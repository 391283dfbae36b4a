"""Build Nacho Incident positions by moving components from wherever they are, so that every
position keeps all 32 cubes and all cards (the tests check conservation too)."""

from __future__ import annotations

import contraband
from contraband.games.nacho_incident.board import (
    CARD_PROVINCE,
    COLOURS,
    FOODS,
    MOUNTIE_NAME,
    NPROV,
    PROVINCES,
    SLOTS,
    SMUGGLER_INDEX,
)
from contraband.games.nacho_incident.draw import insert_sorted

GAME = contraband.load("nacho-incident")


def new(players: int = 4, seed: int = 1, **options):
    return GAME.new(players, seed=seed, options=options)


def card(name: str) -> int:
    return SMUGGLER_INDEX[name]


def mountie(name: str) -> int:
    return MOUNTIE_NAME.index(name)


def food(name: str) -> int:
    return FOODS.index(name)


def province(name: str) -> int:
    return PROVINCES.index(name)


def colour(seat: int) -> str:
    return COLOURS[seat]


def _take_smuggler(state, c: int) -> None:
    for pile in [state.smuggler_deck, state.smuggler_out, *state.hands, *state.cantinas]:
        if c in pile:
            pile.remove(c)
            return
    for seat, chosen in enumerate(state.chosen):
        if chosen == c:
            state.chosen[seat] = -1
            return
    raise AssertionError(f"smuggler {c} not found")


def hand(state, seat: int, *names: str) -> None:
    """Give ``seat`` exactly these smugglers in hand (the old hand goes back to the deck)."""
    for c in list(state.hands[seat]):
        state.hands[seat].remove(c)
        insert_sorted(state.smuggler_deck, c)
    for name in names:
        _take_smuggler(state, card(name))
        state.hands[seat].append(card(name))
    state.hands[seat].sort()


def holders(state, seat: int, province_name: str, *names: str) -> None:
    """Put these smugglers on ``seat``'s cantina in the province."""
    cantina = state.cantinas[seat * NPROV + province(province_name)]
    for name in names:
        _take_smuggler(state, card(name))
        insert_sorted(cantina, card(name))


def _take_mountie(state, m: int) -> None:
    if state.mountie_up == m:
        state.mountie_up = -1
        return
    for pile in [state.mountie_pool, state.mountie_out, *state.posts]:
        if m in pile:
            pile.remove(m)
            return
    raise AssertionError(f"mountie {m} not found")


def post(state, seat: int, province_name: str, *names: str) -> None:
    """Put these mounties on ``seat``'s cantina in the province."""
    target = state.posts[seat * NPROV + province(province_name)]
    for name in names:
        _take_mountie(state, mountie(name))
        insert_sorted(target, mountie(name))


def mountie_up(state, name: str) -> None:
    """Make ``name`` this turn's face-up mountie (the old one returns to the pool)."""
    if state.mountie_up >= 0:
        insert_sorted(state.mountie_pool, state.mountie_up)
        state.mountie_up = -1
    _take_mountie(state, mountie(name))
    state.mountie_up = mountie(name)


def warehouse(state, seat: int, *foods: str) -> None:
    """Give ``seat`` exactly these cubes (old ones go back to the bag)."""
    for f in state.warehouses[seat]:
        insert_sorted(state.bag, f)
    state.warehouses[seat] = []
    for name in foods:
        state.bag.remove(food(name))
        insert_sorted(state.warehouses[seat], food(name))


def province_card(state, province_name: str, number: int) -> None:
    """Turn up the province's card ``number`` (0..2 in data order) with empty slots."""
    p = province(province_name)
    cards = [c for c in range(len(CARD_PROVINCE)) if CARD_PROVINCE[c] == p]
    wanted = cards[number]
    _empty_slots(state, p)
    if state.prov_up[p] != wanted:
        for pile in (state.prov_unseen[p], state.prov_under[p]):
            if wanted in pile:
                pile.remove(wanted)
        insert_sorted(state.prov_unseen[p], state.prov_up[p])
        state.prov_up[p] = wanted


def _empty_slots(state, p: int) -> None:
    from contraband.games.nacho_incident.board import CARD_FOODS

    for i, f in enumerate(CARD_FOODS[state.prov_up[p]]):
        if state.slots[p * SLOTS + i]:
            state.slots[p * SLOTS + i] = 0
            insert_sorted(state.bag, f)


def fill(state, province_name: str, *foods: str) -> None:
    """Fill the slots for these foods on the province's face-up card with cubes from the bag."""
    from contraband.games.nacho_incident.board import CARD_FOODS

    p = province(province_name)
    for name in foods:
        i = CARD_FOODS[state.prov_up[p]].index(food(name))
        state.bag.remove(food(name))
        state.slots[p * SLOTS + i] = 1


def hire_all(state, choices: dict[int, str]) -> None:
    """Every seat hires its smuggler, in the order the game asks for them."""
    for _ in range(state.players):
        seat = state.current_player
        state.apply(f"hire {choices[seat]}")


def labels(state) -> list[str]:
    return [a.label for a in state.legal_actions()]


def check_totals(state) -> None:
    assert state.conserved() == state.TOTALS


def gem(state, seat: int) -> None:
    """Give the gem to ``seat`` at the start of the secret choice (it chooses first)."""
    assert state.phase == "hire" and state.seq == 0
    state.gem = seat
    state.current_player = seat
