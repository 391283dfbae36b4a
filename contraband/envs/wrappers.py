"""PettingZoo's two wrappers of the classic games, with the hot path of a step made direct.

``env()`` wraps an environment as PettingZoo's classic games are: ``AssertOutOfBoundsWrapper``
(an action outside the action space is refused) inside ``OrderEnforcingWrapper`` (calls out of
order are refused). Both reach the environment's attributes through ``__getattr__`` chains
(``agent_selection``, ``terminations``, ... : about eight per step) and check an action with
Gymnasium's ``Discrete.contains`` (a NumPy ``iinfo`` per call): together more than the game's own
step. These subclasses keep every check and message of PettingZoo's, and only go straight to the
unwrapped environment where that is what the chain would reach: ``last``, ``step`` and
``agent_iter`` once ``reset`` has been called; before it, PettingZoo's own code runs. They are
still instances of PettingZoo's wrappers.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils.env import AECEnv
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import (
    AECOrderEnforcingIterable,
    AECOrderEnforcingIterator,
)


class OutOfBounds(AssertOutOfBoundsWrapper):
    """``AssertOutOfBoundsWrapper`` whose common case (a plain int in range, every agent's action
    space being the same ``Discrete(n)`` from 0) needs no ``Discrete.contains``."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped
        self._n = int(self._raw.actions.size)

    def step(self, action: Any) -> None:
        raw = self._raw
        if type(action) is not int or not 0 <= action < self._n:
            agent = raw.agent_selection
            assert (
                action is None and (raw.terminations[agent] or raw.truncations[agent])
            ) or raw.action_space(agent).contains(action), "action is not in action space"
        raw.step(action)


class _Iterator(AECOrderEnforcingIterator):
    """PettingZoo's iterator, reading the unwrapped environment's agents directly."""

    def __init__(self, env: OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._raw = env._raw

    def __next__(self) -> Any:
        raw = self._raw
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return raw.agent_selection


class _Iterable(AECOrderEnforcingIterable):
    def __iter__(self) -> _Iterator:
        return _Iterator(self.env, self.max_iter)


class OrderEnforcing(OrderEnforcingWrapper):
    """``OrderEnforcingWrapper`` that, once reset, steps and reads the environment directly."""

    def __init__(self, env: AECEnv) -> None:
        super().__init__(env)
        self._raw = env.unwrapped

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)
        return self._raw.last(observe)

    def step(self, action: Any) -> None:
        if not self._has_reset or not self._raw.agents:
            super().step(action)
            return
        self._has_updated = True
        self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable:
        if not self._has_reset:
            return super().agent_iter(max_iter)
        return _Iterable(self, max_iter)
