"""Setup as the rulebook gives it, in both modes (rulebook "Set up"; DESIGN.md D7, D8)."""

from collections import Counter

import pytest

from contraband.games.narcos.board import (
    CARD_CITY,
    CARD_KIND,
    CARD_NAME,
    CARD_ROUND,
    CARTEL_NAMES,
    CARTEL_OF,
    TOKENS,
)
from tests.games.narcos.builder import check_totals, labels, new


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_player_starts_with_the_rulebook_supplies(players, mode):
    state = new(players, seed=players, mode=mode)
    assert state.money == [3] * players
    assert state.workers == [5] * players
    assert state.sicarios == [2] * players
    assert state.crops == [1] * players  # one crop on the plantation's first slot
    assert state.lab_goods == [1] * players  # one goods cube on the laboratory
    assert state.storage_goods == [0] * players
    assert [CARD_NAME[c] for c in state.lab_card] == ["basic lab"] * players
    assert [CARD_NAME[c] for c in state.transport_card] == ["truck"] * players
    assert [CARD_NAME[c] for c in state.storage_card] == ["storage 6"] * players
    assert [len(hand) for hand in state.hands] == [1] * players
    check_totals(state)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_round_two_cards_are_set_aside(mode):
    state = new(3, seed=2, mode=mode)
    reserve = Counter(CARD_NAME[c] for c in state.reserve)
    assert reserve == {"DEA money agent": 1, "military": 7, "plane": 4, "storage 12": 4}
    assert all(CARD_ROUND[c] == 2 for c in state.reserve)
    assert not any(CARD_ROUND[c] == 2 for c in state.deck)


def test_basic_mode_lays_one_trafficker_of_the_four_cities_as_the_permanent_one():
    cities = set()
    for seed in range(40):
        state = new(3, seed=seed)
        assert CARD_KIND[state.permanent] == "trafficker"
        cities.add(CARD_CITY[state.permanent])
        in_deck = Counter(CARD_KIND[c] for c in state.deck)
        assert len(state.deck) == 51 and in_deck["trafficker"] == 11
        assert state.tokens == []
    assert cities == {0, 1, 2, 3}


def test_advanced_mode_has_the_city_board_with_four_tokens_and_no_permanent_card():
    placements = set()
    for seed in range(30):
        state = new(3, seed=seed, mode="advanced")
        assert state.permanent == -1
        assert sorted(state.tokens) == [0, 1, 2, 3]
        placements.add(tuple(state.tokens))
        assert len(state.deck) == 52
        assert Counter(CARD_KIND[c] for c in state.deck)["trafficker"] == 12
    assert len(placements) > 5, "the tokens go to the cities at random"
    view = new(3, seed=1, mode="advanced").view(0)
    assert sorted(city["token"] for city in view["cities"]) == sorted(TOKENS)
    assert "warehouse" in view


def test_the_advanced_only_cartel_cards_are_removed_in_basic_mode():
    basic = new(4, seed=3)
    in_play = basic.cartel_deck + [c for hand in basic.hands for c in hand]
    assert len(in_play) == 18
    assert all(CARTEL_NAMES[CARTEL_OF[c]] == "Asalto" for c in basic.cartel_box)
    advanced = new(4, seed=3, mode="advanced")
    assert len(advanced.cartel_deck) + 4 == 20 and advanced.cartel_box == []


def test_the_first_player_is_drawn_and_must_flip():
    firsts = {new(4, seed=seed).active for seed in range(30)}
    assert firsts == {0, 1, 2, 3}
    state = new(3, seed=5)
    assert state.phase == "start" and state.current_player == state.active
    assert "flip" in labels(state) and "stop" not in labels(state)
