"""What a rule variant of Tony & Tino may change (``contraband.core.variants``): the board's
geometry and the components' counts are fixed by the rules' code, the numbers on them are not."""

from __future__ import annotations

from typing import Any

#: data path pattern -> (lowest, highest); a fixed number has low == high
BOUNDS = {
    "board.size": (6, 6),
    "discs.numbered.*": (0, 6),
    "figures.per_player.*": (0, 15),
    "cards.per_player.*": (0, 6),
    "cards.hand_size": (1, 6),
}
LENGTHS: dict[str, tuple[int, int]] = {}


def check_variant(data: dict[str, Any]) -> None:
    discs = sum(data["discs"]["numbered"].values()) + 2 * data["discs"]["coloured_per_player"]
    spaces = data["board"]["size"] ** 2
    if discs != spaces:
        raise ValueError(
            f"the discs (discs.numbered and 2 × discs.coloured_per_player: {discs}) must fill "
            f"the board's {spaces} control points exactly"
        )
    figures = sum(data["figures"]["per_player"].values())
    if figures != 18:
        raise ValueError(
            f"figures.per_player must add up to each player's 18 figures, not {figures}"
        )
