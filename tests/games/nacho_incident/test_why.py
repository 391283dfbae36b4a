""" "Why not?" in The Nacho Incident: every way the rulebook refuses a choice, asked as a player
would ask it at the table, answers with the right reason, names the right thing and links to the
right rules section; a face-down hire is never told; and over random play every refused choice
reads as a sentence in English and Dutch."""

import re

import pytest

from contraband.core.random import Rng
from contraband.games.nacho_incident.board import MEANING
from tests.games.nacho_incident.builder import (
    fill,
    gem,
    hand,
    hire_all,
    holders,
    labels,
    mountie_up,
    new,
    post,
    province_card,
    warehouse,
)
from tests.games.nacho_incident.test_arrests import _second_player
from tests.games.nacho_incident.test_round_end import _last_turn_of_round_one


def ask(state, label, seat=None, lang="en"):
    seat = state.current_player if seat is None else seat
    answer = state.explain(label, seat, lang)
    assert not answer["legal"], answer
    return answer


def hiring(players: int = 2):
    """Red (seat 0) holds the gem and hires first: hands Gus, Duke (red) and Ozzy (blue)."""
    state = new(players)
    gem(state, 0)
    hand(state, 0, "Gus", "Duke")
    hand(state, 1, "Ozzy")
    return state


def cargo(first="Duke", second="Hugo", house=("salsa", "grain"), thief_house=("onion",)):
    """Red goes first with ``first``; blue with ``second`` and ``house`` chooses its cargo
    after red's smuggler went to its flag without cargo."""
    state = new(2)
    gem(state, 0)
    hand(state, 0, first)
    hand(state, 1, second)
    warehouse(state, 0, *thief_house)
    warehouse(state, 1, *house)
    province_card(state, "Alberta", 0)  # grain 8, tortillas 3, salsa 7, olive 6
    province_card(state, "Saskatchewan", 0)  # pepper 4, olive 6, salsa 6, grain 8
    province_card(state, "Ontario", 0)  # salsa 6, grain 4, sour cream 9, tortillas 5
    province_card(state, "Quebec", 2)  # olive 8, grain 6, salsa 3, sour cream 7
    hire_all(state, {0: first, 1: second})
    return state


# -- step 1: hiring ----------------------------------------------------------------------------
def test_you_hire_only_from_your_own_hand():
    state = hiring()
    answer = ask(state, "hire Ozzy")
    assert answer["key"] == "not_in_hand_hire" and answer["rule"] == "hire"
    assert "Ozzy is not in it" in answer["text"]
    assert "Ozzy" in state.explain("hire Ozzy", 0, "nl")["text"]


def test_a_smuggler_in_a_cantina_or_out_of_the_game_is_named_where_everyone_sees_it():
    state = hiring()
    holders(state, 1, "Ontario", "Kit")
    holders(state, 0, "Quebec", "Walt")
    state.smuggler_out.append(state.smuggler_deck.pop())
    state._legal = None
    gone = state.view(0)["smugglers_out"][-1]
    assert ask(state, f"hire {gone}")["key"] == "smuggler_gone"
    answer = ask(state, "hire Kit")
    assert answer["key"] == "smuggler_cantina"
    assert "blue cantina in Ontario" in answer["text"]
    assert "blauw" in state.explain("hire Kit", 0, "nl")["text"]
    answer = ask(state, "hire Walt")
    assert answer["key"] == "smuggler_own_cantina" and "your cantina in Quebec" in answer["text"]


def test_while_others_hire_the_answer_is_the_secret_choice_and_never_its_card():
    state = hiring(3)
    hand(state, 2, "Tess")
    state.apply("hire Duke")  # red's hire lies face down
    answer = ask(state, "hire Gus", seat=0)
    assert answer["reason"] == "not_your_turn"
    assert answer["text"] == "Not your turn: blue is choosing a smuggler in secret."
    assert answer["rule"] == "hire"
    # blue asks about red's face-down Duke: only "not in your hand", exactly as for a card in
    # the deck, so the answer tells nothing about where Duke is
    hidden = ask(state, "hire Duke", seat=1)
    in_deck = ask(state, "hire Wade", seat=1)
    assert hidden["key"] == in_deck["key"] == "not_in_hand_hire"
    for lang in ("en", "nl"):
        text = state.explain("hire Duke", 1, lang)["text"]
        assert "red" not in text and "rood" not in text
    # and blue may not look at red's decision through another label of the step either
    assert ask(state, "go to Alberta", seat=1)["key"] == "now_hire"


def test_a_label_of_another_step_says_what_this_step_asks():
    state = hiring()
    for label in ("ship salsa", "go to Alberta", "sell onion", "keep hand", "restock"):
        answer = ask(state, label)
        assert answer["key"] == "now_hire" and answer["rule"] == "hire"
        assert answer["text"].startswith("Now everyone hires a smuggler")


def test_unknown_labels_and_seats_not_at_the_table():
    state = hiring()
    assert ask(state, "hire Napoleon")["key"] == "bad_input"
    answer = ask(state, "gem to yellow")
    assert answer["key"] == "no_such_seat" and "no yellow player" in answer["text"]
    assert ask(state, "steal salsa from green")["key"] == "no_such_seat"


# -- step 3: cargo -----------------------------------------------------------------------------
def test_you_ship_only_cubes_in_your_warehouse():
    state = cargo()
    state.apply("ship nothing")
    state.apply("go to Alberta")
    answer = ask(state, "ship onion")
    assert answer["key"] == "no_cube" and answer["rule"] == "smuggle"
    assert answer["text"] == "There is no onion cube in your warehouse."
    assert "ui" in state.explain("ship onion", 1, "nl")["text"]


def test_a_cube_needs_an_empty_slot_within_the_smugglers_reach():
    state = cargo(second="Ugo", house=("salsa", "pepper"))  # Ugo: Quebec, reaches ON and QC
    fill(state, "Ontario", "salsa")
    fill(state, "Quebec", "salsa")
    state._legal = None
    state.apply("ship nothing")
    state.apply("go to Alberta")
    assert "ship salsa" not in labels(state)
    answer = ask(state, "ship salsa")
    assert answer["key"] == "no_slot_in_reach"
    assert "Ugo can reach (Ontario and Quebec) has an empty salsa slot" in answer["text"]
    assert ask(state, "ship pepper")["key"] == "no_slot_in_reach"  # pepper: asked only west


def test_only_the_first_player_steals():
    state = cargo()
    # red moves first: it may steal blue's cubes but not its own or a missing one
    assert "steal salsa from blue" in labels(state)
    answer = ask(state, "steal onion from red")
    assert answer["key"] == "steal_self" and answer["rule"] == "smuggle"
    answer = ask(state, "steal olive from blue")
    assert answer["key"] == "steal_no_cube"
    assert answer["text"] == "There is no olive cube in the blue warehouse."
    state.apply("ship nothing")
    state.apply("go to Alberta")
    answer = ask(state, "steal onion from red")  # blue is second
    assert answer["key"] == "steal_first_only"
    assert answer["text"] == "Only the first player may steal, and this turn that is red."
    assert "rood" in state.explain("steal onion from red", 1, "nl")["text"]


# -- step 3: destination -----------------------------------------------------------------------
def test_a_smuggler_reaches_its_flag_and_the_neighbours_only():
    state = cargo()
    state.apply("ship nothing")
    answer = ask(state, "go to Quebec")  # Duke: Alberta
    assert answer["key"] == "out_of_reach" and answer["rule"] == "smuggle"
    assert "can only go to Alberta and Saskatchewan, not to Quebec" in answer["text"]
    assert "Alberta en Saskatchewan" in state.explain("go to Quebec", 0, "nl")["text"]


def test_the_cargo_goes_only_where_its_slot_is_empty():
    state = cargo(second="Ned")  # Ned: Saskatchewan 3, reaches AB, SK, ON
    fill(state, "Alberta", "grain")
    state._legal = None
    state.apply("ship nothing")
    state.apply("go to Saskatchewan")
    state.apply("ship grain")
    assert labels(state) == ["go to Saskatchewan", "go to Ontario"]
    answer = ask(state, "go to Alberta")
    assert answer["key"] == "slot_taken"
    assert answer["text"] == "The grain slot in Alberta is taken, so your cargo cannot go there."
    state = cargo(second="Ned")
    state.apply("ship nothing")
    state.apply("go to Saskatchewan")
    state.apply("ship salsa")
    province_card(state, "Ontario", 1)  # sour cream, beans, pepper, onion: no salsa
    state._legal = None
    answer = ask(state, "go to Ontario")
    assert answer["key"] == "not_asked_there" and "does not ask for salsa" in answer["text"]


def test_after_the_cargo_the_step_asks_for_the_destination():
    state = cargo()
    state.apply("ship nothing")
    answer = ask(state, "ship salsa")
    assert answer["key"] == "now_destination" and "where Duke goes" in answer["text"]


# -- step 4: arrests ---------------------------------------------------------------------------
def test_only_a_mountie_on_the_cantina_can_act():
    state = _second_player(("Lapointe", "Gagnon"), {"Saskatchewan": ("Kit",)})
    state.apply("go to Alberta")
    assert state.phase == "pick mountie"
    answer = ask(state, "mountie Steele")
    assert answer["key"] == "mountie_not_here" and answer["rule"] == "cantinas-and-arrests"
    assert "the mounties there are Lapointe and Gagnon" in answer["text"]
    assert ask(state, "go to Quebec")["key"] == "now_pick_mountie"


def test_the_bored_mountie_arrests_the_highest_rank_only():
    state = _second_player(
        ("Lapointe", "Tremblay"), {"Saskatchewan": ("Kit", "Ned"), "Ontario": ("Otto",)}
    )
    state.apply("go to Alberta")
    state.apply("mountie Tremblay")
    assert state.phase == "bored arrest"
    answer = ask(state, "arrest Ned")  # rank 3 under Kit and Otto (6)
    assert answer["key"] == "outranked" and answer["rule"] == "cantinas-and-arrests"
    assert "Ned has rank 3, and you have a holder of rank 6" in answer["text"]
    answer = ask(state, "arrest Tina")  # blue's holder
    assert answer["key"] == "not_your_holder" and "Tina" in answer["text"]


def test_the_wandering_mountie_must_leave():
    state = _second_player(("Lapointe", "Gagnon"), {}, players=3)
    holders(state, 2, "Ontario", "Sid")
    post(state, 0, "Alberta", "Preston")
    state.apply("go to Alberta")
    state.apply("mountie Lapointe")
    assert state.phase == "wander"
    answer = ask(state, "wander to red Quebec")
    assert answer["key"] == "wander_stays" and "leave your cantina in Quebec" in answer["text"]
    assert ask(state, "wander to yellow Quebec")["key"] == "no_such_seat"


# -- steps 5 and 6: gem, hands, market ---------------------------------------------------------
def test_the_gem_goes_to_a_lowest_score_only():
    state = new(3)
    gem(state, 0)
    state.turn = 3
    state.gold = [10, 4, 30]
    hand(state, 0, "Vera")  # Alberta 7, cost 3
    hand(state, 1, "Ugo")  # Quebec 1, cost 0
    hand(state, 2, "Gus")  # Alberta 1, cost 0
    mountie_up(state, "Steele")
    hire_all(state, {0: "Vera", 1: "Ugo", 2: "Gus"})
    for destination in ("Alberta", "Quebec", "Saskatchewan"):
        state.apply("ship nothing")
        state.apply(f"go to {destination}")
    assert state.phase == "gem", state.gold  # red and blue both end on 9 gold
    answer = ask(state, "gem to green")
    assert answer["key"] == "gem_not_lowest" and answer["rule"] == "round-end"
    assert answer["text"] == (
        "The gem goes to a player with the lowest score (9 gold), and green has 36."
    )


def test_hand_refresh_discards_only_from_the_hand():
    state = _last_turn_of_round_one()
    assert state.phase == "refresh"
    mover = state.current_player
    other = state.view(mover)["seats"][1 - mover]["cantinas"][0]["holders"][0]
    answer = ask(state, f"discard {other}")
    assert answer["key"] == "smuggler_cantina" and answer["rule"] == "round-end"
    assert ask(state, "hire Gus")["key"] == "now_refresh"


def test_you_sell_only_cubes_you_have():
    state = cargo()
    state.apply("ship nothing")
    state.apply("go to Alberta")
    state.apply("ship nothing")
    state.apply("go to Ontario")
    assert state.phase == "market"
    mover = state.current_player
    have = set(state.view(mover)["seats"][mover]["warehouse"])
    food = next(f for f in ("olive", "beans", "pepper", "grain") if f not in have)
    answer = ask(state, f"sell {food}")
    assert answer["key"] == "no_cube_to_sell" and answer["rule"] == "next-turn"
    assert food in answer["text"]


# -- every refused choice reads as a sentence --------------------------------------------------
NOT_PROSE = re.compile(r"[{}\[\]<>]|\bNone\b|\bTrue\b|\bFalse\b|__|\\n")


def check_sentence(text: str) -> None:
    assert text and text[0].isupper() and text[-1] in ".!?", text
    assert not NOT_PROSE.search(text), text


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_every_refused_choice_over_a_game_is_a_sentence_in_both_languages(players, seed):
    state = new(players, seed=seed)
    rng = Rng(seed)
    every = sorted(MEANING)
    keys = set()
    step = 0
    while not state.is_terminal():
        if step % 8 == 0:
            mover = state.current_player
            legal = {a.label for a in state.legal_actions()}
            for label in every:
                if label in legal:
                    continue
                for lang in ("en", "nl"):
                    answer = state.explain(label, mover, lang)
                    assert not answer["legal"]
                    check_sentence(answer["text"])
                keys.add(answer["key"])
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    # a game's worth of questions meets the step prompts and the common refusals
    assert {"now_hire", "now_cargo", "now_destination", "now_market", "out_of_reach"} <= keys
    # and every refusal has its own reason: the shared "not now" is never needed
    assert "not_now" not in keys


@pytest.mark.parametrize("seed", [21, 22])
def test_no_answer_depends_on_a_face_down_hire_or_a_hidden_hand(seed):
    """While hires lie face down, every seat's answer about every hand label is the same on
    any determinization for that seat (other hands and face-down hires redealt)."""
    state = new(4, seed=seed)
    rng = Rng(seed)
    hand_labels = [label for label, m in MEANING.items() if m[0] in ("hire", "discard", "bored")]
    checked = 0
    while not state.is_terminal() and checked < 3:
        if state.phase == "hire" and 0 < state.seq < state.players:
            for seat in range(state.players):
                twin = state.determinize(seat, Rng(seed + seat))
                for label in hand_labels:
                    for lang in ("en", "nl"):
                        assert twin.explain(label, seat, lang) == state.explain(label, seat, lang)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked == 3
