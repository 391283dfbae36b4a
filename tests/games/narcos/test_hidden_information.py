"""What each seat may see: Cartel hands, cards spent face down, the cards a sapo or Chivatazo
showed one player, and the deck's order are hidden; determinize resamples exactly those.

Twin games: the same game twice, the second with two other seats' Cartel hands swapped.
Played with the same decisions, everything seat 0 and a spectator receive (views, logs,
records, the board, the offered moves, the errors) must be identical, until one of the swapped
cards is played face up. Being asked in a window on another player's turn depends only on
public facts, so the twins never part there either.
"""

import json

import pytest

import contraband
from contraband.core.random import Rng
from contraband.games.narcos.board import CARD_NAME, CARTEL_NAMES, CARTEL_OF
from tests.games.narcos.builder import hand, new, no_hands, play, stack, turn


def seen_by(state, seat):
    errors = []
    if seat is not None:
        for attempt in ("no such action", "flip", "pass", "play Presión"):
            try:
                state.clone().apply(attempt, seat=seat)
            except contraband.IllegalAction as error:
                errors.append(error.to_dict())
            else:
                errors.append("accepted")
    return json.dumps(
        {
            "view": state.view(seat),  # with the last move's log entries
            "record": state.record(seat),
            "render": state.render(seat),
            "offered": [] if seat is None else state.legal_moves(seat),
            "errors": errors,
        },
        sort_keys=True,
    )


def _revealed(state, seats) -> bool:
    """A Cartel card of one of ``seats`` was played face up in the last move."""
    last = state.view(None)["last_move"]
    return bool(last) and any(
        event["kind"] == "cartel" and event["seat"] in seats for event in last["events"]
    )


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("seed", range(4))
def test_twin_games_with_other_seats_hands_swapped_look_the_same_to_seat_zero(mode, seed):
    truth = new(3, seed=100 + seed, mode=mode)
    for seat, names in ((1, ("Presión", "Robo")), (2, ("Horas extra", "Sabotaje"))):
        hand(truth, seat, *names)
    twin = truth.clone()
    twin.hands[1], twin.hands[2] = twin.hands[2], twin.hands[1]
    twin._legal = None
    rng = Rng(seed)
    steps = 0
    while not truth.is_terminal() and steps < 400:
        for seat in (0, None):
            assert seen_by(truth, seat) == seen_by(twin, seat), f"step {steps}: seat {seat}"
        ours = [a.label for a in truth.legal_actions()]
        theirs = {a.label for a in twin.legal_actions()}
        both = [label for label in ours if label in theirs]
        if truth.current_player == 0:
            assert set(ours) == theirs
        if not both:
            break
        label = rng.choice(both)
        truth.apply(label)
        twin.apply(label)
        steps += 1
        if _revealed(truth, (1, 2)) or _revealed(twin, (1, 2)):
            break
        if truth.cartel_deck != twin.cartel_deck:  # a reshuffle mixed in the hidden cards
            break
    for seat in (0, None):
        assert truth.log(seat) == twin.log(seat)
    assert steps > 0


def test_determinize_resamples_other_hands_and_face_down_cards_and_keeps_its_own():
    state = new(3, seed=21)
    hand(state, 0, "Presión")
    hand(state, 1, "Robo", "Sabotaje")
    state.backs[2], state.hands[2] = state.hands[2], []
    guesses = {tuple(state.determinize(0, Rng(s)).hands[1]) for s in range(12)}
    assert len(guesses) > 1
    backs = {tuple(state.determinize(0, Rng(s)).backs[2]) for s in range(12)}
    assert len(backs) > 1
    for s in range(5):
        guess = state.determinize(0, Rng(s))
        assert guess.hands[0] == state.hands[0]
        assert [len(h) for h in guess.hands] == [len(h) for h in state.hands]
        assert guess.view(0) == state.view(0)
        assert state.determinize(2, Rng(s)).backs[2] == state.backs[2]


def test_the_peeked_card_is_kept_for_its_player_and_resampled_for_the_others():
    state = new(3, seed=22)
    no_hands(state)
    turn(state, 0)
    stack(state, "sapo", "police")
    play(state, "flip")
    peeked = state.top[0]
    for s in range(6):
        assert state.determinize(0, Rng(s)).top[0] == peeked
    others = {CARD_NAME[state.determinize(1, Rng(s)).top[0]] for s in range(20)}
    assert len(others) > 1
    assert all("police" not in entry["text"] for entry in state.log(1))
    assert any("police" in entry["text"] for entry in state.log(0))


def test_the_cards_seen_with_chivatazo_are_resampled_for_the_others():
    state = new(3, seed=23)
    no_hands(state)
    hand(state, 0, "Chivatazo")
    turn(state, 0)
    play(state, "play Chivatazo")
    assert state.phase == "order"
    mine = state.determinize(0, Rng(1))
    assert mine.looking == state.looking and mine.legal_actions() == state.legal_actions()
    theirs = {tuple(state.determinize(1, Rng(s)).looking) for s in range(10)}
    assert len(theirs) > 1
    assert state.view(1)["looking"] == len(state.looking)


def test_a_drawn_cartel_card_is_named_only_in_its_owners_log():
    state = new(3, seed=24)
    for seat in range(3):
        drawn = [e for e in state.log(seat) if e["kind"] == "draw"]
        for event in drawn:
            assert ("cards" in event) is (event["seat"] == seat)
    names = [CARTEL_NAMES[CARTEL_OF[c]] for c in state.hands[1]]
    assert any(name in e["text"] for e in state.log(1) for name in names)
