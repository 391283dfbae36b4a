"""Tony & Tino (Bruno Cathala, 2002): two sons fight for Chicago's protection money."""

from pathlib import Path

from contraband.core.game import Game, GameInfo, OptionSpec
from contraband.games.tony_tino.board import FIRST_PLAYER, FIRST_PLAYER_CHOICES
from contraband.games.tony_tino.heuristic import HEURISTIC
from contraband.games.tony_tino.rules_player import decide as rules_decide
from contraband.games.tony_tino.state import TonyTinoState


class TonyTino(Game):
    info = GameInfo(
        id="tony-tino",
        title="Tony & Tino",
        min_players=2,
        max_players=2,
        options=(
            OptionSpec(
                "first_player",
                str,
                FIRST_PLAYER,
                "who starts: 'seat 0' for Tony (player 1), 'seat 1' for Tino (player 2), or "
                "'random' (the rulebook lets the players choose)",
                choices=FIRST_PLAYER_CHOICES,
            ),
        ),
        summary="Place figures on Chicago's control points in the order the discs dictate; "
        "complete a street with the higher sum to collect its protection money.",
    )
    state_class = TonyTinoState
    rules_path = Path(__file__).with_name("RULES.md")
    heuristic = HEURISTIC
    rules_player = staticmethod(rules_decide)


GAME = TonyTino()
