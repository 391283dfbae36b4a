"""Every label a Counterfeiters decision can carry, and what it means, built once.

Labels are stable and easy to type: a placement is the space's name ("print 2", "market 3",
"private jet 1") or "pass"; a sale is counted quality by quality ("sell 2 one-star"); a flight
is "to offshore" / "to cash", then "move $120"; a lawyer's move starts with "lawyer: move from
print 2" or "lawyer: no move", then the new space, then that action's own decisions.
"""

from __future__ import annotations

from contraband.core.action import Action, action_table
from contraband.core.checks import ascii_number
from contraband.games.counterfeiters.board import (
    FENCE_NOTES,
    MAX_PLAYERS,
    QUALITIES,
    QUALITY_WORDS,
    SIDES,
    STARS,
    UNIT,
)

PASS = "pass"
TO_OFFSHORE, TO_CASH = "to offshore", "to cash"
DIRECTIONS = (TO_OFFSHORE, TO_CASH)
NO_LAWYER = "lawyer: no move"
SPACE_NAMES: tuple[str, ...] = tuple(
    dict.fromkeys(name for side in SIDES.values() for name in side.names)
)
#: SELL_LABEL[quality][count]
SELL_LABEL: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"sell {count} {QUALITY_WORDS[q]}" for count in range(FENCE_NOTES + 1))
    for q in range(QUALITIES)
)
LIFT_LABEL: dict[str, str] = {name: f"lawyer: move from {name}" for name in SPACE_NAMES}
AMOUNT_PREFIX = "move $"


def amount_label(amount: int) -> str:
    return f"{AMOUNT_PREFIX}{amount}"


#: label -> meaning: ("place", space name), ("pass",), ("sell", quality, count),
#: ("direction", 0 to offshore / 1 to cash), ("lift", space name), ("no lawyer",)
MEANING: dict[str, tuple] = {PASS: ("pass",), NO_LAWYER: ("no lawyer",)}
for _name in SPACE_NAMES:
    MEANING[_name] = ("place", _name)
    MEANING[LIFT_LABEL[_name]] = ("lift", _name)
for _q in range(QUALITIES):
    for _count, _label in enumerate(SELL_LABEL[_q]):
        MEANING[_label] = ("sell", _q, _count)
for _d, _label in enumerate(DIRECTIONS):
    MEANING[_label] = ("direction", _d)

ACTIONS = action_table(MAX_PLAYERS, list(MEANING))


def meaning(label: str) -> tuple | None:
    """The meaning of a label; amounts ("move $120") are read from the label itself."""
    found = MEANING.get(label)
    if found is not None:
        return found
    if label.startswith(AMOUNT_PREFIX):
        digits = label[len(AMOUNT_PREFIX) :]
        amount = ascii_number(digits)
        if amount is not None and digits == str(amount) and amount % UNIT == 0:
            return ("amount", amount)
    return None


_AMOUNT_ACTIONS: list[dict[int, Action]] = [{} for _ in range(MAX_PLAYERS)]


def amount_action(player: int, amount: int) -> Action:
    """The Action for moving ``amount``, created once per seat and amount."""
    table = _AMOUNT_ACTIONS[player]
    action = table.get(amount)
    if action is None:
        action = table[amount] = Action(player, amount_label(amount))
        AMOUNT_MEANING[action.label] = ("amount", amount)
    return action


#: the meaning of every amount label an action has been made for (``meaning`` reads the rest)
AMOUNT_MEANING: dict[str, tuple] = {}


class _SecretLabels(frozenset):
    """The labels of a flight's direction and amount: other seats never learn them before the
    end. A frozenset for the engine's type, answering ``in`` for every "move $N" as well."""

    def __contains__(self, label: object) -> bool:
        if not isinstance(label, str):
            return False
        return frozenset.__contains__(self, label) or label.startswith(AMOUNT_PREFIX)


SECRET_LABELS = _SecretLabels(DIRECTIONS)


def _info(label: str) -> dict:
    found = meaning(label)
    if found is None:  # not a label of the game: action_info refuses it (bad_input)
        raise KeyError(label)
    kind = found[0]
    if kind == "place":
        return {"kind": "place", "space": found[1]}
    if kind == "pass":
        return {"kind": "pass"}
    if kind == "sell":
        q = found[1]
        return {"kind": "sell", "quality": q + 1, "stars": STARS[q], "count": found[2]}
    if kind == "direction":
        return {"kind": "direction", "to": ("offshore", "cash")[found[1]]}
    if kind == "amount":
        return {"kind": "amount", "amount": found[1]}
    if kind == "lift":
        return {"kind": "lawyer", "space": found[1]}
    return {"kind": "lawyer", "space": None}


#: label -> what it is, for clients (amounts are described on demand)
ACTION_INFO: dict[str, dict] = {label: _info(label) for label in MEANING}


def action_info(label: str) -> dict:
    info = ACTION_INFO.get(label)
    return dict(info) if info is not None else _info(label)
