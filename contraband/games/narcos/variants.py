"""What a rule variant of Narcos may change (``contraband.core.variants``): bounds beyond the
data file's own, and the deck's totals, which must match the card types they count."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from contraband.core.data import load_data

#: data path pattern -> (lowest, highest)
BOUNDS = {
    "types.card[*].round": (1, 2),
    "dangers.*": (0, 40),
    "flipping.flee_sirens": (1, 10),
    "flipping.max_cards": (1, 20),
    "plantation.slots": (1, 6),
    "cartel.copies": (1, 4),
}
#: lists whose length may change: (shortest, longest)
LENGTHS: dict[str, tuple[int, int]] = {}

_TOTALS = (
    ("labs", ("lab",)),
    ("transports", ("transport",)),
    ("storages", ("storage",)),
    ("traffickers", ("trafficker",)),
    ("press", ("press",)),
    ("sapo", ("sapo",)),
    ("police", ("police",)),
    ("military", ("military",)),
    ("dea", ("dea_action", "dea_money")),
)
_LATE = (
    ("transports", "transport"),
    ("storages", "storage"),
    ("military", "military"),
    ("dea", "dea_money"),
)


def check_variant(data: dict[str, Any]) -> None:
    """The deck's totals (``deck.*``) must count the cards the types and dangers put in it, and
    the starting network stays the published one."""
    published = load_data(Path(__file__).with_name("data.toml"))
    for index, (card, before) in enumerate(
        zip(data["types"]["card"], published["types"]["card"], strict=True)
    ):
        if bool(card.get("start")) != bool(before.get("start")):
            raise ValueError(
                f"types.card[{index}].start cannot change: the starting network is fixed"
            )
    counts: Counter[str] = Counter()
    late: Counter[str] = Counter()
    for card in data["types"]["card"]:
        if not card.get("start"):
            counts[card["kind"]] += card.get("count", 0)
            if card.get("round") == 2:
                late[card["kind"]] += card.get("count", 0)
    counts["trafficker"] = len(data["cities"]["names"]) * data["cities"]["traffickers_each"]
    for kind, entry in data["dangers"].items():
        if not isinstance(entry, list):
            continue  # source, given
        count, round_ = entry
        if round_ not in (1, 2):
            raise ValueError(f"dangers.{kind}'s round must be 1 or 2, not {round_}")
        counts[kind] += count
        if round_ == 2:
            late[kind] += count
    deck = data["deck"]
    for key, kinds in _TOTALS:
        total = sum(counts[kind] for kind in kinds)
        if deck[key] != total:
            raise ValueError(
                f"deck.{key} is {deck[key]}, but the card types and dangers put {total} "
                f"{key} cards in the deck: change both together"
            )
    for key, kind in _LATE:
        if deck["round2"][key] != late[kind]:
            raise ValueError(
                f"deck.round2.{key} is {deck['round2'][key]}, but the card types and dangers "
                f"put {late[kind]} {kind} cards in round 2 (of {counts[kind]}): change both "
                "together"
            )
