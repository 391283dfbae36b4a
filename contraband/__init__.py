"""contraband: five underworld board games, one engine.

import contraband
contraband.games()                  # what can be played
game = contraband.load("tony-tino")
state = game.new(players=2, seed=7)
"""

from contraband.games import BUILTIN as _BUILTIN  # noqa: I001  (must precede the games() import)
from contraband.core import Action, GameInfo, IllegalAction, OptionSpec, Rng, State
from contraband.core.game import game_ids, load, register
from contraband.core.game import games  # binds contraband.games to the function, not the package

for _game_id, _module in _BUILTIN.items():
    register(_game_id, _module)

__all__ = [
    "Action",
    "GameInfo",
    "IllegalAction",
    "OptionSpec",
    "Rng",
    "State",
    "game_ids",
    "games",
    "load",
    "register",
]
__version__ = "0.1.0"
