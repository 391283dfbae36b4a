"""What each seat sees: its own hand; the other hand and the deck order are hidden and resampled."""

import re
from collections import Counter

import pytest

from contraband.core.random import Rng
from tests.contract.cases import without_seed
from tests.games.al_cabohne.builder import GAME, B, labels, names, position


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


def _gift_step():
    """Player 1 owes Don a gift: of the cards player 2 cannot see, only one Kidney may be it
    (Al collects Fire), and player 1 holds it among two Fire."""
    state = position(
        2,
        hands=[["Puff", "Fire", "Kidney", "Fire"], []],
        bosses=["2 Fire", None],
        deck=["Runner", "French", "Broad", *["Fire"] * 6],
        rest="discard",
    )
    state.apply("plant Puff on field 1")
    state.apply("end planting")
    assert state.phase == "gift" and names(state.hands[0]) == ["Fire", "Kidney", "Fire"]
    assert names(state.deck) == ["Fire"] * 6
    return state


def test_a_guess_in_the_gift_step_deals_the_mover_a_card_it_may_give():
    state = _gift_step()
    places = set()
    for seed in range(40):
        guess = state.determinize(1, Rng(seed))
        assert guess.view(1) == state.view(1)
        hand = names(guess.hands[0])
        assert sorted(hand + names(guess.deck)) == ["Fire"] * 8 + ["Kidney"]
        given = f"give hand card {hand.index('Kidney') + 1} (Kidney) to Don Corlebohne"
        assert labels(guess) == [given, "harvest field 1"]
        saved = guess.to_json()
        assert GAME.from_json(saved).to_json() == saved
        places.add(hand.index("Kidney"))
    assert places == {0, 1, 2}  # the Kidney may be anywhere in the hand


def test_a_save_in_the_gift_step_without_a_card_to_give_is_refused():
    saved = without_seed(_gift_step().to_json())
    hand, deck = saved["state"]["hands"][0], saved["state"]["deck"]
    kidney = hand.index(B["Kidney"])
    hand[kidney], deck[0] = deck[0], hand[kidney]  # the Kidney into the deck, a Fire out
    with pytest.raises(ValueError, match=re.escape("state.hands[0]")):
        GAME.from_json(saved)
