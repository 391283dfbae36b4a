""" "Why not?" in Tony & Tino: each way the rulebook refuses a choice, explained to the seat that
clicked, with the rules section; and every refusal in random play reads as a sentence."""

import random
import re
from pathlib import Path

import pytest

import contraband
from contraband.games.tony_tino import why
from contraband.games.tony_tino.board import STREET_INDEX
from contraband.games.tony_tino.labels import MEANING
from tests.games.tony_tino.builder import FULL, mid_game, position

RULES = Path(why.__file__).with_name("RULES.md").read_text()
SECTIONS = set(re.findall(r"\{#([a-z-]+)\}", RULES))
NOT_PROSE = re.compile(r"[{}\[\]<>]|\bNone\b|\bTrue\b|\bFalse\b|__|Action\(")


def answer(state, label, seat=0, lang="en"):
    result = state.explain(label, seat, lang)
    assert not result["legal"], result
    return result


def check(state, label, key, rule, *named, seat=0):
    """The explanation's key and rules section, the things its English text must name, and a
    Dutch text that is a sentence too."""
    result = answer(state, label, seat)
    assert (result["key"], result["rule"]) == (key, rule), result
    for word in named:
        assert word in result["text"], (word, result["text"])
    dutch = answer(state, label, seat, "nl")["text"]
    assert dutch != result["text"] and dutch[0].isupper() and dutch[-1] in ".!?", dutch
    return result["text"]


# -- Police -------------------------------------------------------------------------------------
def test_police_is_not_played_in_your_own_card_step_but_may_be_discarded():
    state = mid_game(["police", "shift"], ["shift"])
    text = check(state, "play police", "police_only_discard", "police", "Tino plays a card")
    assert text.startswith("Police can only be played when Tino plays a card.")
    assert "discard police" in [a.label for a in state.legal_actions()]
    check(state, "police", "police_only_discard", "police")


def test_police_is_not_played_while_you_place_your_figure():
    state = mid_game(["police"], ["shift"])
    state.apply("discard police")
    assert state.phase == "place"
    text = check(state, "police", "police_only", "police")
    assert text == "Police can only be played when Tino plays a card."


def test_without_police_in_hand_the_reaction_can_only_let_the_card_through():
    state = mid_game(["shift", "corruption"], ["shift"])
    state.apply("play corruption")
    assert state.current_player == 1
    check(state, "police", "no_police", "police", "Corruption", seat=1)
    check(state, "play shift", "now_react", "police", "Tony's Corruption", seat=1)


def test_the_card_player_may_not_allow_their_own_card():
    state = mid_game(["shift"], ["shift"])
    check(state, "allow", "allow_own_turn", "police", "Tino")


# -- not your turn ------------------------------------------------------------------------------
def test_not_your_turn_says_what_the_opponent_is_deciding():
    state = mid_game(["shift", "corruption"], ["police", "shift"], to_move=1)
    result = state.explain("play shift", 0)
    assert result["text"] == "Not your turn: Tino is choosing a card."
    assert result["rule"] == "cards"
    state = mid_game(["shift", "corruption"], ["police", "shift"])
    state.apply("play corruption")
    waiting = state.explain("place 1 on D3", 0)
    assert waiting["text"].startswith("Not your turn: Tino is deciding whether to let your Corr")
    assert waiting["rule"] == "police"
    state.apply("allow")
    assert state.explain("allow", 1)["text"] == (
        "Not your turn: Tony is choosing the target of the Corruption."
    )
    state.apply("swap C1")
    state.apply("with C2")
    assert state.explain("play shift", 1)["text"] == "Not your turn: Tony is placing a figure."


# -- the card step ------------------------------------------------------------------------------
def test_a_card_not_in_hand_is_named():
    state = mid_game(["shift"], ["police"])
    check(state, "play exchange", "not_in_hand", "cards", "Exchange")
    check(state, "discard police", "not_in_hand", "cards", "Police")
    check(state, "discard corruption", "not_in_hand", "cards", "Corruption")


def test_the_card_step_comes_before_the_figure_and_the_targets():
    state = mid_game(["shift"], ["shift"])
    check(state, "place 1 on D3", "now_card", "cards", "play or discard")
    check(state, "shift D3", "now_card", "cards")


#: one disc left (on F6); Tony has hitmen only, Tino commanders only
ONE_DISC = (
    "B1 B1 B1 P2 P2 P2",
    "P2 P2 P2 B1 B1 B1",
    "B1 B1 B1 P2 P2 P2",
    "P2 P2 P2 B1 B1 B1",
    "B1 B1 B1 P2 P2 P2",
    "P2 P2 P2 B1 B1 4",
)


def test_cards_whose_effect_cannot_be_carried_out_are_refused_by_name():
    hand = ["corruption", "flying-switch", "exchange"]
    state = position(*ONE_DISC, hands=(hand, ["shift"]))
    check(state, "play corruption", "corruption_one_disc", "corruption", "two discs")
    check(state, "play flying-switch", "switch_no_spy", "flying-switch", "spies (0)")
    check(state, "play exchange", "exchange_no_pair", "exchange", "Tino's", "same value")
    for card in hand:
        assert f"discard {card}" in [a.label for a in state.legal_actions()]


def test_flying_switch_needs_a_second_figure_beside_the_spy():
    rows = ["B0 P1 P1 P1 P1 P1", *[" ".join(["5"] * 6)] * 5]
    state = position(*rows, hands=(["flying-switch"], ["shift"]))
    check(state, "play flying-switch", "switch_alone", "flying-switch", "alone")


def test_new_value_needs_two_tokens_on_the_board():
    state = mid_game(["new-value"], ["shift"])
    state.street_winner = [-1] * 12
    state.street_winner[STREET_INDEX["row 3"]] = -2
    state._legal = None
    check(state, "play new-value", "new_value_one_token", "new-value", "two tokens")


# -- targets ------------------------------------------------------------------------------------
def test_shift_and_corruption_need_discs():
    state = mid_game(["shift"], [])
    state.apply("play shift")
    assert state.phase == "target"
    check(state, "shift A1", "no_disc_there", "shift", "A1")
    check(state, "swap C1", "now_target", "shift", "the disc to shift", "Shift")
    check(state, "place 1 on D3", "now_target", "shift")
    state = mid_game(["corruption"], [])
    state.apply("play corruption")
    check(state, "swap E1", "no_disc_there", "corruption", "E1")
    check(state, "with C2", "now_target", "corruption", "first disc")
    state.apply("swap C1")
    check(state, "with C1", "same_point", "corruption", "C1")
    check(state, "with A4", "no_disc_there", "corruption", "A4")
    check(state, "swap C2", "now_target", "corruption", "swap it with")


def test_flying_switch_moves_your_own_spy():
    state = mid_game(["flying-switch"], [])
    state.apply("play flying-switch")
    check(state, "spy A1", "not_a_spy", "flying-switch", "A1", "hitman (1)")
    check(state, "spy B1", "not_your_figure", "flying-switch", "B1")
    state.apply("spy B2")
    check(state, "with B1", "not_your_figure", "flying-switch", "B1")
    check(state, "with B2", "same_point", "flying-switch", "B2")


def test_exchange_swaps_figures_of_equal_value():
    state = mid_game(["exchange"], [])
    state.apply("play exchange")
    check(state, "mine B3", "not_your_figure", "exchange", "B3")
    state.apply("mine A4")  # Tony's 3
    check(state, "theirs A1", "not_their_figure", "exchange", "A1", "Tino's")
    text = check(state, "theirs E2", "exchange_values", "exchange", "A4", "E2")
    assert "is 3" in text and "is 2" in text
    rows = ["B2 P1 P1 P1 P1 P1", *[" ".join(["5"] * 6)] * 5]
    state = position(*rows, hands=(["exchange"], []))
    assert "play exchange" not in [a.label for a in state.legal_actions()]


def test_an_exchange_first_target_needs_an_opposing_figure_of_its_value():
    rows = ["B2 B1 P1 P1 P1 P1", *[" ".join(["5"] * 6)] * 5]
    state = position(*rows, hands=(["exchange"], []))
    state.apply("play exchange")
    check(state, "mine A1", "no_equal_figure", "exchange", "Tino", "value 2")


def test_new_value_swaps_tokens_still_on_the_board():
    rows = (FULL, *[" ".join(["5"] * 6)] * 5)
    state = position(*rows, hands=(["new-value"], []))
    state.apply("play new-value")
    check(state, "money row 1", "token_gone", "new-value", "row 1")
    state.apply("money row 2")
    check(state, "with row 2", "same_street", "new-value", "row 2")
    assert "rij 2" in answer(state, "with row 2", lang="nl")["text"]
    check(state, "with C4", "now_target", "new-value", "swap it with")


# -- placing a figure ---------------------------------------------------------------------------
def test_a_figure_goes_on_a_free_point_with_the_lowest_number():
    state = mid_game(["shift"], [], faceup=([2, 1], [1, 1]))
    state.apply("discard shift")
    text = check(state, "place 1 on A1", "point_taken_own", "figure", "A1", "your own hitman")
    assert text == "A1 is taken: your own hitman (1) stands there."
    check(state, "place 1 on B3", "point_taken", "figure", "B3", "Tino's son (3)")
    text = check(state, "place 2 on C1", "not_lowest", "figure", "C1 shows 3", "D3")
    assert text.endswith("lowest number on the board, 1: D3.")
    check(state, "place 3 on D3", "no_such_figure", "figure", "son (3)", "2 and 1")
    check(state, "play shift", "now_place", "figure", "D3")


def test_a_shifted_disc_counts_one_lower_in_the_explanation():
    state = mid_game(["shift"], [])
    state.apply("play shift")
    state.apply("shift C2")  # C2's 2 counts as 1, like D3's 1
    assert sorted(state.view(0)["open_points"]) == ["C2", "D3"]
    check(state, "place 1 on E4", "not_lowest", "figure", "E4 shows 2", "1: C2, D3")


def test_with_an_empty_hand_only_the_figure_is_placed():
    state = mid_game([], [])
    assert state.phase == "place"
    check(state, "play shift", "now_place_no_cards", "figure", "hand is empty", "D3")


def test_a_label_the_game_does_not_know_is_bad_input():
    state = mid_game(["shift"], [])
    assert answer(state, "dance on C3")["key"] == "bad_input"
    assert answer(state, "place 7 on C3")["key"] == "bad_input"


# -- every refusal in random play ---------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_every_refusal_in_random_play_is_a_reasoned_sentence_with_a_rule(seed):
    """All labels of the game, asked by both seats along a random game: the mover always gets
    one of the game's own reasons (never the shared "not now"), in both languages, linking to
    a section of RULES.md."""
    state = contraband.load("tony-tino").new(seed=seed)
    rng = random.Random(seed)
    everything = list(MEANING)
    while not state.is_terminal():
        legal = {a.label for a in state.legal_actions()}
        for label in rng.sample(everything, 40):
            for seat in (0, 1):
                for lang in ("en", "nl"):
                    result = state.explain(label, seat, lang)
                    text = result["text"]
                    assert text[0].isupper() and text[-1] in ".!?", text
                    assert not NOT_PROSE.search(text), text
                    assert result["legal"] == (seat == state.current_player and label in legal)
                    assert result["key"] != "not_now", (label, state.phase, text)
                    assert result["rule"] in SECTIONS, result
        state.apply(rng.choice(sorted(legal)))
