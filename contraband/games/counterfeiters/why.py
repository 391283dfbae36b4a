"""Why a Counterfeiters choice is refused, told from the mover's own view (``State._why_not``).

Every reason reads only the view the mover's table shows: its own cash, notes and cards, and
what is public (the spaces, the market, the pawn, the supply). The one exception is a sale's
quality being counted, which the view does not carry: it is read from the mover's own legal
choices, which are exactly what its table offers. Sentences live in ``why.toml``; each reason
links to the RULES.md section that explains it.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from contraband.core.checks import ascii_number
from contraband.core.explain import Why, load_texts
from contraband.games.counterfeiters.board import (
    CARD_KIND,
    CARD_NAME,
    FARE,
    FENCE_NOTES,
    QUALITIES,
    STARS,
    STRIKE,
    SUPERMARKET_NOTES,
    UNIT,
    side,
)
from contraband.games.counterfeiters.labels import AMOUNT_PREFIX, SPACE_NAMES, meaning

#: the sentences (read here, not in the compiled state.py, whose __file__ is not its source)
TEXTS = load_texts(Path(__file__).with_name("why.toml"))
#: a card's name -> its kind ("printer (S1)" -> "printer")
KIND_OF = dict(zip(CARD_NAME, CARD_KIND, strict=True))
COLOUR_NL = {"red": "rood", "blue": "blauw", "green": "groen", "yellow": "geel"}
#: the space words of the table (cf-words.js), English and Dutch
SPACE_WORDS = {
    "market": ("Black market", "Zwarte markt"),
    "supermarket": ("Supermarket", "Supermarkt"),
    "fence": ("Fence", "Heler"),
    "print": ("Print", "Printen"),
    "tax fraud": ("Tax fraud", "Belastingfraude"),
    "commercial flight": ("Commercial flight", "Lijnvlucht"),
    "private jet": ("Private jet", "Privéjet"),
}
LAWYER_WORDS = {"Great Lawyer": "grote advocaat", "Bad Lawyer": "slechte advocaat"}


def colour(name: str) -> dict[str, str]:
    return {"en": name, "nl": COLOUR_NL.get(name, name)}


def space_word(name: str) -> dict[str, str]:
    """A space's name as the table writes it: "print 3" -> Print 3 / Printen 3."""
    base, _, number = name.rpartition(" ")
    if ascii_number(number) is None:
        base, number = name, ""
    en, nl = SPACE_WORDS.get(base, (name, name))
    tail = f" {number}" if number else ""
    return {"en": en + tail, "nl": nl + tail}


def seat_word(view: dict[str, Any], seat: int) -> dict[str, str]:
    return colour(view["seats"][seat]["colour"])


# -- what the mover is deciding (for the other seats) ------------------------------------------
def deciding(view: dict[str, Any]) -> Why | None:
    step, stage = view["step"], view["stage"]
    if step == "place":
        if stage == "final":
            return Why("deciding_final", rule="game-end")
        if stage == "lawyers":
            return Why("deciding_lawyer_place", rule="game-end")
        return Why("deciding_place", rule="a-round")
    if step == "sell":
        return Why("deciding_sell", rule="actions")
    if step in ("direction", "amount"):
        return Why("deciding_flight", rule="actions")
    if step == "lawyer":
        return Why("deciding_lawyer", rule="game-end")
    return None


# -- why not ------------------------------------------------------------------------------------
def why_not(view: dict[str, Any], label: str, seat: int, legal: Callable[[], list[str]]) -> Why:
    """The reason ``seat`` (the mover) may not choose ``label``; ``legal`` gives its choices."""
    found = meaning(label)
    if found is None:
        amount = label.removeprefix(AMOUNT_PREFIX)
        if amount != label and ascii_number(amount) is not None:
            return Why("ten_steps", {"unit": UNIT}, "actions")
        return Why("bad_input")
    kind = found[0]
    step = view["step"]
    if step == "place":
        if kind == "place":
            return _placement(view, found[1], seat)
        return _not_placing(view, kind)
    if step == "sell":
        if kind == "sell":
            return _sale(view, found[1], found[2], seat, legal())
        return Why("now_sell", {"stars": _asked_stars(legal())}, "actions")
    if step == "direction":
        if kind == "direction":
            return _direction(view, found[1], seat)
        return Why("now_direction", rule="actions")
    if step == "amount":
        if kind == "amount":
            return _amount(view, found[1], seat)
        return Why("now_amount", rule="actions")
    if step == "lawyer":
        if kind == "lift":
            return _lift(view, found[1], seat)
        return Why("now_lawyer", {"lawyer": _lawyer(view)}, "game-end")
    return Why("not_now")


def _not_placing(view: dict[str, Any], kind: str) -> Why:
    """A label of another phase while the mover places a henchman."""
    if kind == "sell":
        return Why("sell_first", rule="actions")
    if kind in ("direction", "amount"):
        return Why("flight_first", rule="actions")
    if kind in ("lift", "no lawyer"):
        if view["stage"] == "lawyers":  # the lawyer's henchman is in hand: it is placed now
            return Why("lawyer_placing", rule="game-end")
        return Why("lawyer_not_now", rule="game-end")
    return Why("now_place", rule="a-round")


def _space_of(view: dict[str, Any], name: str) -> dict[str, Any] | None:
    for entry in (*view["market"], *view["spaces"]):
        if entry["space"] == name:
            return entry
    return None


def _side_word(view: dict[str, Any]) -> dict[str, str]:
    two = view["board_side"].startswith("2")
    return {"en": "two" if two else "three or four", "nl": "twee" if two else "drie of vier"}


def _owns(view: dict[str, Any], seat: int, kind: str) -> bool:
    return any(KIND_OF.get(card) == kind for card in view["seats"][seat]["cards"])


def _quality(view: dict[str, Any], seat: int) -> int:
    """The quality the seat prints (0: one star; -1: no component)."""
    kinds = {KIND_OF.get(card) for card in view["seats"][seat]["cards"]}
    count = len(kinds & {"ink", "paper", "hologram"})
    return min(count, QUALITIES) - 1


def _refused(view: dict[str, Any]) -> int:
    return len(view["police"]["refused"])


def _placement(view: dict[str, Any], name: str, seat: int) -> Why:
    where = space_word(name)
    entry = _space_of(view, name)
    if entry is None:
        return Why("no_space", {"space": where, "side": _side_word(view)}, "components")
    if entry.get("open") is False:
        return Why("slot_closed", {"space": where}, "components")
    occupant = entry["occupant"]
    if occupant is not None:
        if occupant == seat:
            return Why("taken_yours", {"space": where}, "a-round")
        return Why("taken", {"space": where, "who": seat_word(view, occupant)}, "a-round")
    reason = _cannot_act(view, entry, seat, where)
    if reason is not None:
        return reason
    twin = _free_twin(view, name)
    if twin is not None:
        return Why("alike", {"space": where, "twin": space_word(twin)}, "prompts")
    return Why("now_place", rule="a-round")


def _cannot_act(view: dict[str, Any], entry: dict[str, Any], seat: int, where: Any) -> Why | None:
    """Why the action of a free space cannot be carried out now (None: it can)."""
    mine = view["seats"][seat]
    cash = mine["cash"]
    action = entry.get("action", "black market")
    strike = view["police"]["pawn"] == STRIKE
    if action == "black market":
        if entry["card"] is None:
            return Why("slot_empty", {"space": where}, "actions")
        if KIND_OF.get(entry["card"]) == "jet" and _owns(view, seat, "jet"):
            return Why("second_jet", rule="actions")
        if cash < entry["price"]:
            return Why(
                "too_dear", {"space": where, "price": entry["price"], "cash": cash}, "actions"
            )
        return None
    if action == "print":
        if not _owns(view, seat, "printer"):
            return Why("need_printer", rule="actions")
        q = _quality(view, seat)
        if q < 0:
            return Why("need_component", rule="actions")
        if view["supply"][q] <= 0:
            return Why("supply_empty", {"stars": STARS[q]}, "actions")
        return None
    if action in ("supermarket", "fence"):
        fakes = mine["fakes"]
        if sum(fakes) == 0:
            return Why("no_notes", {"space": where}, "actions")
        refused = _refused(view)
        if action == "supermarket" and sum(fakes[refused:]) == 0:
            if refused >= QUALITIES:
                return Why("supermarket_closed", rule="police-track")
            stars = [STARS[q] for q in range(refused)]
            return Why("refused_notes", {"stars": stars}, "police-track")
        return None
    if action in ("commercial flight", "private jet"):
        if strike:
            return Why("strike", {"pawn": STRIKE}, "police-track")
        if action == "private jet" and not _owns(view, seat, "jet"):
            return Why("need_jet", rule="actions")
        if action == "commercial flight" and cash < FARE:
            return Why("fare", {"fare": FARE, "cash": cash}, "actions")
    return None


def _free_twin(view: dict[str, Any], name: str) -> str | None:
    """An earlier free space exactly alike ``name`` (the one offered instead, D27)."""
    board = side(len(view["seats"]))
    index = board.index.get(name)
    if index is None or index < board.slots:
        return None
    occupant = {entry["space"]: entry["occupant"] for entry in view["spaces"]}
    for other in range(board.slots, index):
        if board.klass[other] == board.klass[index] and occupant[board.names[other]] is None:
            return board.names[other]
    return None


def _asked_stars(legal: list[str]) -> str:
    for label in legal:
        found = meaning(label)
        if found and found[0] == "sell":
            return STARS[found[1]]
    return STARS[0]


def _sale(view: dict[str, Any], q: int, count: int, seat: int, legal: list[str]) -> Why:
    counts = [meaning(label) for label in legal]
    counts = [found for found in counts if found and found[0] == "sell"]
    pending = view["pending"] or {}
    fence = pending.get("space", "").startswith("fence")
    place = space_word(pending.get("space", "fence" if fence else "supermarket"))
    if not counts:
        return Why("not_now")
    asked = counts[0][1]
    if q != asked:
        if not fence and q < _refused(view):
            return Why("sell_refused", {"stars": STARS[q]}, "police-track")
        return Why("sell_order", {"stars": STARS[asked]}, "actions")
    held = view["seats"][seat]["fakes"][q]
    if count > held:
        return Why("sell_held", {"stars": STARS[q], "held": held}, "actions")
    most = FENCE_NOTES if fence else SUPERMARKET_NOTES
    sofar = sum(pending.get("picks") or [])
    if count + sofar > most:
        key = "sell_limit_sofar" if sofar else "sell_limit"
        return Why(key, {"space": place, "most": most, "sofar": sofar}, "actions")
    return Why("sell_one", {"stars": STARS[q]}, "prompts")


def _direction(view: dict[str, Any], direction: int, seat: int) -> Why:
    mine = view["seats"][seat]
    if direction == 1 and not mine["offshore"]:
        return Why("offshore_empty", rule="prompts")
    if direction == 0 and not mine["cash"]:
        return Why("cash_empty", rule="prompts")
    return Why("now_direction", rule="actions")


def _amount(view: dict[str, Any], amount: int, seat: int) -> Why:
    mine = view["seats"][seat]
    pending = view["pending"] or {}
    to_cash = pending.get("direction") == "to cash"
    held = mine["offshore"] if to_cash else mine["cash"]
    key = "amount_offshore" if to_cash else "amount_cash"
    if amount > held:
        return Why(key, {"amount": amount, "held": held}, "actions")
    return Why("now_amount", rule="actions")


def _lawyer(view: dict[str, Any]) -> dict[str, str]:
    name = view["end"]["lawyer"] or "Great Lawyer"
    return {"en": f"the {name}", "nl": f"de {LAWYER_WORDS.get(name, name)}"}


def _lift(view: dict[str, Any], name: str, seat: int) -> Why:
    where = space_word(name)
    entry = _space_of(view, name)
    if entry is None or name not in SPACE_NAMES:
        return Why("no_space", {"space": where, "side": _side_word(view)}, "components")
    occupant = entry["occupant"]
    if occupant is None:
        return Why("lawyer_empty", {"space": where}, "game-end")
    if occupant != seat:
        return Why(
            "lawyer_not_yours", {"space": where, "who": seat_word(view, occupant)}, "game-end"
        )
    return Why("now_lawyer", {"lawyer": _lawyer(view)}, "game-end")
