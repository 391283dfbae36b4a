"""Tony & Tino's game log: the kinds of event the rules record, and how each reads.

The rules call ``state.note(kind, *values)`` with plain values (seat numbers, card names, point
and street labels, numbers); the texts below are built only when somebody reads the log.
Hidden: the cards a player takes into hand (named only in the owner's log). Chance: shuffles,
draws, turned-up figures, Russian Roulette and a random first player. Reveals: a card shown from
a hidden hand (played, discarded, or Police answering).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contraband.core.log import EventKind
from contraband.core.schema import Int, List, Maybe, OneOf, Seat, Spec
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    FIGURE_NAMES,
    FIGURES,
    NUMBERED_DISCS,
    PLAYER_COLOURS,
    PLAYER_NAMES,
    POINT_LABELS,
    POINTS,
    STREET_LABELS,
    STREETS,
    TOKENS,
    TOTAL_MONEY,
)
from contraband.games.tony_tino.catalog import CARD_TITLES
from contraband.games.tony_tino.validate import AnyOf, IntIn, Pair


def dollars(amount: Any) -> str:
    return f"${amount:,}" if isinstance(amount, int) else "$?"


def _title(name: Any) -> str:
    return CARD_TITLES.get(name, str(name))


def _figure(value: Any) -> str:
    name = FIGURE_NAMES.get(value)
    return f"{value} ({name})" if name else str(value)


def _pairs(pairs: Any, show=str) -> str:
    return ", ".join(f"{a} {show(b)}" for a, b in pairs)


def _score(values: Any) -> str:
    return ", ".join(f"{PLAYER_NAMES[s]} {values[s]}" for s in range(2))


def _discs_laid(v: Mapping[str, Any]) -> str:
    return "the 36 discs are drawn from the bag onto the control points: " + _pairs(v["discs"])


def _hitmen(v: Mapping[str, Any]) -> str:
    points = v["points"]
    return (
        f"{v['seat']}'s {len(points)} {v['colour']} discs become his hitmen (value 1): "
        + ", ".join(points)
    )


def _tokens_laid(v: Mapping[str, Any]) -> str:
    return "the protection money is laid out: " + _pairs(v["tokens"], dollars)


def _first(v: Mapping[str, Any]) -> str:
    card, target, what = v["card"], v["target"], v["what"]
    if card == "corruption":
        return f"{v['seat']} picks the disc {what} on {target} to swap"
    if card == "flying-switch":
        return f"{v['seat']} picks his spy on {target} to switch"
    if card == "exchange":
        return f"{v['seat']} picks his {_figure(what)} on {target} to exchange"
    return f"{v['seat']} picks the {dollars(what)} token of {target} to swap"


def _shift(v: Mapping[str, Any]) -> str:
    number = v["number"]
    return (
        f"{v['seat']} shifts the disc {number} on {v['point']}: it counts as {number - 1} this turn"
    )


def _game_over(v: Mapping[str, Any]) -> str:
    money, winners = v["money"], v["winners"]
    score = ", ".join(f"{PLAYER_NAMES[s]} {dollars(money[s])}" for s in range(2))
    if len(winners) == 1:
        return f"the game ends: {score}. {PLAYER_NAMES[winners[0]]} wins"
    return f"the game ends: {score}. A draw"


EVENTS: dict[str, EventKind] = {
    # -- setup --------------------------------------------------------------------------------
    "discs_laid": EventKind(("discs",), _discs_laid, chance=True, seats=()),
    "hitmen": EventKind(("seat", "colour", "points"), _hitmen),
    "tokens_laid": EventKind(("tokens",), _tokens_laid, chance=True, seats=()),
    "setup_out": EventKind(
        ("street", "amount"),
        lambda v: (
            f"{v['street']} is full at setup: its {dollars(v['amount'])} token goes out of the game"
        ),
        seats=(),
    ),
    "stack": EventKind(
        ("seat", "count"),
        "{seat} shuffles his {count} remaining figures into a face-down stack",
        chance=True,
    ),
    "deck": EventKind(
        ("seat", "count"), "{seat} shuffles his {count} cards into a face-down deck", chance=True
    ),
    "deal": EventKind(
        ("seat", "count", "cards"),
        lambda v: f"{v['seat']} takes {', '.join(map(_title, v['cards']))} into his hand",
        masked="{seat} takes {count} cards into his hand",
        hidden=("cards",),
        chance=True,
    ),
    "starts": EventKind(("seat",), "{seat} starts"),
    "starts_random": EventKind(("seat",), "{seat} starts (drawn at random)", chance=True),
    # -- a turn ---------------------------------------------------------------------------------
    "turn": EventKind(("seat",), "{seat}'s turn"),
    "extra_turn": EventKind(("seat",), "{seat} takes his extra turn (Professional)"),
    "no_cards": EventKind(("seat",), "{seat} has no card left and goes straight to his figure"),
    "play": EventKind(
        ("seat", "card"), lambda v: f"{v['seat']} plays {_title(v['card'])}", reveals=True
    ),
    "discard": EventKind(
        ("seat", "card"),
        lambda v: f"{v['seat']} discards {_title(v['card'])} without effect",
        reveals=True,
    ),
    "allow": EventKind(
        ("seat", "card"), lambda v: f"{v['seat']} lets the {_title(v['card'])} through"
    ),
    "police": EventKind(
        ("seat", "card", "against"),
        lambda v: (
            f"{v['seat']} answers with Police: {v['against']}'s {_title(v['card'])} is cancelled"
        ),
        reveals=True,
        seats=("seat", "against"),
    ),
    "shift": EventKind(("seat", "point", "number"), _shift),
    "first": EventKind(("seat", "card", "target", "what"), _first),
    "corruption": EventKind(
        ("seat", "first", "second", "first_number", "second_number"),
        "{seat} swaps the discs of {first} and {second}: {first} now shows {first_number}, "
        "{second} shows {second_number}",
    ),
    "switch": EventKind(
        ("seat", "spy", "other", "value"),
        lambda v: (
            f"{v['seat']} switches his spy on {v['spy']} with his {_figure(v['value'])} on "
            f"{v['other']}: the {v['value']} now stands on {v['spy']}, the spy on {v['other']}"
        ),
    ),
    "exchange": EventKind(
        ("seat", "mine", "theirs", "value", "other"),
        lambda v: (
            f"{v['seat']} exchanges his {_figure(v['value'])} on {v['mine']} with "
            f"{v['other']}'s on {v['theirs']}: {v['mine']} is now {v['other']}'s, {v['theirs']} "
            f"{v['seat']}'s"
        ),
        seats=("seat", "other"),
    ),
    "new_value": EventKind(
        ("seat", "first", "second", "first_amount", "second_amount"),
        lambda v: (
            f"{v['seat']} swaps the tokens of {v['first']} and {v['second']}: "
            f"{v['first']} now pays {dollars(v['first_amount'])}, {v['second']} "
            f"{dollars(v['second_amount'])}"
        ),
    ),
    "roulette": EventKind(
        ("seat", "discs"),
        lambda v: (
            f"{v['seat']}'s Russian Roulette reshuffles the {len(v['discs'])} discs: "
            + _pairs(v["discs"])
        ),
        chance=True,
    ),
    "professional": EventKind(("seat",), "{seat} will take another turn after this one"),
    "draw": EventKind(
        ("seat", "card"),
        lambda v: f"{v['seat']} draws {_title(v['card'])}",
        masked="{seat} draws a card",
        hidden=("card",),
        chance=True,
    ),
    "no_draw": EventKind(("seat",), "{seat}'s deck is empty: no card to draw"),
    "place": EventKind(
        ("seat", "figure", "point", "number"),
        lambda v: (
            f"{v['seat']} places his {_figure(v['figure'])} on {v['point']} (disc {v['number']})"
        ),
    ),
    "turn_up": EventKind(
        ("seat", "figure"),
        lambda v: f"{v['seat']} turns up a {_figure(v['figure'])} from his stack",
        chance=True,
    ),
    "collect": EventKind(
        ("seat", "street", "amount", "score"),
        lambda v: (
            f"{v['seat']} collects {dollars(v['amount'])} for {v['street']} ({_score(v['score'])})"
        ),
    ),
    "tie": EventKind(
        ("street", "amount", "score"),
        lambda v: (
            f"{v['street']} is a tie ({_score(v['score'])}): its {dollars(v['amount'])} "
            "token goes out of the game"
        ),
        seats=(),
    ),
    "pass": EventKind(("seat",), "{seat} has no figure left and passes"),
    "game_over": EventKind(("money", "winners"), _game_over, seats=()),
}


# -- what each field may hold (checked when a saved game is loaded) ------------------------------
_POINT = OneOf(*POINT_LABELS)
_STREET = OneOf(*STREET_LABELS)
_CARD = OneOf(*CARD_NAMES)
_COLOUR = OneOf(*PLAYER_COLOURS)
_NUMBER = Int(1, max(NUMBERED_DISCS))
_FIGURE = IntIn(tuple(sorted(set(FIGURES))))
_AMOUNT = IntIn(tuple(sorted(set(TOKENS))))
_SCORE = List(Int(0, 3 * 6), length=2)
_SEAT = Seat()

FIELD_SPECS: dict[str, dict[str, Spec]] = {
    "discs_laid": {"discs": List(Pair(_POINT, AnyOf((_NUMBER, _COLOUR))), length=POINTS)},
    "hitmen": {"seat": _SEAT, "colour": _COLOUR, "points": List(_POINT, max_length=POINTS)},
    "tokens_laid": {"tokens": List(Pair(_STREET, _AMOUNT), length=STREETS)},
    "setup_out": {"street": _STREET, "amount": _AMOUNT},
    "stack": {"seat": _SEAT, "count": Int(0, len(FIGURES))},
    "deck": {"seat": _SEAT, "count": Int(0, 20)},
    "deal": {"seat": _SEAT, "count": Int(0, 20), "cards": Maybe(List(_CARD, max_length=20))},
    "starts": {"seat": _SEAT},
    "starts_random": {"seat": _SEAT},
    "turn": {"seat": _SEAT},
    "extra_turn": {"seat": _SEAT},
    "no_cards": {"seat": _SEAT},
    "play": {"seat": _SEAT, "card": _CARD},
    "discard": {"seat": _SEAT, "card": _CARD},
    "allow": {"seat": _SEAT, "card": _CARD},
    "police": {"seat": _SEAT, "card": _CARD, "against": _SEAT},
    "shift": {"seat": _SEAT, "point": _POINT, "number": _NUMBER},
    "first": {
        "seat": _SEAT,
        "card": _CARD,
        "target": AnyOf((_POINT, _STREET)),
        "what": AnyOf((Int(0, max(NUMBERED_DISCS)), _AMOUNT)),
    },
    "corruption": {
        "seat": _SEAT,
        "first": _POINT,
        "second": _POINT,
        "first_number": _NUMBER,
        "second_number": _NUMBER,
    },
    "switch": {"seat": _SEAT, "spy": _POINT, "other": _POINT, "value": _FIGURE},
    "exchange": {
        "seat": _SEAT,
        "mine": _POINT,
        "theirs": _POINT,
        "value": _FIGURE,
        "other": _SEAT,
    },
    "new_value": {
        "seat": _SEAT,
        "first": _STREET,
        "second": _STREET,
        "first_amount": _AMOUNT,
        "second_amount": _AMOUNT,
    },
    "roulette": {"seat": _SEAT, "discs": List(Pair(_POINT, _NUMBER), max_length=POINTS)},
    "professional": {"seat": _SEAT},
    "draw": {"seat": _SEAT, "card": Maybe(_CARD)},
    "no_draw": {"seat": _SEAT},
    "place": {"seat": _SEAT, "figure": _FIGURE, "point": _POINT, "number": _NUMBER},
    "turn_up": {"seat": _SEAT, "figure": _FIGURE},
    "collect": {"seat": _SEAT, "street": _STREET, "amount": _AMOUNT, "score": _SCORE},
    "tie": {"street": _STREET, "amount": _AMOUNT, "score": _SCORE},
    "pass": {"seat": _SEAT},
    "game_over": {
        "money": List(Int(0, TOTAL_MONEY), length=2),
        "winners": List(_SEAT, min_length=1, max_length=2),
    },
}
for _kind, _event in EVENTS.items():
    assert tuple(FIELD_SPECS[_kind]) == _event.fields, f"event {_kind}: specs must match fields"
EVENT_SPECS = {kind: tuple(specs.values()) for kind, specs in FIELD_SPECS.items()}
