"""Setup in both modes: hands, fields, and the flip-until-different that gives each boss a bean."""

import importlib

import pytest

from tests.games.al_cabohne.builder import AL, DON, GAME, JOE, boss, names, position

SETUP = importlib.import_module("contraband.games.al_cabohne.setup")


@pytest.mark.parametrize("seed", range(20))
def test_two_player_setup_deals_five_cards_two_fields_and_two_bosses(seed):
    state = GAME.new(2, seed=seed)
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.fields_owned == [2, 2]
    assert len(state.boss_bean) == 2  # Al Cabohne and Don Corlebohne; Joe is the third field
    assert state.boss_bean[AL] != state.boss_bean[DON]
    assert state.boss_count[DON] == 1
    assert state.options["deck_passes"] == 3
    assert state.conserved()["cards"] == 116
    # seat 0 starts; nothing grows yet, so its first decision is planting its front card
    assert state.current_player == 0 and state.phase == "planting"


@pytest.mark.parametrize("seed", range(20))
def test_solo_setup_deals_seven_cards_three_fields_and_three_bosses(seed):
    state = GAME.new(1, seed=seed)
    assert [len(h) for h in state.hands] == [7]
    assert state.fields_owned == [3]
    assert len(state.boss_bean) == 3
    assert len(set(state.boss_bean)) == 3  # three different beans
    assert state.options["deck_passes"] == 1
    assert state.phase == "planting"  # no phase 1 in solo


def _flip(players: int, deck: list[str]):
    state = position(players, deck=deck, begin=False)
    state.boss_bean = [-1] * len(state.boss_bean)
    state.boss_count = [0] * len(state.boss_count)
    SETUP.flip_for_bosses(state)
    return state


def test_flip_until_different_piles_equal_cards_on_al_cabohne():
    state = _flip(2, ["Fire", "Fire", "Fire", "Blue", "Kidney"])
    assert boss(state, AL) == "3 Fire"
    assert boss(state, DON) == "1 Blue"
    assert names(state.deck[-1:]) == ["Kidney"]  # only four cards were turned


def test_solo_flip_gives_joe_the_first_bean_no_other_boss_collects():
    state = _flip(1, ["Puff", "Puff", "Runner", "Puff", "Runner", "Broad", "Fire"])
    assert boss(state, AL) == "3 Puff"
    assert boss(state, DON) == "2 Runner"
    assert boss(state, JOE) == "1 Broad"
    assert names(state.deck[-1:]) == ["Fire"]


def test_deck_passes_option_defaults_per_player_count_and_can_be_set():
    assert GAME.new(2, seed=1, options={"deck_passes": 2}).options["deck_passes"] == 2
    assert GAME.new(1, seed=1, options={"deck_passes": 3}).options["deck_passes"] == 3
    with pytest.raises(ValueError, match="deck_passes"):
        GAME.new(2, seed=1, options={"deck_passes": 0})
