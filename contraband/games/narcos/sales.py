"""Sales (rulebook pages 9-10, advanced pages 11-12; RULES.md D28-D30, D39-D43, D51-D55).

A sale moves a whole storage to one buyer: an unused trafficker card on the active player's
timeline, the permanent trafficker (basic: only when no trafficker card is available, at -2
units) or the "-2" city (advanced: always, at -2), or a Contacto. Each trafficker card takes one
sale. In advanced mode the rivals with more workers than the seller in the buyer's city first
take 1 unit per worker they have there into their storages, the city's token may pay a bonus,
and the seller may send a worker to the city (+1 million; it stays there for good).

The active player's sales are paid once their actions are over; then the other players, in turn
order, may each send their storage to a trafficker card still unused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import network
from contraband.games.narcos.board import (
    ADVANCED,
    BIG_SALE,
    BIG_TOKEN,
    BOAT,
    BOAT_TOKEN,
    BUYER_NAME,
    CARD_CITY,
    CARD_TYPE,
    CITIES,
    CITY_BONUS,
    COMMISSION,
    CONTACT,
    INVEST,
    IS_TRAFFICKER,
    LEFTOVER,
    MANAGE,
    NCITY,
    OTHERS,
    OUTLET,
    OUTLET_NAME,
    PERMANENT,
    PLANE,
    PLANE_TOKEN,
    PRICE,
    SELL,
    TOKEN_BONUS,
    TOKENS,
    WORKER,
)
from contraband.games.narcos.ledger import earn, room

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def unused_traffickers(state: NarcosState) -> list[int]:
    used = state.used
    return [c for c in state.timeline if IS_TRAFFICKER[c] and c not in used]


def _advanced(state: NarcosState) -> bool:
    return state.options.get("mode") == ADVANCED


def _open(state: NarcosState, seat: int) -> tuple[set[int], bool, bool]:
    """What is open to ``seat`` now: the cities of the unused traffickers, whether the
    permanent outlet is (in basic mode only without a trafficker) and whether the contact is;
    only the active player has the outlet and the contact."""
    used = state.used  # the cities of unused_traffickers(state), without the list
    cities = {CARD_CITY[c] for c in state.timeline if IS_TRAFFICKER[c] and c not in used}
    if seat != state.active:
        return cities, False, False
    outlet = not state.outlet_used and (_advanced(state) or not cities)
    return cities, outlet, state.contact >= 0 and not state.contact_used


#: the words naming each buyer in a label ("to the Miami trafficker", "in Miami at -2")
TO_WORDS: tuple[str, ...] = tuple(f"to {name}" for name in BUYER_NAME)
IN_WORDS: tuple[str, ...] = tuple(f"in {name}" for name in OUTLET_NAME)
SELL_LABEL = {words: f"sell {words}" for words in TO_WORDS + IN_WORDS}
EARLY_LABEL = {words: f"sell early {words}" for words in TO_WORDS + IN_WORDS}


def buyers(state: NarcosState, seat: int) -> list[tuple[str, int, int]]:
    """(label words, buyer, city) for each buyer open to ``seat`` now."""
    cities, outlet, contact = _open(state, seat)
    found = [(TO_WORDS[c], c, c) for c in sorted(cities)] if cities else []
    if outlet:
        if _advanced(state):
            city = state.tokens.index(OUTLET)
            found.append((IN_WORDS[city], PERMANENT, city))
        else:
            found.append((TO_WORDS[PERMANENT], PERMANENT, CARD_CITY[state.permanent]))
    if contact:
        city = state.contact if _advanced(state) else CARD_CITY[state.permanent]
        found.append((TO_WORDS[CONTACT], CONTACT, city))
    return found


def buyer_counts(state: NarcosState, seat: int) -> tuple[int, bool]:
    """(full-price buyers, whether the permanent outlet is open) of ``buyers``, counted
    without building their labels (the AI asks this often)."""
    cities, outlet, contact = _open(state, seat)
    return len(cities) + contact, outlet


def buyer_words(state: NarcosState, seat: int) -> list[str]:
    return [words for words, _, _ in buyers(state, seat)]


def early_labels(state: NarcosState, seat: int) -> list[str]:
    """The labels of the early sales open to ``seat``."""
    return [EARLY_LABEL[words] for words, _, _ in buyers(state, seat)]


def buyer_of(state: NarcosState, meaning: tuple) -> tuple[int, int]:
    """(buyer, city) of a legal sale's ``MEANING``: what ``find_buyer`` finds for its words,
    read from the label's meaning instead of the buyers' list."""
    buyer = meaning[1]
    if buyer < NCITY:
        return buyer, buyer
    if buyer == PERMANENT:
        return buyer, meaning[3] if len(meaning) > 3 else CARD_CITY[state.permanent]
    return buyer, state.contact if _advanced(state) else CARD_CITY[state.permanent]


def find_buyer(state: NarcosState, seat: int, words: str) -> tuple[int, int]:
    for found, buyer, city in buyers(state, seat):
        if found == words:
            return buyer, city
    raise AssertionError(f"no buyer {words!r}")


def sell(state: NarcosState, seat: int, buyer: int, city: int, early: bool = False) -> None:
    """``seat`` sells its whole storage to ``buyer`` in ``city``."""
    units = state.storage_goods[seat]
    state.storage_goods[seat] = 0
    commission = 0
    if buyer < NCITY:
        card = next(c for c in unused_traffickers(state) if CARD_CITY[c] == buyer)
        state.used.append(card)
    elif buyer == PERMANENT:
        state.outlet_used = True
        commission = COMMISSION
    else:
        state.contact_used = True
    advanced = _advanced(state)
    handed = _hand_over(state, seat, city, units) if advanced else 0
    delivered = units - handed
    paid = max(0, delivered - commission)
    state.goods_sold[seat] += delivered
    bonus = _token_bonus(state, seat, city, units) if advanced else 0
    income = paid * PRICE + bonus
    state.note(
        "sale",
        seat,
        BUYER_NAME[buyer] if buyer != PERMANENT or not advanced else f"the {CITIES[city]} outlet",
        CITIES[city],
        units,
        handed,
        min(commission, delivered),
        income,
        early,
    )
    _credit(state, seat, income)
    state.resume = MANAGE if early else (SELL if seat == state.active else LEFTOVER)
    if advanced and state.workers[seat] > 0:
        state.worker_city = city
        state.phase = WORKER
        state.current_player = seat
        return
    resume(state)


def _credit(state: NarcosState, seat: int, income: int) -> None:
    """The active player is paid when their actions are over (D55); others at once."""
    if seat == state.active:
        state.pending_income += income
    else:
        earn(state, seat, income)


def _hand_over(state: NarcosState, seat: int, city: int, units: int) -> int:
    """Rivals with more workers than the seller in ``city`` take 1 unit per worker they have
    there, most workers first, ties in turn order from the seller (D40, D54); what does not
    fit their storage is lost. Returns the units handed over."""
    n = state.players
    mine = state.city_workers[seat * NCITY + city]
    rivals = [(seat + k) % n for k in range(1, n)]
    rivals = [r for r in rivals if state.city_workers[r * NCITY + city] > mine]
    rivals.sort(key=lambda r: -state.city_workers[r * NCITY + city])
    left = units
    for rival in rivals:
        give = min(state.city_workers[rival * NCITY + city], left)
        fits = min(give, room(state, rival))
        state.storage_goods[rival] += fits
        state.goods_lost[seat] += give - fits
        left -= give
        state.note("hand_over", seat, rival, give, give - fits, CITIES[city])
    return units - left


def _token_bonus(state: NarcosState, seat: int, city: int, units: int) -> int:
    token = state.tokens[city]
    transport = CARD_TYPE[state.transport_card[seat]]
    if (
        (token == BOAT_TOKEN and transport == BOAT)
        or (token == PLANE_TOKEN and transport == PLANE)
        or (token == BIG_TOKEN and units >= BIG_SALE)
    ):
        state.note("token", seat, TOKENS[token], CITIES[city], TOKEN_BONUS[token])
        return TOKEN_BONUS[token]
    return 0


def send_worker(state: NarcosState, send: bool) -> None:
    seat: int = state.current_player  # type: ignore[assignment]  # None only when over
    city = state.worker_city
    state.worker_city = -1
    if send:
        state.workers[seat] -= 1
        state.city_workers[seat * NCITY + city] += 1
        state.note("send", seat, CITIES[city], CITY_BONUS)
        _credit(state, seat, CITY_BONUS)
    else:
        state.note("keep_worker", seat)
    resume(state)


def resume(state: NarcosState) -> None:
    """Carry on after a sale: phase 2, the payment, or the next leftover seller."""
    after = state.resume
    state.resume = MANAGE
    if after == MANAGE:
        network.start(state)
    elif after == SELL:
        collect(state)
    else:
        state.ask.pop(0)
        next_leftover(state)


# -- the end sale and the payment -----------------------------------------------------------
def end_sale(state: NarcosState) -> None:
    seat = state.active
    if state.storage_goods[seat] > 0 and any(_open(state, seat)):  # any buyers(state, seat)
        state.phase = SELL
        state.current_player = seat
        return
    collect(state)


def sell_labels(state: NarcosState) -> list[str]:
    found = [SELL_LABEL[words] for words, _, _ in buyers(state, state.active)]
    found.append("keep the goods")
    return found


def keep_goods(state: NarcosState) -> None:
    state.note("keep_goods", state.active, state.storage_goods[state.active])
    collect(state)


def collect(state: NarcosState) -> None:
    seat = state.active
    if state.pending_income:
        earn(state, seat, state.pending_income)
        state.note("collect", seat, state.pending_income, state.money[seat])
        state.pending_income = 0
    state.ask = list(OTHERS[state.players][seat])
    state.phase = LEFTOVER
    next_leftover(state)


# -- the other players' leftover sales ------------------------------------------------------
def next_leftover(state: NarcosState) -> None:
    ask, storage = state.ask, state.storage_goods
    unused = None  # whether a trafficker is left, found once (nothing here changes it)
    while ask:
        seat = ask[0]
        if storage[seat] > 0:
            if unused is None:
                unused = bool(unused_traffickers(state))
            if unused:
                state.phase = LEFTOVER
                state.current_player = seat
                return
        ask.pop(0)
    state.phase = INVEST  # improve.start
    state.current_player = state.active


def leftover_labels(state: NarcosState) -> list[str]:
    found = [SELL_LABEL[words] for words, _, _ in buyers(state, state.ask[0])]
    found.append("pass")
    return found


def leftover_pass(state: NarcosState) -> None:
    state.note("pass", state.ask.pop(0), "the traffickers left")
    next_leftover(state)
