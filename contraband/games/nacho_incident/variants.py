"""What a rule variant of The Nacho Incident may change (``contraband.core.variants``): the
smugglers' ranks must each have a hiring cost, and a hand must fit the smugglers of the game."""

from __future__ import annotations

from typing import Any

#: data path pattern -> (lowest, highest)
BOUNDS = {
    "start.hand_size": (1, 14),
    "start.rounds": (1, 10),
    "start.turns_per_round": (1, 3),  # one mountie per turn, three per province
    "provinces.slots_per_card": (4, 4),  # each province card has four demands in the data
    "provinces.cards_per_province": (3, 3),  # the province cards are listed in the data
    "smugglers.ranks": (1, 9),
    "foods.cubes_each": (1, 20),
}
LENGTHS: dict[str, tuple[int, int]] = {}


def check_variant(data: dict[str, Any]) -> None:
    costs = {int(rank) for rank in data["smugglers"]["cost"] if rank != "source"}
    missing = sorted(set(data["smugglers"]["ranks"]) - costs)
    if missing:
        raise ValueError(
            f"smugglers.ranks holds rank(s) {missing} with no hiring cost in smugglers.cost "
            f"(ranks with a cost: {sorted(costs)})"
        )
    hand, per_province = data["start"]["hand_size"], len(data["smugglers"]["ranks"])
    if hand * 4 > per_province * len(data["provinces"]["names"]):
        raise ValueError(
            f"start.hand_size {hand} is more smugglers than four players can be dealt from "
            f"{per_province} per province"
        )
