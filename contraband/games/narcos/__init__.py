"""Narcos (Invedars, provisional rulebook): a push-your-luck drug network for 2-4 players.
Flip cards for actions, produce and ship cocaine, sell it to traffickers in the USA, and grow
the network; the richest player when round 2's deck is spent wins."""

from pathlib import Path

from contraband.core.game import Game, GameInfo, OptionSpec
from contraband.games.narcos.board import BASIC, MODES
from contraband.games.narcos.heuristic import HEURISTIC
from contraband.games.narcos.rules_player import decide as rules_decide
from contraband.games.narcos.state import NarcosState


class Narcos(Game):
    info = GameInfo(
        id="narcos",
        title="Narcos",
        min_players=2,
        max_players=4,
        preferred_players=3,
        options=(
            OptionSpec(
                "mode",
                str,
                BASIC,
                "basic: a permanent trafficker beside the deck; advanced: the city board with "
                "worker majorities, event tokens and the police warehouse",
                choices=MODES,
            ),
        ),
        summary="Flip Narcos cards one by one for actions until you stop, dodging police, "
        "military, the press and the DEA; produce and ship goods, sell them to traffickers "
        "and upgrade your network. Three sirens and you flee.",
    )
    state_class = NarcosState
    rules_path = Path(__file__).with_name("RULES.md")
    heuristic = HEURISTIC
    rules_player = staticmethod(rules_decide)


GAME = Narcos()
