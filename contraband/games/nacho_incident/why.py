"""The Nacho Incident's "why not?": why the mover may not choose a label now, told from the
mover's own view only (``core.explain``), with the texts in ``why.toml``.

Every reason reads the view: the mover's hand, the warehouses, the face-up province cards, the
cantinas and the open step-4 decision. Another seat's face-down hire is never looked at (the
view says only "face down"), so an answer cannot tell whose hand a smuggler is in.
"""

from __future__ import annotations

from typing import Any

from contraband.core.explain import Why
from contraband.games.nacho_incident.board import (
    BORED,
    CARGO,
    COLOURS,
    DESTINATION,
    FOODS,
    GEM,
    HIRE,
    MARKET,
    MEANING,
    MOUNTIE_NAME,
    PICK,
    PROVINCES,
    REACH,
    REFRESH,
    RESELECT,
    SMUGGLER_FLAG,
    SMUGGLER_INDEX,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    WANDER,
)

#: the Dutch names of the foods and the seat colours (explanations fill them in)
FOOD_NL = {
    "grain": "graan",
    "beans": "bonen",
    "pepper": "peper",
    "olive": "olijf",
    "tortillas": "tortillas",
    "onion": "ui",
    "sour cream": "zure room",
    "salsa": "salsa",
}
COLOUR_NL = {"red": "rood", "blue": "blauw", "green": "groen", "yellow": "geel"}

#: the phase each kind of decision belongs to, and the rules section of each phase
KIND_PHASES = {
    "hire": (HIRE,),
    "cargo": (CARGO,),
    "go": (DESTINATION,),
    "pick": (PICK,),
    "bored": (BORED,),
    "wander": (WANDER,),
    "gem": (GEM,),
    "discard": (RESELECT, REFRESH),
    "keep": (RESELECT, REFRESH),
    "sell": (MARKET,),
    "restock": (MARKET,),
}
PHASE_RULE = {
    HIRE: "hire",
    CARGO: "smuggle",
    DESTINATION: "smuggle",
    PICK: "cantinas-and-arrests",
    BORED: "cantinas-and-arrests",
    WANDER: "cantinas-and-arrests",
    GEM: "round-end",
    REFRESH: "round-end",
    RESELECT: "optional-rules",
    MARKET: "next-turn",
}


def food_word(food: str) -> dict[str, str]:
    return {"en": food, "nl": FOOD_NL.get(food, food)}


def colour_word(colour: str) -> dict[str, str]:
    return {"en": colour, "nl": COLOUR_NL.get(colour, colour)}


def deciding(view: dict[str, Any]) -> Why | None:
    """What the mover is deciding, as every seat may know it."""
    phase = view["phase"]
    if phase not in PHASE_RULE:
        return None
    return Why(f"deciding_{phase.replace(' ', '_')}", rule=PHASE_RULE[phase])


def why_not(view: dict[str, Any], label: str, seat: int) -> Why:
    """The reason ``seat`` (the mover) may not choose ``label`` in ``view``."""
    meaning = MEANING.get(label)
    if meaning is None:
        return Why("bad_input")
    kind = meaning[0]
    players = len(view["seats"])
    other = _named_seat(kind, meaning)
    if other is not None and other >= players:
        return Why("no_such_seat", {"colour": colour_word(COLOURS[other])})
    phase = view["phase"]
    if phase not in KIND_PHASES[kind]:
        return _now(view, seat)
    return REASONS[kind](view, meaning, seat)


def _named_seat(kind: str, meaning: tuple) -> int | None:
    """The seat a label names (a steal's victim, a wander's or the gem's target)."""
    if kind == "cargo" and meaning[2] >= 0:
        return meaning[2]
    if kind in ("wander", "gem"):
        return meaning[1]
    return None


def _now(view: dict[str, Any], seat: int) -> Why:
    """A label of another step: say what this step asks."""
    phase = view["phase"]
    params: dict[str, Any] = {}
    if phase == DESTINATION:
        params["smuggler"] = view["seats"][seat]["chosen"]
    elif phase in (PICK, BORED, WANDER):
        params["province"] = view["resolving"]["province"]
    return Why(f"now_{phase.replace(' ', '_')}", params, PHASE_RULE.get(phase))


# -- step 1 and the hand decisions ------------------------------------------------------------
def _hand_card(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    """Hire or discard a smuggler that is not in the hand."""
    name = SMUGGLER_NAME[meaning[1]]
    rule = PHASE_RULE[view["phase"]]
    if name in view["smugglers_out"]:
        return Why("smuggler_gone", {"smuggler": name}, rule)
    for s, info in enumerate(view["seats"]):
        for cantina in info["cantinas"]:
            if name in cantina["holders"]:
                key = "smuggler_own_cantina" if s == seat else "smuggler_cantina"
                params = {"smuggler": name, "province": cantina["province"]}
                return Why(key, {**params, "colour": colour_word(info["colour"])}, rule)
    verb = "hire" if meaning[0] == "hire" else "discard"
    return Why(f"not_in_hand_{verb}", {"smuggler": name}, rule)


# -- step 3: cargo and destination ------------------------------------------------------------
def _reach(view: dict[str, Any], seat: int) -> tuple[str, tuple[int, ...]]:
    """The mover's revealed smuggler and the provinces it reaches."""
    name = view["seats"][seat]["chosen"]
    return name, REACH[SMUGGLER_FLAG[SMUGGLER_INDEX[name]]]


def _open_slot(view: dict[str, Any], p: int, food: str) -> bool | None:
    """True: ``p``'s card has an empty slot for ``food``; False: it is taken; None: not asked."""
    for slot in view["provinces"][p]["slots"]:
        if slot["food"] == food:
            return not slot["filled"]
    return None


def _undeliverable(view: dict[str, Any], seat: int, food: str) -> Why | None:
    name, reach = _reach(view, seat)
    if any(_open_slot(view, p, food) for p in reach):
        return None
    places = [PROVINCES[p] for p in reach]
    return Why("no_slot_in_reach", {"smuggler": name, "food": food_word(food), "reach": places})


def _cargo(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    if meaning[1] < 0:  # ship nothing: always one of the cargo step's choices
        return Why("not_now")
    food, source = FOODS[meaning[1]], meaning[2]
    if source == -2:  # the own warehouse
        if food not in view["seats"][seat]["warehouse"]:
            return Why("no_cube", {"food": food_word(food)})
        return _undeliverable(view, seat, food) or Why("not_now")
    if source == seat:
        return Why("steal_self", {"food": food_word(food)})
    first = view["order"][0]
    if first != seat:
        return Why("steal_first_only", {"first": colour_word(COLOURS[first])})
    victim = colour_word(COLOURS[source])
    if food not in view["seats"][source]["warehouse"]:
        return Why("steal_no_cube", {"food": food_word(food), "colour": victim})
    return _undeliverable(view, seat, food) or Why("not_now")


def _go(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    p = meaning[1]
    name, reach = _reach(view, seat)
    if p not in reach:
        flag = PROVINCES[SMUGGLER_FLAG[SMUGGLER_INDEX[name]]]
        params = {"smuggler": name, "flag": flag, "reach": [PROVINCES[q] for q in reach]}
        return Why("out_of_reach", {**params, "province": PROVINCES[p]})
    food = view["cargo"]
    if food is not None:
        slot = _open_slot(view, p, food)
        params = {"province": PROVINCES[p], "food": food_word(food)}
        if slot is None:
            return Why("not_asked_there", params)
        if slot is False:
            return Why("slot_taken", params)
    return Why("not_now")


# -- step 4: the owner's mountie decisions ----------------------------------------------------
def _cantina(view: dict[str, Any], seat: int, province: str) -> dict[str, Any]:
    return next(c for c in view["seats"][seat]["cantinas"] if c["province"] == province)


def _pick(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    province = view["resolving"]["province"]
    here = _cantina(view, seat, province)["mounties"]
    return Why(
        "mountie_not_here",
        {"mountie": MOUNTIE_NAME[meaning[1]], "province": province, "here": here},
    )


def _bored(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    name = SMUGGLER_NAME[meaning[1]]
    holders = [h for c in view["seats"][seat]["cantinas"] for h in c["holders"]]
    if name not in holders:
        return Why("not_your_holder", {"smuggler": name})
    best = max(SMUGGLER_RANK[SMUGGLER_INDEX[h]] for h in holders)
    rank = SMUGGLER_RANK[meaning[1]]
    return Why("outranked", {"smuggler": name, "rank": rank, "best": best})


def _wander(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    province = view["resolving"]["province"]
    if meaning[1] == seat and PROVINCES[meaning[2]] == province:
        return Why("wander_stays", {"province": province})
    return Why("not_now")


# -- step 5 and 6: the gem and the market -----------------------------------------------------
def _gem(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    golds = [s["gold"] for s in view["seats"]]
    low = min(golds)
    params = {"colour": colour_word(COLOURS[meaning[1]]), "gold": golds[meaning[1]], "low": low}
    return Why("gem_not_lowest", params)


def _sell(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    food = FOODS[meaning[1]]
    if food not in view["seats"][seat]["warehouse"]:
        return Why("no_cube_to_sell", {"food": food_word(food)})
    return Why("not_now")


def _always(view: dict[str, Any], meaning: tuple, seat: int) -> Why:
    """Keep hand, ship nothing, restock: legal whenever their step asks."""
    return Why("not_now")


REASONS = {
    "hire": _hand_card,
    "discard": _hand_card,
    "keep": _always,
    "cargo": _cargo,
    "go": _go,
    "pick": _pick,
    "bored": _bored,
    "wander": _wander,
    "gem": _gem,
    "sell": _sell,
    "restock": _always,
}
