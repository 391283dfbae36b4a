"""One simulation run: its configuration, seat rotation, seeds, and playing one game.

Everything a worker needs is in ``RunConfig`` (plain, picklable data), and everything random in
game ``g`` is derived from the master seed and ``g`` alone, so a game's result does not depend on
which worker played it, in which chunk, or on which backend.

Seat rotation: with agent specs ``a_0 .. a_{A-1}``, seat ``s`` of game ``g`` is played by
``a_{(g + s) mod A}``. Over any ``A`` consecutive games every agent sits in every seat exactly
once, whatever the player count ``P``:

- ``A == P``: the usual cyclic rotation (``A, B`` then ``B, A``);
- ``A < P``: the specs are cycled to fill the table (``A, B`` at 3 players gives ``A, B, A`` then
  ``B, A, B``), so an agent may hold several seats in one game; each seat counts on its own;
- ``A > P``: each game seats ``P`` consecutive agents of the cycle (``A, B, C`` at 2 players:
  ``A, B`` then ``B, C`` then ``C, A``);
- a solo game (``P == 1``) has one seat, which the agents take in turn.

Rotation is exactly balanced when the number of games is a multiple of ``A``.

A run may play a rule variant (``variant``: data path -> value, ``contraband.core.variants``):
each worker builds that variant's game once (it is cached per process) and every row records it.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from contraband.agents import from_spec, parse_spec
from contraband.core.random import derive_seed
from contraband.core.variants import variant_game
from contraband.lab.house import house_of, ranks

#: a game still running after this many decisions is reported as a bug in the game or agent
MAX_DECISIONS = 1_000_000

#: the keys of ``State.result()`` that have columns of their own; the rest goes to ``detail``
PLAIN_RESULT = ("scores", "winners", "final")

#: the columns of a result row, in order (one row per game and seat)
COLUMNS = (
    "game",  # the registered game id
    "players",
    "options",  # the resolved options as JSON text (sorted keys)
    "variant",  # the rule variant's overrides as JSON text (sorted keys; {}: the published rules)
    "seed",  # the seed of the deal
    "seat",
    "agent",  # the agent spec as given
    "score",
    "rank",  # 1 = best among all contestants, the house included; ties share the better rank
    "win",  # the seat's share of returns(): 1, 0, or a split of a shared win
    "decisions",  # decisions this seat made
    "seconds",  # this seat's thinking time
    "game_index",  # the game's index in the run, 0..games-1 (with seed: which deal it was)
    "detail",  # the game's own result detail as JSON text (Al Cabohne: the mafia's coins)
)


@dataclass(frozen=True)
class RunConfig:
    """What to simulate. Build it with ``make_config``, which validates every part."""

    game_id: str
    players: int
    agents: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)  # resolved (defaults filled in)
    seed: int = 0
    games: int = 100
    #: the rule variant (canonical overrides; empty: the published rules)
    variant: dict[str, Any] = field(default_factory=dict)

    @property
    def options_json(self) -> str:
        return json.dumps(self.options, sort_keys=True)

    @property
    def variant_tag(self) -> str:
        """A short name of the variant (a hash of its overrides), for directory names."""
        return hashlib.sha256(self.variant_json.encode()).hexdigest()[:8]

    @property
    def variant_json(self) -> str:
        return json.dumps(self.variant, sort_keys=True)

    def game(self) -> Any:
        """The game this run plays (the variant's, built once per process)."""
        return variant_game(self.game_id, self.variant)

    @property
    def period(self) -> int:
        """Games after which the seat rotation is balanced."""
        return len(self.agents)

    def seat_agents(self, index: int) -> list[str]:
        """The agent spec in each seat of game ``index``."""
        count = len(self.agents)
        return [self.agents[(index + seat) % count] for seat in range(self.players)]

    def game_seed(self, index: int) -> int:
        return derive_seed(self.seed, "game", index)

    def agent_seed(self, index: int, seat: int, spec: str) -> int:
        """The seed of the agent in ``seat`` of game ``index``.

        An explicit ``seed=`` in the spec takes the place of the master seed for that agent, so
        it still changes from game to game but follows the user's choice.
        """
        own = parse_spec(spec)[1].get("seed")
        return derive_seed(self.seed if own is None else own, "agent", index, seat)


def make_config(
    game_id: str,
    players: int | None = None,
    agents: list[str] | tuple[str, ...] | None = None,
    options: dict[str, Any] | None = None,
    seed: int = 0,
    games: int = 100,
    variant: Mapping[str, Any] | None = None,
) -> RunConfig:
    """A validated RunConfig; a ValueError says what was wrong and what is allowed.

    Every spec is parsed and its agent built once, so a bad parameter value fails here rather
    than in a worker; so is the variant (typed, bounded, checked against the game's invariants).
    """
    game = variant_game(game_id, variant)
    players = game.check_players(game.info.default_players if players is None else players)
    resolved = game.resolve_options(players, options)
    specs = tuple(spec.strip() for spec in (agents or ["random"]))
    for spec in specs:
        try:
            from_spec(spec, seed=0)
        except TypeError as error:  # a factory that rejects a registered parameter's value
            raise ValueError(f"agent {spec!r} cannot be built: {error}") from None
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ValueError(f"the number of games must be a positive integer, got {games!r}")
    return RunConfig(game.id, players, specs, resolved, seed, games, dict(game.variant))


def start_game(config: RunConfig, index: int) -> tuple[Any, list[Any]]:
    """Game ``index`` of the run, dealt (by the run's variant's game, when it plays one), and
    its seats' agents, each seeded from the run."""
    state = config.game().new(config.players, seed=config.game_seed(index), options=config.options)
    agents = [
        from_spec(spec, seed=config.agent_seed(index, seat, spec))
        for seat, spec in enumerate(config.seat_agents(index))
    ]
    return state, agents


def play_game(config: RunConfig, index: int) -> list[dict[str, Any]]:
    """Play game ``index`` of the run; one result row per seat (see COLUMNS)."""
    seed = config.game_seed(index)
    specs = config.seat_agents(index)
    state, agents = start_game(config, index)
    decisions = [0] * config.players
    seconds = [0.0] * config.players
    total = 0
    clock = time.perf_counter
    while not state.is_terminal():
        seat = state.current_player
        start = clock()
        action = agents[seat].act(state, seat)
        seconds[seat] += clock() - start
        state.apply(action)
        decisions[seat] += 1
        total += 1
        if total >= MAX_DECISIONS:
            raise RuntimeError(
                f"{config.game_id} game {index} (seed {seed}) did not end after {total} decisions"
            )
    scores = [float(score) for score in state.scores()]
    wins = state.returns()
    result = state.result()
    own = {key: value for key, value in result.items() if key not in PLAIN_RESULT}
    detail = json.dumps(own, sort_keys=True)
    rank = ranks(scores, house_of(own))
    return [
        {
            "game": config.game_id,
            "players": config.players,
            "options": config.options_json,
            "variant": config.variant_json,
            "seed": seed,
            "seat": seat,
            "agent": specs[seat],
            "score": scores[seat],
            "rank": rank[seat],
            "win": float(wins[seat]),
            "decisions": decisions[seat],
            "seconds": seconds[seat],
            "game_index": index,
            "detail": detail,
        }
        for seat in range(config.players)
    ]


def run_chunk(config: RunConfig, indices: list[int]) -> list[dict[str, Any]]:
    """Play several games (the unit of work a backend ships to a worker)."""
    rows: list[dict[str, Any]] = []
    for index in indices:
        rows.extend(play_game(config, index))
    return rows
