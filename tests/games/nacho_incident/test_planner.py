"""The Nacho planner's hires and hand refreshes, and the search taking them from it."""

from __future__ import annotations

from contraband.agents import from_spec
from contraband.games.nacho_incident import planner
from contraband.games.nacho_incident.board import HIRE
from contraband.games.nacho_incident.planner import Look
from tests.games.nacho_incident.builder import gem, hand, new, warehouse


def _grain_for_quebec():
    """Red chooses first and holds a grain cube, which only Quebec's card buys; red's Gus
    (Alberta's flag) cannot reach Quebec, its Ezra (Ontario's flag) can. Both cost nothing."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, "Gus", "Ezra")
    warehouse(state, 0, "grain")
    return state


def test_the_planner_hires_the_smuggler_that_can_deliver_the_cube():
    state = _grain_for_quebec()
    assert state.phase == HIRE and state.current_player == 0
    assert planner.plan(state).label == "hire Ezra"


def test_the_planner_discards_a_costly_high_rank_and_keeps_cheap_wide_smugglers():
    state = new(2)
    hand(state, 0, "Duke", "Ozzy", "Pam")  # Duke: rank 9, a fee of 4, two provinces
    offered = ["discard Duke", "discard Ozzy", "discard Pam", "keep hand"]
    assert planner.refresh(Look(state, 0), offered) == "discard Duke"
    hand(state, 0, "Ozzy", "Pam")  # rank 1 and 2, free, three provinces each
    assert planner.refresh(Look(state, 0), ["discard Ozzy", "discard Pam", "keep hand"]) == (
        "keep hand"
    )


def test_the_search_takes_its_hires_from_the_planner_unless_told_to_search_them():
    state = _grain_for_quebec()
    planned = from_spec("ismcts:iterations=60", seed=3)
    assert planned.act(state, 0).label == "hire Ezra"
    assert planned.last_iterations == 0
    searched = from_spec("ismcts:iterations=60,plan=false,early=false", seed=3)
    searched.act(state, 0)
    assert searched.last_iterations == 60
