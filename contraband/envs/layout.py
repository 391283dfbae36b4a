"""Observations: what one seat may see, ``state.view(seat)``, as a fixed-size vector of numbers.

The encoding walks the view generically. Its layout (which slot holds what) is fixed per game
and player count. A game that declares what its view can hold (``domains``) has it built from
that declaration (``declared``: everything the game's data allows); for the others it is learnt
once per process from the views of seeded random games of that game and player count under
every option value (``sampling``; what they held: ``seen``). Version 1 (``perspective``) is
another encoding of the declared domains. Each
place of a view is encoded by what that place was seen to hold:

* a number or true/false: one slot with its value (raw, not scaled);
* text: one slot per text seen at any place of the same path (``seats[].colour``: one-hot),
  and one for a text never seen ("other"); free text (more than ``seen.MAX_VOCAB`` texts) and
  the keys of ``seen.SKIP`` are left out, and so is a list position that always held the same
  text (a board's point names);
* a place that may be empty (None): one more slot, 1 when it is;
* an object: its keys, in sorted order;
* a list: its length, then one block per position up to the longest list seen; a list of texts
  is encoded by how many times it holds each text instead (its order is kept as well, position
  by position, for the lists the game names in ``ORDERED``, such as Al Cabohne's hand);
* the label of the last move (``last_move.label``): its id in the game's action space.

The vector starts with the observing seat, one-hot. What the sampled views never held is lost
from a view, and only that: an unseen text counts as "other", an unseen key is left out, a list
longer than any seen is cut (a list of texts still counts every element). ``missed(layout,
view)`` names what a view loses. Only ``view(seat)`` is read, so the vector holds nothing the
seat may not see.
"""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from contraband import load
from contraband.envs.actions import action_space
from contraband.envs.declared import declared_seen
from contraband.envs.domains import declared_games, domain
from contraband.envs.perspective import perspective_layout
from contraband.envs.sampling import sample_views
from contraband.envs.seen import SKIP, Seen, merged

#: per game, the lists of texts whose order matters: each position is laid out as well
ORDERED: dict[str, frozenset[str]] = {
    "al-cabohne": frozenset({"hand"}),
    "narcos": frozenset({"top"}),
}
#: the bounds of a raw number (every count, score or amount of money in the games fits)
BIG = float(2**31)
#: the last move's label, encoded as its action id
LAST_LABEL = "last_move.label"


class _Slots:
    """The layout being built: a name and bounds per slot."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.low: list[float] = []
        self.high: list[float] = []

    def add(self, name: str, low: float = 0.0, high: float = 1.0) -> int:
        self.names.append(name)
        self.low.append(low)
        self.high.append(high)
        return len(self.names) - 1


_NUMBERS = (int, float, bool)


class _Node:
    """Where one place of the view goes in the vector (the slots it owns)."""

    __slots__ = ("null", "number", "vocab", "other", "keys", "length", "items", "bag", "bag_other")
    __slots__ += ("left_out", "numbers", "texts", "rest")

    def __init__(self) -> None:
        self.null: int | None = None
        self.number: int | None = None
        self.vocab: dict[str, int] | None = None
        self.other = 0
        self.keys: tuple[tuple[str, _Node], ...] = ()
        self.length: int | None = None
        self.items: tuple[_Node, ...] = ()
        self.bag: dict[str, int] | None = None
        self.bag_other = 0
        #: what the place holds that is left out on purpose: free text, or its one constant text
        self.left_out: str | bool = False
        #: an object's keys again, for speed: those holding a number (key, slot, null slot or
        #: -1), those holding a text (key, vocab, other slot, null slot or -1), and the rest
        self.numbers: tuple[tuple[str, int, int], ...] = ()
        self.texts: tuple[tuple[str, dict[str, int], int, int], ...] = ()
        self.rest: tuple[tuple[str, _Node], ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.null is not None or self.number is not None or self.vocab or self.keys)

    def set_keys(self, keys: tuple[tuple[str, _Node], ...]) -> None:
        self.keys = keys
        numbers, texts, rest = [], [], []
        for key, node in keys:
            null = -1 if node.null is None else node.null
            plain = type(node) is _Node and node.length is None and not node.keys
            if plain and node.number is not None and node.vocab is None:
                numbers.append((key, node.number, null))
            elif plain and node.vocab is not None and node.number is None:
                texts.append((key, node.vocab, node.other, null))
            elif not (plain and node.empty):
                rest.append((key, node))
        self.numbers, self.texts, self.rest = tuple(numbers), tuple(texts), tuple(rest)

    def encode(self, value: Any, out: list[Any]) -> None:
        if value is None:
            if self.null is not None:
                out[self.null] = 1.0
            return
        kind = type(value)
        if kind is dict:
            get = value.get
            for key, slot, null in self.numbers:
                item = get(key)
                if item is None:
                    if null >= 0:
                        out[null] = 1.0
                elif type(item) in _NUMBERS:
                    out[slot] = item
            for key, vocab, other, null in self.texts:
                item = get(key)
                if item is None:
                    if null >= 0:
                        out[null] = 1.0
                elif type(item) is str:
                    out[vocab.get(item, other)] = 1.0
            for key, node in self.rest:
                node.encode(get(key), out)
        elif kind is str:
            if self.vocab is not None:
                out[self.vocab.get(value, self.other)] = 1.0
        elif kind is list or kind is tuple:
            if self.length is not None:
                out[self.length] = len(value)
            for node, item in zip(self.items, value, strict=False):
                node.encode(item, out)
            bag = self.bag
            if bag is not None:
                other = self.bag_other
                for item in value:
                    if type(item) is str:
                        out[bag.get(item, other)] += 1.0
        elif self.number is not None and kind in _NUMBERS:
            out[self.number] = value


class _LabelNode(_Node):
    """The last move's label, as its action id (None: no move yet, or a secret one)."""

    __slots__ = ("ids",)

    def __init__(self, ids: dict[str, int]) -> None:
        super().__init__()
        self.ids = ids

    def encode(self, value: Any, out: list[Any]) -> None:
        if value is None:
            out[self.null] = 1.0  # type: ignore[index]
        else:
            out[self.number] = float(self.ids.get(value, -1))  # type: ignore[index]


@dataclass
class _Context:
    slots: _Slots
    ids: dict[str, int]
    ordered: frozenset[str]


def _build(pooled: Seen, concrete: Seen | None, name: str, path: str, ctx: _Context) -> _Node:
    """The node of one place: ``pooled`` is what every place of its path held (``path`` is the
    place without list positions, ``seats[].cash``), ``concrete`` what this one held (``name``,
    ``seats[2].cash``; None when it held nothing)."""
    slots = ctx.slots
    if path == LAST_LABEL:
        node: _Node = _LabelNode(ctx.ids)
        node.null = slots.add(f"{name}=none")
        node.number = slots.add(f"{name}#id", -1.0, float(len(ctx.ids)))
        return node
    node = _Node()
    node.left_out = pooled.free
    if concrete is not None and concrete.constant and pooled.steady:
        node.left_out = next(iter(concrete.texts))
        return node
    kinds = pooled.number + bool(pooled.texts) + (pooled.keys is not None) + pooled.listed
    if pooled.none and kinds:
        node.null = slots.add(f"{name}=none")
    if pooled.number:
        node.number = slots.add(name, -BIG, BIG)
    if pooled.texts:
        node.vocab = {text: slots.add(f"{name}={text}") for text in sorted(pooled.texts)}
        node.other = slots.add(f"{name}=other")
    if pooled.keys is not None:
        inner = concrete.keys if concrete is not None and concrete.keys is not None else {}
        node.set_keys(
            tuple(
                (key, _build(seen, inner.get(key), _join(name, key), _join(path, key), ctx))
                for key, seen in sorted(pooled.keys.items())
            )
        )
    if pooled.listed:
        _build_list(pooled, concrete, node, name, path, ctx)
    return node


def _join(name: str, key: str) -> str:
    return f"{name}.{key}" if name else key


def _build_list(
    pooled: Seen, concrete: Seen | None, node: _Node, name: str, path: str, ctx: _Context
) -> None:
    slots = ctx.slots
    node.length = slots.add(f"{name}.len", 0.0, BIG)
    if pooled.positions and (not pooled.texts_only or path in ctx.ordered):
        item = merged(pooled.positions)
        places = concrete.positions if concrete is not None else []
        node.items = tuple(
            _build(item, places[i] if i < len(places) else None, f"{name}[{i}]", f"{path}[]", ctx)
            for i in range(len(pooled.positions))
        )
    bag = pooled.bag
    if bag is not None and bag.texts:
        node.bag = {text: slots.add(f"{name}#{text}", 0.0, BIG) for text in sorted(bag.texts)}
        node.bag_other = slots.add(f"{name}#other", 0.0, BIG)


@dataclass(frozen=True, eq=False)
class Layout:
    """The observation layout of one game and player count."""

    game: str
    players: int
    names: tuple[str, ...]
    low: np.ndarray
    high: np.ndarray
    root: _Node

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def digest(self) -> str:
        """A short fingerprint of the layout (the same slots in the same order, the same digest)."""
        text = "\n".join((self.game, str(self.players), *self.names))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """``view`` (what ``seat`` sees: ``state.view(seat)``) as a float32 vector (a new one:
        the caller may keep it)."""
        # written into a zeroed array.array of float32, which NumPy then views without a copy:
        # converting a Python list as long as the vector cost more than the walk. The numbers
        # are the same: each slot is written once, or counted up in whole numbers (exact)
        out = array("f", bytes(4 * len(self.names)))
        out[seat] = 1.0
        self.root.encode(view, out)
        return np.frombuffer(out, dtype=np.float32)

    def encode_walk(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """``encode`` into a Python list: the reference ``encode`` is tested against."""
        out = [0.0] * len(self.names)
        out[seat] = 1.0
        self.root.encode(view, out)
        return np.array(out, dtype=np.float32)


def learn(game: str, players: int, views: Iterable[dict[str, Any]]) -> Layout:
    """The layout that encodes everything ``views`` held."""
    seen = Seen()
    for view in views:
        seen.add(view)
    return lay_out(game, players, seen, ORDERED.get(game, frozenset()))


def lay_out(game: str, players: int, seen: Seen, ordered: frozenset[str]) -> Layout:
    """The layout that encodes everything ``seen`` holds (``ordered``: lists kept in order)."""
    slots = _Slots()
    for seat in range(players):
        slots.add(f"observer={seat}")
    root = _build(seen, seen, "", "", _Context(slots, action_space(game).ids, ordered))
    return Layout(
        game,
        players,
        tuple(slots.names),
        np.array(slots.low, dtype=np.float32),
        np.array(slots.high, dtype=np.float32),
        root,
    )


@cache
def observation_layout(game: str, players: int, version: int = 0) -> Any:
    """The observation layout of ``game`` at ``players`` players, made once per process: from
    the domains the game declares (``contraband.envs.domains``), else learnt from sampled views.
    ``version=1``: the mover's perspective, scaled (``contraband.envs.perspective``)."""
    found = domain(game)
    if version == 1:
        if found is None:
            raise ValueError(
                f"encoding version 1 needs the domains of {game}'s view, which it does not "
                f"declare yet; version 1 is available for {', '.join(declared_games())}"
            )
        load(game).check_players(players)
        return perspective_layout(found, players, action_space(game))
    if version != 0:
        raise ValueError(f"the encoding version is 0 or 1, got {version!r}")
    if found is not None:
        load(game).check_players(players)
        seen, ordered = declared_seen(found, players)
        return lay_out(game, players, seen, ordered)
    return learn(game, players, sample_views(game, players))


def features(layout: Layout, vector: np.ndarray) -> Iterator[tuple[str, float]]:
    """The named non-zero slots of an observation vector (for reading one by eye)."""
    for index in np.flatnonzero(vector):
        yield layout.names[index], float(vector[index])


#: what a view can hold that its encoding loses (see ``missed``)
LOSSES = ("key", "kind", "text", "cut")


def missed(layout: Layout, view: dict[str, Any]) -> list[tuple[str, str]]:
    """What the encoding of ``view`` loses, as (loss, place) pairs: an unseen ``key``, a
    ``kind`` of value never seen at that place (text, number, list, object or None), an unseen
    ``text`` (counted as "other"), or the positions ``cut`` from a list longer than any seen."""
    lost: list[tuple[str, str]] = []
    _missed(layout.root, view, "", lost)
    return lost


def _missed(node: _Node, value: Any, name: str, lost: list[tuple[str, str]]) -> None:
    kind = type(value)
    if isinstance(node, _LabelNode) or (node.left_out is True and node.empty and not node.length):
        return
    if value is None:
        if node.null is None and not node.empty:
            lost.append(("kind", f"{name}=none"))
    elif kind is str:
        if node.left_out is True or value == node.left_out:
            return
        if node.vocab is None:
            lost.append(("kind", f"{name}=text"))
        elif value not in node.vocab:
            lost.append(("text", f"{name}={value}"))
    elif kind is dict:
        if not node.keys:
            lost.append(("kind", f"{name}=object"))
            return
        known = dict(node.keys)
        for key, item in value.items():
            if key not in SKIP:
                if key not in known:
                    lost.append(("key", _join(name, key)))
                else:
                    _missed(known[key], item, _join(name, key), lost)
    elif kind is list or kind is tuple:
        _missed_list(node, value, name, lost)
    elif node.number is None:
        lost.append(("kind", f"{name}=number"))


def _missed_list(node: _Node, value: Any, name: str, lost: list[tuple[str, str]]) -> None:
    if node.length is None:
        lost.append(("kind", f"{name}=list"))
        return
    bag = node.bag
    for index, item in enumerate(value):
        if index < len(node.items):
            _missed(node.items[index], item, f"{name}[{index}]", lost)
        elif type(item) is not str or bag is None:
            lost.append(("cut", f"{name}[{index}:]"))
            break
    if bag is not None:
        lost.extend(
            ("text", f"{name}#{item}") for item in value if type(item) is str and item not in bag
        )
