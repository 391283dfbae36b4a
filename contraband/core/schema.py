"""A small schema language for a game's saved state, so that loading checks every field.

Each game's state class declares ``SCHEMA = {field: spec}``. Specs check a JSON value and raise
``ValueError`` naming the field path and what is allowed. Bounds and lengths may depend on the
position's player count: give a callable of the context (``lambda c: c.players``) or the word
``"players"``.

Hand-written rather than a validation library: the states are plain ints, strings and lists,
and the specs must know the player count, which a generic model would need the same plumbing for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

Bound = int | str | Callable[["Context"], int] | None


@dataclass(frozen=True)
class Context:
    players: int
    options: Mapping[str, Any]


def _bound(bound: Bound, ctx: Context) -> int | None:
    if bound is None or isinstance(bound, int):
        return bound
    if bound == "players":
        return ctx.players
    if bound == "seat":
        return ctx.players - 1
    if callable(bound):
        return bound(ctx)
    raise TypeError(f"bad schema bound {bound!r}")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "true/false", int: "an integer", str: "a string", list: "a list"}.get(
        type(value), type(value).__name__
    )


class Spec:
    def check(self, value: Any, where: str, ctx: Context) -> None:
        raise NotImplementedError

    def allowed(self, ctx: Context) -> str:
        raise NotImplementedError

    def fail(self, value: Any, where: str, ctx: Context) -> None:
        shown = repr(value) if isinstance(value, (int, bool)) or value is None else _kind(value)
        if isinstance(value, str):
            shown = repr(value[:30])
        raise ValueError(f"{where} must be {self.allowed(ctx)}, got {shown}")


@dataclass(frozen=True)
class Int(Spec):
    low: Bound = None
    high: Bound = None

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(value, where, ctx)
        low, high = _bound(self.low, ctx), _bound(self.high, ctx)
        if (low is not None and value < low) or (high is not None and value > high):
            self.fail(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        low, high = _bound(self.low, ctx), _bound(self.high, ctx)
        if low is None and high is None:
            return "an integer"
        return f"an integer in {'' if low is None else low}..{'' if high is None else high}"


def Seat() -> Int:  # noqa: N802 (reads like a type in a schema)
    return Int(0, "seat")


@dataclass(frozen=True)
class Bool(Spec):
    def check(self, value: Any, where: str, ctx: Context) -> None:
        if not isinstance(value, bool):
            self.fail(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        return "true or false"


@dataclass(frozen=True)
class Str(Spec):
    choices: tuple[str, ...] = ()
    max_length: int = 200

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if not isinstance(value, str) or len(value) > self.max_length:
            self.fail(value, where, ctx)
        if self.choices and value not in self.choices:
            self.fail(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        if self.choices:
            return "one of " + ", ".join(map(repr, self.choices))
        return f"a string of at most {self.max_length} characters"


def OneOf(*choices: str) -> Str:  # noqa: N802
    return Str(tuple(choices))


@dataclass(frozen=True)
class Maybe(Spec):
    """The inner spec, or null."""

    inner: Spec

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if value is not None:
            self.inner.check(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        return f"null or {self.inner.allowed(ctx)}"


@dataclass(frozen=True)
class List(Spec):
    item: Spec
    length: Bound = None
    max_length: Bound = 10_000
    min_length: Bound = 0

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if not isinstance(value, list):
            self.fail(value, where, ctx)
        exact = _bound(self.length, ctx)
        if exact is not None and len(value) != exact:
            raise ValueError(f"{where} must hold exactly {exact} items, got {len(value)}")
        most, least = _bound(self.max_length, ctx), _bound(self.min_length, ctx)
        if most is not None and len(value) > most:
            raise ValueError(f"{where} may hold at most {most} items, got {len(value)}")
        if least is not None and len(value) < least:
            raise ValueError(f"{where} must hold at least {least} items, got {len(value)}")
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]", ctx)

    def allowed(self, ctx: Context) -> str:
        return f"a list of {self.item.allowed(ctx)}"


def check_fields(
    data: Any, schema: Mapping[str, Spec], where: str, ctx: Context, extra_ok: bool = False
) -> None:
    """``data`` must be an object with exactly the schema's fields, each valid."""
    if not isinstance(data, Mapping):
        raise ValueError(f"{where} must be an object, got {_kind(data)}")
    missing = [name for name in schema if name not in data]
    if missing:
        raise ValueError(f"{where} is missing field(s) {', '.join(map(repr, missing))}")
    unknown = [name for name in data if name not in schema]
    if unknown and not extra_ok:
        shown = ", ".join(repr(str(name)[:30]) for name in unknown[:5])
        raise ValueError(f"{where} has unknown field(s) {shown}")
    for name, spec in schema.items():
        spec.check(data[name], f"{where}.{name}", ctx)
