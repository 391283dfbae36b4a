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
mask allows), so the ratio compares the stepping, not two ways of drawing. ``floor %`` is the
AEC version-1 loop with the observation replaced by a constant zero vector (everything a step
costs but the encoding): no encoder, however fast, takes a game above it.
CPU time of this process (``time.process_time``), one run on one core; never asserted in tests.
``CONTRABAND_PURE=1`` (the reference) runs the engine in pure Python; without it the compiled
engine is used where its ``.so`` files were built. Needs the extra ``rl``.

One run, pure Python, 2026-11-29, on the shared 2-core machine under other load (issue 45; the
full table with the sizes is in docs/envs.md, "Sizes and step rates"):

    game             players  engine/s  AEC v0/s  AEC v1/s     gym/s      v0 %      v1 %   floor %
    al-cabohne             1    89,064     6,197     7,310     7,475       7.0       8.2      21.6
    counterfeiters         2    63,200     3,100     5,401     9,447       4.9       8.5      24.5
    nacho-incident         4    90,044     1,973     4,315    14,348       2.2       4.8      21.9
    narcos                 2    72,808     3,704     7,638    18,118       5.1      10.5      31.5
    tony-tino              2    57,052     1,718     5,525    12,307       3.0       9.7      24.0

The goal of 25% is not reached; the floor shows that in most games it cannot be by encoding
faster alone.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import contraband
from contraband import Rng
from contraband.envs import aec as aec_module
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


def floor_rate(game_id: str, players: int, seconds: float) -> float:
    """The AEC version-1 loop with the observation replaced by one constant zero vector: what a
    step costs apart from encoding (the mask, the wrappers, the final views), the most any
    encoder could reach."""
    zeros: dict[int, np.ndarray] = {}

    def zero(layout, state, seat, view=None):  # noqa: ANN001, ANN202, ARG001 - encode_state's shape
        return zeros.setdefault(id(layout), np.zeros(layout.size, dtype=np.float32))

    real, aec_module.encode_state = aec_module.encode_state, zero
    try:
        return aec_rate(game_id, players, seconds, 1)
    finally:
        aec_module.encode_state = real


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
    columns += ("AEC v1/s", "gym/s", "v0 %", "v1 %", "floor %")
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
            floor = floor_rate(game_id, players, args.seconds) if declared else float("nan")
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
                f"{100 * floor / engine:.1f}",
            )
            print(f"{game_id:<16}" + "".join(f"{f:>10}" for f in figures), flush=True)


if __name__ == "__main__":
    main()
