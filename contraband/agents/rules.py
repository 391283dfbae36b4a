"""Rules: the game's rule-based player, a competent opponent written from the rulebook.

Each game gives its own (``Game.rules_player``, in the game's ``rules_player.py``): no search,
a few plain rules a careful person who has read the rulebook would follow. It is the yardstick
of the strength ladder (docs/strength.md): ``hard`` must beat it clearly. The agent hands the
game's player a determinization of its own seat and its own generator, nothing else.
"""

from __future__ import annotations

from contraband.agents.base import check_turn
from contraband.core.action import Action
from contraband.core.game import game_ids, load
from contraband.core.random import Rng
from contraband.core.registry import game_of
from contraband.core.state import State


class RulesAgent:
    name = "rules"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def act(self, state: State, seat: int) -> Action:
        legal = check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        player = game_of(state).rules_player
        if player is None:
            having = [g for g in game_ids() if load(g).rules_player is not None]
            raise ValueError(
                f"{state.GAME_ID} has no rule-based player; the games that have one: "
                f"{', '.join(having) or 'none'}"
            )
        guess = state.determinize(seat, self.rng)
        # our legal actions depend only on what we see: the determinization shares them
        guess._legal = state._cached_legal()
        return player(guess, seat, legal, self.rng)
