"""What sampled views held, place by place: the material an observation layout is built from.

A place is a key's value or a list position, followed down from the view's top. Lists keep what
each position held (``positions``) and the texts they held anywhere (``bag``); ``merged`` pools
places that share a path (every position of a list), which is how a vocabulary is collected.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

#: keys never encoded: constant or free text (the game id, prompts, seat names, log texts) and
#: the final result (a copy of the scores, shown once the game is over)
SKIP = frozenset({"game", "prompt", "phase_text", "seat_names", "text", "events", "result"})
#: a place holding more distinct texts than this holds free text, and is left out
MAX_VOCAB = 64
#: positions kept per list: of a list of texts (longer ones are counted, see ``bag``), and of a
#: list of objects or numbers (longer ones are cut)
TEXT_POSITIONS = 16
POSITIONS = 64
#: a place that held one same text in at least this many views is constant, and left out
CONSTANT_AFTER = 50


class Seen:
    """What the sampled views held at one place."""

    __slots__ = ("count", "none", "number", "texts", "free", "keys", "listed", "longest", "bag")
    __slots__ += ("positions", "fixed")

    def __init__(self) -> None:
        self.count = 0
        self.none = self.number = self.free = self.listed = False
        self.texts: set[str] = set()
        self.keys: dict[str, Seen] | None = None
        self.longest = 0
        self.bag: Seen | None = None
        self.positions: list[Seen] = []
        #: for places pooled by ``merged``: whether each of them was constant
        self.fixed: bool | None = None

    def add(self, value: Any) -> None:
        self.count += 1
        kind = type(value)
        if value is None:
            self.none = True
        elif kind is bool or kind is int or kind is float:
            self.number = True
        elif kind is str:
            self._add_text(value)
        elif kind is dict:
            keys = self.keys
            if keys is None:
                keys = self.keys = {}
            for key, item in value.items():
                if key in SKIP:
                    continue
                seen = keys.get(key)
                if seen is None:
                    seen = keys[key] = Seen()
                seen.add(item)
        elif kind is list or kind is tuple:
            self._add_list(value)
        else:
            raise TypeError(f"a view holds JSON data, not {kind.__name__}")

    def _add_text(self, text: str) -> None:
        if not self.free:
            self.texts.add(text)
            if len(self.texts) > MAX_VOCAB:
                self.free = True
                self.texts.clear()

    def _add_list(self, value: list[Any] | tuple[Any, ...]) -> None:
        self.listed = True
        self.longest = max(self.longest, len(value))
        texts = [item for item in value if type(item) is str]
        if texts:
            if self.bag is None:
                self.bag = Seen()
            for text in texts:
                self.bag.add(text)
        cap = TEXT_POSITIONS if len(texts) == len(value) else POSITIONS
        positions = self.positions
        for index, item in enumerate(value[:cap]):
            if index == len(positions):
                positions.append(Seen())
            positions[index].add(item)

    @property
    def constant(self) -> bool:
        """Always the same text, in many views: it tells nothing."""
        return (
            len(self.texts) == 1
            and self.count >= CONSTANT_AFTER
            and not (self.none or self.number or self.listed or self.keys is not None)
        )

    @property
    def steady(self) -> bool:
        """Constant, or (pooled) made of places that were each constant: the positions of a
        list that always hold the same text each, such as a board's point names."""
        return self.constant if self.fixed is None else self.fixed

    @property
    def texts_only(self) -> bool:
        """A list that held only texts."""
        return self.bag is not None and not any(
            position.number or position.listed or position.keys is not None
            for position in self.positions
        )


def merged(places: Iterable[Seen]) -> Seen:
    """One place holding everything ``places`` held (their texts pooled)."""
    places = list(places)
    out = Seen()
    for place in places:
        out.count += place.count
        out.none |= place.none
        out.number |= place.number
        out.listed |= place.listed
        out.free |= place.free
        out.texts |= place.texts
        out.longest = max(out.longest, place.longest)
    out.fixed = all(place.steady for place in places)
    if out.free or len(out.texts) > MAX_VOCAB:
        out.free = True
        out.texts.clear()
    keyed = [place.keys for place in places if place.keys is not None]
    if keyed:
        names = sorted({key for keys in keyed for key in keys})
        out.keys = {key: merged(keys[key] for keys in keyed if key in keys) for key in names}
    bags = [place.bag for place in places if place.bag is not None]
    if bags:
        out.bag = merged(bags)
    longest = max((len(place.positions) for place in places), default=0)
    out.positions = [
        merged(place.positions[i] for place in places if i < len(place.positions))
        for i in range(longest)
    ]
    return out
