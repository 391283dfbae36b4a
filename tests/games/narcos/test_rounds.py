"""Rounds: round 2's deck, the early switch, and the end of the game (rulebook page 4;
DESIGN.md D1, D2, D10, D34)."""

from collections import Counter

from contraband.games.narcos import deck
from contraband.games.narcos.board import CARD_NAME
from tests.games.narcos.builder import (
    check_totals,
    empty_deck,
    finish_turn,
    goods,
    labels,
    log_kinds,
    money,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def near_the_end_of_round_one(keep: int):
    state = new(3, seed=12)
    no_hands(state)
    empty_deck(state, keep=keep)
    turn(state, 0)
    return state


def test_round_twos_deck_is_the_discards_and_the_reserved_cards():
    state = near_the_end_of_round_one(keep=2)
    discards = len(state.discards)
    play(state, "flip", "flip")
    if state.phase == "remove":
        play(state, labels(state)[-1])
    assert "deck_spent" in log_kinds(state) or state.phase in ("flip", "manage", "peek")
    finish_turn(state)
    assert state.round == 2
    assert len(state.deck) == discards + 2 + 16 - sum(1 for c in state.removed)
    names = Counter(CARD_NAME[c] for c in state.deck)
    assert names["military"] == 7 and names["plane"] == 4 and names["DEA money agent"] == 1
    assert state.reserve == [] and state.discards == []
    assert "round2" in log_kinds(state)
    check_totals(state)


def test_with_fewer_than_seven_cards_left_the_player_may_start_round_two_at_once():
    state = near_the_end_of_round_one(keep=6)
    assert "start round 2" in labels(state)
    left = list(state.deck)
    play(state, "start round 2")
    assert state.round == 2 and all(card in state.deck for card in left)  # D34
    assert len(state.deck) == len(left) + len(near_the_end_of_round_one(6).discards) + 16
    assert "start round 2" not in labels(state) and "flip" in labels(state)
    plenty = near_the_end_of_round_one(keep=7)
    assert "start round 2" not in labels(plenty)
    check_totals(state)


def test_playing_on_with_the_last_cards_of_round_one():
    state = near_the_end_of_round_one(keep=0)
    stack(state, "lab", "boat", "storage 8")
    assert "start round 2" in labels(state)
    play(state, "flip", "flip", "flip")
    assert state.phase in ("manage", "bonus") and state.round == 1
    finish_turn(state)
    assert state.round == 2 and state.active == 1


def test_the_game_ends_when_round_twos_deck_is_spent_after_that_turn_is_finished():
    state = new(3, seed=13)
    no_hands(state)
    deck.build_round_two(state, early=True)
    empty_deck(state, keep=0)
    turn(state, 0)
    stack(state, "Miami trafficker", "lab")
    goods(state, 1, storage=3)
    play(state, "flip", "flip")
    # the deck is spent, yet the turn goes on: phase 2, the sale, the leftovers, phase 3
    assert state.phase == "manage" and not state.is_terminal()
    play(state, "end actions")
    assert state.phase == "leftover" and state.current_player == 1
    play(state, "sell to the Miami trafficker")
    assert state.phase == "invest" and state.current_player == 0
    while not state.is_terminal():
        play(state, "pass" if "pass" in labels(state) else labels(state)[-1])
    assert state.current_player is None and state.legal_actions() == []
    assert log_kinds(state)[-1] == "end"
    assert state.result()["scores"] == [float(m) for m in state.money]
    check_totals(state)


def test_the_most_money_wins_and_ties_share_the_win():
    state = new(3, seed=14)
    no_hands(state)
    deck.build_round_two(state, early=True)
    empty_deck(state, keep=0)
    turn(state, 0)
    stack(state, "lab")
    money(state, 0, 9)
    money(state, 2, 9)
    finish_turn(state)
    assert state.is_terminal()
    assert state.winners() == [0, 2] and state.returns() == [0.5, 0.0, 0.5]
    assert state.result()["unit"] == "million"
