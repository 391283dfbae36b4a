"""A Gymnasium environment with one learning seat; the other seats are played by agents.

The learner sees what the PettingZoo environment shows its seat (``observation`` and
``action_mask``, ``info["view"]``), and is rewarded when the game ends, by the ``reward`` option
(``contraband.envs.rewards``: ``win``, ``rank`` or ``margin``).
The other seats are played by agents built from specs (``contraband.agents.from_spec``: "random",
"greedy", "hard", "ismcts:iterations=200", ...), each with a seed drawn at every reset, so that
``reset(seed=s)`` replays exactly: the game is ``contraband.load(game).new(players, seed=s)``.

An illegal action ends the episode with ``illegal_reward`` (``illegal="end"``, the default, as
Gymnasium's checker and most learning code send unmasked actions) or raises ValueError
(``illegal="raise"``). ``action_masks()`` gives the current mask (the name sb3-contrib's
MaskablePPO looks for).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from contraband import State, load
from contraband.agents import from_spec, parse_spec
from contraband.envs.actions import action_space
from contraband.envs.aec import check_seed, next_seed, spaces
from contraband.envs.direct import encode_state
from contraband.envs.layout import observation_layout
from contraband.envs.rewards import check_reward, final_rewards

ILLEGAL = ("end", "raise")
#: what ``reset(options=...)`` may change
RESET_OPTIONS = ("opponents", "seat", "game_options")
#: games a reset may start before one gives the learner a decision (none of ours ever needs two)
RESTARTS = 100


class SingleAgentEnv(gymnasium.Env):
    """One game per episode, seen and played by seat ``seat`` (None: a random seat each reset)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        seat: int | None = 0,
        opponents: str | Sequence[str] = "random",
        options: Mapping[str, Any] | None = None,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        version: int = 0,
        reward: str = "win",
        info_view: bool | None = None,
    ) -> None:
        loaded = load(game)
        self.game = loaded
        self.players = loaded.check_players(
            loaded.info.default_players if players is None else players
        )
        self.options = loaded.resolve_options(self.players, options)
        self.seat_choice = _check_seat(seat, self.players)
        self.opponents = _opponent_specs(opponents, self.players)
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal must be one of {', '.join(ILLEGAL)}, got {illegal!r}")
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        if render_mode not in (None, *self.metadata["render_modes"]):
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"render_mode must be None or one of {modes}, got {render_mode!r}")
        self.render_mode = render_mode
        self.actions = action_space(game)
        self.version = version
        self.info_view = version == 0 if info_view is None else bool(info_view)
        self.layout = observation_layout(game, self.players, version)
        self.reward = check_reward(game, reward)
        self.observation_space, self.action_space = spaces(self.layout, self.actions)
        self.state: State | None = None
        self.seat = 0 if seat is None else seat
        self._agents: dict[int, Any] = {}
        self._over = True

    # -- the episode ------------------------------------------------------------------------
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game. ``options`` may change, from this game on, the ``opponents`` (specs, as
        at creation), the learner's ``seat`` (None: drawn each reset) and the ``game_options``;
        the player count, version and reward are fixed (they set the spaces and the returns)."""
        if options:
            self._take(options)
        game_seed = None if seed is None else check_seed(seed)
        super().reset(seed=game_seed)
        rng = self.np_random
        for _ in range(RESTARTS):
            if game_seed is None:
                game_seed = next_seed(rng)
            self.seat = int(rng.integers(self.players)) if self.seat_choice is None else self.seat
            others = [s for s in range(self.players) if s != self.seat]
            self._agents = {
                other: from_spec(spec, seed=next_seed(rng))
                for other, spec in zip(others, self.opponents, strict=True)
            }
            self.state = self.game.new(players=self.players, seed=game_seed, options=self.options)
            self._play_others()
            if not self.state.is_terminal():
                break
            game_seed = None
        self._over = False
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        state = self._running()
        if self._over:
            raise RuntimeError("the episode is over: call reset() to start a new game")
        label = self.actions.label(action)
        if not any(legal.label == label for legal in state.legal_actions(self.seat)):
            if self.illegal == "raise":
                legal = self.actions.legal_ids(state, self.seat)
                raise ValueError(
                    f"action {int(action)} ({label!r}) is not legal now; the legal ids are "
                    f"{legal[:20]}{' ...' if len(legal) > 20 else ''} (see the action_mask)"
                )
            self._over = True
            info = {**self._info(), "illegal_action": label}
            return self._observe(), self.illegal_reward, True, False, info
        state.apply(label, seat=self.seat)
        self._play_others()
        reward, terminated = 0.0, state.is_terminal()
        if terminated:
            self._over = True
            reward = final_rewards(state, self.reward)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def _take(self, options: dict[str, Any]) -> None:
        unknown = sorted(set(options) - set(RESET_OPTIONS))
        if unknown:
            raise ValueError(
                f"reset options may be {', '.join(RESET_OPTIONS)}, got "
                f"{', '.join(map(str, unknown))} (the player count, version and reward are fixed "
                "when the environment is made)"
            )
        if "seat" in options:
            self.seat_choice = _check_seat(options["seat"], self.players)
            self.seat = 0 if self.seat_choice is None else self.seat_choice
        if "opponents" in options:
            self.opponents = _opponent_specs(options["opponents"], self.players)
        if "game_options" in options:
            self.options = self.game.resolve_options(self.players, options["game_options"])

    def _play_others(self) -> None:
        """The other seats' decisions, until the learner's turn or the end of the game."""
        state = self._running()
        while not state.is_terminal() and state.current_player != self.seat:
            mover = state.current_player
            state.apply(self._agents[mover].act(state, mover))

    def _running(self) -> State:
        if self.state is None:
            raise RuntimeError("call reset() before step(), action_masks() or render()")
        return self.state

    # -- what the learner sees --------------------------------------------------------------
    def _observe(self) -> dict[str, np.ndarray]:
        state = self._running()
        return {
            "observation": encode_state(self.layout, state, self.seat),
            "action_mask": self.action_masks(),
        }

    def _info(self) -> dict[str, Any]:
        if not self.info_view:
            return {"seat": self.seat}
        return {"view": self._running().view(self.seat), "seat": self.seat}

    def action_masks(self) -> np.ndarray:
        """1 for each legal action id of the learner now (all 0 once the episode is over)."""
        state = self._running()
        if self._over:
            return np.zeros(self.actions.size, dtype=np.int8)
        return self.actions.mask(state, self.seat)

    def render(self) -> str | None:
        """The table as the learner sees it (``ansi``: returned; ``human``: printed)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() was called without a render_mode: nothing to show")
            return None
        text = self._running().render(self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _check_seat(seat: Any, players: int) -> int | None:
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players
    ):
        raise ValueError(
            f"seat must be 0..{players - 1}, or None for a random seat each reset, got {seat!r}"
        )
    return seat


def _opponent_specs(opponents: str | Sequence[str], players: int) -> list[str]:
    """One agent spec per other seat, checked now (a bad spec is named before any game)."""
    specs = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
    if len(specs) != players - 1:
        raise ValueError(
            f"opponents must be one agent spec, or one per other seat ({players - 1}), "
            f"got {len(specs)}"
        )
    for spec in specs:
        parse_spec(spec)
    return specs


def gym_env(
    game: str,
    players: int | None = None,
    seat: int | None = 0,
    opponents: str | Sequence[str] = "random",
    options: Mapping[str, Any] | None = None,
    illegal: str = "end",
    illegal_reward: float = -1.0,
    render_mode: str | None = None,
    version: int = 0,
    reward: str = "win",
    info_view: bool | None = None,
) -> SingleAgentEnv:
    """The single-agent environment (see ``SingleAgentEnv``)."""
    return SingleAgentEnv(
        game,
        players,
        seat,
        opponents,
        options,
        illegal,
        illegal_reward,
        render_mode,
        version,
        reward,
        info_view,
    )
