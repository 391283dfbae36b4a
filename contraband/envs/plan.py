"""Version 1's encoder compiled: the layout's tree of nodes turned into one Python function.

``perspective`` encodes a view by walking a tree of nodes, one method call per place of the view,
into a list as long as the vector, then converting the whole list to NumPy: most of the time of an
environment's step. ``compile_fill`` writes the same walk out as straight-line Python, built once
per layout: each place's slot numbers, scales and text tables become constants of the code, the
items of a list are one loop (their slots repeat with a fixed stride), and only the slots that get
a value are written, into a zeroed ``array.array`` of float32 that becomes the vector without a
copy (``numpy.frombuffer``). The reference walk stays (``PerspectiveLayout.encode_walk``);
``tests/envs/test_fast.py`` checks that both give the same vector over random play of every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import log1p
from typing import Any

from contraband.envs import perspective as p

#: fill(view, seat, out): writes the nonzero slots of ``view`` seen by ``seat`` into ``out``, a
#: zeroed ``array.array("f")`` as long as the vector
Fill = Callable[[Any, int, Any], None]


def slots_of(node: p._Node) -> Iterator[int]:
    """Every slot a node may write (its null slot included)."""
    if node.null >= 0:
        yield node.null
    kind = type(node)
    if kind is p._Object:
        for _key, slot, _scale, null in node.numbers:
            yield slot
            if null >= 0:
                yield null
        for _key, base, players, null in node.seats:
            yield from range(base, base + players)
            if null >= 0:
                yield null
        for _key, child in node.fields:
            yield from slots_of(child)
    elif kind is p._Number or kind is p._LogNumber:
        yield node.slot
    elif kind is p._Seat:
        yield from range(node.base, node.base + node.players)
    elif kind is p._Text:
        yield from node.vocab.values()
        base, players = node.players
        yield from range(base, base + players)
    elif kind is p._List:
        if node.length >= 0:
            yield node.length
        for child in node.items:
            yield from slots_of(child)
    elif kind is p._Texts:
        yield node.length
        yield from node.bag.values()
        for place in node.places:
            yield from place.values()
    elif kind is p._Label:
        yield from (slot for slot, _amount in node.slots.values())


def shape(node: p._Node, base: int) -> Any:
    """The node with its slots counted from ``base``: items of a list with the same shape (from
    their own first slots) are encoded by one loop."""

    def rel(slot: int) -> int | None:
        return None if slot < 0 else slot - base

    kind = type(node)
    head: tuple[Any, ...] = (kind.__name__, rel(node.null))
    if kind is p._Object:
        return (
            *head,
            tuple((k, rel(s), sc, rel(n)) for k, s, sc, n in node.numbers),
            tuple((k, rel(b), pl, rel(n)) for k, b, pl, n in node.seats),
            tuple((k, shape(child, base)) for k, child in node.fields),
        )
    if kind is p._Number or kind is p._LogNumber:
        return (*head, rel(node.slot), node.scale)
    if kind is p._Seat:
        return (*head, rel(node.base), node.players)
    if kind is p._Text:
        vocab = tuple((t, s - base) for t, s in node.vocab.items())
        return (*head, vocab, tuple(node.seats.items()), rel(node.players[0]), node.players[1])
    if kind is p._List:
        items = tuple(shape(child, base) for child in node.items)
        return (*head, rel(node.length), node.scale, node.by_seat, items)
    if kind is p._Texts:
        bag = tuple((t, s - base) for t, s in node.bag.items())
        places = tuple(tuple((t, s - base) for t, s in pl.items()) for pl in node.places)
        return (*head, rel(node.length), node.scale, bag, places)
    if kind is p._Label:
        return (*head, tuple((t, s - base, a) for t, (s, a) in node.slots.items()))
    return head


class _Writer:
    """The code being written: lines, the constants it names, and fresh local names."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.constants: dict[str, Any] = {}
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value: Any) -> str:
        name = self.name("K")
        self.constants[name] = value
        return name

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)


class _Base:
    """Where slot numbers start: absolute (``var`` None) or a loop's variable standing for the
    absolute slot ``origin``."""

    def __init__(self, var: str | None = None, origin: int = 0) -> None:
        self.var, self.origin = var, origin

    def slot(self, slot: int) -> str:
        if self.var is None:
            return str(slot)
        return f"{self.var} + {slot - self.origin}"

    def table(self, table: dict[Any, int]) -> dict[Any, int]:
        """A text -> slot table as the code reads it (relative to the loop's variable)."""
        return {k: v - self.origin for k, v in table.items()} if self.var else dict(table)

    def at(self, expr: str) -> str:
        """A slot read from a table, as the code writes it."""
        return expr if self.var is None else f"{self.var} + {expr}"


def compile_fill(root: p._Node) -> Fill:
    """The function that writes what ``root.encode`` writes, except its zeros."""
    writer = _Writer()
    writer.line(0, "def fill(x0, seat, o):")
    writer.line(1, "pass")
    _emit(root, "x0", 1, writer, _Base())
    namespace = dict(writer.constants)
    exec(compile("\n".join(writer.lines), "<contraband.envs.plan>", "exec"), namespace)  # noqa: S102
    return namespace["fill"]  # type: ignore[no-any-return]


def _null(node: p._Node, x: str, depth: int, w: _Writer, base: _Base) -> int:
    """``if x is None`` (its null slot), ``else:`` (or ``if x is not None:`` when the place has
    no null slot); the depth of the branch that encodes ``x``."""
    if node.null < 0:
        w.line(depth, f"if {x} is not None:")
        return depth + 1
    w.line(depth, f"if {x} is None:")
    w.line(depth + 1, f"o[{base.slot(node.null)}] = 1.0")
    w.line(depth, "else:")
    return depth + 1


def _emit(node: p._Node, x: str, depth: int, w: _Writer, base: _Base) -> None:
    kind = type(node)
    if kind is p._Skip:
        return
    inner = _null(node, x, depth, w, base)
    if kind is p._Number:
        w.line(inner, f"o[{base.slot(node.slot)}] = {x} * {node.scale!r}")
    elif kind is p._LogNumber:
        log = w.constant(log1p)
        w.line(inner, f"o[{base.slot(node.slot)}] = {log}({x}) * {node.scale!r}")
    elif kind is p._Seat:
        w.line(inner, f"o[{base.slot(node.base)} + ({x} - seat) % {node.players}] = 1.0")
    elif kind is p._Object:
        _emit_object(node, x, inner, w, base)
    elif kind is p._Text:
        _emit_text(node, x, inner, w, base)
    elif kind is p._List:
        _emit_list(node, x, inner, w, base)
    elif kind is p._Texts:
        _emit_texts(node, x, inner, w, base)
    elif kind is p._Label:
        table = w.constant(
            {t: (s - base.origin if base.var else s, a) for t, (s, a) in node.slots.items()}
        )
        pair = w.name("s")
        w.line(inner, f"{pair} = {table}[{x}]")
        w.line(inner, f"o[{base.at(f'{pair}[0]')}] = {pair}[1]")
    else:
        raise TypeError(f"no code for {kind.__name__}")


def _emit_object(node: p._Object, x: str, depth: int, w: _Writer, base: _Base) -> None:
    w.line(depth, "pass")
    for key, slot, scale, null in node.numbers:
        _emit(p._Number(null, slot, scale), _get(x, key, null, depth, w), depth, w, base)
    for key, first, players, null in node.seats:
        _emit(p._Seat(null, first, players), _get(x, key, null, depth, w), depth, w, base)
    for key, child in node.fields:
        if type(child) is not p._Skip:
            _emit(child, _get(x, key, child.null, depth, w), depth, w, base)


def _get(x: str, key: str, null: int, depth: int, w: _Writer) -> str:
    """The value of ``key``: read with ``get`` where it may be None (absent), else by index (a
    KeyError, for a view that lacks a key its game declares always there, makes ``encode``
    fall back to the reference walk, which says what it says of such a view)."""
    var = w.name("x")
    w.line(depth, f"{var} = {x}.get({key!r})" if null >= 0 else f"{var} = {x}[{key!r}]")
    return var


def _emit_text(node: p._Text, x: str, depth: int, w: _Writer, base: _Base) -> None:
    first, players = node.players
    if node.vocab:
        found = w.name("s")
        w.line(depth, f"{found} = {w.constant(base.table(node.vocab))}.get({x})")
        w.line(depth, f"if {found} is not None:")
        w.line(depth + 1, f"o[{base.at(found)}] = 1.0")
        if not node.seats:
            return
        w.line(depth, "else:")
        depth += 1
    if node.seats:
        owner = w.name("s")
        w.line(depth, f"{owner} = {w.constant(dict(node.seats))}.get({x})")
        w.line(depth, f"if {owner} is not None:")
        w.line(depth + 1, f"o[{base.slot(first)} + ({owner} - seat) % {players}] = 1.0")
    else:
        w.line(depth, "pass")


def _emit_texts(node: p._Texts, x: str, depth: int, w: _Writer, base: _Base) -> None:
    scale = repr(node.scale)
    length = base.slot(node.length)
    w.line(depth, f"if type({x}) is int:")
    w.line(depth + 1, f"o[{length}] = {x} * {scale}")
    w.line(depth, "else:")
    depth += 1
    w.line(depth, f"o[{length}] = len({x}) * {scale}")
    # each text's count, summed as the reference walk sums it (in double precision, then
    # written once)
    bag, item, slot = w.constant(base.table(node.bag)), w.name("t"), w.name("k")
    counts, total = w.name("c"), w.name("v")
    w.line(depth, f"{counts} = {{}}")
    w.line(depth, f"for {item} in {x}:")
    w.line(depth + 1, f"{slot} = {base.at(f'{bag}[{item}]')}")
    w.line(depth + 1, f"{counts}[{slot}] = {counts}.get({slot}, 0.0) + {scale}")
    w.line(depth, f"for {slot}, {total} in {counts}.items():")
    w.line(depth + 1, f"o[{slot}] = {total}")
    if node.places:
        places = w.constant(tuple(base.table(place) for place in node.places))
        place = w.name("p")
        w.line(depth, f"for {place}, {item} in zip({places}, {x}):")
        w.line(depth + 1, f"o[{base.at(f'{place}[{item}]')}] = 1.0")


def _emit_list(node: p._List, x: str, depth: int, w: _Writer, base: _Base) -> None:
    if node.by_seat:
        count = w.name("n")
        w.line(depth, f"{count} = len({x})")
        for offset, child in enumerate(node.items):
            item = w.name("x")
            w.line(depth, f"{item} = {x}[(seat + {offset}) % {count}]")
            _emit(child, item, depth, w, base)
        return
    w.line(depth, f"o[{base.slot(node.length)}] = len({x}) * {node.scale!r}")
    items = list(node.items)
    firsts = [min(slots_of(child), default=None) for child in items]
    if not items or firsts[0] is None:
        return
    stride = firsts[1] - firsts[0] if len(items) > 1 and firsts[1] is not None else 0
    same = all(
        first is not None
        and first == firsts[0] + index * stride
        and shape(child, first) == shape(items[0], firsts[0])
        for index, (child, first) in enumerate(zip(items, firsts, strict=True))
    )
    if not same:  # never so for a declared layout; kept correct anyway
        for index, child in enumerate(items):
            w.line(depth, f"if len({x}) > {index}:")
            item = w.name("x")
            w.line(depth + 1, f"{item} = {x}[{index}]")
            _emit(child, item, depth + 1, w, base)
        return
    var, item = w.name("b"), w.name("x")
    w.line(depth, f"{var} = {base.slot(firsts[0])}")
    w.line(depth, f"for {item} in {x}[:{len(items)}]:")
    _emit(items[0], item, depth + 1, w, _Base(var, firsts[0]))
    w.line(depth + 1, f"{var} += {stride}")
