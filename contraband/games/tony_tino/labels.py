"""Every label Tony & Tino can produce, what it means and how a client describes it: built once
at import, so that legal actions are table lookups."""

from __future__ import annotations

from typing import Any, Final

from contraband.core.action import action_table
from contraband.games.tony_tino import cards
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    CORRUPTION,
    EXCHANGE,
    FIGURE_NAMES,
    FIGURES,
    FLYING_SWITCH,
    NEW_VALUE,
    POINT_LABELS,
    POLICE,
    SHIFT,
    STREET_LABELS,
)


def _target_labels(card: int, verb: str) -> list[str]:
    names = STREET_LABELS if card in cards.STREET_TARGETS else POINT_LABELS
    return [f"{verb} {name}" for name in names]


FIRST_LABELS: Final = {c: _target_labels(c, verb) for c, verb in cards.FIRST_VERB.items()}
SECOND_LABELS: Final = {c: _target_labels(c, verb) for c, verb in cards.SECOND_VERB.items()}
PLAY_LABELS: Final = [f"play {name}" for name in CARD_NAMES]
DISCARD_LABELS: Final = [f"discard {name}" for name in CARD_NAMES]
PLACE_LABELS: Final = {
    v: [f"place {v} on {name}" for name in POINT_LABELS] for v in sorted(set(FIGURES))
}


def _meanings() -> dict[str, tuple]:
    meaning: dict[str, tuple] = {"police": ("police",), "allow": ("allow",)}
    for card in range(len(CARD_NAMES)):
        meaning[PLAY_LABELS[card]] = ("play", card)
        meaning[DISCARD_LABELS[card]] = ("discard", card)
    for table, kind in ((FIRST_LABELS, "first"), (SECOND_LABELS, "second")):
        for labels in table.values():
            for index, label in enumerate(labels):
                meaning[label] = (kind, index)
    for value, labels in PLACE_LABELS.items():
        for p, label in enumerate(labels):
            meaning[label] = ("place", value, p)
    return meaning


MEANING: Final = _meanings()
ACTIONS: Final = action_table(2, list(MEANING))
#: the same Actions by index, per seat: PLACE_ACTIONS[seat][figure][point],
#: PLAY_ACTIONS[seat][card], DISCARD_ACTIONS[seat][card], FIRST_ACTIONS[seat][card][target],
#: SECOND_ACTIONS[seat][card][target]
PLACE_ACTIONS: Final = [
    {v: tuple(ACTIONS[seat][label] for label in labels) for v, labels in PLACE_LABELS.items()}
    for seat in range(2)
]
PLAY_ACTIONS: Final = [tuple(ACTIONS[seat][label] for label in PLAY_LABELS) for seat in range(2)]
DISCARD_ACTIONS: Final = [
    tuple(ACTIONS[seat][label] for label in DISCARD_LABELS) for seat in range(2)
]
FIRST_ACTIONS: Final = [
    {c: tuple(ACTIONS[seat][label] for label in labels) for c, labels in FIRST_LABELS.items()}
    for seat in range(2)
]
SECOND_ACTIONS: Final = [
    {c: tuple(ACTIONS[seat][label] for label in labels) for c, labels in SECOND_LABELS.items()}
    for seat in range(2)
]

#: what each card's targets are: the disc on a point, a figure on a point, or a street's token
ACTS_ON: Final = {
    SHIFT: "disc",
    CORRUPTION: "disc",
    FLYING_SWITCH: "figure",
    EXCHANGE: "figure",
    NEW_VALUE: "token",
}


def _infos() -> dict[str, dict[str, Any]]:
    """Per label, what the action is and which components it acts on (for clients)."""
    info: dict[str, dict[str, Any]] = {
        "allow": {"kind": "allow"},
        "police": {"kind": "police", "card": CARD_NAMES[POLICE]},
    }
    for card, name in enumerate(CARD_NAMES):
        info[PLAY_LABELS[card]] = {"kind": "play", "card": name}
        info[DISCARD_LABELS[card]] = {"kind": "discard", "card": name}
    for table, step in ((FIRST_LABELS, "first"), (SECOND_LABELS, "second")):
        for card, labels in table.items():
            kind = step if card in cards.SECOND_VERB else "target"
            on_street = card in cards.STREET_TARGETS
            names = STREET_LABELS if on_street else POINT_LABELS
            for t, label in enumerate(labels):
                entry = {"kind": kind, "street" if on_street else "point": names[t]}
                if label in info:  # "with C4" serves Corruption and Flying Switch
                    info[label] = entry
                else:
                    info[label] = {**entry, "card": CARD_NAMES[card], "acts_on": ACTS_ON[card]}
    for value, labels in PLACE_LABELS.items():
        for p, label in enumerate(labels):
            info[label] = {
                "kind": "place",
                "figure": value,
                "figure_name": FIGURE_NAMES[value],
                "point": POINT_LABELS[p],
            }
    return info


ACTION_INFO: Final = _infos()
