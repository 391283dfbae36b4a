""" "Why not?" for Al Cabohne: why the player on move may not make a choice, from their view.

Every function here reads the mover's own ``view(seat)`` only (fields, hand, bosses, face-up
beans, phase), never the state, so an explanation cannot tell what the seat may not see. The
sentences are the keys of ``why.toml``; the rule ids are sections of RULES.md.
"""

from __future__ import annotations

from typing import Any

from contraband.core.explain import Why
from contraband.games.al_cabohne.actions import (
    BUY,
    DISCARD,
    DONE,
    END_PLANTING,
    GIFT,
    GIVE_HAND,
    HARVEST,
    KEEP,
    LEFTOVERS,
    MEANING,
    PAY,
    PLANT,
    PLANTING,
    TAKE,
    TAKE_FOR_BOSS,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import BEAN_NAMES, BOSS_NAMES, THIRD_FIELD_COST

#: the beans in Dutch, one and many (the table's words, contraband/web/src/games/ac-words.js)
DUTCH = ("blauwe boon", "kidneyboon", "vuurboon", "puffboon", "sauboon", "braakboon", "stangenboon")
DUTCH_MANY = ("blauwe bonen", "kidneybonen", "vuurbonen", "puffbonen", "saubonen", "braakbonen")
DUTCH_MANY += ("stangenbonen",)

#: the phase each kind of choice belongs to (harvesting and buying fit every decision)
PHASES_OF = {
    KEEP: (LEFTOVERS,),
    DISCARD: (LEFTOVERS,),
    PAY: (TRIBUTE,),
    PLANT: (PLANTING,),
    END_PLANTING: (PLANTING,),
    GIVE_HAND: (GIFT, TRADING),
    TAKE: (TRADING,),
    TAKE_FOR_BOSS: (TRADING,),
    DONE: (TRADING,),
}
#: the rules section of each phase that asks for decisions
SECTION = {
    LEFTOVERS: "leftovers",
    TRIBUTE: "tribute",
    PLANTING: "planting",
    GIFT: "trading",
    TRADING: "trading",
}
HARVESTING = "gifts-and-harvesting"


def bean(name: str) -> dict[str, str]:
    """One bean, for "a {bean}": "Blue bean" / "blauwe boon"."""
    return {"en": f"{name} bean", "nl": DUTCH[BEAN_NAMES.index(name)]}


def beans(name: str) -> dict[str, str]:
    """A bean as a kind, for "grows {beans}": "Blue beans" / "blauwe bonen"."""
    return {"en": f"{name} beans", "nl": DUTCH_MANY[BEAN_NAMES.index(name)]}


def why_not(view: dict[str, Any], label: str, seat: int) -> Why | None:
    """Why ``seat`` (on move) may not choose ``label`` now; None when no rule of ours says."""
    meaning = MEANING.get(label)
    if meaning is None:
        return Why("bad_input")
    kind = meaning[0]
    me = view["players"][seat]
    if kind == HARVEST:
        return harvest_refused(me, meaning[1] + 1)
    if kind == BUY:
        return buy_refused(me)
    phase = view["phase"]
    if phase not in PHASES_OF[kind]:
        return now(view)
    if kind in (KEEP, TAKE):
        return plant_refused(view, me, BEAN_NAMES[meaning[1]], meaning[2] + 1, from_hand=False)
    if kind == DISCARD:
        return faceup_missing(view, BEAN_NAMES[meaning[1]])
    if kind == PAY:
        return tribute_refused(view, me, meaning[1], meaning[2] + 1)
    if kind == PLANT:
        return front_refused(view, me, BEAN_NAMES[meaning[1]], meaning[2] + 1)
    if kind == END_PLANTING:
        return Why("must_plant_first", rule="planting") if view["planted"] == 0 else None
    if kind == GIVE_HAND:
        position, boss, name = meaning[1] + 1, meaning[2], BEAN_NAMES[meaning[3]]
        return gift_refused(view, me, position, boss, name)
    if kind == TAKE_FOR_BOSS:
        missing = faceup_missing(view, BEAN_NAMES[meaning[1]])
        return missing or boss_refused(view, meaning[2], BEAN_NAMES[meaning[1]], "trading")
    return None


def deciding(view: dict[str, Any]) -> Why | None:
    """What the mover is deciding, for the other seat ("paying tribute to the mafia")."""
    phase = view["phase"]
    return Why(f"deciding_{phase}", rule=SECTION[phase]) if phase in SECTION else None


def now(view: dict[str, Any]) -> Why:
    """What the phase asks for instead."""
    phase = view["phase"]
    if phase == PLANTING and view["planted"]:
        return Why("now_planting2", rule="planting")
    if phase == GIFT:
        owed = [boss["name"] for boss in view["bosses"] if boss["gift_due"]]
        return Why("now_gift" if len(owed) == 1 else "now_gift_many", {"bosses": owed}, "trading")
    return Why(f"now_{phase}", rule=SECTION.get(phase))


# -- fields -----------------------------------------------------------------------------------
def harvest_refused(me: dict[str, Any], number: int) -> Why | None:
    fields = me["fields"]
    if number > len(fields):
        return Why("no_field", {"n": number, "cost": THIRD_FIELD_COST}, HARVESTING)
    field = fields[number - 1]
    if not field["count"]:
        return Why("field_empty", {"n": number}, HARVESTING)
    if field["count"] == 1 and any(f["count"] > 1 for f in fields):
        return Why("single_card", {"n": number}, HARVESTING)
    return None


def buy_refused(me: dict[str, Any]) -> Why | None:
    if me["fields_owned"] >= 3:
        return Why("has_third_field", rule=HARVESTING)
    if me["coins"] < THIRD_FIELD_COST:
        return Why("too_poor", {"cost": THIRD_FIELD_COST, "coins": me["coins"]}, HARVESTING)
    return None


def field_refused(me: dict[str, Any], name: str, number: int, rule: str) -> Why | None:
    """Whether field ``number`` may take a ``name`` bean: its own bean, or the first empty one
    (empty fields are alike, decision A6)."""
    fields = me["fields"]
    if number > len(fields):
        return Why("no_field", {"n": number, "cost": THIRD_FIELD_COST}, HARVESTING)
    grown = fields[number - 1]["bean"]
    if grown is not None and grown != name:
        return Why("field_other", {"n": number, "grown": beans(grown)}, rule)
    if grown is None:
        first = next(f["number"] for f in fields if f["bean"] is None)
        if first != number:
            return Why("first_empty", {"first": first}, "prompts")
    return None


def fits_nowhere(me: dict[str, Any], name: str) -> bool:
    return all(f["bean"] is not None and f["bean"] != name for f in me["fields"])


def faceup_missing(view: dict[str, Any], name: str) -> Why | None:
    if name in view["faceup"]:
        return None
    rule = "leftovers" if view["phase"] == LEFTOVERS else "trading"
    return Why("no_faceup", {"bean": bean(name)}, rule)


def plant_refused(
    view: dict[str, Any], me: dict[str, Any], name: str, number: int, from_hand: bool
) -> Why | None:
    """A face-up bean (phases 1 and 5) or the front hand card (phase 3) onto a field."""
    if not from_hand:
        missing = faceup_missing(view, name)
        if missing:
            return missing
    rule = "planting" if from_hand else SECTION[view["phase"]]
    if from_hand and fits_nowhere(me, name):
        return Why("must_harvest", {"bean": bean(name)}, "planting")
    return field_refused(me, name, number, rule)


def front_refused(view: dict[str, Any], me: dict[str, Any], name: str, number: int) -> Why | None:
    hand = view["hand"] or []
    if hand and hand[0] != name:
        return Why("front_card", {"bean": bean(hand[0])}, "planting")
    return plant_refused(view, me, name, number, from_hand=True)


# -- the mafia --------------------------------------------------------------------------------
def tribute_refused(view: dict[str, Any], me: dict[str, Any], boss: int, number: int) -> Why | None:
    bosses = view["bosses"]
    if boss >= len(bosses):
        return Why("no_boss", {"boss": BOSS_NAMES[boss]}, "mafia")
    mafioso = bosses[boss]
    if mafioso["tribute_paid"]:
        return Why("tribute_paid", {"boss": mafioso["name"]}, "tribute")
    collected = mafioso["bean"]
    if collected is None:
        return Why("boss_empty", {"boss": mafioso["name"]}, "tribute")
    if number > len(me["fields"]):
        return Why("no_field", {"n": number, "cost": THIRD_FIELD_COST}, HARVESTING)
    if me["fields"][number - 1]["bean"] != collected:
        params = {"boss": mafioso["name"], "grown": beans(collected), "n": number}
        return Why("tribute_field", params, "tribute")
    return None


def gift_refused(
    view: dict[str, Any], me: dict[str, Any], position: int, boss: int, name: str
) -> Why | None:
    """A hand card to a boss: any position, never a bean the giver grows, only to a boss that
    takes it; during the compulsory gift only to a boss owed one."""
    hand = view["hand"] or []
    if position > len(hand):
        return Why("hand_short", {"pos": position}, HARVESTING)
    if hand[position - 1] != name:
        params = {"pos": position, "bean": bean(hand[position - 1]), "asked": bean(name)}
        return Why("hand_other", params, HARVESTING)
    if any(f["bean"] == name for f in me["fields"]):
        return Why("gift_own", {"grown": beans(name)}, HARVESTING)
    bosses = view["bosses"]
    if boss < len(bosses) and view["phase"] == GIFT and not bosses[boss]["gift_due"]:
        return now(view)
    return boss_refused(view, boss, name, HARVESTING)


def boss_refused(view: dict[str, Any], boss: int, name: str, rule: str) -> Why | None:
    """A boss takes its own bean, or into an empty field a bean no other boss collects."""
    bosses = view["bosses"]
    if boss >= len(bosses):
        return Why("no_boss", {"boss": BOSS_NAMES[boss]}, "mafia")
    mafioso = bosses[boss]
    collected = mafioso["bean"]
    if collected is not None and collected != name:
        return Why("boss_collects", {"boss": mafioso["name"], "grown": beans(collected)}, rule)
    if collected is None:
        other = next((b["name"] for b in bosses if b["bean"] == name), None)
        if other is not None:
            params = {"boss": mafioso["name"], "other": other, "grown": beans(name)}
            return Why("boss_taken", params, "mafia")
    return None
