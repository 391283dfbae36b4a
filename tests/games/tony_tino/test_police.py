"""Police: the opponent cancels a named card at once; it cannot cancel Professional."""

from contraband.games.tony_tino.board import CARD
from tests.games.tony_tino.builder import at, labels, mid_game


def test_police_cancels_the_named_card_before_its_targets_are_chosen():
    state = mid_game(["corruption", "shift"], ["police", "shift"])
    discs = list(state.discs)
    state.apply("play corruption")
    assert state.current_player == 1 and labels(state) == ["allow", "police"]
    state.apply("police")
    assert state.discs == discs  # no effect
    assert state.discards == [[CARD["corruption"]], [CARD["police"]]]
    assert len(state.hands[1]) == 2 and len(state.decks[1]) == 2  # Tino drew
    assert len(state.hands[0]) == 2 and len(state.decks[0]) == 2  # Tony drew as usual
    assert state.current_player == 0 and labels(state) == ["place 1 on D3"]


def test_letting_the_card_through_continues_with_its_targets():
    state = mid_game(["shift"], ["police", "shift"])
    state.apply("play shift")
    state.apply("allow")
    assert state.current_player == 0 and labels(state)[0].startswith("shift ")
    assert CARD["police"] in state.hands[1]


def test_the_window_opens_even_without_police_in_hand_but_not_after_it_was_used():
    state = mid_game(["shift", "shift"], ["shift"])
    state.apply("play shift")
    assert state.current_player == 1 and labels(state) == ["allow"]
    used = mid_game(["shift"], ["shift"])
    used.discards[1] = [CARD["police"]]
    used._legal = None
    used.apply("play shift")
    assert used.current_player == 0 and used.phase == "target"


def test_police_cannot_cancel_professional():
    state = mid_game(["professional"], ["police"])
    state.apply("play professional")
    assert state.current_player == 0 and state.phase == "place"
    assert state.extra_turn and state.discs[at("D3")] == 1


def test_the_police_action_names_the_card_it_would_cancel():
    """A client words the choice "Police! Cancel the Corruption": the action says which card."""
    state = mid_game(["corruption", "shift"], ["police", "shift"])
    state.apply("play corruption")
    moves = {m["label"]: m for m in state.legal_moves(1)}
    assert moves["police"] == {
        "label": "police",
        "kind": "police",
        "card": "police",
        "against": "corruption",
    }
    assert moves["allow"]["card"] == "corruption"
