"""The version-1 observation written straight from the state (``contraband.envs.direct``) is the
one encoded from the seat's view, and reads nothing the seat cannot see.

For every game whose ``encoding`` module provides ``direct_v1``: over seeded random play of every
player count and option variant, at every position and for every seat, the direct vector equals
``layout.encode(state.view(seat), seat)`` bit for bit, on the game's states and on
determinizations of them; and two states that differ only in what a seat cannot see (the game's
own ``determinize(seat, rng)``) give that seat the same direct vector.
"""

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

import contraband  # noqa: E402
from contraband.envs import env  # noqa: E402
from contraband.envs.direct import encode_state, writer  # noqa: E402
from contraband.envs.domains import declared_games, encoding_module  # noqa: E402
from contraband.envs.layout import observation_layout  # noqa: E402
from tests.envs.cases import VARIANT_IDS, VARIANTS  # noqa: E402

DIRECT = [game for game in declared_games() if hasattr(encoding_module(game), "direct_v1")]
CASES = [
    pytest.param(game, players, options, id=name)
    for (game, players, options), name in zip(VARIANTS, VARIANT_IDS, strict=True)
    if game in DIRECT
]


def differing(direct, reference, layout):
    """The names of the slots where two vectors differ (bit for bit), with both values."""
    bits = direct.view(np.uint32) != reference.view(np.uint32)
    return [
        (layout.names[i], float(direct[i]), float(reference[i])) for i in np.flatnonzero(bits)[:8]
    ]


def check(state, layout, where):
    for seat in range(state.players):
        direct = encode_state(layout, state, seat)
        reference = layout.encode(state.view(seat), seat)
        assert direct.dtype == np.float32 and direct.shape == reference.shape
        assert direct.tobytes() == reference.tobytes(), (
            f"{where} seat {seat}: {differing(direct, reference, layout)}"
        )


def test_the_games_with_a_writer_are_found():
    assert "tony-tino" in DIRECT
    for game in DIRECT:
        layout = observation_layout(game, contraband.load(game).info.min_players, 1)
        assert writer(layout) is not None


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_the_direct_vector_is_the_views_over_random_play(game, players, options):
    layout = observation_layout(game, players, 1)
    positions = 0
    for seed in (11, 12, 13):
        state = contraband.load(game).new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        moves = 0
        while True:
            check(state, layout, f"{game} seed {seed} move {moves}")
            positions += 1
            if moves % 5 == 0 and not state.is_terminal():
                guess = state.determinize(state.current_player, rng.randrange(2**32))
                check(guess, layout, f"{game} seed {seed} move {moves} determinized")
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions(state.current_player)))
            moves += 1
    assert positions >= 100


@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_what_a_seat_cannot_see_does_not_change_its_direct_vector(game, players, options):
    layout = observation_layout(game, players, 1)
    state = contraband.load(game).new(players=players, seed=21, options=options)
    rng = random.Random(21)
    hidden_changed = 0
    while not state.is_terminal():
        for seat in range(players):
            mine = encode_state(layout, state, seat).tobytes()
            for draw in range(2):
                other = state.determinize(seat, rng.randrange(2**32))
                hidden_changed += other.to_json() != state.to_json()
                assert encode_state(layout, other, seat).tobytes() == mine, (
                    f"{game} seat {seat}, draw {draw}: the vector depends on hidden information"
                )
        state.apply(rng.choice(state.legal_actions(state.current_player)))
    # the determinizations did change hidden information, so the test could fail
    assert hidden_changed > 0


def test_the_aec_environment_observes_the_direct_vector():
    game = DIRECT[0]
    aec = env(game, version=1)
    aec.reset(seed=4)
    rng = random.Random(4)
    for agent in aec.agent_iter():
        observation, _, terminated, truncated, _ = aec.last()
        state, seat = aec.unwrapped.state, int(agent.rsplit("_", 1)[1])
        reference = aec.unwrapped.layout.encode(state.view(seat), seat)
        assert observation["observation"].tobytes() == reference.tobytes()
        if terminated or truncated:
            aec.step(None)
            continue
        aec.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
