"""A look-ahead for learning agents that reads only what their seat sees.

    from contraband.envs import afterstates, position
    ids, rows = afterstates(env, rng)      # each legal id of the seat on move, and its afterstate
    guess = position(env, rng)             # a determinization to search on: children, masks, ...

An *afterstate* is the observation vector the acting seat would get right after one of its
actions. The action is played on a *determinization* of that seat (``state.determinize(seat,
rng)``): a copy of the game with everything the seat cannot see redrawn from what it can, and a
fresh generator for future chance, so the card the action would draw is a resampled one, never
the true next card. The result depends only on the seat's view and on ``rng``: two games the seat
cannot tell apart give the same afterstates for the same ``rng``, and the environment's own game
is never changed. The vectors are encoded by the environment's own layout (its ``version``).

``position`` gives the determinization itself (a ``Position``), to look further: the mover's
legal ids in it, the child after an id, the observing seat's vector, the rewards once it is over.
A search on it (a few plies, the seat's own later decisions of a turn, the replies it assumes)
sees only the observing seat's information, whoever is on move in it; a move of another seat in
it is a move that seat *could* make in the redrawn game.

``env`` is any contraband environment: PettingZoo's (wrapped or raw) or Gymnasium's (made by
``gymnasium.make`` or ``gym_env``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from contraband import State
from contraband.core.random import Rng
from contraband.envs.direct import encode_state
from contraband.envs.rewards import final_rewards


class Position:
    """A determinization of a game for ``seat``, to try moves on; observations are ``seat``'s."""

    __slots__ = ("_actions", "_layout", "_reward", "_state", "seat")

    def __init__(self, state: State, seat: int, layout: Any, actions: Any, reward: str) -> None:
        self._state = state
        self.seat = seat
        self._layout = layout
        self._actions = actions
        self._reward = reward

    @property
    def over(self) -> bool:
        return self._state.is_terminal()

    @property
    def mover(self) -> int | None:
        """The seat to decide here (None once the game is over)."""
        return None if self._state.is_terminal() else self._state.current_player

    def legal_ids(self) -> np.ndarray:
        """The mover's legal action ids here, in increasing order (the action mask's order; none
        once the game is over)."""
        if self._state.is_terminal():
            return np.zeros(0, dtype=np.int64)
        return np.sort(self._actions.legal_ids(self._state, self._state.current_player))

    def observation(self) -> np.ndarray:
        """The observation vector ``seat`` has here, as the environment encodes it."""
        return encode_state(self._layout, self._state, self.seat)

    def child(self, action: int) -> Position:
        """The position after the mover plays action id ``action`` (this one is unchanged)."""
        if self._state.is_terminal():
            raise ValueError("the game is over here: no action can be played")
        state = self._state.clone()
        state.apply(self._actions.label(int(action)), seat=state.current_player)
        return Position(state, self.seat, self._layout, self._actions, self._reward)

    def rewards(self) -> np.ndarray:
        """Every seat's reward once the game is over, by the environment's ``reward`` option."""
        if not self._state.is_terminal():
            raise ValueError("the game is not over here: no reward yet")
        return np.asarray(final_rewards(self._state, self._reward), dtype=np.float32)


def _parts(env: Any) -> tuple[State, Any, Any, str]:
    raw = getattr(env, "unwrapped", env)
    state = getattr(raw, "state", None)
    if state is None:
        raise RuntimeError("reset() the environment before looking ahead")
    return state, raw.layout, raw.actions, getattr(raw, "reward", "win")


def position(env: Any, rng: Rng | int, seat: int | None = None) -> Position:
    """The environment's game as ``seat`` (None: the seat on move) knows it, every part hidden
    from that seat redrawn with ``rng`` (a ``contraband.Rng`` or an int seed)."""
    state, layout, actions, reward = _parts(env)
    if seat is None:
        if state.is_terminal():
            raise ValueError("the game is over: no seat is on move")
        seat = state.current_player
    guess = state.determinize(seat, rng if isinstance(rng, Rng) else Rng(int(rng)))
    return Position(guess, seat, layout, actions, reward)


def afterstates(
    env: Any, rng: Rng | int, ids: Any = None, seat: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """``(ids, rows)``: the legal action ids of the seat on move (or those of ``ids``), and for
    each the observation that seat would have right after it, one row each, all played on one
    determinization of that seat drawn with ``rng``."""
    state = _parts(env)[0]
    if state.is_terminal():
        raise ValueError("the game is over: no seat is on move")
    mover = state.current_player
    if seat is not None and seat != mover:
        raise ValueError(f"seat {seat} is not on move (seat {mover} is)")
    guess = position(env, rng, mover)
    chosen = guess.legal_ids() if ids is None else np.asarray(ids, dtype=np.int64).ravel()
    rows = [guess.child(int(action)).observation() for action in chosen]
    if not rows:
        return chosen, np.zeros((0, guess._layout.size), dtype=np.float32)  # noqa: SLF001
    return chosen, np.asarray(rows, dtype=np.float32)
