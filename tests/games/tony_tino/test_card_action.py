"""Action 1: play or discard one card, then draw; skipped with an empty hand."""

from contraband.games.tony_tino.board import CARD
from tests.games.tony_tino.builder import MID, labels, mid_game, position


def test_the_player_must_play_or_discard_and_police_can_only_be_discarded():
    state = mid_game(["police", "professional", "shift"], ["shift"])
    assert labels(state) == [
        "play shift",
        "play professional",
        "discard shift",
        "discard professional",
        "discard police",
    ]


def test_a_discarded_card_has_no_effect_and_the_player_draws():
    state = mid_game(["exchange", "shift", "shift"], ["shift"])
    board = state.to_json()["state"]["discs"]
    state.apply("discard exchange")
    assert state.discards[0] == [CARD["exchange"]]
    assert sorted(state.hands[0]) == sorted([CARD["shift"]] * 2 + [CARD["corruption"]])
    assert len(state.decks[0]) == 2
    assert state.discs == board and state.phase == "place" and state.current_player == 0


def test_with_an_empty_hand_the_turn_starts_with_the_figure():
    state = position(*MID, hands=([], ["shift"]))
    assert state.phase == "place"
    assert labels(state) == ["place 1 on D3"]


def test_a_card_without_a_target_can_only_be_discarded():
    # Tony has no spy on the board after this edit, so Flying Switch has nothing to switch
    state = mid_game(["flying-switch"], ["shift"])
    for p, (owner, value) in enumerate(zip(state.owner, state.value, strict=True)):
        if owner == 0 and value == 0:
            state.value[p] = 1
    state._legal = None
    assert labels(state) == ["discard flying-switch"]
