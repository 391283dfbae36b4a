"""The Nacho Incident (Jim Doherty, 2005): smuggle banned food into Canada, run the best
cantinas, and keep the mounties busy elsewhere."""

from pathlib import Path

from contraband.core.game import Game, GameInfo, OptionSpec
from contraband.games.nacho_incident.heuristic import HEURISTIC
from contraband.games.nacho_incident.rules_player import decide as rules_decide
from contraband.games.nacho_incident.state import NachoState


class NachoIncident(Game):
    info = GameInfo(
        id="nacho-incident",
        title="The Nacho Incident",
        min_players=2,
        max_players=4,
        preferred_players=4,
        options=(
            OptionSpec(
                "reselect_hand",
                bool,
                False,
                "before the first mountie is seen, each player may discard unwanted starting "
                "smugglers and draw back to 8",
            ),
            OptionSpec(
                "random_mounties",
                bool,
                False,
                "mounties come out one round at a time; arrested mounties are shuffled back "
                "between rounds",
            ),
            OptionSpec(
                "blind_smuggling",
                bool,
                False,
                "each turn's mountie stays face down until the first player takes it",
            ),
        ),
        summary="Each turn everyone hires a smuggler in secret; the highest rank moves first but "
        "draws the mountie. Deliver food for its price, win cantina majorities, dodge arrests.",
    )
    state_class = NachoState
    rules_path = Path(__file__).with_name("RULES.md")
    heuristic = HEURISTIC
    rules_player = staticmethod(rules_decide)


GAME = NachoIncident()
