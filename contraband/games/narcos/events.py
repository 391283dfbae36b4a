"""Narcos' game log: every kind of event the rules record with ``state.note``, and how it reads.

Values are plain names a person and a client can read: seats as numbers (shown by colour), cards
by their catalog names, cities by name. Hidden: the Cartel cards drawn into a hand, a card spent
face down, the card a sapo shows its player and the cards seen and ordered with Chivatazo (all
named only in their owner's log). Chance: every flip and draw, the setup's random choices and
the reshuffles. Reveals: a Cartel card played face up from a hidden hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from contraband.core.log import EventKind, english_list
from contraband.games.narcos.board import COLOURS


def _safe(text: Callable[[Mapping[str, Any]], str]) -> Callable[[Mapping[str, Any]], str]:
    """A text that never fails on a damaged saved log (it says so instead)."""

    def build(values: Mapping[str, Any]) -> str:
        try:
            return text(values)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return "(an event this game cannot describe)"

    return build


def _plural(count: Any, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _colour(seat: Any) -> str:
    return COLOURS[seat] if isinstance(seat, int) and 0 <= seat < len(COLOURS) else "?"


@_safe
def _tokens(w: Mapping[str, Any]) -> str:
    places = ", ".join(f"{city} {token}" for city, token in w["placement"])
    return f"the event tokens go on the city board: {places}; {w['outlet']} is the -2 outlet"


@_safe
def _setup(w: Mapping[str, Any]) -> str:
    article = "an" if str(w["mode"])[:1] in "aeiou" else "a"
    return (
        f"{article} {w['mode']} game: {w['deck']} cards in the round-1 deck, {w['reserve']} set "
        f"aside for round 2; {w['first']} starts"
    )


@_safe
def _draw(w: Mapping[str, Any]) -> str:
    return f"{w['seat']} draws {english_list(w['cards'])}"


@_safe
def _draw_masked(w: Mapping[str, Any]) -> str:
    return f"{w['seat']} draws {_plural(w['count'], 'Cartel card')}"


@_safe
def _round2(w: Mapping[str, Any]) -> str:
    if w["early"]:
        return (
            f"{_colour(w['starter'])} builds round 2's deck now, with the {w['left']} cards left "
            f"of round 1: {w['cards']} cards"
        )
    return f"round 1's deck is spent: round 2's deck is built from the discards, {w['cards']} cards"


@_safe
def _flip(w: Mapping[str, Any]) -> str:
    eighth = "an 8th card after the press: " if w["eighth"] else ""
    return (
        f"{w['seat']} flips {eighth}{w['card']} ({w['side']}): "
        f"{_plural(w['cards'], 'card')}, danger {w['danger']}"
    )


@_safe
def _seized(w: Mapping[str, Any]) -> str:
    where = "the police warehouse" if w["warehouse"] else "the supply"
    return (
        f"the police's takings from {w['seat']} ({_plural(w['goods'], 'goods cube')}, "
        f"{w['money']} million) go to {where}"
    )


@_safe
def _actions(w: Mapping[str, Any]) -> str:
    if w["fled"]:
        return f"{w['seat']} fled: 1 action, no gun bonus"
    return f"{w['seat']} ends the flipping with {_plural(w['actions'], 'action')} and " + (
        f"{_plural(w['guns'], 'gun')}"
    )


@_safe
def _bonus(w: Mapping[str, Any]) -> str:
    what = "a sicario" if w["choice"] == "sicario" else "Cartel cards"
    return f"{w['seat']}'s {w['guns']} guns earn {what}"


@_safe
def _cartel(w: Mapping[str, Any]) -> str:
    target = w["target"]
    on = f" on {_colour(target)}" if isinstance(target, int) and target >= 0 else ""
    costs = []
    if w["money"]:
        costs.append(f"{w['money']} million")
    if w["sicarios"]:
        costs.append(_plural(w["sicarios"], "sicario"))
    paid = f", paying {' and '.join(costs)}" if costs else ""
    return f"{w['seat']} plays {w['card']}{on}{paid}"


@_safe
def _sale(w: Mapping[str, Any]) -> str:
    when = "early " if w["early"] else ""
    text = f"{w['seat']} sells {when}{_plural(w['units'], 'unit')} to {w['buyer']} ({w['city']})"
    details = []
    if w["handed"]:
        details.append(f"{w['handed']} handed over to rivals")
    if w["commission"]:
        details.append(f"{w['commission']} kept as commission")
    extra = f" ({'; '.join(details)})" if details else ""
    return f"{text}{extra}: {w['money']} million"


@_safe
def _hand_over(w: Mapping[str, Any]) -> str:
    lost = f" ({w['lost']} do not fit their storage and are lost)" if w["lost"] else ""
    return (
        f"{w['seat']} hands {_plural(w['units'], 'unit')} to {w['to']}, who has more workers in "
        f"{w['city']}{lost}"
    )


@_safe
def _buy(w: Mapping[str, Any]) -> str:
    late = " after the turn's investment" if w["leftover"] else ""
    lost = f"; {w['lost']} goods do not fit and are lost" if w["lost"] else ""
    return (
        f"{w['seat']} buys the {w['card']} for {w['money']} million{late}; the {w['old']} "
        f"goes to the discards{lost}"
    )


@_safe
def _end(w: Mapping[str, Any]) -> str:
    money = ", ".join(f"{_colour(s)} {m}" for s, m in enumerate(w["money"]))
    winners = [_colour(s) for s in w["winners"]]
    verb = "wins" if len(winners) == 1 else "share the win"
    who = english_list(winners)
    return f"round 2's deck is spent and the game ends ({money} million): {who} {verb}"


@_safe
def _money_agent(w: Mapping[str, Any]) -> str:
    if w["first"]:
        return f"the DEA money agent goes to the richest player, {w['seat']} ({w['money']} million)"
    return f"the DEA money agent moves to {w['seat']}, now the richest ({w['money']} million)"


EVENTS: dict[str, EventKind] = {
    # -- setup
    "tokens": EventKind(("placement", "outlet"), _tokens, chance=True, seats=()),
    "permanent": EventKind(
        ("card", "city"),
        "the {card} is drawn as the permanent trafficker beside the deck",
        chance=True,
        seats=(),
    ),
    "setup": EventKind(("mode", "first", "deck", "reserve"), _setup, chance=True, seats=("first",)),
    "draw": EventKind(
        ("seat", "count", "cards"), _draw, masked=_draw_masked, hidden=("cards",), chance=True
    ),
    "cartel_reshuffle": EventKind(
        ("count",),
        "the Cartel deck is empty: {count} cards played are shuffled into a new deck",
        chance=True,
        seats=(),
    ),
    # -- the turn and the rounds
    "turn": EventKind(
        ("seat", "turn", "round", "cards"),
        _safe(
            lambda w: (
                f"turn {w['turn']} (round {w['round']}): {w['seat']} plays; "
                f"{_plural(w['cards'], 'card')} left in the deck"
            )
        ),
    ),
    "head": EventKind(
        ("seat", "agents"), "{seat} starts with the DEA at the head of the timeline: {agents}"
    ),
    "round2": EventKind(("cards", "early", "left", "starter"), _round2, chance=True, seats=()),
    "discard": EventKind(
        ("count",),
        _safe(
            lambda w: (
                f"the timeline's {_plural(w['count'], 'card')} "
                + ("goes" if w["count"] == 1 else "go")
                + " to the discards"
            )
        ),
        seats=(),
    ),
    "end": EventKind(("money", "winners"), _end, seats=()),
    # -- phase 1
    "flip": EventKind(("seat", "card", "side", "danger", "cards", "eighth"), _flip, chance=True),
    "flee": EventKind(("seat", "card"), "the {card} is the third siren: {seat} flees"),
    "deck_spent": EventKind(("seat",), "the deck is spent: {seat}'s flipping ends"),
    "eighth_gun": EventKind(
        ("seat", "card"),
        "the 8th card is a {card}, not a legal card: it goes to the discards and the flipping ends",
    ),
    "remove": EventKind(
        ("seat", "card", "sicarios"),
        _safe(
            lambda w: (
                f"{w['seat']} sends {_plural(w['sicarios'], 'sicario')} and removes the "
                f"{w['card']} from the game"
            )
        ),
    ),
    "keep": EventKind(("seat", "card"), "{seat} keeps the {card} on the table"),
    "activate": EventKind(
        ("seat", "cards"),
        _safe(
            lambda w: (
                f"two sirens: the {english_list(w['cards'])} on {w['seat']}'s timeline "
                f"{'wants its' if len(w['cards']) == 1 else 'want their'} payment"
            )
        ),
    ),
    "pay_goods": EventKind(
        ("seat", "card", "place"), "{seat} gives the {card} a goods cube from the {place}"
    ),
    "pay_money": EventKind(("seat", "card", "money"), "{seat} pays the {card} {money} million"),
    "bribe": EventKind(("seat", "card"), "{seat} bribes the {card}: no payment"),
    "unpaid": EventKind(("seat", "card"), "{seat} cannot pay the {card}: it gives no action"),
    "unpaid_stop": EventKind(("seat", "count"), "an unpaid card stops {seat}'s flipping"),
    "press_forces": EventKind(("seat",), "the press forces {seat} to flip another card"),
    "press_eighth": EventKind(
        ("seat",),
        "the 7th card is a press: {seat} must flip an 8th card, which counts only "
        "if it is a legal card",
    ),
    "peek": EventKind(
        ("seat", "card"),
        "the sapo shows {seat} the next card: {card}",
        masked="the sapo shows {seat} the next card",
        hidden=("card",),
        chance=True,
    ),
    "place": EventKind(("seat",), "{seat} places the peeked card"),
    "decline": EventKind(
        ("seat",), "{seat} declines the peeked card and stops; it stays on top of the deck"
    ),
    "limit": EventKind(("seat", "max"), "{seat} has {max} cards on the table: the flipping ends"),
    "stop": EventKind(
        ("seat", "cards"),
        _safe(lambda w: f"{w['seat']} stops with {_plural(w['cards'], 'card')} on the table"),
    ),
    "seized": EventKind(("seat", "goods", "money", "warehouse"), _seized),
    "actions": EventKind(("seat", "actions", "guns", "fled"), _actions),
    "bonus": EventKind(("seat", "guns", "choice"), _bonus),
    "hire": EventKind(
        ("seat", "money", "sicarios"),
        "{seat} pays {money} million to turn a worker into a sicario ({sicarios} now)",
    ),
    # -- Cartel cards
    "cartel": EventKind(("seat", "card", "target", "money", "sicarios"), _cartel, reveals=True),
    "fumigated": EventKind(
        ("seat", "target", "crops"),
        "{target} loses a crop ({crops} left)",
        seats=("seat", "target"),
    ),
    "sabotaged": EventKind(
        ("seat", "target", "goods"),
        "{target} loses {goods} goods from their laboratory",
        seats=("seat", "target"),
    ),
    "hijacked": EventKind(
        ("seat", "target", "goods"),
        "{seat} takes {goods} goods from {target}'s storage",
        seats=("seat", "target"),
    ),
    "recruited": EventKind(("seat", "sicarios"), "{seat} gains a sicario ({sicarios} now)"),
    "pressure": EventKind(
        ("seat", "target"),
        "{target} must flip another card before stopping",
        seats=("seat", "target"),
    ),
    "overtime": EventKind(
        ("seat", "amount", "actions"),
        _safe(
            lambda w: (
                f"{w['seat']} gains {_plural(w['amount'], 'action')} ({w['actions']} to spend)"
            )
        ),
    ),
    "contact": EventKind(("seat", "buyer"), "{seat} has a contact: a buyer in {buyer}"),
    "assault": EventKind(
        ("seat", "goods", "money"),
        "{seat} robs the police warehouse: {goods} goods to their laboratory and {money} million",
    ),
    "tip_off": EventKind(
        ("seat", "count", "cards"),
        "{seat} looks at the top {count} cards: {cards}",
        masked="{seat} looks at the top {count} cards",
        hidden=("cards",),
        chance=True,
    ),
    "put": EventKind(
        ("seat", "card"),
        "{seat} puts the {card} back on the deck",
        masked="{seat} puts a card back on the deck",
        hidden=("card",),
    ),
    "back": EventKind(
        ("seat", "card", "actions"),
        "{seat} plays {card} face down for an action ({actions} to spend)",
        masked="{seat} plays a Cartel card face down for an action ({actions} to spend)",
        hidden=("card",),
    ),
    # -- phase 2
    "produce": EventKind(
        ("seat", "amount", "lab", "actions"),
        _safe(
            lambda w: (
                f"{w['seat']} produces {w['amount']} goods ({w['lab']} in the laboratory; "
                f"{_plural(w['actions'], 'action')} left)"
            )
        ),
    ),
    "transport": EventKind(
        ("seat", "amount", "storage", "actions"),
        _safe(
            lambda w: (
                f"{w['seat']} ships {w['amount']} goods to storage ({w['storage']} there; "
                f"{_plural(w['actions'], 'action')} left)"
            )
        ),
    ),
    "worker_action": EventKind(
        ("seat", "workers", "actions"),
        _safe(
            lambda w: (
                f"{w['seat']} spends a worker for an action "
                f"({_plural(w['workers'], 'worker')} left; {w['actions']} to spend)"
            )
        ),
    ),
    "end_actions": EventKind(
        ("seat", "done", "unused"), "{seat} ends the actions after carrying out {done}"
    ),
    "agent_follows": EventKind(
        ("seat", "actions"),
        _safe(
            lambda w: (
                f"{w['seat']} carried out {_plural(w['actions'], 'action')}: "
                "the DEA action agent will follow them next turn"
            )
        ),
    ),
    "agent_watches": EventKind(
        ("seat",), "the DEA action agent takes up its watch beside the deck"
    ),
    "agent_leaves": EventKind(
        ("seat",), "the DEA action agent leaves {seat} and watches from beside the deck"
    ),
    "money_agent": EventKind(("seat", "money", "first"), _money_agent),
    "sale": EventKind(
        ("seat", "buyer", "city", "units", "handed", "commission", "money", "early"), _sale
    ),
    "hand_over": EventKind(
        ("seat", "to", "units", "lost", "city"), _hand_over, seats=("seat", "to")
    ),
    "token": EventKind(
        ("seat", "token", "city", "money"),
        "{city}'s {token} token pays {seat} {money} million more",
    ),
    "send": EventKind(
        ("seat", "city", "money"), "{seat} sends a worker to {city} for good (+{money} million)"
    ),
    "keep_worker": EventKind(("seat",), "{seat} keeps the worker at home"),
    "keep_goods": EventKind(("seat", "units"), "{seat} keeps {units} goods in storage"),
    "collect": EventKind(
        ("seat", "money", "total"), "{seat} collects {money} million for the sales ({total} now)"
    ),
    "pass": EventKind(("seat", "what"), "{seat} passes ({what})"),
    # -- phase 3
    "crop": EventKind(
        ("seat", "crops", "money"),
        _safe(
            lambda w: (
                f"{w['seat']} plants a crop for {w['money']} million "
                f"({_plural(w['crops'], 'crop')})"
            )
        ),
    ),
    "buy": EventKind(("seat", "card", "money", "old", "lost", "leftover"), _buy),
    "invest_nothing": EventKind(("seat",), "{seat} invests nothing"),
}
