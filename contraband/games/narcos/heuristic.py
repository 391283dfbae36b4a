"""Narcos' AI hooks: an evaluation, a stop rule for flipping, and a fast rule-based policy.

Everything is judged in millions of expected final money per seat, turned into win chances:
- the money held (and the sales this turn not yet paid);
- the goods in the laboratory and the storage, at a share of a million that falls to 0 when the
  seat has no turn left to sell them;
- the network's income per future turn (what ``ACTIONS_PER_TURN`` actions can produce, ship
  and sell with it), times the seat's expected turns left;
- Cartel cards, sicarios and workers at small fixed values, the DEA agents as a cost;
- for the player on turn, this turn's value: in phase 1 the better of stopping now and flipping
  once more (``flip_value``), in phase 2 the best use of the actions left (``plan``).

The stop rule: flip while one more card is worth more than stopping, judged from the deck's
composition, which is public (every card flipped, discarded, bought or removed is seen).
"""

from __future__ import annotations

import math
from functools import lru_cache

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic
from contraband.core.random import Rng
from contraband.games.narcos import deck, flipping, improve, network, sales
from contraband.games.narcos.board import (
    ADVANCED,
    BONUS_GUNS,
    CARD_CAPACITY,
    CARD_COST,
    CARD_KIND,
    CARD_PRODUCE,
    CARD_TYPE,
    CHOICE_GUNS,
    COMMISSION,
    DEA_ACTION_CARD,
    FLEE_ACTIONS,
    FLEE_SIRENS,
    FLIP,
    INVEST,
    IS_SIREN,
    LEFTOVER,
    MANAGE,
    MAX_CARD_ACTIONS,
    MAX_CARDS,
    ORDER,
    PAY,
    PEEK,
    PERMANENT,
    PRESSURE,
    PURCHASE,
    RAID,
    REMOVE,
    SELL,
    START,
    SURCHARGE,
    TYPE_CAPACITY,
    TYPE_KIND,
    TYPE_NAME,
    TYPE_PRODUCE,
    WORKER,
)

#: actions a sensible player earns in a turn, and flips it makes (bench/narcos_thresholds.py)
ACTIONS_PER_TURN = 4
FLIPS_PER_TURN = 4.0
#: a full-price buyer turns up in a turn about this often (else the permanent outlet, at -2)
TRAFFICKER_CHANCE = 0.6
LAB_SHARE, STORAGE_SHARE = 0.65, 0.85  # a goods cube's worth in million, with turns to come
CARD_VALUE, SICARIO_VALUE, WORKER_VALUE = 0.8, 0.6, 0.5
MONEY_AGENT_COST = 0.6  # per future turn held
ACTION_AGENT_COST = 0.8  # one siren at the head of the next turn
SCALE_BASE, SCALE_PER_TURN = 2.0, 0.5

CATEGORIES = ("gun", "trafficker", "police", "military", "press", "sapo", "dea")
_CATEGORY = tuple(
    "gun"
    if kind in ("lab", "transport", "storage")
    else "dea"
    if kind in ("dea_action", "dea_money")
    else kind
    for kind in CARD_KIND
)


# -- phase 2: the best use of the actions left -----------------------------------------------------
@lru_cache(maxsize=200_000)
def plan(
    actions: int,
    lab: int,
    storage: int,
    capacity: int,
    ship: int,
    output: int,
    buyers: int,
    outlet: bool,
    lab_share: float,
    storage_share: float,
) -> float:
    """The most a player can end the turn with: sales (at 1 million a unit; the outlet keeps
    2) plus the goods left at their shares. ``buyers`` full-price sales are open; the outlet
    (if open) takes one sale, in basic mode only once no trafficker is left (the caller says
    by ``outlet``)."""
    best: dict[tuple, float] = {}

    def end_value(lab: int, storage: int, buyers: int, outlet: bool) -> float:
        kept = storage * storage_share
        if storage and buyers:
            kept = max(kept, float(storage))
        elif storage and outlet:
            kept = max(kept, float(storage - COMMISSION))
        return lab * lab_share + kept

    def search(a: int, lab: int, storage: int, buyers: int, outlet: bool) -> float:
        key = (a, lab, storage, buyers, outlet)
        if key in best:
            return best[key]
        value = end_value(lab, storage, buyers, outlet)
        if a > 0:
            value = max(value, search(a - 1, lab + output, storage, buyers, outlet))
            moved = min(ship, lab, capacity - storage)
            if moved > 0:
                value = max(value, search(a - 1, lab - moved, storage + moved, buyers, outlet))
            if storage and buyers:
                value = max(value, storage + search(a - 1, lab, 0, buyers - 1, outlet))
            elif storage and outlet:
                value = max(value, storage - COMMISSION + search(a - 1, lab, 0, 0, False))
        best[key] = value
        return value

    return search(min(actions, 12), min(lab, 40), storage, min(buyers, 3), outlet)


def _shares(turns_left: float) -> tuple[float, float]:
    weight = min(1.0, max(0.0, turns_left))
    return round(LAB_SHARE * weight, 2), round(STORAGE_SHARE * weight, 2)


def _output(state, seat: int) -> int:
    return network.output(state, seat)


def _network(state, seat: int) -> tuple[int, int, int]:
    return (
        _output(state, seat),
        CARD_CAPACITY[state.transport_card[seat]],
        CARD_CAPACITY[state.storage_card[seat]],
    )


@lru_cache(maxsize=4096)
def income(output: int, ship: int, capacity: int) -> float:
    """A network's money per turn from an empty start with a typical turn's actions."""
    sold = 0
    for produce in range(1, ACTIONS_PER_TURN):
        made = output * produce
        moved = min(made, ship * (ACTIONS_PER_TURN - produce), capacity)
        sold = max(sold, moved)
    return TRAFFICKER_CHANCE * sold + (1 - TRAFFICKER_CHANCE) * max(0, sold - COMMISSION)


def turns_left(state) -> list[float]:
    """Each seat's expected own turns after the current one."""
    flips = deck.cards_left(state)
    if state.round == 1:
        flips += deck.cards_left(state) + len(state.discards) + len(state.reserve)
        flips += len(state.timeline)
    turns = flips / FLIPS_PER_TURN
    n = state.players
    left = []
    for seat in range(n):
        order = (seat - state.active) % n  # 0: the active seat (its turn is under way)
        share = (turns - order) / n if order else (turns - n) / n
        left.append(max(0.0, share + (1.0 if order else 0.0)))
    return left


def _buyers(state, seat: int) -> tuple[int, bool]:
    found = sales.buyers(state, seat)
    full = sum(1 for _, buyer, _ in found if buyer != PERMANENT)
    outlet = any(buyer == PERMANENT for _, buyer, _ in found)
    return full, outlet


def turn_value(state, seat: int, actions: int, extra_buyers: int = 0) -> float:
    """The value of the rest of the active player's turn with ``actions`` to spend."""
    lab_share, storage_share = _shares(turns_left(state)[seat])
    output, ship, capacity = _network(state, seat)
    full, outlet = _buyers(state, seat)
    full += extra_buyers
    if full and state.options.get("mode") != ADVANCED:
        outlet = False
    return plan(
        actions,
        state.lab_goods[seat],
        state.storage_goods[seat],
        capacity,
        ship,
        output,
        full,
        outlet,
        lab_share,
        storage_share,
    )


# -- phase 1: the stop rule ------------------------------------------------------------------------
def next_card_odds(state, seat: int) -> dict[str, float]:
    """The chances of each category for the next card, as ``seat`` knows the deck."""
    if state.top and state.top_seen[0] >> seat & 1:
        return {_CATEGORY[state.top[0]]: 1.0}
    pool = state.deck + state.top
    if not pool:
        return {}
    counts: dict[str, int] = {}
    for card in pool:
        counts[_CATEGORY[card]] = counts.get(_CATEGORY[card], 0) + 1
    return {category: count / len(pool) for category, count in counts.items()}


def _bonus(guns: int) -> float:
    if guns >= CHOICE_GUNS:
        return 2 * CARD_VALUE
    if guns >= BONUS_GUNS:
        return CARD_VALUE
    return 0.0


def stop_value(state, seat: int, extra_buyers: int = 0) -> float:
    if state.fled:
        return turn_value(state, seat, FLEE_ACTIONS, extra_buyers)
    actions = flipping.earned_actions(state)
    return turn_value(state, seat, actions, extra_buyers) + _bonus(flipping.guns(state))


def _payment_cost(state, seat: int) -> float:
    lab_share, storage_share = _shares(turns_left(state)[seat])
    if state.lab_goods[seat]:
        return lab_share
    if state.storage_goods[seat]:
        return storage_share
    return 1.0


def flip_value(state, seat: int) -> float:
    """The expected value of flipping one more card and then stopping."""
    odds = next_card_odds(state, seat)
    if not odds:
        return stop_value(state, seat)
    n = flipping.table_cards(state)
    level = flipping.danger(state)
    guns = flipping.guns(state)
    unpaid = len(state.unpaid)
    fled = turn_value(state, seat, FLEE_ACTIONS)
    actions_after = min(MAX_CARD_ACTIONS, n + 1 - unpaid)
    plain = turn_value(state, seat, actions_after)
    total = 0.0
    for category, chance in odds.items():
        if category == "gun":
            value = plain + _bonus(guns + 1)
        elif category == "trafficker":
            value = turn_value(state, seat, actions_after, 1) + _bonus(guns + 1)
        elif level + 1 >= FLEE_SIRENS:
            value = fled
        else:
            value = plain + _bonus(guns)
            if level + 1 >= 2 and not state.activated:
                payers = sum(1 for c in state.timeline if CARD_KIND[c] in ("police", "military"))
                payers += category in ("police", "military")
                value -= payers * _payment_cost(state, seat)
            if category == "press" and n + 1 < MAX_CARDS:
                # another card is forced: a siren then flees (at danger 2)
                siren = sum(p for c, p in odds.items() if c not in ("gun", "trafficker"))
                if level + 2 >= FLEE_SIRENS:
                    value = (1 - siren) * (value + 1.0) + siren * fled
            elif category == "sapo" and level + 2 >= FLEE_SIRENS:
                value += 0.3  # the peek makes the next decision safe
        total += chance * value
    return total


def should_flip(state, seat: int) -> bool:
    if flipping.table_cards(state) >= MAX_CARDS or not deck.cards_left(state):
        return False
    return flip_value(state, seat) > stop_value(state, seat) + 0.05


# -- the evaluation --------------------------------------------------------------------------------
def _current_turn(state, seat: int) -> float:
    phase = state.phase
    if phase in (START, FLIP, REMOVE, PAY, PEEK, ORDER, PRESSURE):
        if phase == START or not state.flips:
            return flip_value(state, seat)
        return max(stop_value(state, seat), flip_value(state, seat))
    if phase == "bonus":
        return stop_value(state, seat)
    if phase == MANAGE:
        return turn_value(state, seat, state.actions)
    if phase in (RAID, SELL, WORKER):
        return turn_value(state, seat, 0)
    return 0.0


class NarcosHeuristic(Heuristic):
    rollout_cutoff = 8

    def expected_money(self, state) -> list[float]:
        left = turns_left(state)
        values = []
        for seat in range(state.players):
            value = float(state.money[seat])
            lab_share, storage_share = _shares(left[seat])
            on_turn = seat == state.active and not state.is_terminal()
            current = _current_turn(state, seat) if on_turn else 0.0
            if on_turn and state.phase in (
                START,
                FLIP,
                REMOVE,
                PAY,
                PEEK,
                ORDER,
                PRESSURE,
                "bonus",
                MANAGE,
                RAID,
                SELL,
                WORKER,
            ):
                value += current + state.pending_income
            else:
                value += state.pending_income if on_turn else 0.0
                value += state.lab_goods[seat] * lab_share
                value += state.storage_goods[seat] * storage_share
            value += left[seat] * income(*_network(state, seat))
            value += len(state.hands[seat]) * CARD_VALUE * min(1.0, left[seat] + on_turn)
            value += state.sicarios[seat] * SICARIO_VALUE * min(1.0, left[seat])
            value += state.workers[seat] * WORKER_VALUE * min(1.0, left[seat])
            if state.money_agent == seat:
                value -= MONEY_AGENT_COST * min(left[seat], 3.0)
            if state.action_agent == seat and not (on_turn and DEA_ACTION_CARD in state.head):
                value -= ACTION_AGENT_COST * min(1.0, left[seat])
            values.append(value)
        return values

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        expected = self.expected_money(state)
        left = sum(turns_left(state))
        scale = SCALE_BASE + SCALE_PER_TURN * left
        top = max(expected)
        weights = [math.exp((e - top) / scale) for e in expected]
        total = sum(weights)
        return [w / total for w in weights]

    def policy(self, state, rng: Rng) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        label = choose(state, [a.label for a in legal], should_flip)
        for action in legal:
            if action.label == label:
                return action
        return rng.choice(legal)


# -- the rule-based policy -------------------------------------------------------------------------
def choose(state, labels: list[str], flip_rule) -> str:
    """A sensible choice among ``labels`` for the seat on move; ``flip_rule(state, seat)`` says
    whether to flip on (the stop rule, replaceable by fixed thresholds)."""
    seat = state.current_player
    phase = state.phase
    if phase == START:
        return "flip"
    if phase == FLIP:
        return "flip" if "flip" in labels and flip_rule(state, seat) else "stop"
    if phase == REMOVE:
        return _remove(state, seat, labels)
    if phase == PAY:
        return labels[0] if labels[0].startswith("bribe") else _pay(state, seat, labels)
    if phase == PEEK:
        card = state.top[0]
        safe = (
            not IS_SIREN[card]
            or flipping.danger(state) + 1 < FLEE_SIRENS
            and CARD_KIND[card] not in ("police", "military")
        )
        return "place the peeked card" if safe else "decline the peeked card"
    if phase == ORDER:
        return _order(labels)
    if phase == "bonus":
        return "take 2 Cartel cards"
    if phase == PRESSURE:
        if flipping.danger(state) >= FLEE_SIRENS - 1 and "play Presión" in labels:
            return "play Presión"
        return "pass"
    if phase == RAID:
        return _raid(state, seat, labels)
    if phase == MANAGE:
        return _manage(state, seat, labels)
    if phase == SELL:
        return _sell(state, seat, labels)
    if phase == WORKER:
        return labels[0] if state.workers[seat] > 1 else "keep the worker"
    if phase == LEFTOVER:
        return next((label for label in labels if label.startswith("sell")), "pass")
    if phase == INVEST:
        return _invest(state, seat, labels, 0)
    if phase == PURCHASE:
        return _invest(state, seat, labels, SURCHARGE)
    return labels[0]


def _remove(state, seat: int, labels: list[str]) -> str:
    card = state.pending
    kind = CARD_KIND[card]
    remove = f"remove the {kind}"
    if remove in labels and flipping.danger(state) >= 2:
        return remove
    if kind == "press" and remove in labels and flipping.table_cards(state) >= MAX_CARDS - 1:
        return remove
    return f"keep the {kind}"


def _pay(state, seat: int, labels: list[str]) -> str:
    if "pay from the lab" in labels and "pay from storage" in labels:
        return "pay from the lab"
    return labels[0]


def _order(labels: list[str]) -> str:
    for label in labels:
        name = label[len("put ") : -len(" next")]
        if name in TYPE_NAME and TYPE_KIND[TYPE_NAME.index(name)] not in (
            "police",
            "military",
            "press",
            "sapo",
            "dea_action",
            "dea_money",
        ):
            return label
    return labels[0]


def _raid(state, seat: int, labels: list[str]) -> str:
    for label in labels:
        if label.startswith("play Robo on"):
            return label
    for label in labels:
        if label.startswith(("play Sabotaje on", "play Fumigación on")):
            return label
    return "pass"


def _manage(state, seat: int, labels: list[str]) -> str:
    base = turn_value(state, seat, state.actions)
    if state.actions > 0:
        best_label, best_value = "end actions", turn_value(state, seat, 0) - 1e-9
        for label in labels:
            if label in ("produce", "transport") or label.startswith("sell early"):
                child = state.clone().apply(label)
                value = turn_value(child, seat, child.actions) + child.pending_income
                value -= state.pending_income
                if value > best_value + 1e-9:
                    best_label, best_value = label, value
        if best_label != "end actions" and best_value >= base - 1e-6:
            return best_label
    more = turn_value(state, seat, state.actions + 1) - base
    if more >= CARD_VALUE:
        backs = [label for label in labels if label.endswith("face down")]
        keep = ("Presión", "Robo", "Soborno")
        backs = [label for label in backs if not any(k in label for k in keep)] or backs
        if backs:
            return backs[0]
    if more >= 1.2 and state.workers[seat] > 2 and "spend a worker" in labels:
        return "spend a worker"
    if state.actions > 0:
        for label in ("produce", "transport"):
            if label in labels:
                return label
    return "end actions"


def _sell(state, seat: int, labels: list[str]) -> str:
    units = state.storage_goods[seat]
    for label in labels:
        if "trafficker" in label and "permanent" not in label or label.endswith("contact"):
            return label
    outlet = [label for label in labels if label.startswith("sell")]
    if outlet and units > COMMISSION + 1:
        return outlet[0]
    return "keep the goods"


def _invest(state, seat: int, labels: list[str], surcharge: int) -> str:
    left = turns_left(state)[seat] + (0 if surcharge else 0)
    current = income(*_network(state, seat))
    best_label, best_gain = labels[-1] if surcharge else "invest nothing", 0.5
    if surcharge:
        best_label = "pass"
    output, ship, capacity = _network(state, seat)
    for label in labels:
        if label == "plant a crop":
            table = CARD_PRODUCE[state.lab_card[seat]]
            better = table[min(len(table), state.crops[seat] + 1) - 1]
            gain = (income(better, ship, capacity) - current) * left
            gain -= improve.crop_price(state, seat)
        elif label.startswith("buy "):
            t = TYPE_NAME.index(label[4:])
            kind = TYPE_KIND[t]
            cost = next(CARD_COST[c] for c in state.timeline if CARD_TYPE[c] == t) + surcharge
            if kind == "lab":
                table = TYPE_PRODUCE[t]
                new = (table[min(len(table), state.crops[seat]) - 1], ship, capacity)
            elif kind == "transport":
                new = (output, TYPE_CAPACITY[t], capacity)
            else:
                new = (output, ship, TYPE_CAPACITY[t])
            gain = (income(*new) - current) * left - cost
        else:
            continue
        if gain > best_gain:
            best_label, best_gain = label, gain
    return best_label


HEURISTIC = NarcosHeuristic()
