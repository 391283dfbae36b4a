"""Al Cabohne's numbers, read once from data.toml and shared by every state.

Beans are ints 0..6 in the order of ``BEAN_NAMES``; bosses are ints 0..2 (Al Cabohne, Don
Corlebohne, Joe Bohnano); player fields are ints 0..2 (shown to people as field 1..3).
"""

from __future__ import annotations

from pathlib import Path

from contraband.core.data import load_data

DATA = load_data(Path(__file__).with_name("data.toml"))

BEAN_NAMES: tuple[str, ...] = tuple(DATA["beans"]["names"])
BEANS = len(BEAN_NAMES)
BEAN_COUNTS: tuple[int, ...] = tuple(DATA["beans"]["counts"])
TOTAL_CARDS = sum(BEAN_COUNTS)
#: every card of the game, sorted by bean
ALL_CARDS: tuple[int, ...] = tuple(b for b in range(BEANS) for _ in range(BEAN_COUNTS[b]))
#: cards needed in one field for 1, 2, 3, 4 coins, per bean
BEANOMETER: tuple[tuple[int, ...], ...] = tuple(
    tuple(DATA["beans"]["beanometer"][name]) for name in BEAN_NAMES
)


def _value_table() -> tuple[tuple[int, ...], ...]:
    table = []
    for meter in BEANOMETER:
        table.append(
            tuple(sum(1 for need in meter if count >= need) for count in range(TOTAL_CARDS + 1))
        )
    return tuple(table)


#: VALUE[bean][count] = coins a field of ``count`` such beans is worth
VALUE = _value_table()

BOSS_NAMES: tuple[str, ...] = tuple(DATA["bosses"]["names"])
BOSS_THRESHOLD: tuple[int, ...] = tuple(DATA["bosses"]["thresholds"])
BOSSES_IN_GAME = {int(k): v for k, v in DATA["bosses"]["in_game"].items()}

START_FIELDS = {int(k): v for k, v in DATA["fields"]["start"].items()}
MOST_FIELDS: int = DATA["fields"]["most"]
THIRD_FIELD_COST: int = DATA["fields"]["third_field_cost"]
START_HAND = {int(k): v for k, v in DATA["hand"]["start"].items()}

MUST_PLANT: int = DATA["turn"]["must_plant"]
MAY_PLANT: int = DATA["turn"]["may_plant"]
TURNED: int = DATA["turn"]["turned"]
DRAWN: int = DATA["turn"]["drawn"]

DEFAULT_PASSES = {int(k): v for k, v in DATA["deck"]["passes"].items()}
MOST_PASSES: int = DATA["options"]["most_passes"]
FIRST_PLAYER: int = DATA["order"]["first_player"]

EMPTY = -1  # a field without beans
SOLO_MAFIA_FACTOR: int = DATA["scoring"]["solo_mafia_factor"]
