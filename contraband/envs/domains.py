"""The value domains a game declares for its view, and what the observation layouts make of them.

A game that has a module ``contraband.games.<game>.encoding`` declares, from its own data, what
every place of ``view()`` can hold (``FIELDS``: place -> kind) and which places may hold None
(``NULLABLE``), and which numbers version 1 scales by the logarithm (``LOG_SCALED``: a count or
amount whose declared bound is a schema's limit far above what games reach, such as Narcos'
money, up to 1,000,000, so that an amount of 3 is not 0.000003). A place is a key path, ``[]``
standing for every position of a list: ``streets[].sums[]``. The kinds:

* ``("number", low, high)``: a number within the game's bounds; ``("flag",)``: true/false;
* ``("seat",)``: a seat number (in the mover's perspective, relative to the observing seat);
* ``("text", texts)``: one of ``texts``;
* ``("seat_text", names, others)``: the name of a seat (``names[seat]``) or one of ``others``;
* ``("fixed",)``: a value that is the same at its place in every game (a board's point names,
  its printed track): it takes no slot;
* ``("list", longest)``: a list of at most ``longest`` items, declared at ``place[]``;
* ``("seats",)``: one item per seat, in seat order, declared at ``place[]``;
* ``("texts", texts, longest)``: a list of at most ``longest`` of ``texts``, counted per text;
  ``("sequence", texts, longest)``: the same, whose order matters as well (a hand in its order);
* ``("texts_or_count", texts, longest)``: such a list for a seat that may see it, its length
  for the others (Narcos' cards being ordered);
* an object is any place with keys below it.

Every view also has ``seat``, ``last_move.index``, ``.seat`` and ``.label`` (``COMMON``). The
layouts need no sampled game: they are built from the declaration in milliseconds, the same in
every process. ``violations(domain, view)`` names what a view holds outside its domains (tested
over random play of every game, player count and option).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from contraband import load

#: places of every view (``contraband.core``): the observer, and the last move
COMMON: dict[str, tuple[Any, ...]] = {
    "seat": ("seat",),
    "last_move.index": ("counter",),
    "last_move.seat": ("seat",),
    "last_move.label": ("label",),
}
COMMON_NULLABLE = frozenset({"last_move", "last_move.label"})
#: keys every view has that are never encoded: constant or free text, and the final result
SKIPPED = frozenset({"game", "prompt", "phase_text", "seat_names", "events", "result", "text"})
KINDS = frozenset(
    {"number", "flag", "seat", "text", "seat_text", "fixed", "list", "seats", "texts"}
    | {"sequence", "counter", "label", "object", "texts_or_count"}
)
#: the kinds that hold a list (their items are declared at ``place[]``, or are texts)
LISTS = frozenset({"list", "seats", "texts", "sequence"})


@dataclass
class Place:
    """One place of a view and its kind; an object's keys, a list's item."""

    path: str
    kind: tuple[Any, ...] = ("object",)
    nullable: bool = False
    keys: dict[str, Place] = field(default_factory=dict)
    item: Place | None = None
    #: version 1 scales the number as log(1 + x) / log(1 + high) (``LOG_SCALED``)
    log: bool = False

    @property
    def name(self) -> str:
        return self.kind[0]


@dataclass(frozen=True)
class Domain:
    """A game's declared domains: the root place of its view, and its score bound."""

    game: str
    root: Place
    score_bound: float
    #: scores a seat plays against besides the seats' (Al Cabohne's mafia), or None
    rivals: Any = None


def _place(root: Place, path: str) -> Place:
    """The place at ``path``, created on the way (``a[].b``: key ``b`` of the items of ``a``)."""
    place = root
    done = ""
    for part in path.split("."):
        key = part.split("[", 1)[0]
        done = f"{done}.{key}" if done else key
        place = place.keys.setdefault(key, Place(done))
        for _ in range(part.count("[]")):
            done += "[]"
            if place.item is None:
                place.item = Place(done)
            place = place.item
    return place


def _check(place: Place, game: str) -> None:
    kind = place.name
    if kind not in KINDS:
        raise ValueError(f"{game}: {place.path} has an unknown kind {kind!r}")
    if place.keys and kind != "object":
        raise ValueError(f"{game}: {place.path} has keys below it, so it is an object")
    if place.item is not None and kind not in ("list", "seats"):
        raise ValueError(f"{game}: {place.path}[] is declared, so {place.path} is a list")
    if kind in ("list", "seats") and place.item is None:
        raise ValueError(f"{game}: the list {place.path} needs its items ({place.path}[])")
    for child in (*place.keys.values(), *([place.item] if place.item else [])):
        _check(child, game)


def encoding_module(game: str) -> Any | None:
    """The game's ``encoding`` module, or None when it declares no domains."""
    load(game)  # a clear error for an unknown game id
    try:
        return importlib.import_module(f"contraband.games.{game.replace('-', '_')}.encoding")
    except ModuleNotFoundError as missing:
        if missing.name and missing.name.endswith(".encoding"):
            return None
        raise


def declared_games() -> list[str]:
    from contraband import game_ids

    return [game for game in game_ids() if encoding_module(game) is not None]


@cache
def domain(game: str) -> Domain | None:
    """The game's declared domains (None when it has none), checked for consistency."""
    module = encoding_module(game)
    if module is None:
        return None
    root = Place("")
    for path, kind in {**COMMON, **module.FIELDS}.items():
        _place(root, path).kind = tuple(kind)
    for path in COMMON_NULLABLE | module.NULLABLE:
        _place(root, path).nullable = True
    for path in getattr(module, "LOG_SCALED", ()):
        kind = {**COMMON, **module.FIELDS}.get(path, ("undeclared",))
        if kind[0] != "number" or kind[1] < 0:
            raise ValueError(f"{game}: {path} is log-scaled, so it is a number from 0 or more")
        _place(root, path).log = True
    _check(root, game)
    return Domain(game, root, float(module.SCORE_BOUND), getattr(module, "rival_scores", None))


def violations(found: Domain, view: dict[str, Any], players: int) -> list[str]:
    """What ``view`` holds outside the declared domains, one line each (none: all declared)."""
    out: list[str] = []
    _violations(found.root, view, players, out)
    return out


def _violations(place: Place, value: Any, players: int, out: list[str]) -> None:
    where, kind = place.path or "the view", place.kind
    if value is None:
        if not place.nullable:
            out.append(f"{where}: None")
        return
    name = kind[0]
    if name == "object":
        if type(value) is not dict:
            out.append(f"{where}: {type(value).__name__}, not an object")
            return
        for key, item in value.items():
            if key in SKIPPED:
                continue
            child = place.keys.get(key)
            if child is None:
                out.append(f"{where}: an undeclared key {key!r}")
            else:
                _violations(child, item, players, out)
        out.extend(
            f"{where}: the key {key!r} is missing"
            for key, child in place.keys.items()
            if key not in value and not child.nullable
        )
    elif name == "texts_or_count" and type(value) is int:
        if not 0 <= value <= kind[2]:
            out.append(f"{where}: {value} outside 0..{kind[2]}")
    elif name in LISTS or name == "texts_or_count":
        if type(value) not in (list, tuple):
            out.append(f"{where}: {type(value).__name__}, not a list")
            return
        longest = players if name == "seats" else kind[-1]
        if len(value) > longest:
            out.append(f"{where}: {len(value)} items, more than {longest}")
        for item in value:
            if name in ("texts", "sequence", "texts_or_count"):
                if item not in kind[1]:
                    out.append(f"{where}: {item!r} is not one of its texts")
            else:
                _violations(place.item, item, players, out)  # type: ignore[arg-type]
    elif name in ("number", "flag", "seat", "counter"):
        if type(value) not in (int, float, bool):
            out.append(f"{where}: {value!r} is not a number")
        elif name == "number" and not kind[1] <= value <= kind[2]:
            out.append(f"{where}: {value} outside {kind[1]}..{kind[2]}")
        elif name == "seat" and not 0 <= value < players:
            out.append(f"{where}: {value} is not a seat")
    elif name in ("text", "seat_text"):
        allowed = kind[1] if name == "text" else (*kind[1][:players], *kind[2])
        if value not in allowed:
            out.append(f"{where}: {value!r} is not one of its texts")
