"""What each seat sees: its own hand; the other hand and the deck order are hidden and resampled."""

from collections import Counter

from contraband.core.random import Rng
from tests.games.al_cabohne.builder import GAME


def _midgame(players, seed=4, steps=60):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_view_shows_own_hand_and_only_the_size_of_the_other():
    state = _midgame(2)
    view = state.view(0)
    assert len(view["hand"]) == len(state.hands[0])
    assert view["players"][1]["cards_in_hand"] == len(state.hands[1])
    assert "hand" not in view["players"][1]
    assert state.view(None)["hand"] is None
    assert view["discard_top"] == (view["discard"][-1] if view["discard"] else None)


def test_determinize_resamples_exactly_the_other_hand_and_the_deck():
    state = _midgame(2)
    guess = state.determinize(0, Rng(9))
    assert guess.hands[0] == state.hands[0]  # own hand, order included
    assert len(guess.hands[1]) == len(state.hands[1])
    assert Counter(guess.hands[1] + guess.deck) == Counter(state.hands[1] + state.deck)
    assert guess.discard == state.discard and guess.faceup == state.faceup
    assert guess.field_bean == state.field_bean and guess.boss_bean == state.boss_bean
    assert guess.view(0) == state.view(0)
    assert (guess.hands[1], guess.deck) != (state.hands[1], state.deck)


def test_solo_determinize_only_reorders_the_deck():
    state = _midgame(1)
    guess = state.determinize(0, Rng(3))
    assert guess.hands == state.hands
    assert sorted(guess.deck) == sorted(state.deck) and guess.deck != state.deck


def test_render_shows_own_hand_only():
    state = _midgame(2)
    text = state.render(0)
    assert "hand (front first):" in text and "cards in hand" in text
    assert state.render(None).count("cards in hand") == 2
