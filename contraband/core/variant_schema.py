"""The schema of a rule variant, read off the game's data file: what each number may become.

Every leaf of ``data.toml`` that is a number, a true/false, or a list of numbers is a ``Leaf``
named by its data path (``flipping.flee_sirens``, ``types.card[3].cost``). Its value keeps the
published type (an integer stays an integer; a float accepts an integer), and its bounds are
the game's declared ones or ``0..max(100, 10 × published)`` (for a negative published number,
the mirror range around zero). A list keeps its length unless the game declares lengths for it.
Text (names, ``source``, ``given``) is description, not a number, and is never a leaf.
"""

from __future__ import annotations

import fnmatch
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from contraband.core.action import quote

#: keys that describe a table rather than hold a number of the game
DESCRIPTIVE = frozenset({"source", "given"})
#: the smallest upper bound of a number without declared bounds
FLOOR = 100
#: how many times the published value a number may grow to without declared bounds
GROWTH = 10
#: the longest list a declared length may allow
MAX_LENGTH = 64

_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


@dataclass(frozen=True)
class Leaf:
    """One changeable number (or list of numbers) of a data file."""

    key: str
    published: Any
    kind: type  # int, float or bool; for a list, its items' type
    low: float
    high: float
    listed: bool = False
    shortest: int = 0
    longest: int = 0

    def allowed(self) -> str:
        span = f"{_num(self.low)}..{_num(self.high)}"
        if not self.listed:
            if self.kind is bool:
                return "true or false"
            return f"{'an integer' if self.kind is int else 'a number'} in {span}"
        if self.shortest == self.longest:
            length = str(self.shortest)
        else:
            length = f"{self.shortest} to {self.longest}"
        if self.kind is bool:
            return f"a list of {length} true/false values"
        plural = "integers" if self.kind is int else "numbers"
        return f"a list of {length} {plural}, each in {span}"

    def check(self, value: Any) -> Any:
        """The value in the leaf's type; a ValueError names the key and what is allowed."""
        if not self.listed:
            return self._item(value, value)
        if not isinstance(value, list) or not self.shortest <= len(value) <= self.longest:
            raise ValueError(f"{self.key} must be {self.allowed()}, got {_shown(value)}")
        return [self._item(item, value) for item in value]

    def _item(self, item: Any, whole: Any) -> Any:
        wrong = ValueError(f"{self.key} must be {self.allowed()}, got {_shown(whole)}")
        if self.kind is bool:
            if not isinstance(item, bool):
                raise wrong
            return item
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            raise wrong
        if self.kind is int:
            if isinstance(item, float):
                if not item.is_integer():
                    raise wrong
                item = int(item)
        else:
            if not math.isfinite(item):
                raise wrong
            item = float(item)
        if not self.low <= item <= self.high:
            raise wrong
        return item


def _shown(value: Any) -> str:
    if isinstance(value, list) and len(value) <= 12:
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return quote(value)


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def split_path(key: str) -> list[str | int]:
    """``types.card[3].cost`` -> ``["types", "card", 3, "cost"]`` (a dotted part is always a
    name: tables may have names made of digits, ``discs.numbered.1``)."""
    parts: list[str | int] = []
    for segment in key.split("."):
        matched = list(_PART.finditer(segment))
        if not segment or "".join(m.group(0) for m in matched) != segment:
            raise ValueError(f"{key!r} is not a data path such as types.card[3].cost")
        for match in matched:
            name, index = match.groups()
            parts.append(int(index) if index is not None else name)
    return parts


def set_path(data: Any, parts: list[str | int], value: Any) -> None:
    for part in parts[:-1]:
        data = data[part]
    data[parts[-1]] = value


def _spell(prefix: str, part: str | int) -> str:
    if isinstance(part, int):
        return f"{prefix}[{part}]"
    return f"{prefix}.{part}" if prefix else part


def _kind_of(value: Any) -> type | None:
    if isinstance(value, bool):
        return bool
    if isinstance(value, int):
        return int
    if isinstance(value, float):
        return float
    return None


def leaves(
    data: Mapping[str, Any],
    bounds: Mapping[str, tuple[float, float]],
    lengths: Mapping[str, tuple[int, int]],
) -> dict[str, Leaf]:
    """Every leaf of ``data`` (see the module's docstring), with the game's declared ``bounds``
    and ``lengths`` (keyed by data path patterns such as ``types.card[*].cost``)."""
    found: dict[str, Leaf] = {}

    def walk(value: Any, key: str) -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                if name not in DESCRIPTIVE and "seed" not in name.lower():  # never a seed
                    walk(item, _spell(key, name))
            return
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            for index, item in enumerate(value):
                walk(item, _spell(key, index))
            return
        leaf = _leaf(key, value, bounds, lengths)
        if leaf is not None:
            found[key] = leaf

    walk(dict(data), "")
    return found


def _declared(table: Mapping[str, Any], key: str) -> Any:
    for pattern, value in table.items():
        if fnmatch.fnmatchcase(key, pattern.replace("[*]", "[[]*[]]")) or pattern == key:
            return value
    return None


def _leaf(
    key: str,
    value: Any,
    bounds: Mapping[str, tuple[float, float]],
    lengths: Mapping[str, tuple[int, int]],
) -> Leaf | None:
    listed = isinstance(value, list)
    items = value if listed else [value]
    kinds = {_kind_of(item) for item in items}
    if not items or None in kinds or (bool in kinds and len(kinds) > 1):
        return None  # text, or a list of text or of lists: a description, not a number
    kind = float if float in kinds else next(iter(kinds))
    if kind is bool:
        low, high = 0.0, 1.0
    else:
        largest = max(abs(item) for item in items)
        high = max(FLOOR, GROWTH * largest)
        low = -high if any(item < 0 for item in items) else 0
        declared = _declared(bounds, key)
        if declared is not None:
            low, high = declared
    shortest = longest = len(items)
    if listed:
        declared_length = _declared(lengths, key)
        if declared_length is not None:
            shortest, longest = declared_length[0], min(declared_length[1], MAX_LENGTH)
    return Leaf(key, value, kind, low, high, listed, shortest, longest)
