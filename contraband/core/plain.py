"""Plain data: copies that share nothing with the engine, and JSON's shapes.

Whatever the engine hands a caller (a view, a log, a record, an action's description) is
``detached``: the caller may change it freely without touching the game, another game, or the
games' module-level tables that the values may come from.
"""

from __future__ import annotations

from typing import Any

#: the leaves of plain data, returned as they are (immutable)
_LEAVES = frozenset((str, int, float, bool, type(None)))


def detached(value: Any) -> Any:
    """A deep copy of plain data (lists, tuples, dicts and scalars), of the same shapes."""
    # exact types first (views are large trees of small dicts and lists, and their cost is the
    # engine's API's cost), then subclasses, handled as their base shapes
    kind = type(value)
    if kind in _LEAVES:
        return value
    if kind is dict:
        return {
            key: item if type(item) in _LEAVES else detached(item) for key, item in value.items()
        }
    if kind is list:
        return [item if type(item) in _LEAVES else detached(item) for item in value]
    if isinstance(value, list):
        return [detached(item) for item in value]
    if isinstance(value, dict):
        return {key: detached(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(detached(item) for item in value)
    return value


def plain(value: Any) -> Any:
    """``value`` in JSON's shapes: tuples become lists, dict keys strings (always a copy)."""
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    return value


def loaded(value: Any) -> Any:
    """A copy of a loaded JSON value, so that a state never shares its input's lists."""
    if isinstance(value, list):
        return [loaded(item) for item in value]
    if isinstance(value, dict):
        return {key: loaded(item) for key, item in value.items()}
    return value
