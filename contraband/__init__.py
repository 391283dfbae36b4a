"""contraband: five underworld board games, one engine.

import contraband
contraband.games()                  # what can be played
game = contraband.load("tony-tino")
state = game.new(players=2, seed=7)
"""

# first: the compiled build (make fast) must not run when stale, see contraband.compiled
from contraband.compiled import guard as _guard  # noqa: I001

_guard()

from contraband.games import BUILTIN as _BUILTIN  # noqa: E402,I001  (must precede the games() import)
from contraband.core import Action, GameInfo, IllegalAction, OptionSpec, Rng, State  # noqa: E402
from contraband.core.game import game_ids, load, register  # noqa: E402
from contraband.core.game import games  # noqa: E402  binds contraband.games to the function, not the package

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
