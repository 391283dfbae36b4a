"""A seat's Cartel hand must not show in what it is offered on another player's turn (DESIGN.md
D58-D59).

The table learns from the log whether a seat was asked and what it chose. So the moves a seat
is offered, apart from playing a Cartel card (which shows the card anyway), must be the same
whatever cards its hand holds, and so must whether it is asked at all after each move: above
all off turn, in the windows of D58, and on its own turn too (D59: a removal or a payment is
asked on public facts alone).

Over random play, in both modes with 2 to 4 players, every position is checked against copies
in which one seat's hand is dealt again from its cards and the Cartel deck (the same number of
cards), for each seat holding cards: the seat's offer must not change, and neither must its
offer after the move that was played, applied to both. (Purely random seats are seldom rich
enough to hire a sicario, so most moves are the rule-based player's, the others random.)
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contraband.core.random import Rng
from contraband.games.narcos.board import MEANING
from contraband.games.narcos.heuristic import HEURISTIC
from tests.games.narcos.builder import GAME

seeds = st.integers(min_value=0, max_value=2**40)
CASES = [(mode, players) for mode in ("basic", "advanced") for players in (2, 3, 4)]
IDS = [f"{mode}-{players}p" for mode, players in CASES]
#: labels that play a Cartel card, face up, face down or as a bribe (Soborno): they name the
#: card, so they are not expected to be the same for another hand
CARD_PLAYS = ("cartel", "back", "bribe")
#: the share of moves the rule-based player makes (the rest are random)
RULE_SHARE = 0.7


def offered(state, seat: int) -> frozenset[str]:
    """What ``seat`` is offered, Cartel card plays left out; empty when it is not on move."""
    if state.current_player != seat:
        return frozenset()
    return frozenset(
        action.label
        for action in state.legal_actions()
        if MEANING[action.label][0] not in CARD_PLAYS
    )


def redealt(state, seat: int, rng: Rng):
    """A copy in which ``seat``'s hand is dealt again from its own cards and the Cartel deck."""
    copy = state.clone()
    pool = sorted(copy.hands[seat] + copy.cartel_deck)
    size = len(copy.hands[seat])
    rng.shuffle(pool)
    copy.hands[seat] = sorted(pool[:size])
    copy.cartel_deck = sorted(pool[size:])
    copy._legal = None
    return copy


def check_position(state, label: str, rng: Rng) -> None:
    """Every seat's offer here and after ``label`` ignores its hand's cards."""
    for seat in range(state.players):
        if not state.hands[seat]:
            continue
        after = None
        for _ in range(2):
            other = redealt(state, seat, rng)
            assert offered(other, seat) == offered(state, seat), (
                f"{state.phase}: {state.seat_names()[seat]} is offered other moves with "
                f"another hand"
            )
            if label not in {action.label for action in other.legal_actions()}:
                continue  # the seat on move plays a card the other hand does not hold
            if after is None:
                after = state.clone().apply(label)
            other.apply(label)
            assert offered(other, seat) == offered(after, seat), (
                f"after {label!r} in {state.phase}: {state.seat_names()[seat]} is asked "
                f"otherwise with another hand"
            )


@pytest.mark.parametrize(("mode", "players"), CASES, ids=IDS)
@settings(max_examples=10)
@given(seed=seeds, choice_seed=seeds)
def test_what_a_seat_is_offered_does_not_depend_on_its_cards_on_or_off_turn(
    mode, players, seed, choice_seed
):
    state = GAME.new(players, seed=seed, options={"mode": mode})
    rng, dealer = Rng(choice_seed), Rng(seed + 1)
    while not state.is_terminal():
        if rng.random() < RULE_SHARE:
            label = HEURISTIC.policy(state, rng).label
        else:
            label = rng.choice(state.legal_actions()).label
        check_position(state, label, dealer)
        state.apply(label)
