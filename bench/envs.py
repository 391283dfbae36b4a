"""Step rate of the reinforcement-learning environments against the engine's own random play.

    CONTRABAND_PURE=1 nice -n 5 python bench/envs.py [--game ID ...] [--seconds 1]

Per game and player count: the observation sizes of encoding versions 0 and 1, the CPU ms to
build each layout at first use in a process (``v0 ms``, ``v1 ms``: from the game's declared
domains, or, for v0 of a game without them, learnt from sampled games), the engine's random-play
decisions/s (``legal_actions`` and ``apply``), the same random play through the PettingZoo AEC
API (``env.last()`` builds the mover's observation vector and action mask, then ``env.step``)
in version 0 (the default: the view in the infos) and version 1 (no view in the infos, the
observation encoded from the game's view without the defensive copy, by the compiled walk of
``contraband.envs.plan``), and through the Gymnasium single-agent environment (seat 0 learning,
random opponents; version 1 where declared); the last two columns are the AEC rates as a
percentage of the engine's, measured in the same run. Every loop draws its random legal action
with the same ``contraband.Rng.choice`` over a list (the AEC and Gymnasium ones over the ids the
mask allows), so the ratio compares the stepping, not two ways of drawing.
CPU time of this process (``time.process_time``), one run on one core; never asserted in tests.
``CONTRABAND_PURE=1`` (the reference) runs the engine in pure Python; without it the compiled
engine is used where its ``.so`` files were built. Needs the extra ``rl``.

One run, pure Python, on the shared 2-core machine under heavy other load (issue 45):

    game             players  engine/s  AEC v0/s  AEC v1/s     gym/s      v0 %      v1 %
    al-cabohne             1    58,782     3,429     6,858     8,553       5.8      11.7
    al-cabohne             2    89,340     3,128     6,791    12,788       3.5       7.6
    counterfeiters         2    60,015     1,815     5,398    10,790       3.0       9.0
    counterfeiters         3    55,957     2,339     5,429    10,808       4.2       9.7
    counterfeiters         4    62,712     1,819     4,391    12,945       2.9       7.0
    nacho-incident         2    76,253     1,909     5,239     8,286       2.5       6.9
    nacho-incident         3    64,271     1,716     4,368    11,261       2.7       6.8
    nacho-incident         4    67,454     1,568     3,201    12,203       2.3       4.7
    narcos                 2    64,147     3,621     7,752    13,532       5.6      12.1
    narcos                 3    74,928     2,430     4,952    11,501       3.2       6.6
    narcos                 4    58,840     1,997     5,345    13,711       3.4       9.1
    tony-tino              2    44,281     1,190     3,542     7,105       2.7       8.0

Before issue 45's changes, in the same conditions, v0 % was 1.5-5.5 and v1 % 1.8-5.8; the goal
of 25% is not reached (see docs/envs.md, "Sizes and step rates", for what costs the rest).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import contraband
from contraband import Rng
from contraband.envs import env, gym_env
from contraband.envs.domains import domain
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


def aec_rate(game_id: str, players: int, seconds: float, version: int = 0) -> float:
    aec = env(game_id, players, version=version)
    rng = Rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        aec.reset(seed=games)
        for _ in aec.agent_iter():
            observation, _, terminated, truncated, _ = aec.last()
            if terminated or truncated:
                aec.step(None)
                continue
            aec.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
            decisions += 1
        games += 1
    return decisions / (time.process_time() - start)


def gym_rate(game_id: str, players: int, seconds: float, version: int = 0) -> float:
    """Decisions/s of all seats (the learner's and its random opponents')."""
    single = gym_env(game_id, players, seat=0, opponents="random", version=version)
    rng = Rng(1)
    decisions = games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        observation, _ = single.reset(seed=games)
        terminated = False
        while not terminated:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
            observation, _, terminated, _, _ = single.step(action)
        decisions += len(single.state.history)
        games += 1
    return decisions / (time.process_time() - start)


def build_ms(game_id: str, players: int, version: int) -> float:
    """CPU ms to build the layout as at first use in a process (its caches cleared)."""
    observation_layout.cache_clear()
    domain.cache_clear()
    start = time.process_time()
    observation_layout(game_id, players, version)
    return 1000 * (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", action="append", help="game id (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU s per measurement")
    args = parser.parse_args()
    columns = ("players", "obs v0", "obs v1", "v0 ms", "v1 ms", "engine/s", "AEC v0/s")
    columns += ("AEC v1/s", "gym/s", "v0 %", "v1 %")
    print(f"{'game':<16}" + "".join(f"{c:>10}" for c in columns))
    for game_id in args.game or contraband.game_ids():
        info = contraband.load(game_id).info
        declared = domain(game_id) is not None
        for players in range(info.min_players, info.max_players + 1):
            v0_ms = build_ms(game_id, players, 0)
            v1_ms = build_ms(game_id, players, 1) if declared else float("nan")
            v0 = observation_layout(game_id, players)
            v1 = observation_layout(game_id, players, 1) if declared else None
            engine = engine_rate(game_id, players, args.seconds)
            aec0 = aec_rate(game_id, players, args.seconds)
            aec1 = aec_rate(game_id, players, args.seconds, 1) if declared else float("nan")
            gym = gym_rate(game_id, players, args.seconds, 1 if declared else 0)
            figures = (
                f"{players}",
                f"{v0.size:,}",
                f"{v1.size:,}" if v1 is not None else "-",
                f"{v0_ms:.0f}",
                f"{v1_ms:.0f}",
                f"{engine:,.0f}",
                f"{aec0:,.0f}",
                f"{aec1:,.0f}",
                f"{gym:,.0f}",
                f"{100 * aec0 / engine:.1f}",
                f"{100 * aec1 / engine:.1f}",
            )
            print(f"{game_id:<16}" + "".join(f"{f:>10}" for f in figures), flush=True)


if __name__ == "__main__":
    main()
