"""Issue 16, rules to the letter: a card may be played even when it changes nothing, and the
players choose who starts."""

import pytest

import contraband
from contraband.core.random import Rng
from contraband.games.tony_tino.heuristic import HEURISTIC
from tests.games.tony_tino.builder import FULL, at, labels, mid_game, position, texts

GAME = contraband.load("tony-tino")
#: only two discs are left, C5 and C6, both showing 3
EQUAL = (FULL, FULL, FULL, FULL, "B1 P1 3 P1 B1 P1", "P1 B1 3 B1 P1 B1")


def equal_discs(tony, tino=("shift",)):
    return position(*EQUAL, hands=(list(tony), list(tino)), decks=(["shift"], ["shift"]))


# -- a card that changes nothing may still be played ------------------------------------------
def test_corruption_may_swap_two_discs_with_the_same_number():
    state = equal_discs(["corruption"])
    assert "play corruption" in labels(state)
    state.apply("play corruption")
    state.apply("allow")
    assert labels(state) == ["swap C5", "swap C6"]
    state.apply("swap C5")
    assert labels(state) == ["with C6"]
    state.apply("with C6")
    assert state.discs[at("C5")] == state.discs[at("C6")] == 3
    assert "Tony swaps the discs of C5 and C6: C5 now shows 3, C6 shows 3" in texts(state, 1)
    assert state.phase == "place"


def test_roulette_may_reshuffle_discs_that_all_show_the_same_number():
    state = equal_discs(["roulette"])
    assert labels(state) == ["play roulette", "discard roulette"]
    state.apply("play roulette")
    state.apply("allow")
    assert [state.discs[at("C5")], state.discs[at("C6")]] == [3, 3]
    assert any(text.startswith("Tony's Russian Roulette reshuffles") for text in texts(state, 1))


def test_new_value_may_swap_two_tokens_of_the_same_amount():
    state = mid_game(["new-value"], ["shift"])
    state.tokens[:] = [10000] * 12
    state._legal = None
    assert "play new-value" in labels(state)
    state.apply("play new-value")
    state.apply("allow")
    state.apply("money row 1")
    assert "with row 2" in labels(state) and "with row 1" not in labels(state)
    state.apply("with row 2")
    assert state.tokens == [10000] * 12


def test_flying_switch_may_switch_a_spy_with_another_spy():
    state = mid_game(["flying-switch"], ["shift"])
    state.apply("play flying-switch")
    state.apply("allow")
    state.apply("spy B2")
    assert "with F5" in labels(state)
    state.apply("with F5")
    assert (state.owner[at("B2")], state.value[at("B2")]) == (0, 0)
    assert (state.owner[at("F5")], state.value[at("F5")]) == (0, 0)


def test_a_harmless_card_still_opens_the_police_window():
    """The bluff: Tino must decide on Police before he learns that the card changes nothing."""
    state = equal_discs(["corruption"], ["police"])
    state.apply("play corruption")
    assert state.current_player == 1 and labels(state) == ["allow", "police"]
    state.apply("police")
    assert state.discards == [[1], [7]] and state.phase == "place"


def test_a_card_whose_effect_cannot_be_carried_out_is_still_refused():
    # one disc left: Corruption needs two; no spy of Tony's on the board: no Flying Switch
    one = (FULL, FULL, FULL, FULL, FULL, "P1 B1 3 B1 P1 B1")
    state = position(*one, hands=(["corruption", "flying-switch"], []))
    assert labels(state) == ["discard corruption", "discard flying-switch"]


def test_random_rollouts_skip_plays_that_change_nothing_when_they_can():
    rng = Rng(3)
    state = equal_discs(["corruption", "shift"])
    picks = {HEURISTIC.policy(state, rng).label for _ in range(200)}
    assert "play corruption" not in picks and "play shift" in picks
    state = mid_game(["corruption"], ["shift"])
    for label in ("play corruption", "allow", "swap C1"):  # the 3 on C1; D6 is also a 3
        state.apply(label)
    picks = {HEURISTIC.policy(state, rng).label for _ in range(400)}
    assert "with D6" not in picks and "with D3" in picks


# -- the first player -------------------------------------------------------------------------
def test_the_first_player_option_offers_its_choices_as_data():
    (spec,) = GAME.info.options
    assert spec.name == "first_player" and spec.kind is str
    assert spec.choices == ("seat 0", "seat 1", "random") and spec.default == "seat 0"
    with pytest.raises(ValueError, match="first_player"):
        GAME.new(seed=1, options={"first_player": "Tino"})


def test_seat_0_starts_by_default_and_seat_1_when_chosen():
    tony = GAME.new(seed=4)
    assert tony.current_player == tony.turn_player == 0
    assert [e["text"] for e in tony.log(None)[-2:]] == ["Tony starts", "Tony's turn"]
    tino = GAME.new(seed=4, options={"first_player": "seat 1"})
    assert tino.current_player == tino.turn_player == 1 and tino.phase == "card"
    assert [e["text"] for e in tino.log(None)[-2:]] == ["Tino starts", "Tino's turn"]
    assert tino.hands == tony.hands and tino.discs == tony.discs  # the same deal


def test_a_random_first_player_is_drawn_from_the_seed_and_logged_as_chance():
    starts = []
    for seed in range(20):
        state = GAME.new(seed=seed, options={"first_player": "random"})
        again = GAME.new(seed=seed, options={"first_player": "random"})
        assert again.current_player == state.current_player
        drawn = [e for e in state.log(1) if e["kind"] == "starts_random"]
        assert len(drawn) == 1 and drawn[0]["chance"] and drawn[0]["seat"] == state.current_player
        assert (
            drawn[0]["text"] == f"{['Tony', 'Tino'][state.current_player]} starts (drawn at random)"
        )
        starts.append(state.current_player)
        replayed = GAME.replay(state.clone().apply(state.legal_actions()[0]).record())
        assert replayed.turn_player == state.current_player
    assert 5 <= starts.count(1) <= 15
