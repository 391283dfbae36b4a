"""Al Cabohne's game log: the kinds of event the rules record, and their texts.

The rules call ``state.note(kind, *values)`` as things happen; the values are plain data named
as a client finds them in the view and the catalog: beans and bosses by name, fields and hand
positions numbered from 1 as in the labels, seats as ints (the text shows the seat's name).
Texts are built only when somebody reads the log.

What is hidden: the cards dealt or drawn into a hand are named only in their owner's log
(``deal``, ``draw``); everything else in this game is seen by everyone as it happens (decision
A10: fields, face-up cards, the discard pile, the bosses and the coin piles are public). A card
played or given from a hand is shown as it is played (``reveals``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contraband.core.log import EventKind
from contraband.core.schema import Bool, Int, List, Maybe, OneOf, Seat, Spec
from contraband.games.al_cabohne.beans import (
    BEAN_NAMES,
    BOSS_NAMES,
    MOST_FIELDS,
    MOST_PASSES,
    SOLO_MAFIA_FACTOR,
    TOTAL_CARDS,
)

# -- words --------------------------------------------------------------------------------------


def beans(count: int, bean: str) -> str:
    """``a Kidney bean`` / ``4 Kidney beans``."""
    return f"a {bean} bean" if count == 1 else f"{count} {bean} beans"


def coins(count: int) -> str:
    return "1 coin" if count == 1 else f"{count} coins"


def listing(names: list[str]) -> str:
    """``Kidney``, ``Kidney and Fire``, ``Kidney, Fire and Blue``."""
    if len(names) <= 1:
        return "".join(names) or "nothing"
    return ", ".join(names[:-1]) + " and " + names[-1]


def _times(count: int) -> str:
    return "once" if count == 1 else "twice" if count == 2 else f"{count} times"


# -- texts that depend on the values ------------------------------------------------------------


def _shuffle(v: Mapping[str, Any]) -> str:
    return (
        f"the {v['size']} bean cards are shuffled into the deck, which is played through "
        f"{_times(v['passes'])}"
    )


def _deal(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} is dealt {v['count']} cards (front first): {listing(v['cards'])}"


def _draw(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} draws {listing(v['cards'])} to the back of the hand"


def _draw_masked(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} draws {'a card' if v['count'] == 1 else str(v['count']) + ' cards'}"


def _gather(v: Mapping[str, Any]) -> str:
    verb = "joins" if v["count"] == 1 else "join"
    return f"{beans(v['count'], v['bean'])} from the top of the discard pile {verb} it"


def _gift(v: Mapping[str, Any]) -> str:
    text = f"{v['seat']} gives hand card {v['position']}, {beans(1, v['bean'])}, to {v['boss']}"
    if v["compulsory"]:
        text += " (due: his field was empty)"
    return text


def _harvest(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} harvests {beans(v['count'], v['bean'])} for {coins(v['coins'])}"


def _end_harvest(v: Mapping[str, Any]) -> str:
    return f"at the end, {_harvest(v)}"


def _boss_sale(v: Mapping[str, Any]) -> str:
    return (
        f"{v['boss']} sells his field of {beans(v['count'], v['bean'])} for "
        f"{coins(v['coins'])}; the mafia has {coins(v['mafia'])}"
    )


def _end_sale(v: Mapping[str, Any]) -> str:
    return f"at the end, {_boss_sale(v)}"


def _reshuffle(v: Mapping[str, Any]) -> str:
    return (
        f"the deck is empty: the discard pile ({v['size']} cards) is shuffled into a new deck, "
        f"pass {v['deck_pass']} of {v['passes']}"
    )


def _deck_out(v: Mapping[str, Any]) -> str:
    if v["last_turn"]:
        return "the last card of the deck is drawn: this turn is the last one"
    return "the deck is used up for the last time: the game ends when another card is needed"


def _game_end(v: Mapping[str, Any]) -> str:
    if v["reason"] == "last_turn":
        return "the last turn is over: the game ends and every field is sold"
    return "a card must be drawn but the deck is used up: the game ends and every field is sold"


def _buy(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} buys a third field for {coins(v['cost'])}"


def _score(v: Mapping[str, Any]) -> str:
    return f"{v['seat']} ends with {coins(v['coins'])}"


def _mafia_score(v: Mapping[str, Any]) -> str:
    text = f"the bean mafia ends with {coins(v['coins'])}"
    if v["factor"] != 1:
        text += f", counted {_times(v['factor'])} in the solo game: {v['total']}"
    return text


def _win(v: Mapping[str, Any]) -> str:
    if v["shared"]:
        return f"{v['seat']} shares the win with {coins(v['coins'])}"
    return f"{v['seat']} wins with {coins(v['coins'])}"


def _mafia_win(v: Mapping[str, Any]) -> str:
    if v["total"] == v["best"]:
        return f"the bean mafia wins: a tie at {v['total']} goes to the mafia"
    return f"the bean mafia wins with {v['total']} against {v['best']}"


def _leftovers_discarded(v: Mapping[str, Any]) -> str:
    return f"the face-up beans left over go to the discard pile: {listing(v['beans'])}"


# -- the kinds ----------------------------------------------------------------------------------

EVENTS: dict[str, EventKind] = {
    # setup
    "shuffle": EventKind(("size", "passes"), _shuffle, chance=True),
    "deal": EventKind(
        ("seat", "count", "cards"),
        _deal,
        masked="{seat} is dealt {count} cards",
        hidden=("cards",),
        chance=True,
    ),
    "turn": EventKind(("seat",), "{seat}'s turn"),
    # phase 1
    "leftover_plant": EventKind(
        ("seat", "bean", "field"), "{seat} plants the leftover {bean} bean on field {field}"
    ),
    "leftover_discard": EventKind(("seat", "bean"), "{seat} discards the leftover {bean} bean"),
    # phase 2
    "tribute": EventKind(
        ("seat", "boss", "bean", "field"),
        "{seat} pays tribute to {boss}: a {bean} bean from field {field}",
    ),
    # phase 3
    "plant": EventKind(
        ("seat", "bean", "field"),
        "{seat} plants a {bean} bean from the hand on field {field}",
        reveals=True,
    ),
    "end_planting": EventKind(("seat",), "{seat} plants no second card"),
    # phase 4 (and the bosses' first beans at the setup)
    "turn_to_boss": EventKind(
        ("bean", "boss"), "a {bean} bean is turned up and goes to {boss}", chance=True
    ),
    "turn_faceup": EventKind(
        ("bean",), "a {bean} bean is turned up and stays face up", chance=True
    ),
    "gather": EventKind(("bean", "count"), _gather),
    # phase 5
    "gift_excused": EventKind(
        ("seat", "boss"),
        "{boss}'s field is empty, but {seat} holds no bean he may take: no gift is due",
        reveals=True,
    ),
    "gift": EventKind(("seat", "position", "bean", "boss", "compulsory"), _gift, reveals=True),
    "take": EventKind(
        ("seat", "bean", "field"), "{seat} plants the face-up {bean} bean on field {field}"
    ),
    "take_for_boss": EventKind(
        ("seat", "bean", "boss"), "{seat} gives the face-up {bean} bean to {boss}"
    ),
    "done": EventKind(("seat",), "{seat} is done trading"),
    "leftovers_discarded": EventKind(("beans",), _leftovers_discarded),
    # phase 6
    "draw": EventKind(
        ("seat", "count", "cards"), _draw, masked=_draw_masked, hidden=("cards",), chance=True
    ),
    # at any decision
    "harvest": EventKind(("seat", "field", "bean", "count", "coins", "total"), _harvest),
    "buy": EventKind(("seat", "cost", "total"), _buy),
    # the mafia
    "boss_sale": EventKind(("boss", "bean", "count", "coins", "mafia"), _boss_sale),
    # the deck
    "reshuffle": EventKind(("size", "deck_pass", "passes"), _reshuffle, chance=True),
    "deck_out": EventKind(("deck_pass", "last_turn"), _deck_out),
    # the end
    "game_end": EventKind(("reason",), _game_end),
    "end_harvest": EventKind(("seat", "field", "bean", "count", "coins", "total"), _end_harvest),
    "end_sale": EventKind(("boss", "bean", "count", "coins", "mafia"), _end_sale),
    "score": EventKind(("seat", "coins"), _score),
    "mafia_score": EventKind(("coins", "factor", "total"), _mafia_score),
    "win": EventKind(("seat", "coins", "shared"), _win),
    "mafia_win": EventKind(("total", "best"), _mafia_win),
}


# -- what each field may hold (a saved log is checked against it) -------------------------------

_BEAN = OneOf(*BEAN_NAMES)
_CARDS = Int(0, TOTAL_CARDS)
#: one spec per field name: every kind uses a name for the same thing
FIELDS: dict[str, Spec] = {
    "seat": Seat(),
    "size": _CARDS,
    "count": _CARDS,
    "coins": _CARDS,
    "total": Int(0, SOLO_MAFIA_FACTOR * TOTAL_CARDS),
    "mafia": _CARDS,
    "cost": _CARDS,
    "best": _CARDS,
    "position": Int(1, TOTAL_CARDS),
    "field": Int(1, MOST_FIELDS),
    "passes": Int(1, MOST_PASSES),
    "deck_pass": Int(1, MOST_PASSES),
    "factor": Int(1, SOLO_MAFIA_FACTOR),
    "bean": _BEAN,
    "boss": OneOf(*BOSS_NAMES),
    "beans": List(_BEAN, max_length=TOTAL_CARDS),
    # a hand's cards: None in a determinization's copy of another seat's draw
    "cards": Maybe(List(_BEAN, max_length=TOTAL_CARDS)),
    "compulsory": Bool(),
    "shared": Bool(),
    "last_turn": Bool(),
    "reason": OneOf("deck", "last_turn"),
}
#: per kind, the specs of its values in order
SPECS: dict[str, tuple[Spec, ...]] = {
    name: tuple(FIELDS[field] for field in kind.fields) for name, kind in EVENTS.items()
}
