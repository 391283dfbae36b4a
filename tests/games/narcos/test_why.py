""" "Why not?" in Narcos: each refusal the rulebook makes, explained to the seat on move in its
own words with the rules section it comes from (RULES.md), and every explanation over random play
a sentence in English and Dutch."""

from __future__ import annotations

import pytest

from contraband.core.random import Rng
from contraband.games.narcos.board import MEANING
from contraband.games.narcos.state import NarcosState
from tests.contract.test_explain import check_sentence
from tests.games.narcos.builder import (
    crops,
    goods,
    hand,
    labels,
    money,
    new,
    no_hands,
    on_timeline,
    play,
    stack,
    tokens,
    turn,
)


def why(state, label: str, seat: int | None = None) -> dict:
    """The English answer for the seat on move (or ``seat``), checked to read as a sentence in
    both languages and to refuse the label."""
    seat = state.current_player if seat is None else seat
    assert label not in labels(state) or seat != state.current_player
    answer = state.explain(label, seat, "en")
    check_sentence(answer["text"])
    check_sentence(state.explain(label, seat, "nl")["text"])
    assert not answer["legal"]
    return answer


def started(players: int = 3, mode: str = "basic", seat: int = 0):
    state = new(players, seed=4, mode=mode)
    no_hands(state)
    turn(state, seat)
    return state


def managing(*cards: str, storage: int = 0, lab: int | None = None, mode: str = "basic"):
    """Red's phase 2 after flipping ``cards`` and stopping."""
    state = started(mode=mode)
    goods(state, 0, lab=lab, storage=storage)
    stack(state, *cards)
    play(state, *["flip"] * len(cards), "stop")
    assert state.phase == "manage", state.phase
    return state


# -- phase 1: flipping ---------------------------------------------------------------------------
def test_the_first_card_must_be_flipped():
    answer = why(started(), "stop")
    assert answer["key"] == "flip_one" and answer["rule"] == "flipping"
    assert "at least one card" in answer["text"]


def test_a_card_is_removed_only_the_moment_it_appears():
    state = started()
    on_timeline(state, "police")
    stack(state, "lab")
    play(state, "flip")
    answer = why(state, "remove the police")
    assert answer["key"] == "remove_when_appears" and answer["rule"] == "flipping"


def test_removal_needs_the_sicarios():
    state = started()
    state.sicarios[0] = 0
    state.workers[0] = 0
    hand(state, 0, "Robo")  # a hand: the removal is asked (it might hold Reclutamiento)
    stack(state, "military")
    play(state, "flip")
    assert state.phase == "remove"
    answer = why(state, "remove the military")
    assert answer["key"] == "remove_sicarios" and answer["rule"] == "flipping"
    assert answer["text"] == "Removing the military takes 2 sicarios; you have 0 sicarios."
    other = why(state, "remove the police")
    assert other["key"] == "remove_other" and "military" in other["text"]


def paying(first: str = "police", second: str = "police", lab: int = 1, storage: int = 2):
    state = started()
    goods(state, 0, lab=lab, storage=storage)
    hand(state, 0, "Robo")  # a hand: every payment is asked (it might hold Soborno)
    stack(state, first, second)
    play(state, "flip", f"keep the {first}", "flip", f"keep the {second}")
    assert state.phase == "pay", state.phase
    return state


def test_the_police_takes_goods_while_there_are_any():
    state = paying()
    answer = why(state, "pay 1 million")
    assert answer["key"] == "police_goods" and answer["rule"] == "flipping"
    assert "takes a good" in answer["text"]
    assert why(state, "leave it unpaid")["key"] == "must_pay"
    bribe = why(state, "bribe the police")
    assert bribe["key"] == "bribe_soborno" and bribe["rule"] == "cartel-cards"
    assert "Soborno" in bribe["text"]


def test_the_military_takes_money_not_goods():
    state = paying("military", "military")
    answer = why(state, "pay from the lab")
    assert answer["key"] == "military_money" and "1 million" in answer["text"]


def test_payment_comes_at_two_sirens_only():
    state = started()
    stack(state, "lab", "lab")
    play(state, "flip")
    answer = why(state, "pay from the lab")
    assert answer["key"] == "pay_when_two" and "two sirens" in answer["text"]


def test_early_round_two_needs_a_short_deck():
    state = started()
    answer = why(state, "start round 2")
    assert answer["key"] == "round2_deck" and answer["rule"] == "game-end"
    assert f"the deck still has {state.view(0)['deck']}" in answer["text"]


# -- phase 2: network management --------------------------------------------------------------
def test_the_network_waits_for_phase_two():
    state = started()
    answer = why(state, "produce")
    assert answer["key"] == "phase2_later" and answer["rule"] == "network-management"


def test_no_actions_left():
    state = managing("lab")
    play(state, "produce")
    answer = why(state, "produce")
    assert answer["key"] == "no_actions" and answer["rule"] == "network-management"
    assert "no actions left" in answer["text"]


def test_a_full_storage_takes_no_transport():
    state = managing("lab", storage=6, lab=2)
    answer = why(state, "transport")
    assert answer["key"] == "storage_full" and answer["text"].endswith("6 of 6.")
    empty = managing("lab", storage=0, lab=0)
    assert why(empty, "transport")["key"] == "transport_no_goods"


def test_a_sale_needs_its_trafficker_on_the_timeline():
    state = managing("Miami trafficker", storage=3)
    answer = why(state, "sell early to the Chicago trafficker")
    assert answer["key"] == "trafficker_absent" and "Chicago trafficker" in answer["text"]
    assert why(state, "sell to the Miami trafficker")["key"] == "sale_is_early"
    assert why(managing("lab"), "sell early to the Miami trafficker")["key"] == "storage_empty"


def test_the_permanent_trafficker_buys_last_and_once():
    state = managing("Miami trafficker", storage=3)
    play(state, "end actions")
    assert state.phase == "sell"
    answer = why(state, "sell to the permanent trafficker")
    assert answer["key"] == "permanent_last" and answer["rule"] == "network-management"
    assert why(state, "sell early to the Miami trafficker")["key"] == "sale_is_end"


def test_a_trafficker_takes_one_sale():
    state = managing("Miami trafficker", "lab", storage=3, lab=3)
    play(state, "sell early to the Miami trafficker", "transport")
    answer = why(state, "sell early to the Miami trafficker")
    assert answer["key"] == "trafficker_used" and "Miami" in answer["text"]


def test_leftover_sales_go_to_traffickers_only():
    state = started()
    goods(state, 1, storage=4)
    stack(state, "Miami trafficker")
    play(state, "flip", "stop", "end actions")
    assert state.phase == "leftover" and state.current_player == 1
    answer = why(state, "sell to the permanent trafficker")
    assert answer["key"] == "leftover_traffickers" and "red" in answer["text"]
    assert "rood" in state.explain("sell to the permanent trafficker", 1, "nl")["text"]


# -- phase 3: improvements ---------------------------------------------------------------------
def investing(*cards: str, cash: int = 3):
    state = managing(*cards)
    money(state, 0, cash)
    play(state, "end actions")
    assert state.phase == "invest", state.phase
    return state


def test_buying_needs_the_card_on_the_timeline_and_the_money():
    state = investing("lab", cash=1)
    absent = why(state, "buy boat")
    assert absent["key"] == "buy_absent" and "boat" in absent["text"]
    dear = why(state, "buy lab")
    assert dear["key"] == "buy_money" and dear["rule"] == "improvements"
    assert dear["text"] == "The lab costs 3 million; you have 1 million."


def test_crops_need_a_free_slot_and_their_price():
    state = investing("lab", cash=1)
    answer = why(state, "plant a crop")
    assert answer["key"] == "crop_money" and "2 million" in answer["text"]
    crops(state, 0, 3)
    assert why(state, "plant a crop")["key"] == "plantation_full"


def test_investments_wait_for_phase_three():
    assert why(started(), "buy lab")["key"] == "phase3_later"


# -- Cartel cards ----------------------------------------------------------------------------------
def test_a_face_needs_the_card_in_hand_and_its_moment():
    state = started()
    missing = why(state, "play Reclutamiento")
    assert missing["key"] == "no_card" and "Reclutamiento" in missing["text"]
    assert missing["rule"] == "cartel-cards"
    hand(state, 0, "Horas extra", "Presión", "Fumigación")
    assert why(state, "play Horas extra")["key"] == "phase2_card"
    assert why(state, "play Presión")["key"] == "presion_when"


def test_an_attack_needs_a_rival_it_can_touch():
    state = started()
    hand(state, 0, "Fumigación")
    crops(state, 1, 1)
    answer = why(state, "play Fumigación on green")
    assert answer["key"] == "target_crops" and "green" in answer["text"]
    assert why(state, "play Fumigación on red")["key"] == "target_self"
    assert why(state, "play Fumigación on blue")["key"] == "target_absent"


def test_a_face_costs_its_price():
    state = started()
    hand(state, 0, "Reclutamiento")
    money(state, 0, 0)
    answer = why(state, "play Reclutamiento")
    assert answer["key"] == "card_cost" and "1 million" in answer["text"]


def test_chivatazo_comes_before_the_first_flip():
    state = managing("lab")
    hand(state, 0, "Chivatazo")
    assert why(state, "play Chivatazo")["key"] == "chivatazo_when"


def test_asalto_is_advanced_only():
    assert why(started(), "play Asalto")["key"] == "asalto_basic"


# -- advanced mode -----------------------------------------------------------------------------
def test_the_minus_two_city_is_the_token_s():
    state = managing("lab", storage=3, mode="advanced")
    tokens(state, Miami="-2", Chicago="boat", **{"New York": "plane", "Los Angeles": ">=8"})
    answer = why(state, "sell early in Chicago at -2")
    assert answer["key"] == "outlet_city" and answer["rule"] == "advanced-mode"
    assert answer["text"] == "The -2 city is Miami, not Chicago."
    assert why(state, "sell early to the permanent trafficker")["key"] == "permanent_advanced"


def test_workers_go_to_cities_in_the_advanced_game_only():
    answer = why(managing("lab"), "send a worker to Miami")
    assert answer["key"] == "send_advanced_only"


# -- not your turn, and unknown choices ----------------------------------------------------------
def test_another_seat_hears_what_the_mover_decides():
    state = started()
    answer = state.explain("flip", 1, "en")
    assert answer["reason"] == "not_your_turn" and answer["rule"] == "flipping"
    assert answer["text"] == "Not your turn: red is starting the turn."
    assert state.explain("flip", 1, "nl")["text"].startswith("Je bent niet aan de beurt: rood")


def test_a_label_the_game_does_not_know():
    assert why(started(), "dance the salsa")["key"] == "bad_input"


def test_a_choice_of_another_phase_says_what_the_phase_asks():
    state = managing("lab")
    answer = why(state, "take a sicario")
    assert answer["key"] == "bonus_when"
    assert why(state, "keep the goods")["key"] == "now_manage"


# -- every kind has a section, and every explanation reads ----------------------------------------
def test_every_action_kind_has_a_rules_section():
    kinds = {meaning[0] for meaning in MEANING.values()}
    assert kinds <= set(NarcosState.RULE_KINDS)


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_refusal_over_random_play_is_a_sentence(mode, seed):
    state = new(3, seed=seed, mode=mode)
    rng = Rng(seed)
    pool = list(MEANING)
    keys = set()
    while not state.is_terminal():
        mover = state.current_player
        legal = labels(state)
        for label in [rng.choice(pool) for _ in range(12)]:
            for lang in ("en", "nl"):
                answer = state.explain(label, mover, lang)
                check_sentence(answer["text"])
                assert answer["legal"] == (label in legal)
                assert answer["rule"], answer
            keys.add(answer["key"])
        state.apply(rng.choice(state.legal_actions()))
    assert "not_now" not in keys, "every refusal has a reason of its own"
    assert len(keys) > 15
