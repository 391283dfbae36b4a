"""The Nacho Incident's evaluation reads the rulebook's timing: a majority is sure only once
nobody can still move before the round's end, and a discarded smuggler is replaced by a draw."""

from __future__ import annotations

import pytest

from contraband.games.nacho_incident.board import BONUS, REFRESH
from contraband.games.nacho_incident.heuristic import HEURISTIC
from tests.games.nacho_incident.builder import (
    card,
    gem,
    hand,
    hire_all,
    holders,
    mountie_up,
    new,
    province,
)

ALBERTA = province("Alberta")


def _round_one_last_turn(hires: dict[int, str]):
    """Two players on the round's last turn; red leads Alberta 2 to 1 and has a Quebec
    smuggler, blue an Alberta one (which reaches Alberta)."""
    state = new(2)
    gem(state, 0)
    state.turn = 3
    hand(state, 0, "Ugo", "Heloise")
    hand(state, 1, "Vera", "Val")
    holders(state, 0, "Alberta", "Gus", "Dot")
    holders(state, 1, "Alberta", "Hank")
    mountie_up(state, "Steele")  # Ontario: the first player's empty cantina there takes it
    hire_all(state, hires)
    return state


def _alberta_lead_worth(state) -> float:
    """What red's two Alberta holders add to red's expected gold."""
    without = state.clone()
    without.cantinas[0 * 4 + ALBERTA] = []
    return HEURISTIC.expected_gold(state)[0] - HEURISTIC.expected_gold(without)[0]


def test_a_lead_is_not_yet_sure_while_a_rival_still_moves_this_turn():
    state = _round_one_last_turn({0: "Heloise", 1: "Vera"})  # red's rank 9 goes first
    state.apply("ship nothing")
    state.apply("go to Quebec")
    assert state.current_player == 1  # blue's Alberta smuggler could still tie the lead
    worth = _alberta_lead_worth(state)
    assert 0.5 * BONUS[ALBERTA] < worth < BONUS[ALBERTA]


def test_a_lead_is_sure_once_nobody_else_moves_before_the_round_ends():
    state = _round_one_last_turn({0: "Ugo", 1: "Vera"})  # blue's rank 7 goes first
    state.apply("ship nothing")
    state.apply("go to Saskatchewan")
    assert state.current_player == 0  # red moves last, with a Quebec smuggler
    assert _alberta_lead_worth(state) == pytest.approx(BONUS[ALBERTA])


def _refreshing(seat_hand: tuple[str, ...]):
    state = new(2)
    hand(state, 0, *seat_hand)
    state.phase = REFRESH
    state.current_player = 0
    state._legal = None
    return state


def test_a_discard_is_judged_against_the_draw_that_replaces_it():
    """Rex (Saskatchewan, fee 3, three provinces) is worth less than an average draw and Gus
    (Alberta, no fee, two provinces) more: discarding the first raises red's expected gold,
    discarding the second lowers it, and keeping the hand changes nothing."""
    state = _refreshing(("Rex", "Gus"))
    before = HEURISTIC.expected_gold(state)[0]

    def after_discarding(name: str) -> float:
        child = state.clone()
        child.hands[0].remove(card(name))
        return HEURISTIC.expected_gold(child)[0]

    assert after_discarding("Rex") > before
    assert after_discarding("Gus") < before
