"""Loading a game's data file: every number lives there, each table saying where it comes from.

Every top-level table carries ``source``: ``rulebook`` (stated in the game's rulebook),
``research`` (a fact recorded in the project's rules notes from public sources), or ``assumed``
(our decision, logged in the game's DESIGN.md). Nested tables inherit their parent's source unless
they state their own.

While a rule variant's copy of a game is being imported (``contraband.core.variant_import``),
``load_data`` returns that game's data with the variant's numbers in place of the published ones.
"""

from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from contraband.core.variant_import import active_data

SOURCES = ("rulebook", "research", "assumed")


def load_data(path: Path | Traversable) -> dict[str, Any]:
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    for key, value in data.items():
        if not isinstance(value, dict):
            raise ValueError(f"{path.name}: {key!r} must be a table with a 'source'")
        _check_sources(value, f"{path.name}: [{key}]", inherited=None)
    apply = active_data(path) if isinstance(path, Path) else active_data(Path(str(path)))
    return data if apply is None else apply(data)


def _check_sources(table: dict[str, Any], where: str, inherited: str | None) -> None:
    source = table.get("source", inherited)
    if source not in SOURCES:
        raise ValueError(f"{where}: 'source' must be one of {', '.join(SOURCES)}, got {source!r}")
    for key, value in table.items():
        if isinstance(value, dict):
            _check_sources(value, f"{where}.{key}", source)
        elif isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, dict):
                    _check_sources(item, f"{where}.{key}[{index}]", source)
