"""The game-agnostic engine. It never imports a game."""

from contraband.core.action import Action, IllegalAction
from contraband.core.game import Game, GameInfo, OptionSpec, games, load, register
from contraband.core.random import Rng, derive_seed
from contraband.core.state import State

__all__ = [
    "Action",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OptionSpec",
    "Rng",
    "State",
    "derive_seed",
    "games",
    "load",
    "register",
]
