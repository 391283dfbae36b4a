"""The registry of games by id: games register themselves lazily, by module path.

A leaf of the engine (it imports no other engine module but ``action`` for quoting), so that
``game`` and ``serialize`` can both find a game without importing each other.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from contraband.core.action import quote

#: id -> Game, for games already imported (tests may add one with monkeypatch)
_GAMES: dict[str, Any] = {}
#: id -> the module that defines ``GAME``, imported on first use
_LAZY: dict[str, str] = {}
#: the attribute of a rule variant's state class that holds its Game (set by
#: ``contraband.core.variants``; the standard games' classes have none and are found by id)
VARIANT_GAME = "_variant_game"


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


def game_of(state_or_class: Any) -> Any:
    """The game a state (or state class) belongs to: a rule variant's own ``Game`` for a state
    of a variant (``contraband.core.variants``), else the registered game of its id."""
    cls = state_or_class if isinstance(state_or_class, type) else type(state_or_class)
    game = getattr(cls, VARIANT_GAME, None)
    return load(cls.GAME_ID) if game is None else game


def variant_of(state_or_class: Any) -> dict[str, Any]:
    """The overrides of the rule variant a state belongs to (empty: the published rules)."""
    cls = state_or_class if isinstance(state_or_class, type) else type(state_or_class)
    game = getattr(cls, VARIANT_GAME, None)
    return {} if game is None else dict(game.variant)


def same_variant(game: Any, variant: Any, what: str) -> None:
    """A record or save of a rule variant is only loaded by that variant's game (absent or empty:
    the published rules)."""
    variant = {} if variant is None else variant
    if not isinstance(variant, Mapping):
        raise ValueError(f"the {what}'s variant must be an object of data path: value")
    if dict(variant) != dict(game.variant):
        mine = "the published rules" if not game.variant else f"the variant {dict(game.variant)}"
        theirs = "the published rules" if not variant else f"the variant {quote(dict(variant))}"
        raise ValueError(
            f"this {what} is of {theirs}, but this {game.id} game plays {mine}: load it with "
            "contraband.core.variants.variant_game and the record's variant"
        )


def game_ids() -> list[str]:
    return sorted(set(_GAMES) | set(_LAZY))


def games() -> list[Any]:
    """Every registered game's ``GameInfo``."""
    return [load(game_id).info for game_id in game_ids()]
