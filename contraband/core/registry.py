"""The registry of games by id: games register themselves lazily, by module path.

A leaf of the engine (it imports no other engine module but ``action`` for quoting), so that
``game`` and ``serialize`` can both find a game without importing each other.
"""

from __future__ import annotations

import importlib
from typing import Any

from contraband.core.action import quote

#: id -> Game, for games already imported (tests may add one with monkeypatch)
_GAMES: dict[str, Any] = {}
#: id -> the module that defines ``GAME``, imported on first use
_LAZY: dict[str, str] = {}


def register(game: Any, module: str | None = None) -> None:
    """Register a game object, or (id, module path) to import on first use.

    The module must define ``GAME``. Lazy registration keeps core free of game imports.
    """
    if isinstance(game, str):
        if module is None:
            raise ValueError("lazy registration needs the module that defines GAME")
        _LAZY[game] = module
    else:
        _GAMES[game.id] = game


def load(game_id: str) -> Any:
    """The game registered as ``game_id`` (a ``contraband.core.game.Game``)."""
    if not isinstance(game_id, str):
        raise ValueError(f"a game id must be a string such as 'tony-tino', not {quote(game_id)}")
    if game_id in _GAMES:
        return _GAMES[game_id]
    if game_id in _LAZY:
        game = importlib.import_module(_LAZY[game_id]).GAME
        _GAMES[game_id] = game
        return game
    known = ", ".join(sorted(set(_GAMES) | set(_LAZY))) or "none"
    raise ValueError(f"unknown game {quote(game_id)}; games are: {known}")


def game_ids() -> list[str]:
    return sorted(set(_GAMES) | set(_LAZY))


def games() -> list[Any]:
    """Every registered game's ``GameInfo``."""
    return [load(game_id).info for game_id in game_ids()]
