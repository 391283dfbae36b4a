"""Phase 6: two cards from the deck to the back of the hand; the hand is never reordered."""

from tests.games.al_cabohne.builder import names, position


def test_two_cards_go_to_the_back_of_the_hand_in_the_order_drawn():
    state = position(
        1,
        hands=[["Puff", "Runner", "Blue", "Runner"]],
        bosses=["1 Fire", "1 Broad", "1 French"],
        deck=["Fire", "Kidney", "Kidney", "Kidney", "Blue", "Puff"],
    )
    state.apply("plant Puff on field 1")
    state.apply("end planting")
    assert names(state.hands[0]) == ["Runner", "Blue", "Runner"]
    state.apply("done trading")
    # the Fire went to Al while turning, so the fourth card replaced it; Blue and Puff are drawn
    assert names(state.hands[0]) == ["Runner", "Blue", "Runner", "Blue", "Puff"]
