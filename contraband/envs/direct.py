"""Version 1's observation written straight from the state, for the games that provide a writer.

Building a seat's view costs a game about three engine decisions and encoding it two to four
more (``contraband.envs.plan``): most of an environment's step. A game whose ``encoding`` module
(the one ``contraband.envs.domains`` loads) defines ``direct_v1(layout, players)`` may return a
``fill(state, seat, out)`` that writes into ``out`` (a zeroed float32 ``array.array`` as long as
the layout) the slots the compiled walk writes for ``peek(state, seat)``, reading only what that
view shows the seat; the last move, the same for every game, is written here, by the compiled
walk of the layout's own ``last_move`` node. ``encode_state`` uses the writer when there is one and
falls back to encoding the view otherwise; ``tests/envs/test_direct.py`` checks, per game that has
a writer, that both give the same vector bit for bit, and that what a seat cannot see changes
nothing.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Callable
from typing import Any

import numpy as np

from contraband import State
from contraband.envs import perspective as p
from contraband.envs.domains import encoding_module
from contraband.envs.peek import peek
from contraband.envs.plan import compile_fill

#: fill(state, seat, out), as a game's ``direct_v1`` returns it
StateFill = Callable[[State, int, Any], None]

#: per layout: (the game's fill, the last move's fill), or None when the game has no writer
_WRITERS: weakref.WeakKeyDictionary[Any, tuple[StateFill, Any] | None] = weakref.WeakKeyDictionary()


def writer(layout: Any) -> tuple[StateFill, Any] | None:
    """The direct writer of ``layout`` (made once per layout), or None."""
    try:
        return _WRITERS[layout]
    except KeyError:
        pass
    found = _make(layout)
    _WRITERS[layout] = found
    return found


def _make(layout: Any) -> tuple[StateFill, Any] | None:
    if getattr(layout, "version", 0) != 1:
        return None
    make = getattr(encoding_module(layout.game), "direct_v1", None)
    if make is None:
        return None
    fill = make(layout, layout.players)
    if fill is None:
        return None
    root = layout.root
    node = dict(root.fields).get("last_move") if type(root) is p._Object else None
    if node is None:
        return None
    return fill, compile_fill(p._Object(-1, (("last_move", node),)))


def last_move(state: State, seat: int) -> dict[str, Any] | None:
    """The view's ``last_move`` (as ``peek`` makes it)."""
    history = state.history
    if not history:
        return None
    last = len(history) - 1
    return {
        "index": state._offset[0] + last,  # noqa: SLF001 - as core.log.last_move counts
        "seat": state.actors[last],
        "label": state.visible_label(last, seat),
    }


def encode_direct(layout: Any, found: tuple[StateFill, Any], state: State, seat: int) -> Any:
    """The vector the writer ``found`` of ``layout`` writes for ``seat``."""
    out = array("f", layout.zeros)
    fill, fill_last = found
    fill(state, seat, out)
    fill_last({"last_move": last_move(state, seat)}, seat, out)
    return np.frombuffer(out, dtype=np.float32)


def encode_state(
    layout: Any, state: State, seat: int, view: dict[str, Any] | None = None
) -> np.ndarray:
    """``layout.encode(peek(state, seat), seat)``, written from the state when the game can;
    otherwise from ``view`` when the caller has the seat's view already."""
    found = writer(layout)
    if found is None:
        seen = peek(state, seat) if view is None else view
        return layout.encode(seen, seat)  # type: ignore[no-any-return]
    return encode_direct(layout, found, state, seat)  # type: ignore[no-any-return]
