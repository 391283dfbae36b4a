"""Al Cabohne (Uwe Rosenberg, 2000): Bohnanza for two or one, against the bean mafia."""

from pathlib import Path

from contraband.core.game import Game, GameInfo, OptionSpec
from contraband.games.al_cabohne.beans import DEFAULT_PASSES, MOST_PASSES
from contraband.games.al_cabohne.heuristic import HEURISTIC
from contraband.games.al_cabohne.rules_player import decide as rules_decide
from contraband.games.al_cabohne.state import AlCabohneState


class AlCabohne(Game):
    info = GameInfo(
        id="al-cabohne",
        title="Al Cabohne",
        min_players=1,
        max_players=2,
        preferred_players=2,
        options=(
            OptionSpec(
                "deck_passes",
                int,
                DEFAULT_PASSES[2],
                "how often the deck is played through before the game ends",
                minimum=1,
                maximum=MOST_PASSES,
                per_players=dict(DEFAULT_PASSES),
            ),
        ),
        summary="Plant beans in a fixed hand order, sell fields for coins, and pay off the "
        "bean mafia, which competes for the win (doubled in the solo game).",
    )
    state_class = AlCabohneState
    rules_path = Path(__file__).with_name("RULES.md")
    heuristic = HEURISTIC
    rules_player = staticmethod(rules_decide)


GAME = AlCabohne()
