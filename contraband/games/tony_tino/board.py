"""Tony & Tino's fixed geometry and numbers, read once from data.toml and shared by every state."""

from __future__ import annotations

from importlib.resources import files
from typing import Any, Final

from contraband.core.data import load_data

# Final: compiled (make fast), other compiled modules read these as C statics, not by name
# the package, not __file__, finds the file: compiled, __file__ is not this source's path
DATA: Final[dict[str, Any]] = load_data(files("contraband.games.tony_tino") / "data.toml")

SIZE: Final[int] = DATA["board"]["size"]
POINTS: Final = SIZE * SIZE
COLUMNS: Final = "ABCDEF"[:SIZE]

#: point index = row * SIZE + column; label "C4" is column C, row 4
POINT_LABELS: Final = tuple(f"{COLUMNS[p % SIZE]}{p // SIZE + 1}" for p in range(POINTS))
POINT_INDEX: Final = {label: p for p, label in enumerate(POINT_LABELS)}

#: streets 0..SIZE-1 are rows, SIZE..2*SIZE-1 are columns
STREETS: Final = 2 * SIZE
STREET_LABELS: Final = tuple(
    [f"row {r + 1}" for r in range(SIZE)] + [f"column {c}" for c in COLUMNS]
)
STREET_INDEX: Final = {label: s for s, label in enumerate(STREET_LABELS)}
STREET_POINTS: Final = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)) + tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)
POINT_STREETS: Final = tuple((p // SIZE, SIZE + p % SIZE) for p in range(POINTS))

NUMBERED_DISCS: Final = tuple(
    int(number) for number, count in DATA["discs"]["numbered"].items() for _ in range(count)
)
COLOURED_PER_PLAYER: Final[int] = DATA["discs"]["coloured_per_player"]
SETUP_FIGURE_VALUE: Final = 1  # a coloured disc becomes a hitman (value 1) of its colour: rulebook

FIGURES: Final = tuple(
    int(value) for value, count in DATA["figures"]["per_player"].items() for _ in range(count)
)
FACE_UP: Final[int] = DATA["figures"]["face_up"]
FIGURE_NAMES: Final[dict[int, str]] = {
    int(value): name for value, name in DATA["figures"]["names"].items()
}
SPY: Final = 0

TOKENS: Final[tuple[int, ...]] = tuple(DATA["money"]["tokens"])
TOTAL_MONEY: Final = sum(TOKENS)

CARD_NAMES: Final[tuple[str, ...]] = tuple(DATA["cards"]["per_player"])
CARD: Final[dict[str, int]] = {name: index for index, name in enumerate(CARD_NAMES)}
CARD_SET: Final = tuple(
    CARD[name] for name, count in DATA["cards"]["per_player"].items() for _ in range(count)
)
HAND_SIZE: Final[int] = DATA["cards"]["hand_size"]
SHIFT_REDUCTION: Final[int] = DATA["cards"]["effects"]["shift_reduction"]
FIRST_PLAYER_CHOICES: Final[tuple[str, ...]] = tuple(DATA["turn"]["first_player_choices"])
FIRST_PLAYER: Final[str] = DATA["turn"]["default"]["first_player"]
RANDOM_FIRST: Final = "random"

SHIFT: Final = CARD["shift"]
CORRUPTION: Final = CARD["corruption"]
PROFESSIONAL: Final = CARD["professional"]
ROULETTE: Final = CARD["roulette"]
FLYING_SWITCH: Final = CARD["flying-switch"]
EXCHANGE: Final = CARD["exchange"]
NEW_VALUE: Final = CARD["new-value"]
POLICE: Final = CARD["police"]
#: cards the opponent's Police cannot cancel
UNCANCELLABLE: Final = frozenset({PROFESSIONAL, POLICE})

PLAYER_NAMES: Final[tuple[str, ...]] = tuple(DATA["seats"]["names"])
PLAYER_COLOURS: Final[tuple[str, ...]] = tuple(DATA["seats"]["colours"])

# street_winner markers
UNRESOLVED: Final = -2
REMOVED: Final = -1


def completed_sums(owner, value, street: int) -> list[int] | None:
    """Each seat's figure sum in ``street`` once every point of it is taken, else None (the
    street is scored when its last point fills: rules._place)."""
    sums = [0, 0]
    for p in STREET_POINTS[street]:
        o = owner[p]
        if o < 0:
            return None
        sums[o] += value[p]
    return sums
