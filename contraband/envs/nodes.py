"""The nodes of a version-1 layout (``contraband.envs.perspective``): each writes one place of the
view into the vector, the reference the compiled walk (``contraband.envs.plan``) is tested
against, and the tree that walk is compiled from."""

from __future__ import annotations

from math import log1p
from typing import Any


class _Node:
    """Writes one place's value into ``out`` (a list of floats) for the observer ``seat``;
    ``null`` is the slot that says the place is empty (-1: it never is, and an absent value
    writes nothing)."""

    __slots__ = ("null",)

    def __init__(self, null: int) -> None:
        self.null = null

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        raise NotImplementedError


class _Object(_Node):
    """An object's keys. For speed, the keys holding a number or a seat number are written
    here (``numbers``: key, slot, scale, null slot; ``seats``: key, first slot, players, null
    slot) rather than by a call per key; the others are ``fields``."""

    __slots__ = ("fields", "numbers", "seats")

    def __init__(self, null: int, fields: tuple[tuple[str, _Node], ...]) -> None:
        super().__init__(null)
        self.numbers = tuple(
            (key, node.slot, node.scale, node.null) for key, node in fields if type(node) is _Number
        )
        self.seats = tuple(
            (key, node.base, node.players, node.null) for key, node in fields if type(node) is _Seat
        )
        self.fields = tuple(
            (key, node) for key, node in fields if type(node) not in (_Number, _Seat)
        )

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
            return
        get = value.get
        for key, slot, scale, null in self.numbers:
            item = get(key)
            if item is None:
                if null >= 0:
                    out[null] = 1.0
            else:
                out[slot] = item * scale
        for key, base, players, null in self.seats:
            item = get(key)
            if item is None:
                if null >= 0:
                    out[null] = 1.0
            else:
                out[base + (item - seat) % players] = 1.0
        for key, node in self.fields:
            node.encode(get(key), out, seat)


class _Number(_Node):
    __slots__ = ("slot", "scale")

    def __init__(self, null: int, slot: int, scale: float) -> None:
        super().__init__(null)
        self.slot, self.scale = slot, scale

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
        else:
            out[self.slot] = value * self.scale


class _LogNumber(_Number):
    """A number from 0 up to a loose bound, as ``log(1 + value) * scale`` (``scale``: one over
    ``log(1 + high)``, so within [0, 1])."""

    __slots__ = ()

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
        else:
            out[self.slot] = log1p(value) * self.scale


class _Text(_Node):
    """One of some texts, one-hot; a seat's name as the seat relative to the observer."""

    __slots__ = ("vocab", "seats", "players")

    def __init__(self, null: int, vocab: dict[str, int], seats: dict[str, int], base: int) -> None:
        super().__init__(null)
        self.vocab, self.seats, self.players = vocab, seats, (base, len(seats))

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
            return
        slot = self.vocab.get(value)
        if slot is not None:
            out[slot] = 1.0
            return
        owner = self.seats.get(value)
        if owner is not None:
            base, players = self.players
            out[base + (owner - seat) % players] = 1.0


class _Seat(_Node):
    __slots__ = ("base", "players")

    def __init__(self, null: int, base: int, players: int) -> None:
        super().__init__(null)
        self.base, self.players = base, players

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
        else:
            out[self.base + (value - seat) % self.players] = 1.0


class _List(_Node):
    """A list: its length scaled, then its items (one per seat: the observer's first)."""

    __slots__ = ("length", "scale", "items", "by_seat")

    def __init__(
        self, null: int, length: int, scale: float, items: tuple[_Node, ...], by_seat: bool
    ) -> None:
        super().__init__(null)
        self.length, self.scale, self.items, self.by_seat = length, scale, items, by_seat

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
            return
        if self.by_seat:
            players = len(value)
            for offset, node in enumerate(self.items):
                node.encode(value[(seat + offset) % players], out, seat)
            return
        out[self.length] = len(value) * self.scale
        for node, item in zip(self.items, value, strict=False):
            node.encode(item, out, seat)


class _Texts(_Node):
    """A list of texts: its length and each text's count, scaled; in order, one-hot per place."""

    __slots__ = ("length", "scale", "bag", "places")

    def __init__(
        self,
        null: int,
        length: int,
        scale: float,
        bag: dict[str, int],
        places: tuple[dict[str, int], ...],
    ) -> None:
        super().__init__(null)
        self.length, self.scale, self.bag, self.places = length, scale, bag, places

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
            return
        scale, bag = self.scale, self.bag
        if type(value) is int:  # a list this seat may not see: its length only
            out[self.length] = value * scale
            return
        out[self.length] = len(value) * scale
        for item in value:
            out[bag[item]] += scale
        for place, item in zip(self.places, value, strict=False):
            out[place[item]] = 1.0


class _Label(_Node):
    __slots__ = ("slots",)

    def __init__(self, null: int, slots: dict[str, tuple[int, float]]) -> None:
        super().__init__(null)
        self.slots = slots

    def encode(self, value: Any, out: list[float], seat: int) -> None:
        if value is None:
            if self.null >= 0:
                out[self.null] = 1.0
        else:
            slot, amount = self.slots[value]
            out[slot] = amount


class _Skip(_Node):
    def encode(self, value: Any, out: list[float], seat: int) -> None:
        return
