"""Deck passes, the end of the game, the final harvests and the final scoring in both modes."""

import importlib

from tests.games.al_cabohne.builder import field, names, position

HARVEST = importlib.import_module("contraband.games.al_cabohne.harvest")


def test_an_empty_deck_is_replaced_by_the_shuffled_discard_pile_and_counts_a_pass():
    state = position(
        hands=[["Puff"], []], bosses=["1 Fire", "1 Broad"], deck=["Kidney"], rest="discard"
    )
    discarded = len(state.discard)
    state.apply("plant Puff on field 1")
    assert state.deck_pass == 2
    assert names(state.faceup)[0] == "Kidney"
    turned_later = len(state.faceup) - 1
    collected = sum(state.boss_count) - 2
    assert len(state.deck) == discarded - turned_later - collected
    assert not state.is_terminal()


def test_two_player_game_ends_when_a_card_is_needed_after_the_last_pass():
    state = position(
        hands=[["Puff"], []],
        fields=[["4 Blue", None], ["3 Runner", None]],
        bosses=["7 Fire", "3 Broad"],
        deck=["Kidney", "French"],
        coins=[["Blue"] * 4, ["Blue"] * 3],
        mafia_coins=["Fire"],
        deck_pass=3,
        rest="discard",
    )
    state.apply("plant Puff on field 2")
    assert state.is_terminal() and state.current_player is None
    assert state.legal_actions() == []
    assert names(state.faceup) == ["Kidney", "French"]  # turned before the deck ran out
    assert field(state, 0, 0) is None and field(state, 1, 0) is None  # final harvests
    assert state.scores() == [5, 4]  # 4 Blue and 3 Runner each pay one coin; 1 Puff pays none
    result = state.result()
    assert result["mafia_total"] == 1 + 2 + 1  # 7 Fire pay 2, 3 Broad pay 1
    assert result["winners"] == [0]
    assert state.returns() == [1.0, 0.0]
    assert state.conserved()["cards"] == 116


def test_the_game_can_also_end_while_drawing_in_phase_6():
    state = position(
        hands=[["Puff"], []],
        bosses=["1 Fire", "1 Broad"],
        deck=["Kidney", "French", "Runner", "Blue"],
        deck_pass=3,
        rest="discard",
    )
    state.apply("plant Puff on field 1")
    assert state.phase == "trading"
    state.apply("done trading")
    assert state.is_terminal()
    assert names(state.hands[0]) == ["Blue"]  # the one card that was left


def test_solo_player_finishes_the_turn_in_which_the_last_card_is_drawn():
    state = position(
        1,
        hands=[["Puff"]],
        fields=[["4 Blue", None, None]],
        bosses=["7 Fire", "3 Broad", "1 French"],
        deck=["Kidney", "Runner"],
        coins=[["Kidney"] * 10 + ["Runner"] * 10],
        mafia_coins=["Fire"] * 5,
        rest="discard",
    )
    state.apply("plant Puff on field 2")
    assert not state.is_terminal() and state.last_turn
    assert state.phase == "trading"  # phase 5 is still played
    state.apply("plant face-up Kidney on field 3")
    state.apply("done trading")
    assert state.is_terminal()
    result = state.result()
    assert state.scores() == [21]
    assert result["mafia_coins"] == 5 + 2 + 1  # Joe's single French pays nothing
    assert result["mafia_total"] == 16  # doubled in solo
    assert result["winners"] == [0] and state.returns() == [1.0]


def test_solo_last_card_drawn_in_phase_6_ends_the_game_after_that_turn():
    state = position(
        1,
        hands=[["Puff"]],
        bosses=["1 Fire", "1 Broad", "1 French"],
        deck=["Kidney", "Runner", "Blue", "Kidney", "Kidney"],
        rest="discard",
    )
    state.apply("plant Puff on field 1")
    state.apply("done trading")
    assert state.is_terminal()
    assert names(state.hands[0]) == ["Kidney", "Kidney"]


def _final(players, coins, mafia, fields=None):
    state = position(
        players,
        hands=[[] for _ in range(players)],
        coins=[["Blue"] * c for c in coins],
        mafia_coins=["Kidney"] * mafia,
        fields=fields,
        begin=False,
    )
    HARVEST.end_game(state)
    return state


def test_a_tie_with_the_mafia_goes_to_the_mafia():
    state = _final(2, [6, 3], 6)
    assert state.result()["winners"] == [] and state.result()["mafia_wins"]
    assert state.returns() == [0.0, 0.0]


def test_tied_players_share_the_win():
    state = _final(2, [6, 6], 5)
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5]


def test_solo_mafia_coins_count_double():
    assert _final(1, [11], 5).winners() == [0]
    assert _final(1, [10], 5).winners() == []
    assert _final(1, [10], 5).result()["mafia_total"] == 10


def test_final_harvest_sells_every_field():
    state = _final(2, [0, 0], 0, fields=[["4 Blue", "1 Fire"], ["8 Blue", None]])
    assert state.scores() == [1, 3]
