"""Step 5: majorities with and without ties, retirements, mountie penalties, the gem and the
hand refresh with a reshuffle."""

from tests.games.nacho_incident.builder import (
    card,
    check_totals,
    gem,
    hand,
    hire_all,
    holders,
    labels,
    mountie,
    mountie_up,
    new,
    post,
)

AB, SK, ON, QC = 0, 1, 2, 3


def _last_turn_of_round_one(gold1: int = 10):
    state = new(2)
    gem(state, 0)
    state.turn = 3
    state.gold = [10, gold1]
    hand(state, 0, "Vera")  # Alberta 7, cost 3
    hand(state, 1, "Ugo")  # Quebec 1, cost 0
    holders(state, 0, "Alberta", "Gus", "Dot")
    holders(state, 1, "Alberta", "Ozzy")
    holders(state, 0, "Saskatchewan", "Kit")
    holders(state, 1, "Saskatchewan", "Lyle")
    post(state, 1, "Quebec", "Benton")  # penalty 4
    mountie_up(state, "Steele")  # Ontario, penalty 3: waits on red's empty Ontario cantina
    hire_all(state, {0: "Vera", 1: "Ugo"})
    state.apply("ship nothing")
    state.apply("go to Alberta")
    state.apply("ship nothing")
    state.apply("go to Ontario")
    return state


def test_strict_majority_scores_the_bonus_and_retires_the_holders():
    state = _last_turn_of_round_one()
    # red: 10 - 3 (Vera) + 5 (Alberta) - 3 (Steele); blue: 10 + 6 (Ontario) - 4 (Benton)
    assert state.gold == [9, 12]
    assert state.cantinas[AB] == [] and state.cantinas[4 + AB] == [card("Ozzy")]
    assert state.cantinas[4 + ON] == []
    for name in ("Gus", "Dot", "Vera", "Ugo"):
        assert card(name) in state.smuggler_out
    check_totals(state)


def test_a_tie_for_most_scores_nothing_and_nobody_retires():
    state = _last_turn_of_round_one()
    assert state.cantinas[SK] == [card("Kit")] and state.cantinas[4 + SK] == [card("Lyle")]


def test_mounties_cost_their_penalty_and_stay():
    state = _last_turn_of_round_one()
    assert state.posts[4 + QC] == [mountie("Benton")]
    assert state.posts[ON] == [mountie("Steele")]


def test_the_gem_goes_to_the_lowest_score():
    state = _last_turn_of_round_one()
    assert state.gem == 0  # red has 9, blue 12
    state = _last_turn_of_round_one(gold1=1)  # blue ends on 3
    assert state.gem == 1
    assert state.phase == "refresh" and state.current_player == 1


def test_the_gem_holder_chooses_among_tied_lowest_scores():
    state = _last_turn_of_round_one(gold1=7)  # both end on 9
    assert state.phase == "gem" and state.current_player == 0
    assert labels(state) == ["gem to red", "gem to blue"]
    state.apply("gem to blue")
    assert state.gem == 1 and state.phase == "refresh" and state.current_player == 1


def test_refresh_discards_then_draws_to_eight_reshuffling_the_removed_smugglers():
    state = _last_turn_of_round_one()
    assert state.phase == "refresh" and state.current_player == 0
    # leave three smugglers in the deck; the rest have been removed from play
    while len(state.smuggler_deck) > 3:
        state.smuggler_out.append(state.smuggler_deck.pop())
    state.smuggler_out.sort()
    state.hands[0] = [card("Nell")]
    state.smuggler_out.remove(card("Nell"))
    state._legal = None
    assert labels(state) == ["keep hand", "discard Nell"]
    state.apply("discard Nell")
    assert card("Nell") in state.smuggler_out and state.hands[0] == []
    out_before = len(state.smuggler_out)
    state.apply("keep hand")
    assert len(state.hands[0]) == 8
    assert len(state.smuggler_deck) + len(state.smuggler_out) == 3 + out_before - 8
    assert state.smuggler_out == [] or state.smuggler_deck == []
    kinds = [entry["kind"] for entry in state.log(None)]
    assert kinds[-3:] == ["keep", "reshuffle", "draw"]
    assert state.current_player == 1
    check_totals(state)
