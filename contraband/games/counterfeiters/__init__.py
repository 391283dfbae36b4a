"""Counterfeiters (Olivier Bourgeois, Quined Games 2018): print fake notes, pass them off as
real money, and keep your cash out of the Godfather's reach until the police close the case."""

from pathlib import Path

from contraband.core.game import Game, GameInfo, OptionSpec
from contraband.games.counterfeiters.heuristic import HEURISTIC
from contraband.games.counterfeiters.rules_player import decide as rules_decide
from contraband.games.counterfeiters.state import CounterfeitersState


class Counterfeiters(Game):
    info = GameInfo(
        id="counterfeiters",
        title="Counterfeiters",
        min_players=2,
        max_players=4,
        preferred_players=3,
        options=(
            OptionSpec(
                "random_start",
                bool,
                False,
                "the start player is drawn at random (default: seat 1 starts with $20)",
            ),
        ),
        summary="Place henchmen to buy printers and components on the black market, print fake "
        "notes, pass them at the supermarket or to a fence, and fly your cash offshore before "
        "the Godfather takes half. The police track ends the game.",
    )
    state_class = CounterfeitersState
    rules_path = Path(__file__).with_name("RULES.md")
    heuristic = HEURISTIC
    rules_player = staticmethod(rules_decide)


GAME = Counterfeiters()
