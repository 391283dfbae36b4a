"""Every Narcos card type at each danger level it can appear at: what it gives, what it costs,
and what it leaves to decide (rulebook pages 6-7)."""

import pytest

from contraband.games.narcos import deck
from tests.games.narcos.builder import check_totals, labels, new, no_hands, play, stack, turn

GUNS = ["lab", "boat", "storage 8", "storage 10", "Miami trafficker", "Chicago trafficker"]
SIRENS = ["police", "military", "press", "sapo", "DEA action agent", "DEA money agent"]
#: sirens flipped (and kept) first to reach each danger level
LEAD = {0: [], 1: ["DEA action agent"], 2: ["DEA action agent", "DEA money agent"]}


def flipped(card: str, danger: int):
    """Red's timeline with ``danger`` sirens, then ``card`` flipped; the lab holds 3 goods."""
    state = new(3, seed=40)
    deck.build_round_two(state, early=True)
    no_hands(state)
    state.goods_made[0] += 2
    state.lab_goods[0] = 3
    turn(state, 0)
    stack(state, "lab", *LEAD[danger], card, "boat", "boat")
    play(state, "flip", *["flip"] * danger, "flip")
    return state


@pytest.mark.parametrize("danger", [0, 1, 2])
@pytest.mark.parametrize("card", GUNS)
def test_a_gun_card_is_an_action_at_any_danger(card, danger):
    state = flipped(card, danger)
    assert state.phase == "flip" and state.view(0)["danger"] == danger
    play(state, "stop")
    assert state.actions == danger + 2
    assert state.lab_goods[0] == 3 and state.money[0] == 3


@pytest.mark.parametrize("card", SIRENS[:4])
def test_any_siren_at_two_sirens_is_the_third_and_means_fleeing(card):
    state = flipped(card, 2)
    assert state.fled and state.actions == 1 and state.phase == "manage"
    assert state.lab_goods[0] == 3 and state.money[0] == 3, "a third siren takes nothing"
    check_totals(state)


@pytest.mark.parametrize("card", ["police", "military"])
def test_police_and_military_are_harmless_at_the_first_siren(card):
    state = flipped(card, 0)
    assert state.phase == "remove"
    play(state, f"keep the {card}")
    assert state.phase == "flip" and state.lab_goods[0] == 3 and state.money[0] == 3


@pytest.mark.parametrize(("card", "goods", "money"), [("police", 2, 3), ("military", 3, 2)])
def test_police_and_military_take_their_payment_as_the_second_siren(card, goods, money):
    state = flipped(card, 1)
    assert state.phase == "remove"
    play(state, f"keep the {card}")
    assert (state.lab_goods[0], state.money[0]) == (goods, money)
    play(state, "stop")
    assert state.actions == 3


@pytest.mark.parametrize("danger", [0, 1])
def test_the_press_forces_a_flip_at_one_or_two_sirens(danger):
    state = flipped("press", danger)
    play(state, "keep the press")
    assert len(state.timeline) == danger + 3  # the boat after it came out by force
    assert state.view(0)["danger"] == danger + 1


@pytest.mark.parametrize("danger", [0, 1])
def test_the_sapo_raises_the_danger_and_shows_the_next_card(danger):
    state = flipped("sapo", danger)
    assert state.phase == "peek" and state.view(0)["danger"] == danger + 1
    assert state.view(0)["top"][0] == "boat"
    assert labels(state) == ["place the peeked card", "decline the peeked card"]


@pytest.mark.parametrize("danger", [0, 1])
@pytest.mark.parametrize("card", ["DEA action agent", "DEA money agent"])
def test_a_dea_agent_is_a_siren_and_an_action(card, danger):
    lead = "DEA money agent" if card == "DEA action agent" else "DEA action agent"
    state = new(3, seed=41)
    deck.build_round_two(state, early=True)
    no_hands(state)
    turn(state, 0)
    stack(state, "lab", *([lead] if danger else []), card)
    play(state, "flip", *["flip"] * danger, "flip")
    assert state.phase == "flip" and state.view(0)["danger"] == danger + 1
    play(state, "stop")
    assert state.actions == danger + 2


@pytest.mark.parametrize("card", ["DEA action agent", "DEA money agent"])
def test_a_dea_agent_as_the_third_siren_means_fleeing(card):
    lead = "DEA money agent" if card == "DEA action agent" else "DEA action agent"
    state = new(3, seed=42)
    deck.build_round_two(state, early=True)
    no_hands(state)
    turn(state, 0)
    stack(state, lead, "press", "lab", card)
    play(state, "flip", "flip", "keep the press", "flip")
    assert state.fled and state.actions == 1
