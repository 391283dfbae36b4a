"""Tony & Tino's fixed geometry and numbers, read once from data.toml and shared by every state."""

from __future__ import annotations

from pathlib import Path

from contraband.core.data import load_data

DATA = load_data(Path(__file__).with_name("data.toml"))

SIZE: int = DATA["board"]["size"]
POINTS = SIZE * SIZE
COLUMNS = "ABCDEF"[:SIZE]

#: point index = row * SIZE + column; label "C4" is column C, row 4
POINT_LABELS = tuple(f"{COLUMNS[p % SIZE]}{p // SIZE + 1}" for p in range(POINTS))
POINT_INDEX = {label: p for p, label in enumerate(POINT_LABELS)}

#: streets 0..SIZE-1 are rows, SIZE..2*SIZE-1 are columns
STREETS = 2 * SIZE
STREET_LABELS = tuple([f"row {r + 1}" for r in range(SIZE)] + [f"column {c}" for c in COLUMNS])
STREET_INDEX = {label: s for s, label in enumerate(STREET_LABELS)}
STREET_POINTS = tuple(tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)) + tuple(
    tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)
)
POINT_STREETS = tuple((p // SIZE, SIZE + p % SIZE) for p in range(POINTS))

NUMBERED_DISCS = tuple(
    int(number) for number, count in DATA["discs"]["numbered"].items() for _ in range(count)
)
COLOURED_PER_PLAYER: int = DATA["discs"]["coloured_per_player"]
SETUP_FIGURE_VALUE = 1  # a coloured disc becomes a hitman (value 1) of its colour: rulebook

FIGURES = tuple(
    int(value) for value, count in DATA["figures"]["per_player"].items() for _ in range(count)
)
FACE_UP: int = DATA["figures"]["face_up"]
FIGURE_NAMES = {int(value): name for value, name in DATA["figures"]["names"].items()}
SPY = 0

TOKENS = tuple(DATA["money"]["tokens"])
TOTAL_MONEY = sum(TOKENS)

CARD_NAMES = tuple(DATA["cards"]["per_player"])
CARD = {name: index for index, name in enumerate(CARD_NAMES)}
CARD_SET = tuple(
    CARD[name] for name, count in DATA["cards"]["per_player"].items() for _ in range(count)
)
HAND_SIZE: int = DATA["cards"]["hand_size"]
SHIFT_REDUCTION: int = DATA["cards"]["effects"]["shift_reduction"]
FIRST_PLAYER_CHOICES: tuple[str, ...] = tuple(DATA["turn"]["first_player_choices"])
FIRST_PLAYER: str = DATA["turn"]["default"]["first_player"]
RANDOM_FIRST = "random"

SHIFT, CORRUPTION, PROFESSIONAL = CARD["shift"], CARD["corruption"], CARD["professional"]
ROULETTE, FLYING_SWITCH, EXCHANGE = CARD["roulette"], CARD["flying-switch"], CARD["exchange"]
NEW_VALUE, POLICE = CARD["new-value"], CARD["police"]
#: cards the opponent's Police cannot cancel
UNCANCELLABLE = frozenset({PROFESSIONAL, POLICE})

PLAYER_NAMES: tuple[str, ...] = tuple(DATA["seats"]["names"])
PLAYER_COLOURS: tuple[str, ...] = tuple(DATA["seats"]["colours"])

# street_winner markers
UNRESOLVED = -2
REMOVED = -1


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
