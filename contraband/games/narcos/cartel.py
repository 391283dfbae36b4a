"""Cartel cards: a face with an ability (RULES.md, the Cartel table) or a back worth one action.

When each face may be played (D57-D60):
- on your own turn, at your decisions (before the first flip, between flips, in phase 2 and
  phase 3): the any-time cards (Fumigación, Sabotaje, Robo, Reclutamiento) and Asalto;
  Chivatazo before your first flip; Horas extra and Contacto in phase 2; Soborno when one of
  your police or military takes its payment;
- on another player's turn, as a decision of your own seat: Presión right after a flip that
  leaves that player free to stop (``PRESSURE``), and the any-time cards once that player's
  actions are done, before the end sale (``RAID``).

Who is asked in such a window, and what they are offered besides the card plays, depends on
public facts alone (D58-D59): a seat is asked when it holds Cartel cards and could pay for a
card of the window (money, sicarios, workers to hire), whichever cards it holds; every seat
asked who has a worker and 2 million is offered to hire a sicario, needed or not.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from contraband.games.narcos import deck
from contraband.games.narcos.board import (
    ADVANCED,
    ANY_TIME,
    ASALTO,
    ATTACKS,
    BACK_ACTIONS,
    CARD_NAME,
    CARD_TYPE,
    CARTEL_AMOUNT,
    CARTEL_MONEY,
    CARTEL_NAMES,
    CARTEL_OF,
    CARTEL_SICARIOS,
    CHIVATAZO,
    CITIES,
    COLOURS,
    CONTACTO,
    FLEE_SIRENS,
    FUMIGACION,
    HORAS,
    IS_SIREN,
    MANAGE,
    ORDER,
    OTHERS,
    PERMANENT,
    PRESION,
    PRESSURE,
    RAID,
    RECLUTAMIENTO,
    ROBO,
    SABOTAJE,
    SICARIO_COST,
    START,
    TYPE_NAME,
)
from contraband.games.narcos.ledger import could_have_sicarios, lose_lab, room, spend

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def count(state: NarcosState, seat: int, kind: int) -> int:
    return sum(1 for c in state.hands[seat] if CARTEL_OF[c] == kind)


def cost_money(kind: int) -> int:
    return CARTEL_MONEY[kind]


def affordable(state: NarcosState, seat: int, kind: int) -> bool:
    return state.money[seat] >= CARTEL_MONEY[kind] and state.sicarios[seat] >= CARTEL_SICARIOS[kind]


def _take(state: NarcosState, seat: int, kind: int) -> int:
    hand = state.hands[seat]
    for card in hand:
        if CARTEL_OF[card] == kind:
            hand.remove(card)
            return card
    raise AssertionError(f"seat {seat} holds no {CARTEL_NAMES[kind]}")


def pay_and_discard(state: NarcosState, seat: int, kind: int, target: int = -1) -> None:
    """Play a card face up: pay its cost and lay it on the Cartel discard pile."""
    card = _take(state, seat, kind)
    if CARTEL_MONEY[kind]:
        spend(state, seat, CARTEL_MONEY[kind])
    state.sicarios[seat] -= CARTEL_SICARIOS[kind]
    insort(state.cartel_discard, card)
    state.note(
        "cartel", seat, CARTEL_NAMES[kind], target, CARTEL_MONEY[kind], CARTEL_SICARIOS[kind]
    )


def _touches(state: NarcosState, seat: int, kind: int, other: int) -> bool:
    if kind == FUMIGACION:
        return state.crops[other] >= 2
    if kind == SABOTAJE:
        return state.lab_goods[other] > 0
    return state.storage_goods[other] > 0 and room(state, seat) > 0


def targets(state: NarcosState, seat: int, kind: int) -> list[int]:
    """The rivals an attack can touch (a play that does nothing is not offered, D53)."""
    return [
        other
        for other in range(state.players)
        if other != seat and _touches(state, seat, kind, other)
    ]


_KIND = CARTEL_OF.__getitem__
_ANY_TIME = frozenset(ANY_TIME)
_ATTACKS = frozenset(ATTACKS)
#: the labels of the face plays, looked up rather than built on the hot path
PLAY_LABEL: tuple[str, ...] = tuple(f"play {name}" for name in CARTEL_NAMES)
BACK_LABEL: tuple[str, ...] = tuple(f"play {name} face down" for name in CARTEL_NAMES)
ON_LABEL: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"play {name} on {colour}" for colour in COLOURS) for name in CARTEL_NAMES
)
CONTACTO_LABELS: list[str] = [f"play Contacto for {city}" for city in CITIES]
HIRE_LABELS: tuple[str, ...] = ("hire a sicario",)


def _kinds(hand: list[int]) -> dict[int, None]:
    """The kinds in ``hand``, each once, in the order of their first card."""
    return dict.fromkeys(map(_KIND, hand))


def _any_time(state: NarcosState, seat: int, check_cost: bool = True) -> list[str]:
    return _any_time_of(state, seat, _kinds(state.hands[seat]), check_cost)


def _any_time_of(
    state: NarcosState, seat: int, kinds: dict[int, None], check_cost: bool = True
) -> list[str]:
    labels: list[str] = []
    money, sicarios = state.money[seat], state.sicarios[seat]
    for kind in kinds:
        if kind not in _ANY_TIME:
            continue
        if check_cost and (money < CARTEL_MONEY[kind] or sicarios < CARTEL_SICARIOS[kind]):
            continue
        if kind in _ATTACKS:
            on = ON_LABEL[kind]
            labels += [on[t] for t in targets(state, seat, kind)]
        else:
            labels.append(PLAY_LABEL[kind])
    return labels


def own_labels(state: NarcosState, seat: int) -> list[str]:
    """Face plays open to the active player at one of their decisions."""
    hand = state.hands[seat]
    if not hand:
        return []
    kinds = _kinds(hand)
    phase = state.phase
    if (
        phase == START
        and CHIVATAZO in kinds
        and affordable(state, seat, CHIVATAZO)
        and (state.deck or state.top)
    ):
        labels = ["play Chivatazo"] + _any_time_of(state, seat, kinds)
    else:
        labels = _any_time_of(state, seat, kinds)
    if (
        ASALTO in kinds
        and affordable(state, seat, ASALTO)
        and (state.warehouse_goods or state.warehouse_money)
    ):
        labels.append("play Asalto")
    if phase == MANAGE:
        if HORAS in kinds and affordable(state, seat, HORAS):
            labels.append("play Horas extra")
        if CONTACTO in kinds and state.contact < 0:
            if state.options.get("mode") == ADVANCED:
                labels += CONTACTO_LABELS
            else:
                labels.append("play Contacto")
        labels += [BACK_LABEL[kind] for kind in sorted(kinds)]
    return labels


def hire_label(state: NarcosState, seat: int) -> tuple[str, ...]:
    """("hire a sicario",) when ``seat`` can hire one, else () (add it to a list with +=)."""
    return HIRE_LABELS if state.workers[seat] > 0 and state.money[seat] >= SICARIO_COST else ()


# -- the windows on other players' turns --------------------------------------------------------
_SIREN = IS_SIREN.__getitem__


def flipping_danger(state: NarcosState) -> int:
    """``flipping.danger`` (flipping imports this module)."""
    return len(state.head) + sum(map(_SIREN, state.timeline))


#: the kinds of card each window may play, and their costs (money, sicarios)
WINDOW_KINDS = {PRESSURE: (PRESION,), RAID: ANY_TIME}
WINDOW_COSTS = {
    phase: tuple(sorted({(CARTEL_MONEY[k], CARTEL_SICARIOS[k]) for k in kinds}))
    for phase, kinds in WINDOW_KINDS.items()
}


def _may_act(state: NarcosState, seat: int) -> bool:
    """Whether ``seat`` is asked in the open window: it holds Cartel cards and could pay for
    one of the window's kinds (hiring the sicarios it lacks). Public facts only (the hand's
    size, not its cards), so that being asked tells the others nothing (D59)."""
    if not state.hands[seat]:
        return False
    for money, sicarios in WINDOW_COSTS[state.phase]:
        if could_have_sicarios(state, seat, sicarios, money):
            return True
    return False


def open_window(state: NarcosState, phase: str) -> bool:
    """Open ``phase``'s window on the other players (False: nobody can act in it)."""
    state.ask = list(OTHERS[state.players][state.active])
    state.phase = phase
    return next_asked(state)


def next_asked(state: NarcosState) -> bool:
    """Move the window on to the next seat that can act in it; False when none is left."""
    ask, hands = state.ask, state.hands
    while ask:
        seat = ask[0]
        if hands[seat] and _may_act(state, seat):  # (an empty hand, the common case: no call)
            state.current_player = seat
            return True
        ask.pop(0)
    return False


def open_pressure(state: NarcosState) -> bool:
    """After a flip that leaves the flipper free to stop at two sirens (D58)."""
    if flipping_danger(state) != FLEE_SIRENS - 1:
        return False
    return open_window(state, PRESSURE)


def open_raid(state: NarcosState) -> bool:
    return open_window(state, RAID)


def window_labels(state: NarcosState) -> list[str]:
    """The card plays ``ask[0]``'s hand allows, then hiring a sicario (offered whatever the
    hand holds: offered only to a seat short of sicarios for a card it holds, and logged when
    taken, it would name that card, D58) and passing."""
    seat = state.ask[0]
    if state.phase == PRESSURE:
        held = count(state, seat, PRESION) > 0
        labels = ["play Presión"] if held and affordable(state, seat, PRESION) else []
    else:
        labels = _any_time(state, seat)
    labels += hire_label(state, seat)
    labels.append("pass")
    return labels


# -- playing a face -----------------------------------------------------------------------------
def play(state: NarcosState, seat: int, kind: int, arg: int) -> None:
    """``seat`` plays a card of ``kind`` face up (``arg``: the target seat or the city)."""
    pay_and_discard(state, seat, kind, arg if kind in ATTACKS or kind == PRESION else -1)
    amount = CARTEL_AMOUNT[kind]
    if kind == FUMIGACION:
        state.crops[arg] -= 1
        state.crop_supply += 1
        state.note("fumigated", seat, arg, state.crops[arg])
    elif kind == SABOTAJE:
        lost = min(amount, state.lab_goods[arg])
        lose_lab(state, arg, lost)
        state.note("sabotaged", seat, arg, lost)
    elif kind == ROBO:
        taken = min(amount, state.storage_goods[arg], room(state, seat))
        state.storage_goods[arg] -= taken
        state.storage_goods[seat] += taken
        state.note("hijacked", seat, arg, taken)
    elif kind == RECLUTAMIENTO:
        state.sicarios[seat] += 1
        state.note("recruited", seat, state.sicarios[seat])
    elif kind == PRESION:
        state.forced = True
        state.note("pressure", seat, state.active)
    elif kind == HORAS:
        state.actions += amount
        state.note("overtime", seat, amount, state.actions)
    elif kind == CONTACTO:
        state.contact = arg if arg >= 0 else PERMANENT
        city = CITIES[arg] if arg >= 0 else None
        state.note("contact", seat, city or "the permanent trafficker")
    elif kind == ASALTO:
        goods, money = state.warehouse_goods, state.warehouse_money
        state.lab_goods[seat] += goods
        state.money[seat] += money
        state.warehouse_goods = state.warehouse_money = 0
        state.note("assault", seat, goods, money)
    elif kind == CHIVATAZO:
        state.looking = deck.take_top(state, amount)
        state.ordered = 0
        state.note("tip_off", seat, len(state.looking), [CARD_NAME[c] for c in state.looking])
        state.phase = ORDER
        _auto_order(state)


def back(state: NarcosState, seat: int, kind: int) -> None:
    """A card played face down: one more action; nobody else learns which card (D36)."""
    card = _take(state, seat, kind)
    insort(state.backs[seat], card)
    state.actions += BACK_ACTIONS
    state.note("back", seat, CARTEL_NAMES[kind], state.actions)


# -- Chivatazo: the cards seen go back in the chosen order --------------------------------------
def order_labels(state: NarcosState) -> list[str]:
    types = sorted({CARD_TYPE[c] for c in state.looking})
    return [f"put {TYPE_NAME[t]} next" for t in types]


def put_next(state: NarcosState, card_type: int) -> None:
    card = next(c for c in state.looking if CARD_TYPE[c] == card_type)
    _place(state, card)
    state.note("put", state.active, CARD_NAME[card])
    _auto_order(state)


def _place(state: NarcosState, card: int) -> None:
    state.looking.remove(card)
    state.top.insert(state.ordered, card)
    state.top_seen.insert(state.ordered, 1 << state.active)
    state.ordered += 1


def _auto_order(state: NarcosState) -> None:
    """The last card goes where it must. (The player decides once per other card, even when
    the cards left are alike, so that the number of decisions tells the others nothing.)"""
    if len(state.looking) <= 1:
        for card in list(state.looking):
            _place(state, card)
        state.ordered = 0
        state.phase = START
        state.current_player = state.active
