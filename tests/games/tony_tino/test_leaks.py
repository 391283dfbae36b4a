"""Nothing a seat receives names a hidden item it has not seen.

Tony & Tino's hidden parts: the opponent's hand, the order of both card decks and of both figure
stacks. Two ways to look for leaks, over random play:

- Twin games. The same seed is set up twice, the second time with one hidden part rearranged
  (the opponent's deck, or the figure stacks). Played with the same public decisions, everything
  a seat receives (view, log, record, offered labels, the errors it gets) must be identical in
  both, until the rearranged part is legitimately shown (a figure turned up).
- Direct checks against the truth: the opponent's drawn card never appears in the seat's log,
  and an error for a seat not on move never lists the mover's options (allow / police).
"""

import json

import pytest

import contraband
from contraband.core.random import Rng
from contraband.games.tony_tino.board import CARD_NAMES
from contraband.games.tony_tino.catalog import CARD_TITLES

GAME = contraband.load("tony-tino")
SEATS = [0, 1, None]
DECK, STACK = 13, 12  # how many items a card deck and a figure stack hold when shuffled


class Twisted(Rng):
    """Rng(seed)'s very stream, but chosen shuffles are rearranged afterwards: ``twists`` maps
    (list length, which shuffle of that length) to a function that rearranges the list."""

    def __init__(self, seed, twists):
        super().__init__(seed)
        self.twists = twists
        self.seen = {}

    def shuffle(self, items):
        super().shuffle(items)
        size = len(items)
        if size == STACK and max(items) > 3:
            return  # the money tokens, not a figure stack
        count = self.seen.get(size, 0)
        self.seen[size] = count + 1
        twist = self.twists.get((size, count))
        if twist:
            items[:] = twist(items)


def rotate_deck(cards):
    """A different hand: the three cards dealt come from the bottom of the deck."""
    return cards[3:] + cards[:3]


def rotate_stack(figures):
    """The same two figures face up, and the same next one, but a different order below it."""
    return figures[3:9] + figures[:3] + figures[9:]


def twins(seed, twists, options=None):
    truth = GAME.new(seed=seed, options=options)
    twin = GAME.new(seed=seed, options=options)
    twin._events.clear()
    twin.rng = Twisted(seed, twists)
    twin._setup()
    twin.rng = Rng(twin.rng.state)  # from here on both draw the same chance
    twin._legal = None
    assert twin.rng.state == truth.rng.state
    return truth, twin


def seen_by(state, seat):
    """Everything the game gives ``seat`` (None: a spectator), as JSON text."""
    mover = state.current_player
    errors = []
    for attempt in ("no such action", "allow", "police", "place 1 on A1"):
        if seat is None:
            continue
        try:
            state.clone().apply(attempt, seat=seat)
        except contraband.IllegalAction as error:
            errors.append(error.to_dict())
        else:
            errors.append("accepted")
    return json.dumps(
        {
            "view": state.view(seat),
            "log": state.log(seat),
            "record": state.record(seat),
            "render": state.render(seat),
            "offered": [] if seat is None else state.legal_moves(seat),
            "errors": errors,
            "mover": mover,
        },
        sort_keys=True,
    )


def compare(truth, twin, seats, choice_seed, public=lambda a, b: True):
    """Play both with the same public decisions; every seat in ``seats`` must receive the same.
    Returns how many decisions were compared."""
    rng = Rng(choice_seed)
    steps = 0
    while not truth.is_terminal() and public(truth, twin):
        for seat in seats:
            assert seen_by(truth, seat) == seen_by(twin, seat), f"seat {seat} told apart the twins"
        mover = truth.current_player
        ours = [a.label for a in truth.legal_actions()]
        theirs = {a.label for a in twin.legal_actions()}
        if mover in seats:
            assert set(ours) == theirs
        both = [label for label in ours if label in theirs]
        if not both:
            break
        label = rng.choice(both)
        truth.apply(label)
        twin.apply(label)
        steps += 1
    return steps


@pytest.mark.parametrize("seat", [0, 1])
def test_the_opponents_hand_and_deck_order_change_nothing_a_seat_receives(seat):
    opponent = 1 - seat
    differed, steps = 0, 0
    for seed in range(30):
        truth, twin = twins(seed, {(DECK, opponent): rotate_deck})
        assert truth.hands[seat] == twin.hands[seat] and truth.decks[seat] == twin.decks[seat]
        differed += truth.hands[opponent] != twin.hands[opponent]
        steps += compare(truth, twin, [seat], choice_seed=seed)
    assert differed >= 20, "the twist must give the opponent another hand"
    assert steps >= 30 * 10, "the twins must be compared over much of their games"


def test_a_spectator_cannot_tell_either_hand_or_deck_order():
    differed = 0
    for seed in range(20):
        truth, twin = twins(seed, {(DECK, 0): rotate_deck, (DECK, 1): rotate_deck})
        differed += truth.hands != twin.hands
        compare(truth, twin, [None], choice_seed=seed)
    assert differed >= 15


def test_the_order_of_the_figure_stacks_is_hidden_until_a_figure_is_turned_up():
    steps = 0
    for seed in range(20):
        truth, twin = twins(seed, {(STACK, 0): rotate_stack, (STACK, 1): rotate_stack})
        assert truth.stacks != twin.stacks and truth.faceup == twin.faceup
        steps += compare(truth, twin, SEATS, seed, public=lambda a, b: a.faceup == b.faceup)
    assert steps >= 20 * 4


def test_a_random_first_player_changes_nothing_before_it_is_drawn():
    starters = set()
    for seed in range(12):
        state = GAME.new(seed=seed, options={"first_player": "random"})
        fixed = GAME.new(seed=seed)
        starters.add(state.current_player)
        assert state.hands == fixed.hands and state.decks == fixed.decks
        assert state.stacks == fixed.stacks and state.discs == fixed.discs
    assert starters == {0, 1}


def play_and_watch(seed, check):
    state = GAME.new(seed=seed)
    rng = Rng(seed + 1000)
    while not state.is_terminal():
        decks = [list(deck) for deck in state.decks]
        since = len(state.log(None))
        state.apply(rng.choice(state.legal_actions()))
        check(state, decks, since)
    return state


def names_of(card):
    name = CARD_NAMES[card]
    return (name, CARD_TITLES[name])


@pytest.mark.parametrize("seed", range(40))
def test_no_entry_names_the_card_the_opponent_drew(seed):
    def check(state, decks, since):
        for drawer in (0, 1):
            if len(state.decks[drawer]) == len(decks[drawer]):
                continue
            drawn = decks[drawer][len(state.decks[drawer]) :]  # the deck's top is its end
            assert len(drawn) == 1
            for seat in (1 - drawer, None):
                for entry in state.log(seat, since):
                    if entry.get("seat") == drawer and entry["chance"]:
                        shown = json.dumps(entry).lower()
                        for name in names_of(drawn[0]):
                            assert name.lower() not in shown, f"{entry} names the drawn card"
            mine = [e for e in state.log(drawer, since) if e["chance"] and e.get("seat") == drawer]
            assert any(e.get("card") == CARD_NAMES[drawn[0]] for e in mine), "owner sees it"

    play_and_watch(seed, check)


@pytest.mark.parametrize("seed", range(40))
def test_a_seat_not_on_move_never_sees_the_movers_options(seed):
    state = GAME.new(seed=seed)
    rng = Rng(seed)
    reactions = 0
    while not state.is_terminal():
        mover = state.current_player
        waiting = 1 - mover
        reactions += state.phase == "react"
        assert state.legal_actions(waiting) == [] and state.legal_moves(waiting) == []
        for attempt in ("allow", "police", state.legal_actions()[0].label, "xyz"):
            with pytest.raises(contraband.IllegalAction) as raised:
                state.apply(attempt, seat=waiting)
            error = raised.value.to_dict()
            assert error["legal"] is None and error["reason"] == "not_your_turn"
            shown = json.dumps(error).lower()
            assert "police" not in shown and "allow" not in shown
        record = state.record(waiting)
        assert "seed" not in record and record["actions"] == state.history
        state.apply(rng.choice(state.legal_actions()))
    assert reactions, "the games must reach Police windows"
