"""What a rule variant of Counterfeiters may change (``contraband.core.variants``): the police
track's spaces must lie on the track in order, and the box's components keep their counts."""

from __future__ import annotations

from typing import Any

#: data path pattern -> (lowest, highest); a fixed number has low == high
BOUNDS = {
    "cards_in_box.count": (42, 42),  # the card list is text, so the count of cards is fixed
    "track.length": (6, 40),
    "track.godfather": (1, 40),
    "track.investigation": (1, 40),
    "track.strike": (1, 40),
    "track.start.*": (0, 39),
    "track.start_two.*": (0, 39),
    "units.money_unit": (1, 100),
    "units.round_limit": (1, 100),
}
LENGTHS: dict[str, tuple[int, int]] = {}


#: the [money] entries that are amounts of money (the others count notes or henchmen)
MONEY_AMOUNTS = ("start", "supermarket_pays", "fence_rates", "tax_fraud", "fare", "diner_pays")


def _check_notes(data: dict[str, Any]) -> None:
    """Money moves in whole notes of ``units.money_unit``: every amount of money, and every
    black-market price, must be a whole number of them (an odd $17 could not be paid)."""
    unit = data["units"]["money_unit"]
    amounts = [(f"money.{key}", data["money"][key]) for key in MONEY_AMOUNTS]
    amounts += [
        (f"{side}.market_prices", data[side]["market_prices"]) for side in ("board_34", "board_2")
    ]
    for key, value in amounts:
        for amount in value if isinstance(value, list) else [value]:
            if amount % unit:
                raise ValueError(
                    f"{key} must be whole ${unit} notes (units.money_unit = {unit}), not {value}"
                )


def check_variant(data: dict[str, Any]) -> None:
    _check_notes(data)
    track = data["track"]
    length = track["length"]
    godfather, investigation = track["godfather"], track["investigation"]
    for name, spaces in (("godfather", godfather), ("investigation", investigation)):
        if spaces != sorted(set(spaces)) or not all(1 <= s <= length for s in spaces):
            raise ValueError(
                f"track.{name} must be spaces of the track (1..track.length = {length}), "
                f"each further than the one before, not {spaces}"
            )
    if godfather[-1] != length:
        raise ValueError(
            f"the last godfather space ({godfather[-1]}) must be the track's end "
            f"(track.length = {length}): reaching it ends the game"
        )
    if not 1 <= track["strike"] <= length:
        raise ValueError(f"track.strike must be a space of the track (1..{length})")
    for table in ("start", "start_two"):
        for players, space in track[table].items():
            if players != "source" and not 0 <= space < min(godfather + investigation):
                raise ValueError(
                    f"track.{table}.{players} must start the pawn before the first special "
                    f"space ({min(godfather + investigation)}), not on {space}"
                )
