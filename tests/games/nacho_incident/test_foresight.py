"""The searching agent's hire, judged by playing the turn out on sampled deals."""

from __future__ import annotations

from contraband.core.random import Rng
from contraband.games.nacho_incident import foresight, planner
from contraband.games.nacho_incident.board import CARGO, HIRE, MEANING, REFRESH
from contraband.games.nacho_incident.draw import insert_sorted
from contraband.games.nacho_incident.heuristic import HEURISTIC
from tests.games.nacho_incident.builder import (
    card,
    gem,
    hand,
    holders,
    new,
    province_card,
    warehouse,
)


def _salsa_for_alberta():
    """Red hires first and holds a salsa cube that only Alberta's face-up card buys (for 7);
    its Vera (Alberta's flag, fee 3) can take it there, its Ezra (Ontario's flag, free)
    cannot. Blue already runs two holders in every other province, so Ezra's cantina adds
    nothing, and the smuggler deck is used up: blue's hand is the only unseen smugglers."""
    state = new(2)
    state.turn = 3  # the round's last turn
    gem(state, 0)
    hand(state, 0, "Ezra", "Vera")
    hand(state, 1, "Ozzy", "Pam")
    holders(state, 1, "Saskatchewan", "Ned", "Ivy")
    holders(state, 1, "Ontario", "Hugo", "Joy")
    holders(state, 1, "Quebec", "Walt", "Xena")
    for c in list(state.smuggler_deck):
        state.smuggler_deck.remove(c)
        insert_sorted(state.smuggler_out, c)
    warehouse(state, 0, "salsa")
    province_card(state, "Alberta", 0)  # salsa 7
    province_card(state, "Saskatchewan", 2)
    province_card(state, "Ontario", 2)
    province_card(state, "Quebec", 0)
    return state


def test_it_hires_the_smuggler_whose_turn_pays_most():
    state = _salsa_for_alberta()
    assert state.phase == HIRE and state.current_player == 0
    for seed in range(3):
        guess = state.determinize(0, Rng(seed))
        assert foresight.hire(guess, Rng(seed), HEURISTIC).label == "hire Vera"


def test_the_other_seats_hire_as_the_planner_would_on_the_deal():
    state = _salsa_for_alberta()
    world = state.determinize(0, Rng(5))
    modelled = foresight.planned_hire(world, 1)
    world.apply(world.legal_actions()[0])  # red hires; now blue chooses
    assert world.current_player == 1
    assert MEANING[planner.plan(world).label][1] == modelled


def test_a_face_down_hire_is_swapped_for_the_modelled_one_and_nothing_is_lost():
    state = _salsa_for_alberta()
    state.apply(state.legal_actions()[0])  # red hires face down
    world = state.determinize(1, Rng(2))  # blue's view: red's hire is resampled
    sampled = world.chosen[0]
    other = next(c for c in world.hands[0] if c != sampled)
    before = world.conserved()
    foresight.swap_hire(world, 0, other)
    assert world.chosen[0] == other
    assert sampled in world.hands[0] and other not in world.hands[0]
    assert world.conserved() == before


def test_the_turn_is_played_out_by_every_seat():
    state = _salsa_for_alberta()
    state.apply(next(a for a in state.legal_actions() if a.label == "hire Vera"))
    state.apply(next(a for a in state.legal_actions() if a.label == "hire Pam"))
    assert state.phase == CARGO
    foresight.play_turn(state, HEURISTIC, Rng(1))
    # the round's last turn: both smugglers are placed and the round is scored; red paid
    # Vera's fee and sold the salsa in Alberta
    assert state.phase == REFRESH and state.turn == 3
    assert state.gold[0] == 10 - 3 + 7
    assert card("Vera") not in state.hands[0] and state.chosen == [-1, -1]


def test_a_search_takes_its_hires_from_the_foresight():
    from contraband.agents import from_spec

    state = _salsa_for_alberta()
    agent = from_spec("ismcts:iterations=40", seed=4)
    assert agent.act(state, 0).label == "hire Vera"
    assert agent.last_iterations == 0
