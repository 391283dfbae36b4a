"""The legal actions' hot path (``legal.py``: ready-made pieces from caches) offers exactly what
the phase modules' rules say, in the same order, at every step of random play, including after
a save and load and on a determinization."""

import pytest

from contraband.core.random import Rng
from contraband.games.al_cabohne import leftovers, planting, trading, tribute
from contraband.games.al_cabohne.actions import (
    ACTIONS,
    BUY_LABEL,
    DONE_LABEL,
    END_PLANTING_LABEL,
    GIFT,
    HARVEST_LABELS,
    LEFTOVERS,
    OVER,
    PLANTING,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.harvest import can_buy, harvestable
from tests.games.al_cabohne.builder import GAME

PHASE_RULES = {
    LEFTOVERS: leftovers.legal,
    TRIBUTE: tribute.legal,
    PLANTING: planting.legal,
    GIFT: trading.legal_gift,
    TRADING: trading.legal_trade,
}


def by_the_rules(state) -> list[str]:
    """The phase's choices, the harvests, the third field, then the phase's end."""
    if state.phase == OVER:
        return []
    seat = state.turn_player
    table = ACTIONS[seat]
    out = []
    PHASE_RULES[state.phase](state, seat, table, out)
    out += [table[HARVEST_LABELS[f]] for f in harvestable(state, seat)]
    if can_buy(state, seat):
        out.append(table[BUY_LABEL])
    if state.phase == PLANTING and planting.may_end(state):
        out.append(table[END_PLANTING_LABEL])
    elif state.phase == TRADING:
        out.append(table[DONE_LABEL])
    return [action.label for action in out]


def labels(state) -> list[str]:
    return [action.label for action in state.legal_actions()]


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("seed", range(6))
def test_the_hot_path_offers_what_the_rules_say(players, seed):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed + 7)
    phases = set()
    while not state.is_terminal():
        assert labels(state) == by_the_rules(state)
        phases.add(state.phase)
        state.apply(rng.choice(state.legal_actions()))
    assert labels(state) == by_the_rules(state) == []
    assert {TRIBUTE, PLANTING, TRADING} <= phases


@pytest.mark.parametrize("players", [1, 2])
def test_the_same_after_loading_and_on_a_determinization(players):
    state = GAME.new(players, seed=11)
    rng = Rng(3)
    step = 0
    while not state.is_terminal():
        if step % 9 == 0:
            loaded = GAME.from_json(state.to_json())
            assert labels(loaded) == labels(state) == by_the_rules(loaded)
            guess = state.determinize(state.current_player, rng)
            assert labels(guess) == by_the_rules(guess)
        state.apply(rng.choice(state.legal_actions()))
        step += 1
