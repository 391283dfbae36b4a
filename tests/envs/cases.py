"""Every game at every player count, and every option variant the layouts are learnt under."""

import random

import contraband
from contraband.envs.sampling import option_variants

CASES = [
    (game, players)
    for game in contraband.game_ids()
    for players in range(
        contraband.load(game).info.min_players, contraband.load(game).info.max_players + 1
    )
]
IDS = [f"{game}-{players}p" for game, players in CASES]
#: every game, player count and option variant
VARIANTS = [
    (game, players, options)
    for game, players in CASES
    for options in option_variants(game, players)
]
VARIANT_IDS = [
    f"{game}-{players}p" + "".join(f"-{k}={v}" for k, v in options.items())
    for game, players, options in VARIANTS
]


def random_game(game, players, seed, options=None, every=None):
    """Play a random game from ``seed``, calling ``every(state)`` before each decision."""
    state = contraband.load(game).new(players=players, seed=seed, options=options)
    rng = random.Random(seed)
    while not state.is_terminal():
        if every is not None:
            every(state)
        state.apply(rng.choice(state.legal_actions(state.current_player)))
    return state
