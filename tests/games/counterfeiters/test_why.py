""" "Why not?" in Counterfeiters: each way the rulebook refuses a choice, set up as a position
and asked about, answers with its own reason, the rules section that explains it and an English
text naming the right thing; over random play every refused choice gets a reason of its own
(never the generic one) that reads as a sentence in English and Dutch and links to a section the
rules have."""

import re
from pathlib import Path

import pytest

from contraband.core.random import Rng
from contraband.games.counterfeiters.labels import MEANING
from tests.contract.test_explain import check_sentence
from tests.games.counterfeiters.builder import (
    cards,
    fakes,
    give,
    hand,
    money,
    new,
    occupy,
    pawn,
    play,
    slot,
    turn,
)

RULES = Path(__file__).parents[3] / "contraband" / "games" / "counterfeiters"
SECTIONS = {
    lang: set(re.findall(r"\{#([a-z0-9-]+)\}", (RULES / name).read_text()))
    for lang, name in (("en", "RULES.md"), ("nl", "RULES.nl.md"))
}


def ask(state, label, seat=None, lang="en"):
    state._legal = None
    return state.explain(label, state.current_player if seat is None else seat, lang)


def refused(state, label, key, rule, *words, seat=None):
    """``label`` is refused with reason ``key``, linking ``rule``; the text names ``words``."""
    answer = ask(state, label, seat)
    assert not answer["legal"], answer
    assert (answer["key"], answer["rule"]) == (key, rule), answer
    for word in words:
        assert word in answer["text"], (word, answer["text"])
    check_sentence(ask(state, label, seat, "nl")["text"])
    return answer


# -- placing a henchman -------------------------------------------------------------------------
def test_a_space_taken_this_round_names_the_space_and_who_stands_there():
    state = new(3)
    occupy(state, 1, "print 3")
    occupy(state, 0, "tax fraud 2")
    turn(state, 0)
    assert refused(state, "print 3", "taken", "a-round", "Print 3 is taken", "blue")
    refused(state, "tax fraud 2", "taken_yours", "a-round", "Tax fraud 2", "your own henchman")
    assert "Printen 3 is bezet" in ask(state, "print 3", lang="nl")["text"]


def test_printing_needs_a_printer_a_component_and_notes_of_that_quality_in_the_supply():
    state = new(3)
    cards(state, 0, "S1")  # a printer, no ink, paper or hologram
    refused(state, "print 2", "need_component", "actions", "You need ink, paper or a hologram")
    cards(state, 0, "S5")  # ink, no printer
    refused(state, "print 2", "need_printer", "actions", "You need a printer to print.")
    cards(state, 0, "S1", "S5")
    fakes(state, 1, one=30)  # every one-star note is behind blue's screen
    refused(state, "print 2", "supply_empty", "actions", "★ notes", "supply")


def test_alike_spaces_point_to_the_first_free_one():
    state = new(3)
    cards(state, 0, "S1", "S5")
    refused(state, "print 3", "alike", "prompts", "Print 3", "take Print 2")
    occupy(state, 1, "print 2")
    turn(state, 0)
    assert ask(state, "print 3")["legal"]


def test_the_black_market_refuses_an_empty_slot_a_dear_card_a_second_jet_and_a_closed_slot():
    state = new(3)
    slot(state, 3, "A8")  # a private jet for $50
    slot(state, 4, None)
    money(state, 0, 40)
    refused(state, "market 3", "too_dear", "actions", "$50", "$40", "Black market 3")
    refused(state, "market 4", "slot_empty", "actions", "Black market 4")
    refused(state, "market 1", "slot_closed", "components", "four players")
    money(state, 0, 60)
    give(state, 0, "D3")  # red already has a jet
    refused(state, "market 3", "second_jet", "actions", "private jet", "two")


def test_a_space_of_the_other_board_side_does_not_exist():
    state = new(2)
    refused(state, "print 3", "no_space", "components", "two players", "Print 3")


def test_selling_needs_notes_the_place_accepts():
    state = new(3)
    fakes(state, 0)
    refused(state, "fence 1", "no_notes", "actions", "no fake notes", "Fence 1")
    fakes(state, 0, one=2)
    pawn(state, 11)  # the police have taught the supermarket one-star notes
    refused(state, "supermarket 1", "refused_notes", "police-track", "refuses ★ notes")
    fakes(state, 0, one=1, three=2)
    pawn(state, 17)
    refused(state, "supermarket 1", "supermarket_closed", "police-track", "no fake notes")


def test_flights_need_a_fare_a_jet_and_no_strike():
    state = new(3)
    money(state, 0, 20)
    refused(state, "commercial flight", "fare", "actions", "$30", "$20")
    refused(state, "private jet 1", "need_jet", "actions", "private jet card")
    money(state, 0, 100)
    give(state, 0, "A8")
    pawn(state, 15)
    refused(state, "private jet 1", "strike", "police-track", "air-traffic strike", "15")


# -- a sale, a flight, a lawyer -----------------------------------------------------------------
def test_a_sale_counts_from_one_star_up_within_the_notes_held_and_the_limit():
    state = new(3)
    fakes(state, 0, one=2, two=3)
    play(state, "supermarket 1")
    refused(state, "sell 1 two-star", "sell_order", "actions", "★ notes", "one star up")
    refused(state, "sell 3 one-star", "sell_held", "actions", "only 2 ★ notes")
    refused(state, "print 2", "now_sell", "actions", "Finish your sale")
    play(state, "sell 2 one-star")
    refused(state, "sell 3 two-star", "sell_limit_sofar", "actions", "at most 3", "2 are already")


def test_a_sale_holds_one_note_at_least_and_the_supermarket_refuses_what_the_police_know():
    state = new(3)
    fakes(state, 0, three=2)
    play(state, "supermarket 1")
    refused(state, "sell 0 three-star", "sell_one", "prompts", "at least one note")
    state = new(3)
    pawn(state, 11)
    fakes(state, 0, one=1, two=4, three=1)
    play(state, "supermarket 1")
    refused(state, "sell 1 one-star", "sell_refused", "police-track", "refuses ★ notes")
    refused(state, "sell 4 two-star", "sell_limit", "actions", "at most 3 notes")


def test_a_flight_moves_money_only_from_a_side_that_holds_it():
    state = new(3)
    money(state, 0, 100)
    play(state, "commercial flight")  # $30 fare: $70 cash, nothing offshore
    refused(state, "to cash", "offshore_empty", "prompts", "offshore account is empty")
    refused(state, "market 3", "now_direction", "actions", "which way")
    play(state, "to offshore")
    refused(state, "move $80", "amount_cash", "actions", "$80", "$70 in cash")
    refused(state, "move $15", "ten_steps", "actions", "$10")
    state = new(3)
    money(state, 0, 30, offshore=50)
    play(state, "commercial flight")
    refused(state, "to offshore", "cash_empty", "prompts", "no cash")


def test_labels_of_another_moment_say_what_is_asked_now():
    state = new(3)
    refused(state, "sell 1 one-star", "sell_first", "actions", "supermarket or the fence")
    refused(state, "to offshore", "flight_first", "actions", "flight")
    refused(state, "lawyer: no move", "lawyer_not_now", "game-end", "end of the game")
    assert ask(state, "print 9")["key"] == "bad_input"


def test_a_lawyer_moves_only_its_owners_henchman_on_the_board():
    state = new(4)
    pawn(state, 18)
    give(state, 0, "D7")
    cards(state, 1, "S2", "S6")
    occupy(state, 0, "tax fraud 2")
    occupy(state, 2, "print 2")
    turn(state, 1)
    for seat in (0, 2, 3):
        hand(state, seat, 0)
    hand(state, 1, 1)
    play(state, "print 1")  # the pawn reaches 19 with blue's last henchman: the lawyers
    assert state.stage == "lawyers" and state.current_player == 0
    refused(state, "lawyer: move from print 2", "lawyer_not_yours", "game-end", "green")
    refused(state, "lawyer: move from fence 1", "lawyer_empty", "game-end", "Fence 1")
    refused(state, "pass", "now_lawyer", "game-end", "the Great Lawyer")
    play(state, "lawyer: move from tax fraud 2")
    refused(state, "lawyer: no move", "lawyer_placing", "game-end", "place it")


# -- other seats ----------------------------------------------------------------------------
def test_another_seat_hears_what_the_mover_does_and_never_a_flights_secret():
    state = new(3)
    answer = state.explain("print 2", 1)
    assert answer["text"] == "Not your turn: red is placing a henchman or passing."
    nl = state.explain("print 2", 1, "nl")["text"]
    assert nl.startswith("Je bent niet aan de beurt: rood is een handlanger")
    fakes(state, 0, one=2, two=1)
    play(state, "fence 1")
    assert "red is counting the fake notes of a sale" in state.explain("pass", 2)["text"]
    state = new(3)
    money(state, 0, 100, offshore=40)
    play(state, "commercial flight", "to cash")
    for label in ("move $40", "to cash", "to offshore"):
        text = state.explain(label, 1)["text"]
        assert text == "Not your turn: red is flying to the Caribbean.", text


# -- every refusal over random play -----------------------------------------------------------
POOL = [*MEANING, "move $0", "move $30", "move $990", "move $25"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_refused_choice_in_random_play_has_its_own_reason_in_both_languages(players):
    keys = set()
    for seed in range(3):
        state = new(players, seed=seed)
        rng = Rng(seed + 7)
        while not state.is_terminal():
            mover = state.current_player
            legal = {a.label for a in state.legal_actions()}
            if rng.below(4) == 0:
                for label in POOL:
                    for lang in ("en", "nl"):
                        answer = state.explain(label, mover, lang)
                        check_sentence(answer["text"])
                        assert answer["legal"] == (label in legal)
                        assert answer["key"] != "not_now", (label, state.step, answer)
                        assert answer["rule"] in SECTIONS[lang], answer
                        keys.add(answer["key"])
                other = (mover + 1) % players
                answer = state.explain(POOL[0], other)
                assert answer["reason"] == "not_your_turn" and "{" not in answer["text"]
            state.apply(rng.choice(state.legal_actions()))
    # the common refusals all come up in a few games of each size
    assert {"taken", "alike", "now_sell", "flight_first", "sell_first", "too_dear"} <= keys
