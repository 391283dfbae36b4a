"""What ``contraband tune`` searches: the numbers named by ``--param`` and their ranges.

``--param plantation.prices`` searches every entry of that list (``plantation.prices#1`` only
its second), ``--param flipping.flee_sirens`` one number; ``--param KEY=LOW..HIGH`` gives the
range (``LOW..HIGH/STEP``: every STEP-th whole number from LOW), which must lie within what
the data file's schema allows (``contraband.core.variants.schema``). Without one the range is
derived from the published value ``v`` within the schema's bounds: whole numbers from ``v // 2`` to
``max(2 v, v + 3)`` (0 to 3 for 0), other numbers from ``v / 2`` to ``2 v`` (0 to 1 for 0),
true/false both ways.
"""

from __future__ import annotations

import difflib
import math
from dataclasses import dataclass
from typing import Any

#: the separator of a list entry in a parameter's name: ``plantation.prices#1``
ENTRY = "#"


@dataclass(frozen=True)
class Param:
    """One searched number: a data path, the entry of a list (or None), its type and range."""

    key: str
    index: int | None
    kind: type
    low: float
    high: float
    published: Any = None  # the key's published value (a list's, whole)
    step: int = 1  # whole numbers: only every step-th from low (money in $10 notes)

    @property
    def name(self) -> str:
        return self.key if self.index is None else f"{self.key}{ENTRY}{self.index}"

    def suggest(self, trial: Any) -> Any:
        """The trial's value (Optuna's ``suggest_*``)."""
        if self.kind is bool:
            return trial.suggest_categorical(self.name, [False, True])
        if self.kind is int:
            return trial.suggest_int(self.name, int(self.low), int(self.high), step=self.step)
        return trial.suggest_float(self.name, self.low, self.high)

    def describe(self) -> str:
        if self.kind is bool:
            return f"{self.name}: true or false"
        step = f" in steps of {self.step}" if self.step > 1 else ""
        return f"{self.name}: {_num(self.low)}..{_num(self.high)}{step}"


def _num(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _local(game_id: str, key: str) -> str:
    head, _, rest = key.partition(".")
    return rest if head == game_id and rest else key


def derived(published: Any, kind: type, low: float, high: float) -> tuple[float, float]:
    """The default search range around a published value, within the schema's bounds."""
    if kind is bool:
        return 0, 1
    if kind is int:
        if published > 0:
            start, stop = published // 2, max(2 * published, published + 3)
        elif published == 0:
            start, stop = 0, 3
        else:
            start, stop = 2 * published, -(-published // 2)
    else:
        start, stop = (published / 2, 2 * published) if published > 0 else (0.0, 1.0)
        if published < 0:
            start, stop = 2 * published, published / 2
    return max(low, start), min(high, stop)


def parse_param(game_id: str, text: str) -> list[Param]:
    """``KEY`` or ``KEY=LOW..HIGH`` -> the searched numbers (one per entry of a list); a
    ValueError names the key and what is allowed."""
    from contraband.core.variants import schema

    key, _, span = text.partition("=")
    key, _, entry = _local(game_id, key.strip()).partition(ENTRY)
    known = schema(game_id)
    leaf = known.get(key)
    if leaf is None:
        near = difflib.get_close_matches(key, list(known), n=4, cutoff=0.5)
        hint = f"; did you mean {', '.join(near)}?" if near else ""
        raise ValueError(
            f"--param {text!r}: {game_id} has no number {key!r} to tune{hint} "
            f"(`contraband variants {game_id}` lists them)"
        )
    values = leaf.published if leaf.listed else [leaf.published]
    indices = range(len(values))
    if entry:
        if not leaf.listed or not entry.isdigit() or int(entry) >= len(values):
            raise ValueError(
                f"--param {text!r}: {key}{ENTRY}N names entry N of a list; {key} "
                + (f"has entries 0..{len(values) - 1}" if leaf.listed else "is not a list")
            )
        indices = range(int(entry), int(entry) + 1)
    span, _, step_text = span.partition("/")
    step = 1
    if step_text:
        if leaf.kind is not int or not step_text.strip().isdigit() or int(step_text) < 1:
            raise ValueError(
                f"--param {text!r}: a step (LOW..HIGH/STEP) is a positive whole number, for a "
                "number that is whole"
            )
        step = int(step_text)
    if span.strip():
        low, high = _span(text, span, leaf)
    params = []
    for index in indices:
        value = values[index]
        if not span.strip():
            low, high = derived(value, leaf.kind, leaf.low, leaf.high)
        index_ = index if leaf.listed else None
        if step > 1:  # the highest value reached from low in whole steps
            high = low + (high - low) // step * step
        params.append(Param(key, index_, leaf.kind, low, high, leaf.published, step))
    return params


def _span(text: str, span: str, leaf: Any) -> tuple[float, float]:
    if leaf.kind is bool:
        raise ValueError(f"--param {text!r}: {leaf.key} is true or false; give no range")
    low_text, dots, high_text = span.partition("..")
    whole = " whole numbers" if leaf.kind is int else ""
    wrong = ValueError(
        f"--param {text!r}: a range is LOW..HIGH,{whole} LOW < HIGH, within "
        f"{_num(leaf.low)}..{_num(leaf.high)} for {leaf.key}"
    )
    if not dots:
        raise wrong
    try:
        low, high = float(low_text), float(high_text)
    except ValueError:
        raise wrong from None
    if not (math.isfinite(low) and math.isfinite(high)) or low >= high:
        raise wrong
    if leaf.kind is int and not (low.is_integer() and high.is_integer()):
        raise wrong
    if low < leaf.low or high > leaf.high:
        raise wrong
    return low, high


def parse_params(game_id: str, texts: list[str]) -> list[Param]:
    params: list[Param] = []
    for text in texts:
        for param in parse_param(game_id, text):
            if any(p.name == param.name for p in params):
                raise ValueError(f"--param {param.key} is given twice")
            params.append(param)
    if not params:
        raise ValueError("give at least one --param KEY (a number of the game's data.toml)")
    return params


def overrides(params: list[Param], values: dict[str, Any], base: dict[str, Any]) -> dict[str, Any]:
    """The variant of a trial: ``base`` (the ``--set`` numbers) with the searched values, a
    list rebuilt from its entries (entries not searched keep their base or published value)."""
    result = {key: list(value) if isinstance(value, list) else value for key, value in base.items()}
    for param in params:
        value = values[param.name]
        if param.index is None:
            result[param.key] = value
        else:
            result.setdefault(param.key, list(param.published))[param.index] = value
    return result
