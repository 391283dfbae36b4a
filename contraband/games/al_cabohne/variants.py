"""What a rule variant of Al Cabohne may change (``contraband.core.variants``): a beanometer
must ask more beans for each further coin, and never more than there are of the bean."""

from __future__ import annotations

from typing import Any

#: data path pattern -> (lowest, highest)
BOUNDS = {
    "beans.counts": (1, 60),
    "beans.beanometer.*": (1, 60),
    "fields.most": (1, 5),
    "fields.start.*": (1, 5),
    "hand.start.*": (1, 20),
    "turn.turned": (1, 6),
    "turn.must_plant": (1, 1),
    "order.first_player": (0, 0),  # seat 0 starts: the lab rotates the seats instead
}
LENGTHS: dict[str, tuple[int, int]] = {}


def check_variant(data: dict[str, Any]) -> None:
    beans = data["beans"]
    for name, count in zip(beans["names"], beans["counts"], strict=True):
        meter = beans["beanometer"][name]
        if meter != sorted(set(meter)):
            raise ValueError(
                f"beans.beanometer.{name} must ask more beans for each further coin, not {meter}"
            )
        if meter[-1] > count:
            raise ValueError(
                f"beans.beanometer.{name} asks {meter[-1]} beans, but beans.counts has only "
                f"{count} {name} beans"
            )
    most = data["fields"]["most"]
    for players, fields in data["fields"]["start"].items():
        if players != "source" and fields > most:
            raise ValueError(f"fields.start.{players} ({fields}) is more than fields.most ({most})")
