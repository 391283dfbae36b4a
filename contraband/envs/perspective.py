"""Encoding version 1: the view in the observing seat's perspective, scaled by the game's bounds.

Built from the domains a game declares (``contraband.envs.domains``), so every value a view can
hold has its slot. Against version 0:

* perspective: a list with one item per seat starts with the observer's (``seats[me]``), then
  the others in turn order after it (``seats[+1]``, ``seats[+2]``, ...); a seat number is a
  one-hot over those relative seats (``current_player=me``, ``=+1``); so is a text naming a seat
  (a street won by "Tony"); there is no observer slot: the observer is always ``me``;
* order: a list keeps its first ``seen.POSITIONS`` items (64) position by position, an ordered
  list of texts its first ``seen.TEXT_POSITIONS`` (16) one-hot per place; every text of a list
  is counted whatever its length;
* scale: a number is divided by its bound (``number`` ``0..high``: ``[0, 1]``), or, for the places
  a game declares ``LOG_SCALED`` (a bound far above what games reach), ``log(1 + x)`` is divided
  by ``log(1 + high)``; a list's length
  and a count of texts by the list's longest; true/false is 0 or 1;
* the last move: one-hot over the game's action ids (``last_move.label=<label>``); a label read
  from a pattern (Counterfeiters' "move $N") is one slot per pattern holding N scaled;
* left out: the move counter ``last_move.index``, texts fixed per place, the observer's number.

The ``Box`` bounds are the scaled bounds, within [-1, 1].
"""

from __future__ import annotations

import hashlib
import re
from array import array
from dataclasses import dataclass, field
from math import log1p
from typing import Any

import numpy as np

from contraband.envs.actions import ActionSpace
from contraband.envs.domains import Domain, Place
from contraband.envs.nodes import (
    _Label,
    _List,
    _LogNumber,
    _Node,
    _Number,
    _Object,
    _Seat,
    _Skip,
    _Text,
    _Texts,
)
from contraband.envs.seen import POSITIONS, TEXT_POSITIONS


def relative(offset: int) -> str:
    return "me" if offset == 0 else f"+{offset}"


class _Slots:
    def __init__(self) -> None:
        self.names: list[str] = []
        self.low: list[float] = []
        self.high: list[float] = []
        #: what each slot holds, in words (for docs/envs.md)
        self.notes: list[str] = []
        #: the factor each declared place's values (or their log1p) are multiplied by
        self.scales: dict[str, float] = {}

    def add(self, name: str, low: float = 0.0, high: float = 1.0, note: str = "1 if so") -> int:
        self.names.append(name)
        self.low.append(low)
        self.high.append(high)
        self.notes.append(note)
        return len(self.names) - 1

    def scaled(self, name: str, scale: float) -> float:
        """Note that the place of slot ``name`` is scaled by ``scale`` (the same for all its
        items: ``seats[me].money`` and ``seats[+1].money`` are ``seats[].money``)."""
        self.scales.setdefault(_INDEX.sub("[]", name), scale)
        return scale


#: an item's index in a slot name: ``board[3].disc`` is of the place ``board[].disc``
_INDEX = re.compile(r"\[[^\]]*\]")


def _build(place: Place, name: str, players: int, slots: _Slots, actions: ActionSpace) -> _Node:
    kind = place.kind
    what = kind[0]
    null = slots.add(f"{name}=none") if place.nullable else -1
    if what in ("fixed", "counter") or (what == "seat" and name == "seat"):
        return _Skip(null)
    if what == "object":
        fields = tuple(
            (key, _build(child, f"{name}.{key}" if name else key, players, slots, actions))
            for key, child in sorted(place.keys.items())
        )
        return _Object(null, tuple((key, node) for key, node in fields if type(node) is not _Skip))
    if what in ("number", "flag"):
        low, high = (0, 1) if what == "flag" else (kind[1], kind[2])
        bound = max(abs(low), abs(high)) or 1
        scale = slots.scaled(name, 1.0 / (log1p(high) if place.log else bound))
        note = "0 or 1" if what == "flag" else f"the number ({low}..{high}) / {bound:g}"
        if place.log:
            note = f"log(1 + the number ({low}..{high})) / log(1 + {high:g})"
            return _LogNumber(null, slots.add(name, 0.0, 1.0, note), scale)
        # 0 stays in the bounds: the slot of an absent value (None, a short list) holds 0
        slot = slots.add(name, min(low * scale, 0.0), max(high * scale, 0.0), note)
        return _Number(null, slot, scale)
    if what == "seat":
        base = slots.add(f"{name}={relative(0)}")
        for offset in range(1, players):
            slots.add(f"{name}={relative(offset)}")
        return _Seat(null, base, players)
    if what in ("text", "seat_text"):
        names, others = ((), kind[1]) if what == "text" else (kind[1][:players], kind[2])
        vocab = {text: slots.add(f"{name}={text}") for text in others}
        base = len(slots.names)
        for offset in range(len(names)):
            slots.add(f"{name}={relative(offset)}")
        return _Text(null, vocab, {text: index for index, text in enumerate(names)}, base)
    if what in ("texts", "sequence", "texts_or_count"):
        texts, longest = kind[1], kind[2]
        length = slots.add(f"{name}.len", note=f"its length / {longest}")
        bag = {text: slots.add(f"{name}#{text}", note=f"its count / {longest}") for text in texts}
        places = tuple(
            {text: slots.add(f"{name}[{index}]={text}") for text in texts}
            for index in range(min(longest, TEXT_POSITIONS) if what == "sequence" else 0)
        )
        return _Texts(null, length, slots.scaled(name, 1.0 / longest), bag, places)
    if what == "label":
        return _label(null, name, slots, actions)
    item = place.item
    assert item is not None
    if what == "seats":
        items = tuple(
            _build(item, f"{name}[{relative(offset)}]", players, slots, actions)
            for offset in range(players)
        )
        return _List(null, -1, 1.0, items, by_seat=True)
    longest = kind[1]
    length = slots.add(f"{name}.len", note=f"its length / {longest}")
    items = tuple(
        _build(item, f"{name}[{index}]", players, slots, actions)
        for index in range(min(longest, POSITIONS))
    )
    return _List(null, length, slots.scaled(name, 1.0 / longest), items, by_seat=False)


def _label(null: int, name: str, slots: _Slots, actions: ActionSpace) -> _Label:
    """One slot per label of the game's table; one per pattern, holding its number scaled."""
    from contraband.envs.actions import PATTERNS

    table = {
        label: (slots.add(f"{name}={label}"), 1.0) for label in actions.labels[: actions.from_table]
    }
    for pattern in PATTERNS.get(actions.game, ()):
        numbers = list(pattern.numbers())
        most = max(numbers) or 1
        slot = slots.add(f"{name}={pattern.template.format(n='N')}", note=f"N / {most}")
        table.update(
            {pattern.template.format(n=number): (slot, number / most) for number in numbers}
        )
    return _Label(null, table)


@dataclass(frozen=True, eq=False)
class PerspectiveLayout:
    """The version-1 observation layout of one game and player count."""

    game: str
    players: int
    names: tuple[str, ...]
    low: np.ndarray
    high: np.ndarray
    root: _Node
    notes: tuple[str, ...] = ()
    version: int = 1
    #: per declared place (``board[].disc``, ``hand``), the factor its values are multiplied by
    #: (a list's or a count's: by its longest; a log-scaled number's log1p: by its bound's)
    scales: dict[str, float] = field(default_factory=dict)

    def scale(self, place: str) -> float:
        """The factor of ``place`` (a KeyError for a place the layout does not scale)."""
        return self.scales[place]

    @property
    def size(self) -> int:
        return len(self.names)

    @property
    def digest(self) -> str:
        # the notes tell each slot's scale: a number scaled another way is another input
        text = "\n".join((self.game, str(self.players), "v1", *self.names, *self.notes))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    #: the compiled walk (``contraband.envs.plan``): writes the nonzero slots
    fill: Any = None
    #: the vector's bytes, all zero (``encode`` starts from a copy)
    zeros: bytes = b""

    def encode(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """``view`` (what ``seat`` sees: ``state.view(seat)``) as a float32 vector (a new one:
        the caller may keep it)."""
        out = array("f", self.zeros)
        try:
            self.fill(view, seat, out)
        except KeyError:  # a key the game declares always there is missing (or a text unknown)
            return self.encode_walk(view, seat)
        return np.frombuffer(out, dtype=np.float32)

    def __getstate__(self) -> dict[str, Any]:
        """Pickled without the compiled walk (code made at run time), made again on loading."""
        return {key: value for key, value in self.__dict__.items() if key != "fill"}

    def __setstate__(self, state: dict[str, Any]) -> None:
        from contraband.envs.plan import compile_fill

        self.__dict__.update(state)
        object.__setattr__(self, "fill", compile_fill(self.root))

    def encode_walk(self, view: dict[str, Any], seat: int) -> np.ndarray:
        """``encode`` by walking the tree of nodes: the reference the compiled walk is tested
        against."""
        out = [0.0] * len(self.names)
        self.root.encode(view, out, seat)
        return np.array(out, dtype=np.float32)


def perspective_layout(found: Domain, players: int, actions: ActionSpace) -> PerspectiveLayout:
    from contraband.envs.plan import compile_fill

    slots = _Slots()
    root = _build(found.root, "", players, slots, actions)
    return PerspectiveLayout(
        found.game,
        players,
        tuple(slots.names),
        np.array(slots.low, dtype=np.float32),
        np.array(slots.high, dtype=np.float32),
        root,
        tuple(slots.notes),
        scales=slots.scales,
        fill=compile_fill(root),
        zeros=bytes(4 * len(slots.names)),
    )
