"""Every game as an OpenSpiel Python game, so that OpenSpiel's algorithms run on it.

    import pyspiel
    from contraband.envs import openspiel       # registers contraband_<game> for every game
    game = pyspiel.load_game("contraband_narcos(players=3)")

One game per contraband game, named ``contraband_`` + its id with ``_`` for ``-``
(``game_name("tony-tino") == "contraband_tony_tino"``), with parameters ``players`` (the game's
default count when left out) and ``seeds`` (how many deals the opening chance node chooses from).

Our games draw their own randomness from a seeded generator, so the whole game is a function of
its seed and the seats' actions. OpenSpiel sees that as an explicit stochastic game with one chance
node, the first: it chooses the seed uniformly among ``seeds`` outcomes, and outcome ``s`` is the
game ``contraband.load(game).new(players, seed=s)``. Every later node is a seat's decision.
Actions are the ids of ``contraband.envs.action_space(game)``; the information-state and the
observation tensors are both ``observation_layout(game, players).encode(view(seat), seat)``, the
Gymnasium/PettingZoo observation; the strings are the view as JSON. ``returns()`` are the engine's
(1 for a win, 0 for a loss, 1/k for a k-way shared win). A state also answers
``resample_from_infostate(player, sampler)`` with the engine's ``determinize``, which is what
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` needs (``ismcts_bot`` below). OpenSpiel's C++
``pyspiel.ISMCTSBot`` cannot reach a Python game's resampler: with OpenSpiel 2.0.2 it crashes the
process on any Python game (its own ``python_kuhn_poker`` too), so use the Python bot.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from contraband import State, game_ids, load
from contraband.envs.actions import ActionSpace, action_space
from contraband.envs.layout import Layout, observation_layout

PREFIX = "contraband_"
#: default number of deals (seeds 0..SEEDS-1) the opening chance node chooses among
SEEDS = 1 << 16
#: OpenSpiel wants a bound on a game's length. None is proven: this is far above the longest of
#: thousands of random games (about 500 decisions, two-player Al Cabohne).
MAX_GAME_LENGTH = 5000


def game_name(game: str) -> str:
    """The OpenSpiel name of a contraband game id: ``contraband_tony_tino`` for ``tony-tino``."""
    return PREFIX + game.replace("-", "_")


@dataclass(frozen=True)
class _Setup:
    """What every state of one loaded game shares; copying a state shares it, never copies it."""

    game: str
    players: int
    actions: ActionSpace
    layout: Layout
    seeds: int
    outcomes: list[tuple[int, float]]

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


class _Engine:
    """Holds the running ``contraband.State``; OpenSpiel copies a Python state's attributes with
    ``copy.deepcopy``, which this turns into the engine's own fast ``clone``."""

    def __init__(self, state: State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(None if self.state is None else self.state.clone())


def _game_type(game: str) -> pyspiel.GameType:
    info = load(game).info
    # Al Cabohne's bean mafia is not a seat: when it wins every seat gets 0
    utility = (
        pyspiel.GameType.Utility.GENERAL_SUM
        if game == "al-cabohne"
        else pyspiel.GameType.Utility.CONSTANT_SUM
    )
    return pyspiel.GameType(
        short_name=game_name(game),
        long_name=f"contraband: {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info.default_players, "seeds": SEEDS},
    )


def _game_class(game: str, game_type: pyspiel.GameType) -> type:
    """The ``pyspiel.Game`` subclass of one contraband game."""

    class ContrabandGame(pyspiel.Game):
        __doc__ = f"{game} for OpenSpiel (see contraband.envs.openspiel)."

        def __init__(self, params: dict[str, Any] | None = None) -> None:
            params = params or {}
            loaded = load(game)
            players = loaded.check_players(int(params.get("players", loaded.info.default_players)))
            seeds = int(params.get("seeds", SEEDS))
            if seeds < 1:
                raise ValueError(f"seeds must be at least 1, got {seeds}")
            actions = action_space(game)
            self.setup = _Setup(
                game,
                players,
                actions,
                observation_layout(game, players),
                seeds,
                [(seed, 1.0 / seeds) for seed in range(seeds)],
            )
            constant = game_type.utility == pyspiel.GameType.Utility.CONSTANT_SUM
            info = pyspiel.GameInfo(
                num_distinct_actions=actions.size,
                max_chance_outcomes=seeds,
                num_players=players,
                min_utility=0.0,
                max_utility=1.0,
                utility_sum=1.0 if constant else None,
                max_game_length=MAX_GAME_LENGTH,
            )
            super().__init__(game_type, info, params)

        def new_initial_state(self) -> ContrabandState:
            return ContrabandState(self, self.setup)

        def make_py_observer(
            self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
        ) -> ViewObserver:
            if params:
                raise ValueError(f"observer parameters are not supported, got {params}")
            return ViewObserver(self.setup.layout)

    ContrabandGame.__name__ = ContrabandGame.__qualname__ = (
        "".join(part.title() for part in game.split("-")) + "Game"
    )
    return ContrabandGame


class ContrabandState(pyspiel.State):
    """One game: before the opening chance node no engine state exists; then it is the game
    ``load(game).new(players, seed=outcome)``, played by action ids."""

    def __init__(self, game: pyspiel.Game, setup: _Setup) -> None:
        super().__init__(game)
        self._setup = setup
        self._engine = _Engine(None)

    @property
    def engine(self) -> State | None:
        """The running ``contraband.State`` (None before the opening chance node)."""
        return self._engine.state

    def current_player(self) -> int:
        state = self._engine.state
        if state is None:
            return pyspiel.PlayerId.CHANCE
        if state.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        state = self._engine.state
        if state is None or state.is_terminal() or player != state.current_player:
            return []
        return sorted(self._setup.actions.legal_ids(state, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._setup.outcomes if self._engine.state is None else []

    def _apply_action(self, action: int) -> None:
        setup, state = self._setup, self._engine.state
        if state is None:
            if not 0 <= action < setup.seeds:
                raise ValueError(f"the opening chance outcome is a seed 0..{setup.seeds - 1}")
            self._engine = _Engine(load(setup.game).new(players=setup.players, seed=int(action)))
            return
        state.apply(setup.actions.label(int(action)), seat=state.current_player)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        return self._setup.actions.label(int(action))

    def is_terminal(self) -> bool:
        state = self._engine.state
        return state is not None and state.is_terminal()

    def returns(self) -> list[float]:
        state = self._engine.state
        if state is None or not state.is_terminal():
            return [0.0] * self._setup.players
        return [float(value) for value in state.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ContrabandState:
        """A copy with everything ``player_id`` cannot see redrawn (the engine's determinize),
        its view unchanged. ``probability_sampler()`` (a uniform number in [0, 1)) seeds it."""
        copy = self.clone()
        state = self._engine.state
        if state is not None and not state.is_terminal():
            seed = int(probability_sampler() * (1 << 53))
            copy._engine = _Engine(state.determinize(player_id, seed))
        return copy

    def __str__(self) -> str:
        state = self._engine.state
        return "(no deal yet)" if state is None else state.render(None)


class ViewObserver:
    """OpenSpiel's Python observer: the tensor is the environments' encoding of the seat's view,
    for information states and observations alike; the string is that view as JSON."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ContrabandState, player: int) -> None:
        engine = state.engine
        if engine is None:
            self.tensor.fill(0)
            self.tensor[player] = 1
            return
        self.tensor[:] = self.layout.encode(engine.view(player), player)

    def string_from(self, state: ContrabandState, player: int) -> str:
        engine = state.engine
        if engine is None:
            return f"seat {player}, no deal yet"
        return f"seat {player} " + json.dumps(engine.view(player), sort_keys=True, default=str)


def ismcts_bot(
    game: pyspiel.Game, simulations: int = 20, seed: int = 0, uct_c: float = 2.0
) -> pyspiel.Bot:
    """OpenSpiel's (Python) ISMCTS bot with random rollouts, on one of our games; it searches
    afresh at every decision, so it also plays under ``evaluate_bots`` (which restarts bots)."""
    from open_spiel.python.algorithms import ismcts, mcts

    class Bot(ismcts.ISMCTSBot):
        def restart_at(self, state: pyspiel.State) -> None:
            self.reset()

        def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
            pass

    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    return Bot(game, evaluator, uct_c, simulations, random_state=rng)


def register() -> list[str]:
    """Register every game with OpenSpiel (once per process); the names registered."""
    known = set(pyspiel.registered_names())
    names = []
    for game in game_ids():
        name = game_name(game)
        if name not in known:
            game_type = _game_type(game)
            pyspiel.register_game(game_type, _game_class(game, game_type))
        names.append(name)
    return names


NAMES = register()
