"""The version-0 layout of a game that declares its domains: what the sampled games would have
shown, had they shown every value the game's data allows (``Seen`` built from the declaration,
then laid out as ``layout.learn`` lays out sampled views).
"""

from __future__ import annotations

from contraband.envs.domains import Domain, Place
from contraband.envs.seen import CONSTANT_AFTER, POSITIONS, TEXT_POSITIONS, Seen


def declared_seen(found: Domain, players: int) -> tuple[Seen, frozenset[str]]:
    """What the views of ``found``'s game can hold, as one ``Seen``; and its ordered lists."""
    ordered: set[str] = set()
    return _seen(found.root, players, "", ordered), frozenset(ordered)


def _seen(place: Place, players: int, position: str, ordered: set[str]) -> Seen:
    seen = Seen()
    seen.count = CONSTANT_AFTER
    seen.none = place.nullable
    kind = place.kind
    name = kind[0]
    if name in ("number", "flag", "seat", "counter"):
        seen.number = True
    elif name == "text":
        seen.texts = set(kind[1])
    elif name == "seat_text":
        seen.texts = set(kind[1][:players]) | set(kind[2])
    elif name == "label":
        seen.texts = {"label"}
    elif name == "fixed":
        # the same text at this place in every game: left out, as free text is
        seen.free = True
    elif name == "object":
        seen.keys = {
            key: _seen(child, players, position, ordered) for key, child in place.keys.items()
        }
    elif name in ("texts", "sequence", "texts_or_count"):
        seen.number = name == "texts_or_count"
        if name == "sequence":
            ordered.add(place.path)
        seen.listed = True
        seen.longest = kind[2]
        seen.bag = Seen()
        seen.bag.texts = set(kind[1])
        for _ in range(min(kind[2], TEXT_POSITIONS)):
            item = Seen()
            item.texts = set(kind[1])
            seen.positions.append(item)
    else:  # a list, or one item per seat
        seen.listed = True
        seen.longest = players if name == "seats" else kind[1]
        item = place.item
        assert item is not None
        seen.positions = [
            _seen(item, players, f"{position}/{index}", ordered)
            for index in range(min(seen.longest, POSITIONS))
        ]
    return seen
