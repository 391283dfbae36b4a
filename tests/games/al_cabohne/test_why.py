""" "Why not?" in Al Cabohne: each way the rulebook refuses a choice, set up as a position and
asked about, answers with its own sentence and rules section; over random play every refused
choice has a reason of the game (never the bare "not now"), read as a sentence in both
languages and told from the asking seat's view alone."""

from __future__ import annotations

import random
import re

import pytest

from contraband.core.random import Rng
from contraband.games.al_cabohne.actions import MEANING
from tests.games.al_cabohne.builder import GAME, labels, position

NOT_PROSE = re.compile(r"[{}\[\]<>()]|\bNone\b|\bTrue\b|\bFalse\b|__|Action\(|\\n")


def ask(state, label, seat=None, lang="en"):
    """The explanation for the seat on move (or ``seat``), checked to be a refusal."""
    seat = state.current_player if seat is None else seat
    answer = state.explain(label, seat, lang)
    assert not answer["legal"], answer
    assert label not in labels(state) or seat != state.current_player
    return answer


def check(answer, key, rule, *words):
    assert answer["key"] == key, answer
    assert answer["rule"] == rule, answer
    for word in words:
        assert word in answer["text"], (word, answer["text"])


# -- planting (phase 3) -----------------------------------------------------------------------
def _planting(hand=("Fire", "Blue"), fields=("2 Blue", None), players=2):
    rows = [list(fields)] + [[None, None] for _ in range(players - 1)]
    hands = [list(hand)] + [[] for _ in range(players - 1)]
    state = position(
        players,
        hands=hands,
        fields=rows,
        bosses=["1 Runner", "1 French", None][: 3 - (players == 2)],
    )
    assert state.phase == "planting"
    return state


def test_only_the_front_card_is_planted():
    state = _planting()
    check(ask(state, "plant Blue on field 1"), "front_card", "planting", "front card", "Fire")
    nl = ask(state, "plant Blue on field 1", lang="nl")
    assert "vuurboon" in nl["text"] and nl["rule"] == "planting"


def test_the_first_card_must_be_planted_before_planting_ends():
    state = _planting()
    check(ask(state, "end planting"), "must_plant_first", "planting", "First plant")
    state.apply("plant Fire on field 2")
    assert "end planting" in labels(state)


def test_a_field_holds_one_kind_of_bean():
    state = _planting(hand=("Blue", "Fire"), fields=("2 Fire", None))
    check(ask(state, "plant Blue on field 1"), "field_other", "planting", "Field 1", "Fire")


def test_no_fitting_field_forces_a_harvest():
    state = _planting(hand=("Fire",), fields=("2 Blue", "3 Kidney"))
    assert labels(state) == ["harvest field 1", "harvest field 2"]
    check(ask(state, "plant Fire on field 1"), "must_harvest", "planting", "harvest", "Fire")


def test_empty_fields_are_alike_so_the_first_is_used():
    state = _planting(fields=(None, None, None), players=1)
    check(ask(state, "plant Fire on field 3"), "first_empty", "prompts", "field 1")


def test_a_field_not_owned():
    state = _planting()
    check(ask(state, "plant Fire on field 3"), "no_field", "gifts-and-harvesting", "no field 3")


# -- harvesting and the third field -----------------------------------------------------------
def test_a_one_card_field_waits_while_another_holds_more():
    state = _planting(hand=("Blue",), fields=("1 Fire", "3 Blue"))
    check(ask(state, "harvest field 1"), "single_card", "gifts-and-harvesting", "Field 1", "single")


def test_an_empty_field_has_nothing_to_harvest():
    state = _planting(hand=("Blue",), fields=("3 Blue", None))
    check(ask(state, "harvest field 2"), "field_empty", "gifts-and-harvesting", "Field 2 is empty")


def test_the_third_field_costs_four_coins_once():
    state = position(hands=[["Blue"], []], coins=[["Fire", "Fire"], []])
    check(ask(state, "buy third field"), "too_poor", "gifts-and-harvesting", "4 coins", "have 2")
    solo = position(1, hands=[["Blue"]], coins=[["Fire"] * 5])
    check(ask(solo, "buy third field"), "has_third_field", "gifts-and-harvesting", "already")


# -- tribute (phase 2) ------------------------------------------------------------------------
def _tribute():
    state = position(
        hands=[["Puff"], []],
        fields=[["2 Blue", "2 Kidney"], [None, None]],
        bosses=["1 Blue", None],
    )
    assert state.phase == "tribute"
    return state


def test_tribute_comes_from_a_field_of_the_boss_bean():
    state = _tribute()
    answer = ask(state, "pay tribute to Al Cabohne from field 2")
    check(answer, "tribute_field", "tribute", "Al Cabohne", "Blue", "field 2")


def test_a_boss_with_an_empty_field_collects_no_tribute():
    state = _tribute()
    check(ask(state, "pay tribute to Don Corlebohne from field 2"), "boss_empty", "tribute", "Don")


def test_joe_bohnano_only_plays_solo():
    state = _tribute()
    check(ask(state, "pay tribute to Joe Bohnano from field 1"), "no_boss", "mafia", "solo")


def test_tribute_must_come_before_planting_and_only_once():
    state = _tribute()
    check(ask(state, "plant Puff on field 1"), "now_tribute", "tribute", "tribute")
    state = position(
        hands=[["Puff"], []],
        fields=[["2 Blue", "2 Kidney"], [None, None]],
        bosses=["1 Blue", "1 Kidney"],
    )
    state.apply("pay tribute to Al Cabohne from field 1")
    assert state.phase == "tribute"  # Don is still owed his
    check(ask(state, "pay tribute to Al Cabohne from field 1"), "tribute_paid", "tribute", "Al")


# -- the compulsory gift and trading (phase 5) ------------------------------------------------
def _gift():
    """Al Cabohne's field is empty at the start of phase 5; Don collects Broad."""
    state = position(
        hands=[["Puff", "Blue", "Fire", "Broad"], []],
        fields=[["2 Fire", None], [None, None]],
        bosses=[None, "1 Broad"],
        deck=["Kidney", "Kidney", "Runner"],
    )
    state.apply("plant Puff on field 2")
    state.apply("end planting")
    assert state.phase == "gift"
    return state


def test_the_compulsory_gift_comes_first():
    state = _gift()
    check(ask(state, "done trading"), "now_gift", "trading", "Al Cabohne", "empty field")
    check(ask(state, "plant face-up Kidney on field 1"), "now_gift", "trading", "Al Cabohne")
    # Don's field is not empty: he is not owed the compulsory gift
    check(ask(state, "give hand card 1 (Blue) to Don Corlebohne"), "now_gift", "trading")


def test_a_gift_is_never_a_bean_the_giver_grows():
    state = _gift()
    answer = ask(state, "give hand card 2 (Fire) to Al Cabohne")
    check(answer, "gift_own", "gifts-and-harvesting", "Fire", "grow")


def test_a_new_bean_for_an_empty_boss_must_be_one_no_boss_collects():
    state = _gift()
    answer = ask(state, "give hand card 3 (Broad) to Al Cabohne")
    check(answer, "boss_taken", "mafia", "Al Cabohne", "Don Corlebohne", "Broad")


def test_the_label_must_name_the_card_in_that_hand_position():
    state = _gift()
    check(
        ask(state, "give hand card 1 (Runner) to Al Cabohne"),
        "hand_other",
        "gifts-and-harvesting",
        "Blue",
    )
    check(
        ask(state, "give hand card 9 (Blue) to Al Cabohne"),
        "hand_short",
        "gifts-and-harvesting",
        "card 9",
    )


def test_a_boss_takes_only_his_own_bean_and_face_up_beans_must_be_there():
    state = _gift()
    state.apply("give hand card 1 (Blue) to Al Cabohne")
    assert state.phase == "trading"
    check(ask(state, "give face-up Kidney to Don Corlebohne"), "boss_collects", "trading", "Broad")
    check(ask(state, "plant face-up Puff on field 1"), "no_faceup", "trading", "Puff")
    check(ask(state, "plant Fire on field 1"), "now_trading", "trading", "trade")


def test_leftovers_come_first_in_the_next_turn():
    state = _gift()
    state.apply("give hand card 1 (Blue) to Al Cabohne")
    state.apply("done trading")
    assert state.current_player == 1 and state.phase == "leftovers"
    check(ask(state, "discard leftover Blue"), "no_faceup", "leftovers", "Blue")
    check(ask(state, "plant Fire on field 1"), "now_leftovers", "leftovers", "leftover")
    # the other seat is told what player 2 is deciding, in both languages
    other = ask(state, "discard leftover Kidney", seat=0)
    assert other["key"] == "not_your_turn" and other["rule"] == "leftovers"
    assert other["text"] == (
        "Not your turn: player 2 is planting or discarding the leftover face-up beans."
    )
    assert "speler 2" in ask(state, "discard leftover Kidney", seat=0, lang="nl")["text"]


def test_an_unknown_label_is_bad_input():
    state = _planting()
    assert ask(state, "plant Moon on field 1")["key"] == "bad_input"


# -- over random play -------------------------------------------------------------------------
#: every label but the long tail of hand positions (positions past 9 answer like 9)
LABELS = [
    label
    for label in MEANING
    if not label.startswith("give hand card") or int(label.split()[3]) <= 9
]


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (1, 8), (2, 4), (2, 11)])
def test_every_refused_choice_has_a_reason_of_the_game_in_both_languages(players, seed):
    state = GAME.new(players, seed=seed)
    rng = random.Random(seed)
    asked = 0
    while not state.is_terminal():
        seat = state.current_player
        if rng.random() < 0.2:
            legal = {a.label for a in state.legal_actions()}
            twin = state.determinize(seat, Rng(seed + len(state.history)))
            for label in rng.sample(LABELS, 60):
                for lang in ("en", "nl"):
                    answer = state.explain(label, seat, lang)
                    text = answer["text"]
                    assert text[0].isupper() and text[-1] in ".!?", text
                    assert not NOT_PROSE.search(text), text
                    assert answer["legal"] == (label in legal)
                    assert label in legal or answer["reason"] == "not_legal"
                    assert answer["key"] not in ("not_now", "bad_input"), (label, answer)
                    assert answer["rule"], answer
                    assert twin.explain(label, seat, lang) == answer
                asked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert asked > 100
