"""Every action label the game can produce, its meaning, and the phases of a turn.

Labels are built once; ``ACTIONS[seat][label]`` is the pre-built Action. Fields are named 1..3
and hand positions 1.. (front of the hand = 1) for people; meanings use 0-based indices.
"""

from __future__ import annotations

from typing import Any

from contraband.core.action import action_table
from contraband.games.al_cabohne.beans import (
    BEAN_NAMES,
    BEANS,
    BOSS_NAMES,
    MOST_FIELDS,
    TOTAL_CARDS,
)

# phases that wait for a decision of the turn player (phases 4 and 6 run without one)
LEFTOVERS = "leftovers"  # phase 1: take or discard the face-up beans the other player left
TRIBUTE = "tribute"  # phase 2: give a bean to each boss collecting a bean you grow
PLANTING = "planting"  # phase 3: plant the first hand card, then maybe the second
GIFT = "gift"  # phase 5, first: the compulsory gift to a boss with an empty field
TRADING = "trading"  # phase 5: take face-up beans, give hand cards to the mafia
OVER = "over"

BOSSES = len(BOSS_NAMES)

# meaning kinds
HARVEST, BUY, KEEP, DISCARD, PAY, PLANT, END_PLANTING = range(7)
GIVE_HAND, TAKE, TAKE_FOR_BOSS, DONE = range(7, 11)

HARVEST_LABELS = [f"harvest field {f + 1}" for f in range(MOST_FIELDS)]
BUY_LABEL = "buy third field"
KEEP_LABELS = [
    [f"plant leftover {BEAN_NAMES[b]} on field {f + 1}" for f in range(MOST_FIELDS)]
    for b in range(BEANS)
]
DISCARD_LABELS = [f"discard leftover {BEAN_NAMES[b]}" for b in range(BEANS)]
PAY_LABELS = [
    [f"pay tribute to {BOSS_NAMES[boss]} from field {f + 1}" for f in range(MOST_FIELDS)]
    for boss in range(BOSSES)
]
PLANT_LABELS = [
    [f"plant {BEAN_NAMES[b]} on field {f + 1}" for f in range(MOST_FIELDS)] for b in range(BEANS)
]
END_PLANTING_LABEL = "end planting"
#: GIVE_HAND_LABELS[position][bean][boss]
GIVE_HAND_LABELS = [
    [
        [
            f"give hand card {pos + 1} ({BEAN_NAMES[b]}) to {BOSS_NAMES[boss]}"
            for boss in range(BOSSES)
        ]
        for b in range(BEANS)
    ]
    for pos in range(TOTAL_CARDS)
]
TAKE_LABELS = [
    [f"plant face-up {BEAN_NAMES[b]} on field {f + 1}" for f in range(MOST_FIELDS)]
    for b in range(BEANS)
]
TAKE_FOR_BOSS_LABELS = [
    [f"give face-up {BEAN_NAMES[b]} to {BOSS_NAMES[boss]}" for boss in range(BOSSES)]
    for b in range(BEANS)
]
DONE_LABEL = "done trading"


def _meanings() -> dict[str, tuple[int, ...]]:
    meaning: dict[str, tuple[int, ...]] = {BUY_LABEL: (BUY,), END_PLANTING_LABEL: (END_PLANTING,)}
    meaning[DONE_LABEL] = (DONE,)
    for f in range(MOST_FIELDS):
        meaning[HARVEST_LABELS[f]] = (HARVEST, f)
        for b in range(BEANS):
            meaning[KEEP_LABELS[b][f]] = (KEEP, b, f)
            meaning[PLANT_LABELS[b][f]] = (PLANT, b, f)
            meaning[TAKE_LABELS[b][f]] = (TAKE, b, f)
        for boss in range(BOSSES):
            meaning[PAY_LABELS[boss][f]] = (PAY, boss, f)
    for b in range(BEANS):
        meaning[DISCARD_LABELS[b]] = (DISCARD, b)
        for boss in range(BOSSES):
            meaning[TAKE_FOR_BOSS_LABELS[b][boss]] = (TAKE_FOR_BOSS, b, boss)
            for pos in range(TOTAL_CARDS):
                meaning[GIVE_HAND_LABELS[pos][b][boss]] = (GIVE_HAND, pos, boss, b)
    return meaning


MEANING = _meanings()
ACTIONS = action_table(2, list(MEANING))


#: per meaning kind: its name for clients, where the card comes from and where it goes
KINDS: dict[int, tuple[str, str | None, str | None]] = {
    HARVEST: ("harvest", "field", "coins"),
    BUY: ("buy_field", "coins", "discard"),
    KEEP: ("plant_leftover", "faceup", "field"),
    DISCARD: ("discard_leftover", "faceup", "discard"),
    PAY: ("pay_tribute", "field", "boss"),
    PLANT: ("plant", "hand", "field"),
    END_PLANTING: ("end_planting", None, None),
    GIVE_HAND: ("give_hand_card", "hand", "boss"),
    TAKE: ("plant_faceup", "faceup", "field"),
    TAKE_FOR_BOSS: ("give_faceup", "faceup", "boss"),
    DONE: ("done_trading", None, None),
}
#: the components a meaning names after its kind, in order
PARTS: dict[int, tuple[str, ...]] = {
    HARVEST: ("field",),
    KEEP: ("bean", "field"),
    DISCARD: ("bean",),
    PAY: ("boss", "field"),
    PLANT: ("bean", "field"),
    GIVE_HAND: ("position", "boss", "bean"),
    TAKE: ("bean", "field"),
    TAKE_FOR_BOSS: ("bean", "boss"),
}
#: how a client finds each component: beans and bosses by name, fields numbered 1..3 (the
#: view's ``number``), hand positions from the front of the hand (1)
NAMING = {
    "bean": BEAN_NAMES.__getitem__,
    "boss": BOSS_NAMES.__getitem__,
    "field": (1).__add__,
    "position": (1).__add__,
}


def _info(meaning: tuple[int, ...]) -> dict[str, Any]:
    kind = meaning[0]
    name, source, target = KINDS[kind]
    info: dict[str, Any] = {"kind": name}
    if source is not None:
        info["from"], info["to"] = source, target
    for part, value in zip(PARTS.get(kind, ()), meaning[1:], strict=False):
        info[part] = NAMING[part](value)
    if kind == PLANT:
        info["position"] = 1  # always the front card
    elif kind == BUY:
        info["field"] = MOST_FIELDS
    return info


#: ``ACTION_INFO[label]``: what the action is and which components it acts on (built once)
ACTION_INFO: dict[str, dict[str, Any]] = {label: _info(m) for label, m in MEANING.items()}
