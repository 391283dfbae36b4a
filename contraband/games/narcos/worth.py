"""What a Narcos seat's position is worth in millions, apart from the turn in play: the
network's income per turn, the goods in stock, the next investment, the cards and people held.

``heuristic`` adds the active player's turn (phase 1's flip model, phase 2's plan) to these;
a seat that is not on turn is valued here alone (``waiting_seat``).
"""

from __future__ import annotations

from functools import lru_cache

from contraband.games.narcos import improve, network
from contraband.games.narcos.board import (
    CARD_CAPACITY,
    CARD_COST,
    CARD_PRODUCE,
    CARD_TYPE,
    COMMISSION,
    IS_UPGRADE,
    TYPE_CAPACITY,
    TYPE_KIND,
    TYPE_NAME,
    TYPE_PRODUCE,
)
from contraband.games.narcos.planner import LAB_SHARE, STORAGE_SHARE, stock

#: actions a sensible player earns in a turn, and cards it flips (bench/narcos_thresholds.py)
ACTIONS_PER_TURN = 4
FLIPS_PER_TURN = 4.2
#: the deck's cards used up per turn, by player count: the rate at which the turns left
#: (``turns_left``) match the turns the rule-based player goes on to play, measured at its
#: investments (bench/narcos_turns_left.py; docs/strength.md, "Narcos' planner")
DECK_PER_TURN = {2: 3.75, 3: 4.2, 4: 4.8}
#: a full-price buyer turns up in a turn about this often (else the permanent outlet, at -2)
TRAFFICKER_CHANCE = 0.6
CARD_VALUE, SICARIO_VALUE, WORKER_VALUE = 0.8, 0.6, 0.5
MONEY_AGENT_COST = 0.6  # per future turn held
ACTION_AGENT_COST = 0.8  # one siren at the head of the next turn
PHASE_ONE = ("start", "flip", "remove", "pay", "peek", "order", "bonus", "pressure")
BEFORE_INVESTING = ("manage", "raid", "sell", "worker", "leftover", "invest")


@lru_cache(maxsize=4096)
def shares(turns_left: float) -> tuple[float, float]:
    """(lab, storage) shares of the goods' worth that count with ``turns_left`` to sell them."""
    weight = min(1.0, max(0.0, turns_left))
    return round(LAB_SHARE * weight, 2), round(STORAGE_SHARE * weight, 2)


def network_of(state, seat: int) -> tuple[int, int, int]:
    return (
        network.output(state, seat),
        CARD_CAPACITY[state.transport_card[seat]],
        CARD_CAPACITY[state.storage_card[seat]],
    )


@lru_cache(maxsize=4096)
def income(output: int, ship: int, capacity: int) -> float:
    """A network's money per turn from an empty start with a typical turn's actions."""
    sold = 0
    for produce in range(1, ACTIONS_PER_TURN):
        moved = min(output * produce, ship * (ACTIONS_PER_TURN - produce), capacity)
        sold = max(sold, moved)
    return TRAFFICKER_CHANCE * sold + (1 - TRAFFICKER_CHANCE) * max(0, sold - COMMISSION)


def turns_left(state) -> tuple[float, ...]:
    """Each seat's expected own turns after the current one."""
    current = max(0.0, FLIPS_PER_TURN - state.flips) if state.phase in PHASE_ONE else 0.0
    return _turns_left(
        len(state.deck) + len(state.top),  # deck.cards_left
        state.round,
        len(state.discards) + len(state.reserve) + len(state.timeline),
        current,
        state.active,
        state.players,
    )


@lru_cache(maxsize=8192)
def _turns_left(
    cards: int, round_: int, later: int, current: float, active: int, n: int
) -> tuple[float, ...]:
    flips = cards if round_ == 2 else 2 * cards + later
    future = max(0.0, flips - current) / DECK_PER_TURN[n]
    left = []
    for seat in range(n):
        order = (seat - active) % n or n  # the active seat plays last of the coming turns
        left.append(max(0.0, (future - order) / n + 1.0))
    return tuple(left)


# -- phase 3 ---------------------------------------------------------------------------------------
def investments(
    state, seat: int, surcharge: int, budget: int, left=None
) -> list[tuple[str, float]]:
    """Each investment ``seat`` could make now within ``budget``, with its gain: the income it
    adds over the seat's turns left, less its price."""
    left = turns_left(state) if left is None else left
    turns = left[seat]
    network_now = network_of(state, seat)
    current = income(*network_now)
    found = []
    price = improve.crop_price(state, seat)
    if price and not surcharge and price <= budget:
        found.append(("plant a crop", crop_gain(state, seat, turns, network_now, current, price)))
    found += card_gains(state, seat, surcharge, budget, turns, network_now, current)
    return found


def crop_gain(state, seat: int, turns: float, network_now, current: float, price: int) -> float:
    """What planting a crop at ``price`` adds over ``turns``, less the price."""
    _, ship, capacity = network_now
    table = CARD_PRODUCE[state.lab_card[seat]]
    return _crop_gain(table, state.crops[seat], ship, capacity, current, turns, price)


def _crop_gain(
    table: tuple[int, ...],
    crops: int,
    ship: int,
    capacity: int,
    current: float,
    turns: float,
    price: int,
) -> float:
    """``crop_gain`` from the counts it reads: the lab's table, the crops planted, the network."""
    better = table[min(len(table), crops + 1) - 1]
    return (income(better, ship, capacity) - current) * turns - price


def card_gains(
    state, seat: int, surcharge: int, budget: int, turns: float, network_now, current: float
) -> list[tuple[str, float]]:
    """``investments`` among the timeline's upgrade cards."""
    output, ship, capacity = network_now
    found = []
    seen = set()
    for card in state.timeline:
        t = CARD_TYPE[card]
        cost = CARD_COST[card] + surcharge
        if not IS_UPGRADE[card] or t in seen or cost > budget:
            continue
        seen.add(t)
        kind = TYPE_KIND[t]
        if kind == "lab":
            table = TYPE_PRODUCE[t]
            new = (table[min(len(table), state.crops[seat]) - 1], ship, capacity)
        elif kind == "transport":
            new = (output, TYPE_CAPACITY[t], capacity)
        else:
            new = (output, ship, TYPE_CAPACITY[t])
        found.append((f"buy {TYPE_NAME[t]}", (income(*new) - current) * turns - cost))
    return found


def after_next_turn(turns: float) -> float:
    """The turns an investment pays over when it can be made no sooner than the end of the
    seat's next turn (phase 3 comes last): one fewer than the seat's turns left."""
    return max(0.0, turns - 1.0)


def best_investment(state, seat: int, left, network_now=None) -> float:
    """What ``seat``'s next phase 3 should add: for the active seat the best of the timeline's
    cards it can pay for with the money this turn is likely to leave; for every seat a crop,
    in proportion to how much of its price the seat has (counted for every seat, and smoothly,
    so that neither becoming the active seat nor a million more or less moves much value)."""
    budget = state.money[seat]
    best = 0.0
    turns = left[seat]
    network_now = network_of(state, seat) if network_now is None else network_now
    current = income(*network_now)
    investing_now = seat == state.active and (
        state.phase in PHASE_ONE or state.phase in BEFORE_INVESTING
    )
    if investing_now:
        budget += state.pending_income + state.storage_goods[seat]
        for _, gain in card_gains(state, seat, 0, budget, turns, network_now, current):
            best = max(best, gain)
    price = improve.crop_price(state, seat)
    if price:
        crop_turns = turns if investing_now else after_next_turn(turns)
        gain = crop_gain(state, seat, crop_turns, network_now, current, price)
        best = max(best, gain * min(1.0, budget / price))
    return best


def waiting_seat(state, seat: int, turns: float) -> float:
    """``expected_money`` of a seat that is not on turn: a function of a few of its own counts
    (remembered, since a search meets the same ones again and again)."""
    return _waiting_value(
        state.money[seat],
        state.lab_goods[seat],
        state.storage_goods[seat],
        state.lab_card[seat],
        state.crops[seat],
        improve.crop_price(state, seat),
        state.transport_card[seat],
        state.storage_card[seat],
        turns,
        len(state.hands[seat]),
        state.sicarios[seat],
        state.workers[seat],
        state.money_agent == seat,
        state.action_agent == seat,
    )


@lru_cache(maxsize=65_536)
def _waiting_value(
    money: int,
    lab: int,
    storage: int,
    lab_card: int,
    crops: int,
    price: int,
    transport_card: int,
    storage_card: int,
    turns: float,
    cards: int,
    sicarios: int,
    workers: int,
    money_agent: bool,
    action_agent: bool,
) -> float:
    table = CARD_PRODUCE[lab_card]
    output = network.lab_output(lab_card, crops)
    ship, capacity = CARD_CAPACITY[transport_card], CARD_CAPACITY[storage_card]
    lab_share, storage_share = shares(turns)
    value = float(money)
    value += stock(lab, storage, ship, lab_share, storage_share)
    current = income(output, ship, capacity)
    value += turns * current
    best = 0.0  # best_investment off turn: a crop only
    if price:
        gain = _crop_gain(table, crops, ship, capacity, current, after_next_turn(turns), price)
        best = max(best, gain * min(1.0, money / price))
    value += best
    return with_holdings(
        value,
        turns,
        cards,
        sicarios,
        workers,
        on_turn=False,
        money_agent=money_agent,
        action_agent=action_agent,
    )


def with_holdings(
    value: float,
    turns: float,
    cards: int,
    sicarios: int,
    workers: int,
    on_turn: bool,
    money_agent: bool,
    action_agent: bool,
) -> float:
    """``value`` with a seat's Cartel cards, sicarios and workers (by the turns it has left to
    use them; the cards of the seat on turn in full) and less the DEA agents it holds."""
    value += cards * CARD_VALUE * (1.0 if on_turn else min(1.0, turns))
    value += sicarios * SICARIO_VALUE * min(1.0, turns)
    value += workers * WORKER_VALUE * min(1.0, turns)
    if money_agent:
        value -= MONEY_AGENT_COST * min(turns, 3.0)
    if action_agent:
        value -= ACTION_AGENT_COST * min(1.0, turns)
    return value
