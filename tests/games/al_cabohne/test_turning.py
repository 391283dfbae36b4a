"""Phase 4: three cards turned one by one; a boss takes the bean it collects (and a further card
is turned); matching cards from the top of the discard pile are piled on a card that stays up."""

from tests.games.al_cabohne.builder import AL, DON, boss, names, position


def _turn(deck, discard=(), bosses=("1 Fire", "1 Blue")):
    state = position(hands=[["Puff"], []], bosses=list(bosses), deck=deck, discard=discard)
    state.apply("plant Puff on field 1")  # the hand is empty now: phase 4 follows at once
    return state


def test_three_cards_are_turned_face_up():
    state = _turn(["Kidney", "Runner", "Broad", "French"])
    assert names(state.faceup) == ["Kidney", "Runner", "Broad"]
    assert names(state.deck[-1:]) == ["French"]


def test_a_card_a_boss_collects_goes_to_the_boss_and_one_more_is_turned():
    state = _turn(["Fire", "Kidney", "Blue", "Runner", "Broad", "French"])
    assert boss(state, AL) == "2 Fire" and boss(state, DON) == "2 Blue"
    assert names(state.faceup) == ["Kidney", "Runner", "Broad"]
    assert names(state.deck[-1:]) == ["French"]


def test_matching_discards_are_piled_on_a_turned_card():
    state = _turn(["Kidney", "Runner", "Broad"], discard=["Runner", "Kidney", "Kidney"])
    # Kidney takes the two Kidney on top; then Runner is on top and goes onto the Runner
    assert names(state.faceup) == ["Kidney", "Kidney", "Kidney", "Runner", "Runner", "Broad"]
    assert state.discard == []


def test_the_mafia_is_asked_first_so_a_collected_card_gathers_no_discards():
    state = _turn(["Fire", "Kidney", "Runner", "Broad"], discard=["Fire"])
    assert boss(state, AL) == "2 Fire"
    assert names(state.discard) == ["Fire"]
    assert names(state.faceup) == ["Kidney", "Runner", "Broad"]


def test_a_boss_harvest_while_turning_can_feed_the_next_turned_card():
    # Don holds 3 Runner: the 4th makes 2 coins, the other 2 go to the discard pile, where the
    # next turned Runner (no longer collected: Don's field is empty) picks them up
    state = _turn(["Runner", "Runner", "Kidney", "Broad"], bosses=("1 Fire", "3 Runner"))
    assert boss(state, DON) is None
    assert names(state.mafia_coins) == ["Runner", "Runner"]
    assert names(state.faceup) == ["Runner", "Runner", "Runner", "Kidney", "Broad"]
