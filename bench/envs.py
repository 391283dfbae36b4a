"""Step rate of the reinforcement-learning environments against the engine's own random play.

    python bench/envs.py [--game ID ...] [--seconds 2]

Per game and player count: the engine's random-play decisions/s (``legal_actions`` and
``apply``), the same random play through the PettingZoo AEC API (``env.last()`` builds the
mover's observation vector and action mask, then ``env.step``), and through the Gymnasium
single-agent environment (seat 0 learning, random opponents); and the one-off cost of learning
the observation layout in this process. CPU time of this process (``time.process_time``), one
run on one core; never asserted in tests. Needs the extra ``rl``.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import contraband
from contraband import Rng
from contraband.envs import action_space, env, gym_env
from contraband.envs.layout import observation_layout


def engine_rate(game_id: str, players: int, seconds: float) -> float:
    game = contraband.load(game_id)
    rng = Rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = game.new(players, seed=games)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions(state.current_player)))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - start)


def aec_rate(game_id: str, players: int, seconds: float) -> float:
    aec = env(game_id, players)
    rng = np.random.default_rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        aec.reset(seed=games)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - start)


def gym_rate(game_id: str, players: int, seconds: float) -> float:
    """Decisions/s of all seats (the learner's and its random opponents')."""
    single = gym_env(game_id, players, seat=0, opponents="random")
    rng = np.random.default_rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observation, _ = single.reset(seed=games)
        terminated = False
        while not terminated:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            observation, _, terminated, _, _ = single.step(action)
        decisions += len(single.state.history)
        games += 1
    return decisions / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU s per measurement")
    args = parser.parse_args()
    columns = ("players", "actions", "obs size", "learn s", "engine/s", "AEC/s", "gym/s", "AEC %")
    print(f"{'game':<16}" + "".join(f"{c:>10}" for c in columns))
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        for players in range(info.min_players, info.max_players + 1):
            start = time.process_time()
            layout = observation_layout(game_id, players)
            learn = time.process_time() - start
            engine = engine_rate(game_id, players, args.seconds)
            aec = aec_rate(game_id, players, args.seconds)
            gym = gym_rate(game_id, players, args.seconds)
            figures = (
                f"{players}",
                f"{action_space(game_id).size:,}",
                f"{layout.size:,}",
                f"{learn:.1f}",
                f"{engine:,.0f}",
                f"{aec:,.0f}",
                f"{gym:,.0f}",
                f"{100 * aec / engine:.1f}",
            )
            print(f"{game_id:<16}" + "".join(f"{f:>10}" for f in figures), flush=True)


if __name__ == "__main__":
    main()
