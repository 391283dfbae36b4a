"""Tony & Tino's "why not?": why the mover may not choose a label now, told from its own view.

Everything here reads ``view(seat)`` only (never the state), so an answer cannot use the
opponent's hand or the order of a deck or stack. The sentences are in ``why.toml``; the rules
sections are RULES.md's ids (each card's section has the card's name as its id).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from contraband.core.explain import Why, load_texts
from contraband.games.tony_tino.board import (
    FIGURE_NAMES,
    PLAYER_NAMES,
    POINT_LABELS,
    SHIFT_REDUCTION,
    SPY,
    STREET_LABELS,
)
from contraband.games.tony_tino.catalog import CARD_TITLES
from contraband.games.tony_tino.labels import MEANING

TEXTS = load_texts(Path(__file__).with_name("why.toml"))

#: the cards' names in Dutch sentences ("je Verschuiving"), without the rulebook's article
CARD_NL = {
    "shift": "Verschuiving",
    "corruption": "Corruptie",
    "professional": "Profspeler",
    "roulette": "Russische roulette",
    "flying-switch": "Vliegende wissel",
    "exchange": "Ruil",
    "new-value": "Nieuwe waarde",
    "police": "Politiezet",
}
FIGURE_NL = {0: "spion", 1: "huurmoordenaar", 2: "commandant", 3: "zoon van de peetvader"}
#: the verb that starts a target label, and the card it belongs to ("with" serves three cards)
FIRST_CARD = {
    "shift": "shift",
    "swap": "corruption",
    "spy": "flying-switch",
    "mine": "exchange",
    "money": "new-value",
}
POINT_CARDS = {"with": ("corruption", "flying-switch"), "theirs": ("exchange",)}
OPEN = "open"  # a street whose token still lies on the board


def card_word(name: str) -> dict[str, str]:
    return {"en": CARD_TITLES[name], "nl": CARD_NL[name]}


def figure_word(value: int) -> dict[str, str]:
    return {"en": FIGURE_NAMES[value], "nl": FIGURE_NL[value]}


def street_word(street: str) -> dict[str, str]:
    return {"en": street, "nl": street.replace("row", "rij").replace("column", "kolom")}


def _points(view: dict[str, Any]) -> str:
    return ", ".join(view["open_points"])


# -- the mover ---------------------------------------------------------------------------------
def why_not(view: dict[str, Any], label: str, seat: int) -> Why | None:
    """The mover's reason it may not choose ``label`` (None: the shared "not now")."""
    meaning = MEANING.get(label)
    if meaning is None:
        return Why("bad_input")
    kind, phase = meaning[0], view["phase"]
    opponent = PLAYER_NAMES[1 - seat]
    own_turn = view["turn_player"] == seat
    if kind == "police" or (kind == "play" and label == "play police"):
        if own_turn:
            holds = phase == "card" and "police" in view["hand"]
            key = "police_only_discard" if holds else "police_only"
            return Why(key, {"opponent": opponent}, "police")
        if phase == "react" and kind == "police":
            return _no_police(view)
    if kind == "allow" and own_turn:
        return Why("allow_own_turn", {"opponent": opponent}, "police")
    if phase == "card":
        return _card_step(view, label, kind, meaning, seat)
    if phase == "react":
        player = PLAYER_NAMES[view["turn_player"]]
        return Why(
            "now_react", {"player": player, "card": card_word(view["card_in_play"])}, "police"
        )
    if phase == "target":
        return _target(view, label, kind, meaning, seat)
    if phase == "place":
        return _place(view, kind, meaning, seat)
    return None


def _no_police(view: dict[str, Any]) -> Why:
    """The reaction window opens even without Police in hand (D9), never after it was used."""
    return Why("no_police", {"card": card_word(view["card_in_play"])}, "police")


def _card_step(view: dict[str, Any], label: str, kind: str, meaning: tuple, seat: int) -> Why:
    if kind not in ("play", "discard"):
        return Why("now_card", rule="cards")
    name = label.split(" ", 1)[1]
    if name not in view["hand"]:
        return Why("not_in_hand", {"card": card_word(name)}, "cards")
    return _unplayable(view, name, seat) or Why("now_card", rule="cards")


def _unplayable(view: dict[str, Any], name: str, seat: int) -> Why | None:
    """Why a card in hand cannot be played now: its effect cannot be carried out (D10)."""
    board = view["board"]
    discs = sum(1 for cell in board if cell["disc"])
    mine = [cell["figure"]["value"] for cell in board if _owner(cell) == seat]
    if name == "corruption" and discs < 2:
        return Why("corruption_one_disc", rule=name)
    if name == "flying-switch":
        if SPY not in mine:
            return Why("switch_no_spy", rule=name)
        if len(mine) < 2:
            return Why("switch_alone", rule=name)
    if name == "exchange":
        theirs = {cell["figure"]["value"] for cell in board if _owner(cell) == 1 - seat}
        if not theirs.intersection(mine):
            return Why("exchange_no_pair", {"opponent": PLAYER_NAMES[1 - seat]}, name)
    if name == "new-value" and sum(1 for s in view["streets"] if s["status"] == OPEN) < 2:
        return Why("new_value_one_token", rule=name)
    return None


def _owner(cell: dict[str, Any]) -> int:
    return cell["figure"]["seat"] if cell["figure"] else -1


# -- targets -----------------------------------------------------------------------------------
def _asked(card: str, first: str | None) -> dict[str, str]:
    return TEXTS[f"what_{card}" + ("_2" if first and card != "shift" else "")]


def _target(view: dict[str, Any], label: str, kind: str, meaning: tuple, seat: int) -> Why:
    card, first = view["card_in_play"], view["first_target"]
    now = Why("now_target", {"what": _asked(card, first), "card": card_word(card)}, card)
    verb = label.split(" ", 1)[0]
    if kind in ("first", "target"):  # "shift C4", "swap C4", "spy C4", "mine C4", "money row 1"
        if FIRST_CARD.get(verb) != card or first is not None:
            return now
        return _first_target(view, card, meaning[1], seat) or now
    if kind == "second":
        on_street = label.startswith("with row") or label.startswith("with column")
        fits = card == "new-value" if on_street else card in POINT_CARDS.get(verb, ())
        if not fits or first is None:
            return now
        return _second_target(view, card, first, meaning[1], seat) or now
    return now


def _first_target(view: dict[str, Any], card: str, index: int, seat: int) -> Why | None:
    if card == "new-value":
        return _street(view, index, None)
    point, cell = POINT_LABELS[index], view["board"][index]
    if card in ("shift", "corruption"):
        return None if cell["disc"] else Why("no_disc_there", {"point": point}, card)
    if _owner(cell) != seat:
        return Why("not_your_figure", {"point": point}, card)
    value = cell["figure"]["value"]
    if card == "flying-switch" and value != SPY:
        params = {"point": point, "figure": figure_word(value), "value": value}
        return Why("not_a_spy", params, card)
    if card == "exchange":
        theirs = {c["figure"]["value"] for c in view["board"] if _owner(c) == 1 - seat}
        if value not in theirs:
            return Why(
                "no_equal_figure", {"opponent": PLAYER_NAMES[1 - seat], "value": value}, card
            )
    return None


def _second_target(
    view: dict[str, Any], card: str, first: str, index: int, seat: int
) -> Why | None:
    if card == "new-value":
        return _street(view, index, first)
    point, cell = POINT_LABELS[index], view["board"][index]
    if point == first:
        return Why("same_point", {"point": point}, card)
    if card == "corruption":
        return None if cell["disc"] else Why("no_disc_there", {"point": point}, card)
    if card == "flying-switch":
        return None if _owner(cell) == seat else Why("not_your_figure", {"point": point}, card)
    opponent = PLAYER_NAMES[1 - seat]
    if _owner(cell) != 1 - seat:
        return Why("not_their_figure", {"point": point, "opponent": opponent}, card)
    mine = view["board"][POINT_LABELS.index(first)]["figure"]["value"]
    theirs = cell["figure"]["value"]
    if mine != theirs:
        params = {"first": first, "mine": mine, "point": point, "theirs": theirs}
        return Why("exchange_values", {**params, "opponent": opponent}, card)
    return None


def _street(view: dict[str, Any], index: int, first: str | None) -> Why | None:
    street = STREET_LABELS[index]
    if street == first:
        return Why("same_street", {"street": street_word(street)}, "new-value")
    if view["streets"][index]["status"] != OPEN:
        return Why("token_gone", {"street": street_word(street)}, "new-value")
    return None


# -- placing a figure --------------------------------------------------------------------------
def _place(view: dict[str, Any], kind: str, meaning: tuple, seat: int) -> Why | None:
    points = _points(view)
    if kind != "place":
        key = "now_place" if view["hand"] else "now_place_no_cards"
        return Why(key, {"points": points}, "figure")
    value, index = meaning[1], meaning[2]
    faceup = view["seats"][seat]["face_up_figures"]
    if value not in faceup:
        values = [str(v) for v in sorted(faceup, reverse=True)]
        params = {"figure": figure_word(value), "value": value, "values": values}
        return Why("no_such_figure", params, "figure")
    point, cell = POINT_LABELS[index], view["board"][index]
    if cell["figure"]:
        owner, held = cell["figure"]["seat"], cell["figure"]["value"]
        params = {"point": point, "figure": figure_word(held), "value": held}
        if owner == seat:
            return Why("point_taken_own", params, "figure")
        return Why("point_taken", {**params, "owner": PLAYER_NAMES[owner]}, "figure")
    if not view["open_points"]:
        return None
    lowest = _counted(view, view["open_points"][0])
    number = _counted(view, point)
    params = {"point": point, "number": number, "lowest": lowest, "points": points}
    return Why("not_lowest", params, "figure")


def _counted(view: dict[str, Any], point: str) -> int:
    """The number a disc counts as now (a shifted disc one lower)."""
    disc = view["board"][POINT_LABELS.index(point)]["disc"]
    return disc - SHIFT_REDUCTION if view["shifted"] == point else disc


# -- another seat's view -----------------------------------------------------------------------
def deciding(view: dict[str, Any]) -> Why | None:
    """What the mover is deciding, as the asking seat may know it."""
    phase, card = view["phase"], view["card_in_play"]
    if phase == "card":
        return Why("deciding_card", rule="cards")
    if phase == "react" and card:
        if view["seat"] == view["turn_player"]:
            return Why("deciding_react_yours", {"card": card_word(card)}, "police")
        player = PLAYER_NAMES[view["turn_player"]]
        return Why("deciding_react", {"player": player, "card": card_word(card)}, "police")
    if phase == "target" and card:
        return Why("deciding_target", {"card": card_word(card)}, card)
    if phase == "place":
        return Why("deciding_place", rule="figure")
    return None
