"""Rule-based bench players, one per game, as the agent spec ``rules``.

Each is written from the rulebook (and a player's common sense), not from the engine's search:
a competent human opponent that ``hard`` must beat clearly on the ladder. They read only what
their seat may see (a determinization of their own seat, or the view).

``install()`` registers the spec ``rules`` with the agent registry, so that the lab (and
bench/ladder.py: ``--opponent rules``) can seat it like any other agent; the lab's local
workers are forked after the registration and inherit it. A ``rules`` agent picks its game's
player on its first decision, by the state's ``GAME_ID``.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from contraband.agents import REGISTRY, register  # noqa: E402
from contraband.core.random import Rng  # noqa: E402

NAME = "rules"


class SeatPlayer:
    """What every rules player shares: the only legal action at once; otherwise ``decide`` on a
    determinization of its own seat, which is all it reads."""

    name = NAME

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.spec = NAME

    def act(self, state, seat: int):
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.decide(state.determinize(seat, self.rng), seat, legal)

    def decide(self, guess, seat: int, legal: list):
        """One of ``legal``, judged on ``guess``."""
        raise NotImplementedError


#: game id -> (bench module, factory name); the factory takes ``seed`` and returns an agent
PLAYERS: dict[str, tuple[str, str]] = {
    "al-cabohne": ("al_cabohne_rules", "AlCabohneRulesPlayer"),
    "tony-tino": ("tony_tino_rules", "TonyTinoRulesPlayer"),
    "nacho-incident": ("nacho_rules", "NachoRulesPlayer"),
    "counterfeiters": ("counterfeiters_plans", "rules_player"),
    "narcos": ("narcos_thresholds", "rules_player"),
}


def player_for(game_id: str, seed: int = 0):
    """The rule-based player of ``game_id``."""
    if game_id not in PLAYERS:
        known = ", ".join(sorted(PLAYERS))
        raise ValueError(f"no rule-based bench player for {game_id!r}; there is one for: {known}")
    module, factory = PLAYERS[game_id]
    return getattr(importlib.import_module(module), factory)(seed)


class RulesAgent:
    """The rule-based player of whatever game it is handed."""

    name = NAME

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.spec = NAME
        self._player = None
        self._game = None

    def act(self, state, seat: int):
        if self._player is None or self._game != state.GAME_ID:
            self._game = state.GAME_ID
            self._player = player_for(state.GAME_ID, self.seed)
        return self._player.act(state, seat)


def install() -> None:
    """Make ``rules`` an agent spec (once)."""
    if NAME not in REGISTRY:
        register(NAME, RulesAgent, {}, "the game's rule-based bench player (bench/rule_players.py)")
