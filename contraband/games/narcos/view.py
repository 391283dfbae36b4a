"""What a seat may see, how an AI resamples what it may not, and the text table.

Hidden: the Cartel hands, the Cartel cards spent face down, the Narcos deck's order (kept as a
sorted pool, so there is none to hide), the cards on top that a seat has not seen (a sapo's
peek, Chivatazo) and the cards being ordered with Chivatazo. Everything else is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from contraband.core.random import Rng
from contraband.games.narcos import deck, flipping, improve, network, sales
from contraband.games.narcos.board import (
    ADVANCED,
    CARD_CAPACITY,
    CARD_CITY,
    CARD_NAME,
    CARD_SIDE,
    CARTEL_NAMES,
    CARTEL_OF,
    CITIES,
    COLOURS,
    CROP_SLOTS,
    DEA_ACTION_CARD,
    DEA_MONEY_CARD,
    NCITY,
    OUTLET,
    TOKENS,
)

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def _agent(state: NarcosState, where: int, card: int) -> str:
    if where >= 0:
        return f"held by {COLOURS[where]}"
    if where == -2:
        return "watching beside the deck"
    if card in state.timeline:
        return "on the timeline"
    return "not yet seen"


def _cartel(cards: list[int]) -> list[str]:
    return [CARTEL_NAMES[CARTEL_OF[c]] for c in cards]


def _player(state: NarcosState, seat: int | None, s: int) -> dict[str, Any]:
    return {
        "colour": COLOURS[s],
        "money": state.money[s],
        "workers": state.workers[s],
        "sicarios": state.sicarios[s],
        "crops": state.crops[s],
        "lab": {"card": CARD_NAME[state.lab_card[s]], "goods": state.lab_goods[s]},
        "output": network.output(state, s),
        "transport": {
            "card": CARD_NAME[state.transport_card[s]],
            "capacity": CARD_CAPACITY[state.transport_card[s]],
        },
        "storage": {
            "card": CARD_NAME[state.storage_card[s]],
            "goods": state.storage_goods[s],
            "capacity": CARD_CAPACITY[state.storage_card[s]],
        },
        "cartel_cards": len(state.hands[s]),
        "face_down": len(state.backs[s]),
        "cities": [state.city_workers[s * NCITY + c] for c in range(NCITY)],
        "workers_spent": state.workers_spent[s],
    }


def _top(state: NarcosState, seat: int | None) -> list[str | None]:
    """The cards known on top of the deck, named for a seat that has seen them."""
    return [
        CARD_NAME[card] if seat is not None and bits >> seat & 1 else None
        for card, bits in zip(state.top, state.top_seen, strict=True)
    ]


def view(state: NarcosState, seat: int | None) -> dict[str, Any]:
    state._check_seat(seat)
    advanced = state.options.get("mode") == ADVANCED
    mover = state.current_player
    data: dict[str, Any] = {
        "game": state.GAME_ID,
        "seat": seat,
        "mode": state.options.get("mode"),
        "current_player": mover,
        "active": state.active,
        "phase": state.phase,
        "round": state.round,
        "turn": state.turn + 1,
        "deck": deck.cards_left(state),
        "top": _top(state, seat),
        "top_seen_by": [[s for s in range(state.players) if b >> s & 1] for b in state.top_seen],
        "reserve": len(state.reserve),
        "discards": [CARD_NAME[c] for c in state.discards],
        "removed": [CARD_NAME[c] for c in state.removed],
        "timeline": [
            {
                "card": CARD_NAME[c],
                "side": CARD_SIDE[c],
                "unpaid": c in state.unpaid,
                "used": c in state.used,
            }
            for c in state.timeline
        ],
        "head": [CARD_NAME[c] for c in state.head],
        "danger": flipping.danger(state),
        "guns": flipping.guns(state),
        "cards": flipping.table_cards(state),
        "flips": state.flips,
        "pending": CARD_NAME[state.pending] if state.pending >= 0 else None,
        "pay_queue": [CARD_NAME[c] for c in state.pay_queue],
        "forced": state.forced,
        "fled": state.fled,
        "actions": state.actions,
        "actions_done": state.actions_done,
        "pending_income": state.pending_income,
        "looking": (
            [CARD_NAME[c] for c in state.looking]
            if seat is not None and seat == state.active
            else len(state.looking)
        ),
        "asking": list(state.ask),
        "traffickers": [CARD_NAME[c] for c in sales.unused_traffickers(state)],
        "permanent": CARD_NAME[state.permanent] if state.permanent >= 0 else None,
        "outlet_used": state.outlet_used,
        "contact": (
            None
            if state.contact < 0
            else CITIES[state.contact]
            if state.contact < NCITY
            else "the permanent trafficker"
        ),
        "dea": {
            "action": _agent(state, state.action_agent, DEA_ACTION_CARD),
            "money": _agent(state, state.money_agent, DEA_MONEY_CARD),
        },
        "players": [_player(state, seat, s) for s in range(state.players)],
        "cartel": {
            "deck": len(state.cartel_deck),
            "discard": _cartel(state.cartel_discard),
        },
        "hand": None if seat is None else _cartel(state.hands[seat]),
        "face_down": None if seat is None else _cartel(state.backs[seat]),
        "over": state.is_terminal(),
    }
    if advanced:
        data["cities"] = [
            {
                "name": CITIES[c],
                "token": TOKENS[state.tokens[c]],
                "workers": [state.city_workers[s * NCITY + c] for s in range(state.players)],
            }
            for c in range(NCITY)
        ]
        data["warehouse"] = {"goods": state.warehouse_goods, "money": state.warehouse_money}
    return data


# -- determinization -------------------------------------------------------------------------
def _deal(pool: list[int], need: int, rng: Rng) -> None:
    """Move ``need`` uniformly chosen members of ``pool`` to its front (partial Fisher-Yates)."""
    size = len(pool)
    for i in range(need):
        j = i + rng.below(size - i)
        pool[i], pool[j] = pool[j], pool[i]


def resample(state: NarcosState, seat: int, rng: Rng) -> None:
    """Resample what ``seat`` cannot see from the cards it cannot see: the top cards it has not
    seen and the Chivatazo cards of another player come from the Narcos deck's pool; the other
    seats' Cartel hands and face-down cards come from those and the Cartel deck."""
    unseen = [i for i, bits in enumerate(state.top_seen) if not bits >> seat & 1]
    hidden_looking = seat != state.active and state.looking
    pool = list(state.deck) + [state.top[i] for i in unseen]
    if hidden_looking:
        pool += state.looking
    pool.sort()
    need = len(unseen) + (len(state.looking) if hidden_looking else 0)
    _deal(pool, need, rng)
    for k, i in enumerate(unseen):
        state.top[i] = pool[k]
    if hidden_looking:
        state.looking = pool[len(unseen) : need]
    rest = pool[need:]
    rest.sort()
    state.deck = rest
    # the Cartel cards
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.cartel_deck)
    need = 0
    for s in others:
        pool += state.hands[s] + state.backs[s]
        need += len(state.hands[s]) + len(state.backs[s])
    pool.sort()
    _deal(pool, need, rng)
    at = 0
    for s in others:
        for name in ("hands", "backs"):
            pile = getattr(state, name)
            count = len(pile[s])
            pile[s] = sorted(pool[at : at + count])
            at += count
    rest = pool[need:]
    rest.sort()
    state.cartel_deck = rest


# -- the text table ------------------------------------------------------------------------------
def _network_line(state: NarcosState, s: int) -> str:
    lab, truck, store = state.lab_card[s], state.transport_card[s], state.storage_card[s]
    crops = "*" * state.crops[s] + "." * (CROP_SLOTS - state.crops[s])
    return (
        f"     crops [{crops}]  {CARD_NAME[lab]} ({network.output(state, s)}/action): "
        f"{state.lab_goods[s]} goods  {CARD_NAME[truck]} ({CARD_CAPACITY[truck]})  "
        f"{CARD_NAME[store]}: {state.storage_goods[s]}/{CARD_CAPACITY[store]}"
    )


def _player_lines(state: NarcosState, seat: int | None, s: int) -> list[str]:
    marks = []
    if s == state.active:
        marks.append("active")
    if s == seat:
        marks.append("you")
    if state.action_agent == s:
        marks.append("DEA action agent")
    if state.money_agent == s:
        marks.append("DEA money agent")
    mark = f" ({', '.join(marks)})" if marks else ""
    cities = ""
    if state.options.get("mode") == ADVANCED:
        here = [
            f"{CITIES[c]} {state.city_workers[s * NCITY + c]}"
            for c in range(NCITY)
            if state.city_workers[s * NCITY + c]
        ]
        cities = f"; in cities: {', '.join(here)}" if here else ""
    return [
        f"  {COLOURS[s]}{mark}: {state.money[s]} million, {state.workers[s]} workers, "
        f"{state.sicarios[s]} sicarios, {len(state.hands[s])} Cartel cards in hand, "
        f"{len(state.backs[s])} face down{cities}",
        _network_line(state, s),
    ]


def _timeline_line(state: NarcosState) -> str:
    cards = [f"[{CARD_NAME[c]}]" for c in state.head]
    for c in state.timeline:
        mark = "!" if CARD_SIDE[c] == "siren" else "+"
        notes = " unpaid" if c in state.unpaid else " sold" if c in state.used else ""
        cards.append(f"{mark}{CARD_NAME[c]}{notes}")
    shown = "  ".join(cards) if cards else "(empty)"
    return (
        f"Timeline of {COLOURS[state.active]}: {shown}\n"
        f"  danger {flipping.danger(state)}/3, guns {flipping.guns(state)}, "
        f"{flipping.table_cards(state)}/7 cards, actions earned "
        f"{flipping.earned_actions(state)}"
        + (" (fled)" if state.fled else "")
        + (f"; {state.actions} actions to spend" if state.phase in ("manage",) else "")
    )


def _buyers_line(state: NarcosState) -> str:
    traffickers = [CARD_NAME[c] for c in sales.unused_traffickers(state)]
    if state.options.get("mode") == ADVANCED:
        outlet = f"{CITIES[state.tokens.index(OUTLET)]} at -2"
    else:
        city = CITIES[CARD_CITY[state.permanent]]
        outlet = f"the permanent trafficker ({city}, -2)"
    used = " (used this turn)" if state.outlet_used else ""
    return (
        f"Traffickers available: {', '.join(traffickers) or 'none'}; permanent outlet: "
        f"{outlet}{used}"
    )


def render(state: NarcosState, seat: int | None = None) -> str:
    state._check_seat(seat)
    advanced = state.options.get("mode") == ADVANCED
    top = _top(state, seat)
    known = [name for name in top if name]
    lines = [
        f"Narcos ({state.options.get('mode')}) - round {state.round}, turn {state.turn + 1}; "
        f"{deck.cards_left(state)} cards left in the deck, {len(state.reserve)} set aside for "
        f"round 2, {len(state.discards)} discarded"
        + (f"; you know the next: {', '.join(known)}" if known else ""),
        f"DEA action agent: {_agent(state, state.action_agent, DEA_ACTION_CARD)}; "
        f"DEA money agent: {_agent(state, state.money_agent, DEA_MONEY_CARD)}",
    ]
    if advanced:
        cities = []
        for c in range(NCITY):
            workers = [
                f"{COLOURS[s]} {state.city_workers[s * NCITY + c]}"
                for s in range(state.players)
                if state.city_workers[s * NCITY + c]
            ]
            cities.append(f"{CITIES[c]} [{TOKENS[state.tokens[c]]}] {', '.join(workers) or '-'}")
        lines.append("Cities: " + "; ".join(cities))
        lines.append(
            f"Police warehouse: {state.warehouse_goods} goods, {state.warehouse_money} million"
        )
    if not state.is_terminal():
        lines.append(_timeline_line(state))
        lines.append(_buyers_line(state))
    for s in range(state.players):
        lines += _player_lines(state, seat, s)
    if seat is not None:
        hand = ", ".join(_cartel(state.hands[seat])) or "none"
        lines.append(f"Your Cartel hand: {hand}")
        if state.looking and seat == state.active:
            lines.append("You see on top: " + ", ".join(CARD_NAME[c] for c in state.looking))
    if state.is_terminal():
        best = max(state.money)
        winners = [COLOURS[s] for s in range(state.players) if state.money[s] == best]
        lines.append(f"Game over: {' and '.join(winners)} with {best} million.")
    else:
        lines.append(_prompt(state))
    return "\n".join(lines)


def _prompt(state: NarcosState) -> str:
    who = COLOURS[state.current_player]
    phase = state.phase
    words = {
        "start": "starts the turn: flip the first card",
        "flip": "flips on or stops",
        "remove": f"decides whether to remove the {CARD_NAME[state.pending]}"
        if state.pending >= 0
        else "decides on a removal",
        "pay": "settles a payment",
        "peek": "places the peeked card or declines it",
        "order": "puts the cards seen back in order",
        "bonus": "takes the four-gun bonus",
        "pressure": f"may press {COLOURS[state.active]} with Presión",
        "manage": "spends actions (phase 2)",
        "raid": f"may play Cartel cards before {COLOURS[state.active]}'s sale",
        "sell": "chooses the end sale",
        "worker": "may send a worker to the city",
        "leftover": "may sell to a trafficker left on the timeline",
        "invest": "invests (phase 3)",
        "purchase": "may buy a card left on the timeline (+1 million)",
    }.get(phase, phase)
    if phase == "invest":
        price = improve.crop_price(state, state.active)
        if price:
            words += f"; the next crop costs {price} million"
    return f"{who} {words}."
