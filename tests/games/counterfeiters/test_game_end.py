"""The end of the game: the pawn on the last space, its Godfather, one more henchman each in
turn order ending with the trigger player, the Great and the Bad Lawyer, the last diners and the
lottery tickets; score = cash + offshore; a tie is shared."""

from tests.games.counterfeiters.builder import (
    cards,
    fakes,
    give,
    hand,
    labels,
    money,
    new,
    occupy,
    pawn,
    play,
    space,
    texts,
    turn,
)


def _near_the_end(players=4, seed=1):
    state = new(players, seed=seed)
    pawn(state, 18)
    for seat in range(players):
        cards(state, seat, f"S{seat + 1}", f"S{seat + 5}")
        money(state, seat, 0)
    return state


def test_reaching_the_last_space_ends_the_game_after_its_godfather():
    state = _near_the_end()
    turn(state, 1)
    money(state, 1, 100, offshore=40)
    play(state, "print 1")
    assert state.pawn == 19
    assert state.cash[1] == 50 and state.offshore[1] == 40
    assert state.stage == "final"
    log = texts(state)
    assert log.index("blue pays the Godfather $50") < log.index(
        "the police reach the last space: the game ends after blue's action; everyone with a "
        "henchman left places one more"
    )


def test_final_placements_run_from_the_next_player_and_end_with_the_trigger_player():
    state = _near_the_end()
    turn(state, 1)
    hand(state, 3, 0)  # yellow has no henchman left: it does not place
    play(state, "print 1")
    order = []
    while state.stage == "final":
        order.append(state.current_player)
        play(state, "tax fraud 2" if "tax fraud 2" in labels(state) else "pass")
    assert order == [2, 0, 1]


def test_a_final_placement_moves_no_police_and_may_be_a_pass():
    state = _near_the_end()
    turn(state, 1)
    play(state, "print 1")
    fakes(state, 2, one=3)
    play(state, "fence 1")  # capped, but the police are done
    play(state, "sell 3 one-star")
    assert state.pawn == 19 and state.cash[2] == 60
    assert "pass" in labels(state)


def test_both_lawyers_move_a_henchman_and_one_reuses_the_space_it_left():
    state = _near_the_end(4)
    give(state, 0, "D7")  # red: the Great Lawyer
    give(state, 2, "D8")  # green: the Bad Lawyer
    occupy(state, 0, "tax fraud 2")
    occupy(state, 2, "print 2")
    fakes(state, 2, two=4)
    money(state, 0, 0)
    turn(state, 1)
    hand(state, 0, 0)
    hand(state, 2, 0)
    hand(state, 3, 0)
    hand(state, 1, 1)
    play(state, "print 1")  # blue triggers the end with its last henchman; nobody has one left
    # blue placed last: the lawyers follow at once. Great Lawyer first: red
    assert state.stage == "lawyers" and state.current_player == 0
    assert labels(state) == ["lawyer: move from tax fraud 2", "lawyer: no move"]
    play(state, "lawyer: move from tax fraud 2")
    assert state.occupant[space(state, "tax fraud 2")] == -1
    assert "tax fraud 2" in labels(state)  # the space it left is free again
    play(state, "tax fraud 2")  # ... and red takes it again: a second $30
    assert state.cash[0] == 30
    assert "red uses the Great Lawyer: the henchman on tax fraud 2 moves" in texts(state)
    # then the Bad Lawyer: green moves its printer henchman to the fence
    assert state.current_player == 2
    play(state, "lawyer: move from print 2", "fence 2", "sell 4 two-star")
    assert state.cash[2] == 120
    assert state.occupant[space(state, "print 2")] == -1
    assert state.occupant[space(state, "fence 2")] == 2
    assert state.is_terminal()


def test_a_lawyer_move_is_optional_and_needs_a_henchman_on_the_board():
    state = _near_the_end(4)
    give(state, 0, "D7")
    give(state, 2, "D8")
    occupy(state, 0, "tax fraud 2")
    turn(state, 1)
    for seat in (0, 2, 3):
        hand(state, seat, 0)  # green's henchmen are all laid down
    hand(state, 1, 1)
    play(state, "print 1")
    assert state.current_player == 0
    play(state, "lawyer: no move")
    assert "red does not use the Great Lawyer" in texts(state)
    # green has no henchman on the board: the Bad Lawyer has nothing to move
    assert state.is_terminal()


def test_diners_pay_a_last_time_and_lottery_tickets_pay_out():
    state = _near_the_end(3)
    give(state, 0, "A7", "C7", "D6")  # a diner, lottery $50 and $100
    fakes(state, 0, one=2)
    turn(state, 1)
    for seat in range(3):
        hand(state, seat, 1)
    hand(state, 2, 0)
    hand(state, 0, 0)
    play(state, "print 1")
    assert state.is_terminal()
    assert state.cash[0] == 50 + 50 + 100
    assert state.fakes[0:3] == [1, 0, 0]  # worthless now
    log = texts(state)
    assert "red's lottery ticket $100 (D6) pays $100 in real money" in log
    assert state.result()["scores"][0] == 200


def test_the_score_is_cash_plus_offshore_and_fakes_count_for_nothing():
    state = _near_the_end(3)
    money(state, 0, 30, offshore=200)
    fakes(state, 2, three=20)
    money(state, 2, 0, offshore=210)
    for seat in range(3):
        hand(state, seat, 0)
    hand(state, 1, 1)
    turn(state, 1)
    play(state, "print 1")
    result = state.result()
    assert result["scores"] == [210, 0, 210]  # red paid the Godfather $20
    assert result["winners"] == [0, 2]
    assert result["tie_rule"] == "rulebook: replay"
    assert state.returns() == [0.5, 0.0, 0.5]


def test_a_single_winner_has_no_tie_rule():
    state = _near_the_end(2)
    money(state, 0, 0, offshore=100)
    hand(state, 0, 0)
    hand(state, 1, 1)
    turn(state, 1)
    play(state, "print 1")
    assert state.result()["winners"] == [0]
    assert "tie_rule" not in state.result()
