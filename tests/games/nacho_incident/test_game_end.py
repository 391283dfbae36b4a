"""Game end after twelve turns; most gold wins, ties go to the gem holder or the nearest
clockwise from it."""

from contraband.core.random import Rng
from tests.games.nacho_incident.builder import new


def _finish(state, seed=1):
    rng = Rng(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_game_ends_after_twelve_turns_without_a_final_refresh():
    state = _finish(new(3, seed=2))
    assert state.turn == 11 and state.current_player is None
    assert state.legal_actions() == []
    hires = [label for label in state.history if label.startswith("hire ")]
    assert len(hires) == 12 * 3
    last_hire = max(i for i, label in enumerate(state.history) if label.startswith("hire "))
    after = state.history[last_hire + 1 :]
    assert not [label for label in after if label in ("restock", "keep hand")]


def test_most_gold_wins():
    state = _finish(new(4, seed=3))
    state.gold = [20, 31, 25, 30]
    assert state.winners() == [1]
    assert state.returns() == [0.0, 1.0, 0.0, 0.0]


def test_a_tie_goes_to_the_gem_holder():
    state = _finish(new(4, seed=3))
    state.gold = [30, 31, 25, 31]
    state.gem = 3
    assert state.winners() == [3]


def test_a_tie_without_the_gem_goes_to_the_nearest_clockwise_from_it():
    state = _finish(new(4, seed=3))
    state.gold = [31, 31, 25, 20]
    state.gem = 2
    assert state.winners() == [0]  # clockwise from seat 2: 3, then 0
    state.gem = 1
    assert state.winners() == [1]
    state.gem = 0
    state.gold = [20, 31, 25, 31]
    assert state.winners() == [1]
    result = state.result()
    assert result["winners"] == [1] and result["gem"] == 0 and result["final"] is True
    assert result["tie_break"] == {"tied": [1, 3], "gem": 0}
    state.gold = [20, 31, 25, 30]
    assert state.result()["tie_break"] is None
