"""The views an observation layout is learnt from: seeded random games of one game and player
count, under its default options and each other value of every option that can change what a
view holds (true/false options and options with choices; a number option changes only numbers).

Each option variant is played for a budget of decisions, not of games, so that short games are
sampled as thoroughly as long ones. Fixed seeds: every process learns the same layout from the
same game code.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from contraband import load

#: (decisions, games) played at least under the default options, and under each other value
DEFAULT_BUDGET = (6000, 24)
VARIANT_BUDGET = (2000, 8)
#: one view every this many decisions (the seats take turns), and every seat's at a game's end
VIEW_EVERY = 4


def option_variants(game: str, players: int) -> list[dict[str, Any]]:
    """The default options ({}), then one variant per other value of each option with choices."""
    variants: list[dict[str, Any]] = [{}]
    for spec in load(game).info.options:
        default = spec.default_for(players)
        if spec.kind is bool:
            variants.append({spec.name: not default})
        elif spec.choices is not None:
            variants += [{spec.name: value} for value in spec.choices if value != default]
    return variants


def sample_views(game: str, players: int) -> Iterator[dict[str, Any]]:
    """Views of seeded random games: one every few decisions, and every seat's at the end."""
    for index, options in enumerate(option_variants(game, players)):
        decisions, games = DEFAULT_BUDGET if index == 0 else VARIANT_BUDGET
        yield from _views(game, players, options, decisions, games)


def _views(
    game: str, players: int, options: dict[str, Any], decisions: int, games: int
) -> Iterator[dict]:
    loaded = load(game)
    seed = step = 0
    while step < decisions or seed < games:
        state = loaded.new(players=players, seed=seed, options=options)
        rng = random.Random(seed)
        while not state.is_terminal():
            if step % VIEW_EVERY == 0:
                yield state.view(step // VIEW_EVERY % players)
            state.apply(rng.choice(state.legal_actions(state.current_player)))
            step += 1
        yield from (state.view(seat) for seat in range(players))
        seed += 1
