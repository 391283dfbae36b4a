"""Phase 1: flipping card by card, the limits, fleeing and the gun bonus (rulebook pages 2, 4,
6 and 7)."""

from contraband.games.narcos import deck
from contraband.games.narcos.board import CARD_NAME
from tests.games.narcos.builder import (
    check_totals,
    labels,
    log_kinds,
    money,
    new,
    no_hands,
    play,
    stack,
    turn,
)


def fresh(players=3, seed=1, mode="basic", round_two=False):
    state = new(players, seed=seed, mode=mode)
    if round_two:
        deck.build_round_two(state, early=True)
    no_hands(state)
    turn(state, 0)
    return state


def timeline(state):
    return [CARD_NAME[c] for c in state.timeline]


def test_the_rulebooks_example_military_then_transport_then_sapo_then_a_peeked_gun():
    state = fresh(round_two=True)
    stack(state, "military", "boat", "sapo", "lab")
    play(state, "flip")
    # danger 1: the military does nothing yet; it could be removed only now, with 2 sicarios
    assert state.phase == "remove" and "remove the military" in labels(state)
    play(state, "keep the military", "flip")
    assert state.money[0] == 3 and timeline(state) == ["military", "boat"]
    play(state, "flip")  # the sapo: 2 sirens, the military takes 1 million, too late to remove
    assert state.money[0] == 2
    assert "pay_money" in log_kinds(state) and "remove" not in log_kinds(state)
    # the sapo shows the next card to its player only
    assert state.phase == "peek"
    assert state.view(0)["top"] == ["lab"] and state.view(1)["top"] == [None]
    play(state, "place the peeked card")
    assert timeline(state) == ["military", "boat", "sapo", "lab"]
    play(state, "stop")
    assert state.actions == 4 and state.phase == "manage"
    check_totals(state)


def test_the_rulebooks_example_with_a_third_siren_after_the_sapo_means_fleeing():
    state = fresh(round_two=True)
    stack(state, "military", "boat", "sapo", "police")
    play(state, "flip", "keep the military", "flip", "flip", "place the peeked card")
    assert state.fled and state.actions == 1
    assert "flee" in log_kinds(state) and state.phase == "manage"


def test_every_player_flips_at_least_one_card_and_at_most_seven():
    state = fresh()
    assert "stop" not in labels(state)
    stack(state, "lab", "boat", "storage 8", "Miami trafficker", "storage 10", "lab", "boat")
    play(state, "flip")
    assert "stop" in labels(state)
    for _ in range(6):
        play(state, "flip")
    assert len(state.timeline) == 7 and state.phase == "bonus"  # 7 guns: the four-gun choice
    assert "limit" in log_kinds(state)
    play(state, "take a sicario")
    assert state.actions == 7 and state.sicarios[0] == 3


def test_police_is_harmless_at_one_siren_and_counts_as_an_action():
    state = fresh()
    stack(state, "police", "lab")
    play(state, "flip", "keep the police", "flip", "stop")
    assert state.lab_goods[0] == 1 and state.money[0] == 3
    assert state.actions == 2


def test_police_takes_a_goods_cube_once_two_sirens_are_out():
    state = fresh()
    stack(state, "police", "press", "lab")
    play(state, "flip", "keep the police", "flip", "keep the press")
    # the press brought the second siren: the police took the laboratory's cube
    assert state.lab_goods[0] == 0 and state.money[0] == 3
    assert timeline(state) == ["police", "press", "lab"]  # and the press forced the lab
    play(state, "stop")
    assert state.actions == 3
    assert "seized" in log_kinds(state)
    check_totals(state)


def test_police_lets_the_player_choose_the_cube_when_lab_and_storage_hold_goods():
    from tests.games.narcos.builder import goods

    state = fresh()
    goods(state, 0, lab=2, storage=3)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip")
    assert state.phase == "pay"
    assert labels(state) == ["pay from the lab", "pay from storage"]
    play(state, "pay from storage")
    assert state.storage_goods[0] == 2 and state.lab_goods[0] == 2
    assert state.phase == "peek"


def test_police_takes_a_million_only_without_goods():
    from tests.games.narcos.builder import goods

    state = fresh()
    goods(state, 0, lab=0)
    stack(state, "police", "sapo", "lab")
    play(state, "flip", "keep the police", "flip")
    assert state.money[0] == 2


def test_an_unpaid_police_gives_no_action_and_stops_the_flipping():
    from tests.games.narcos.builder import goods

    state = fresh()
    goods(state, 0, lab=0)
    money(state, 0, 0)
    stack(state, "boat", "police", "sapo", "lab")
    play(state, "flip", "flip", "keep the police", "flip")
    assert state.phase == "manage", "the unpaid police stops the flipping"
    assert [CARD_NAME[c] for c in state.unpaid] == ["police"]
    assert state.actions == 2  # boat and sapo; the unpaid police does not count
    assert "unpaid_stop" in log_kinds(state)


def test_military_takes_a_million_at_two_sirens_and_stops_the_flipping_unpaid():
    state = fresh(round_two=True)
    stack(state, "military", "sapo", "lab")
    play(state, "flip", "keep the military", "flip")
    assert state.money[0] == 2 and state.phase == "peek"
    poor = fresh(round_two=True)
    money(poor, 0, 0)
    stack(poor, "military", "press", "lab")
    play(poor, "flip", "keep the military", "flip", "keep the press")
    assert poor.phase == "manage" and poor.actions == 1  # the press; the military is unpaid
    assert [CARD_NAME[c] for c in poor.timeline] == ["military", "press"]


def test_sicarios_remove_police_military_and_press_only_when_they_appear():
    state = fresh(round_two=True)
    stack(state, "police", "military", "press", "sapo", "DEA money agent", "lab")
    play(state, "flip", "remove the police")
    assert state.sicarios[0] == 1 and timeline(state) == [] and state.phase == "flip"
    assert "stop" in labels(state)  # the removed card was this turn's compulsory flip
    play(state, "flip")  # the military: 2 sicarios needed, 1 left, and no money to hire
    assert labels(state) == ["keep the military", "hire a sicario"]
    play(state, "hire a sicario")
    assert state.money[0] == 1 and state.sicarios[0] == 2 and state.workers[0] == 4
    play(state, "remove the military")
    assert state.sicarios[0] == 0
    play(state, "flip")  # the press: no sicario left and no money to hire one
    assert state.phase != "remove"
    assert [CARD_NAME[c] for c in state.removed] == ["police", "military"]
    check_totals(state)


def test_the_sapo_and_the_dea_cannot_be_removed():
    state = fresh()
    stack(state, "sapo", "lab", "DEA action agent", "boat")
    play(state, "flip")
    assert state.phase == "peek"
    play(state, "place the peeked card", "flip")
    assert state.phase == "flip" and timeline(state) == ["sapo", "lab", "DEA action agent"]


def test_the_third_siren_means_fleeing_with_one_action_no_bonus_and_no_removal():
    state = fresh()
    stack(state, "lab", "boat", "storage 8", "Miami trafficker", "sapo", "press", "police")
    play(state, "flip", "flip", "flip", "flip", "flip", "decline the peeked card")
    # declining stops: start again with the same cards to go on past the sapo
    state = fresh()
    stack(state, "lab", "boat", "storage 8", "Miami trafficker", "press", "police", "police")
    play(state, "flip", "flip", "flip", "flip", "flip", "keep the press")
    # the press forced the police (the second siren): kept, it takes the lab's cube
    assert state.phase == "remove"
    play(state, "keep the police")
    assert state.lab_goods[0] == 0
    play(state, "flip")  # the third siren: flee at once, no removal offered, no payment
    assert state.fled and state.phase == "manage" and state.actions == 1
    assert state.money[0] == 3 and state.sicarios[0] == 2
    assert len(state.hands[0]) == 0, "four guns but no bonus after fleeing"
    kinds = log_kinds(state)
    assert kinds.index("flee") < kinds.index("actions")


def test_the_press_forces_another_flip_unless_removed():
    state = fresh()
    stack(state, "press", "lab", "boat")
    play(state, "flip", "keep the press")
    assert timeline(state) == ["press", "lab"] and state.phase == "flip"
    removed = fresh()
    stack(removed, "press", "lab")
    play(removed, "flip", "remove the press")
    assert timeline(removed) == [] and removed.phase == "flip"


def test_a_press_as_the_seventh_card_forces_an_eighth_that_counts_only_if_legal():
    state = fresh()
    names = ["lab", "boat", "storage 8", "storage 10", "lab", "boat", "press", "boat"]
    stack(state, *names)
    for _ in range(6):
        play(state, "flip")
    play(state, "flip", "keep the press")
    # the 8th card is a gun: it goes to the discards and the phase ends
    assert len(state.timeline) == 7 and CARD_NAME[state.discards[-1]] == "boat"
    assert "eighth_gun" in log_kinds(state)
    play(state, "take 2 Cartel cards")
    assert state.actions == 7
    legal = fresh()
    stack(legal, "lab", "boat", "storage 8", "storage 10", "lab", "boat", "press", "sapo")
    for _ in range(6):
        play(legal, "flip")
    play(legal, "flip", "keep the press")
    # the 8th card is a sapo: it counts (a siren), gives no peek, and the phase ends
    assert len(legal.timeline) == 8 and legal.phase == "bonus"
    play(legal, "take a sicario")
    assert legal.actions == 7  # the cap on actions from cards


def test_an_eighth_card_that_is_the_third_siren_means_fleeing():
    state = fresh()
    stack(state, "lab", "boat", "storage 8", "police", "lab", "boat", "press", "sapo")
    for _ in range(3):
        play(state, "flip")
    play(state, "flip", "keep the police", "flip", "flip")
    play(state, "flip", "keep the press")  # the second siren: the police takes a cube
    assert state.fled and state.actions == 1


def test_a_declined_sapo_peek_stops_and_the_card_stays_on_top_known_to_its_player_only():
    state = fresh()
    stack(state, "sapo", "police", "lab")
    play(state, "flip")
    peeked = state.top[0]
    assert CARD_NAME[peeked] == "police"
    play(state, "decline the peeked card")
    assert state.phase == "manage" and state.actions == 1
    assert state.top[0] == peeked and state.top_seen[0] == 1  # seat 0 knows it
    assert state.view(0)["top"][0] == "police"
    assert state.view(1)["top"][0] is None and state.view(None)["top"][0] is None
    assert all("police" not in entry["text"] for entry in state.log(1))


def test_three_guns_give_a_cartel_card_and_four_a_choice():
    state = fresh()
    stack(state, "lab", "boat", "Miami trafficker")
    play(state, "flip", "flip", "flip", "stop")
    assert len(state.hands[0]) == 1 and state.phase == "manage"
    four = fresh()
    stack(four, "lab", "boat", "Miami trafficker", "storage 8")
    play(four, "flip", "flip", "flip", "flip", "stop")
    assert four.phase == "bonus"
    assert labels(four) == ["take a sicario", "take 2 Cartel cards"]
    play(four, "take 2 Cartel cards")
    assert len(four.hands[0]) == 2 and four.sicarios[0] == 2


def test_the_deck_running_out_ends_the_flipping_like_a_stop():
    from tests.games.narcos.builder import empty_deck

    state = fresh()
    empty_deck(state, keep=0)
    stack_cards = ["lab", "boat"]
    stack(state, *stack_cards)
    play(state, "flip", "flip")
    assert state.phase == "manage" and state.actions == 2
    assert "deck_spent" in log_kinds(state)
