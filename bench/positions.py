"""Positions to time a search on: decisions with two or more choices, spread over whole random
games. Knows no package by name (the game and its generator class are passed in), so that
research/ab.py can sample from either of two source trees."""

from __future__ import annotations

from typing import Any


def positions_of(game: Any, rng_class: Any, players: int, count: int, seed: int = 1) -> list:
    rng = rng_class(seed)
    found: list = []
    games = 0
    while len(found) < count and games < 50:
        state = game.new(players, seed=seed + games)
        games += 1
        step = 0
        while not state.is_terminal() and len(found) < count:
            if step % 23 == 11 and len(state.legal_actions()) > 1:
                found.append(state.clone())
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    return found
