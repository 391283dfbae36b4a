"""PettingZoo AEC environments: one per game and player count, every seat an agent.

Agents are named ``player_0`` .. ``player_{n-1}`` (seat order). An observation is a dict:
``observation``, the seat's view as a fixed-size float32 vector (``contraband.envs.layout``), and
``action_mask``, 1 for each of its legal action ids (``contraband.envs.actions``); only
``state.view(seat)`` and the seat's own legal actions are read. ``infos[agent]["view"]`` is that
view as the game gives it, refreshed for the agent about to act (every agent's at a reset and at
the end). Rewards are 0 until the game ends, then by the ``reward`` option (``contraband.envs.
rewards``: ``win``, by default ``state.returns()``, 1 for a win, 0 for a loss, a share for a
shared win; ``rank``; ``margin``). ``version=1``: the observation in the observing seat's
perspective, scaled (``contraband.envs.perspective``), written straight from the state, with
what that view holds, where the game provides a writer (``contraband.envs.direct``).
``reset(seed=s)`` starts the game
``contraband.load(game).new(players, seed=s, options)``; ``reset()`` draws the next seed from
the generator the last seeded reset made.
"""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv

from contraband import IllegalAction, State, load
from contraband.envs.actions import ActionSpace, action_space
from contraband.envs.direct import encode_state
from contraband.envs.layout import observation_layout
from contraband.envs.rewards import check_reward, final_rewards
from contraband.envs.wrappers import OrderEnforcing, OutOfBounds

#: the largest seed a game takes (seeds lie in 0..2**63-1)
SEED_LIMIT = 2**63


def check_seed(seed: Any) -> int:
    """A game seed: an integer (NumPy's too, not true/false) in 0..2**63-1."""
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)):
        raise ValueError(f"seed must be an integer in 0..2**63-1, got {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"seed must be an integer in 0..2**63-1, got {int(seed)}")
    return int(seed)


def seed_stream(seed: int | None) -> np.random.Generator:
    """The generator that draws game seeds after a reset with ``seed`` (None: fresh entropy)."""
    return np.random.default_rng(None if seed is None else check_seed(seed))


def next_seed(rng: np.random.Generator) -> int:
    return int(rng.integers(0, SEED_LIMIT, dtype=np.uint64))


def spaces(layout: Any, actions: ActionSpace) -> tuple[gymnasium.spaces.Dict, gymnasium.Space]:
    """The observation space (a dict of the vector and the mask) and the action space."""
    observation = gymnasium.spaces.Dict(
        {
            "observation": gymnasium.spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions.size,), dtype=np.int8),
        }
    )
    return observation, gymnasium.spaces.Discrete(actions.size)


class ContrabandEnv(AECEnv):
    """One game of ``game`` at ``players`` players (its default count when None) per episode."""

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        version: int = 0,
        reward: str = "win",
        info_view: bool | None = None,
    ) -> None:
        super().__init__()
        loaded = load(game)
        self.game = loaded
        self.players = loaded.check_players(
            loaded.info.default_players if players is None else players
        )
        self.options = loaded.resolve_options(self.players, options)
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"render_mode must be None or one of {modes}, got {render_mode!r}")
        self.render_mode = render_mode
        self.version = version
        self.info_view = version == 0 if info_view is None else bool(info_view)
        self.layout = observation_layout(game, self.players, version)
        self.reward = check_reward(game, reward)
        self.metadata = {
            **self.metadata,
            "name": f"contraband_{game.replace('-', '_')}_v{version}",
        }
        self.actions = action_space(game)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation, action = spaces(self.layout, self.actions)
        self._observation_spaces = {agent: observation for agent in self.possible_agents}
        self._action_spaces = {agent: action for agent in self.possible_agents}
        self._seeds = seed_stream(None)
        self.state: State | None = None
        self.agents: list[str] = []
        #: the observation vectors of this position, made with the infos' views
        self._encoded: dict[str, np.ndarray] = {}

    # -- spaces -----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space:
        return self._action_spaces[agent]

    # -- the episode ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``options={"game_options": {...}}`` changes the game's options from this
        game on (the player count is fixed: it sets the spaces); anything else is ignored with a
        warning naming what is taken."""
        if options:
            unknown = sorted(set(options) - {"game_options"})
            if unknown:
                # a warning, not an error: PettingZoo's own parallel_api_test resets with a
                # placeholder option
                warnings.warn(
                    f"reset options may be game_options; ignored {', '.join(map(str, unknown))} "
                    "(the player count, version and reward are fixed when the environment is "
                    "made)",
                    stacklevel=2,
                )
            if "game_options" in options:
                self.options = self.game.resolve_options(self.players, options["game_options"])
        if seed is not None:
            game_seed = check_seed(seed)
            self._seeds = seed_stream(game_seed)
        else:
            game_seed = next_seed(self._seeds)
        self.state = self.game.new(players=self.players, seed=game_seed, options=self.options)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._encoded = {}
        self.infos = {agent: self._info(agent) for agent in self.agents}
        self._settle()

    def step(self, action: Any) -> None:
        state = self._running()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        label = self.actions.label(action)
        seat = self._seat[agent]
        try:
            state.apply(label, seat=seat)
        except IllegalAction:
            legal = self.actions.legal_ids(state, seat)
            raise ValueError(
                f"action {int(action)} ({label!r}) is not legal for {agent} now; its legal ids "
                f"are {legal[:20]}{' ...' if len(legal) > 20 else ''} (see the action_mask)"
            ) from None
        self._cumulative_rewards[agent] = 0.0
        self._encoded.clear()
        self._settle()
        if self.render_mode == "human":
            self.render()

    def _settle(self) -> None:
        """After a reset or a move: whose turn it is, or the end of the game and its rewards."""
        state = self._running()
        if state.is_terminal():
            returns = final_rewards(state, self.reward)
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
                self.infos[agent] = self._info(agent, final=True)
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
            return
        # the game goes on: every reward stays 0 (set so at the reset, changed only at the end),
        # so there is nothing to accumulate
        agent = self.agent_selection = self.possible_agents[state.current_player]
        self.infos[agent] = self._info(agent)

    def _running(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step(), observe() or render()")
        return self.state

    def _info(self, agent: str, final: bool = False) -> dict[str, Any]:
        """The agent's info (its view, unless ``info_view`` is off; always at the end), and its
        observation vector, made at once for ``observe`` (one view per step)."""
        seat = self._seat[agent]
        state = self._running()
        if not (self.info_view or final):
            self._encoded[agent] = encode_state(self.layout, state, seat)
            return {}
        view = state.view(seat)
        self._encoded[agent] = encode_state(self.layout, state, seat, view)
        return {"view": view}

    # -- what an agent sees -----------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._running()
        seat = self._seat[agent]
        encoded = self._encoded.get(agent)
        return {
            "observation": (
                encode_state(self.layout, state, seat) if encoded is None else encoded.copy()
            ),
            "action_mask": self.actions.mask(state, seat),
        }

    def render(self) -> str | None:
        """The table as a spectator sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to show")
            return None
        text = self._running().render(None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: a game is plain data."""


def raw_env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    version: int = 0,
    reward: str = "win",
    info_view: bool | None = None,
) -> ContrabandEnv:
    """The environment without PettingZoo's wrappers."""
    return ContrabandEnv(game, players, options, render_mode, version, reward, info_view)


def env(
    game: str,
    players: int | None = None,
    options: Mapping[str, Any] | None = None,
    render_mode: str | None = None,
    version: int = 0,
    reward: str = "win",
    info_view: bool | None = None,
) -> AECEnv:
    """The environment wrapped as PettingZoo's classic games are: actions out of range and
    calls out of order are refused with a clear message."""
    wrapped: AECEnv = raw_env(game, players, options, render_mode, version, reward, info_view)
    return OrderEnforcing(OutOfBounds(wrapped))
