"""Nothing shown to a seat names a smuggler that seat may not know about.

The Nacho Incident hides the other seats' hands (dealt and drawn smugglers) and, until the
reveal, their face-down hires; the smuggler deck and the mountie pool hold no order (draws are
made when they happen), so there is no order to leak. Over random play at 2, 3 and 4 players,
with each option and all of them, and for every seat and the spectator, we follow which
smugglers the seat may see at each moment (its own hand and hire, and the public table:
cantinas, this turn's revealed hires, the pile of removed smugglers) and check every word
shown to it: its log, its record, its view, the labels it is offered and the errors it gets
when it submits something (out of turn, or a bad label when on move).
"""

import json
import re

import pytest

import contraband
from contraband.core.random import Rng
from contraband.games.nacho_incident.board import SMUGGLER_NAME

GAME = contraband.load("nacho-incident")
NAMES = frozenset(SMUGGLER_NAME)
WORD = re.compile(r"[A-Za-z]+")
OPTION_SETS = [
    {},
    {"reselect_hand": True},
    {"random_mounties": True},
    {"blind_smuggling": True},
    {"reselect_hand": True, "random_mounties": True, "blind_smuggling": True},
]
CASES = [(players, options) for players in (2, 3, 4) for options in OPTION_SETS]
IDS = [f"{players}p-{'+'.join(options) or 'plain'}" for players, options in CASES]


def names_in(shown) -> set[str]:
    """The smuggler names that appear as words in anything shown (data or text)."""
    text = shown if isinstance(shown, str) else json.dumps(shown)
    return {word for word in WORD.findall(text) if word in NAMES}


def public(state) -> set[str]:
    """Smugglers every seat has seen: the table, the removed pile, and this turn's hires once
    revealed (``played`` names them for the rest of the turn, wherever they are now)."""
    cards = set(state.smuggler_out)
    for cantina in state.cantinas:
        cards.update(cantina)
    if state.revealed:
        cards.update(c for c in state.chosen if c >= 0)
        cards.update(c for c in state.played if c >= 0)
    return {SMUGGLER_NAME[c] for c in cards}


def visible(state, seat) -> set[str]:
    names = public(state)
    if seat is not None:
        names |= {SMUGGLER_NAME[c] for c in state.hands[seat]}
        if state.chosen[seat] >= 0:
            names.add(SMUGGLER_NAME[state.chosen[seat]])
    return names


def check(shown, allowed: set[str], what: str) -> None:
    leaked = names_in(shown) - allowed
    assert not leaked, f"{what} names {sorted(leaked)}, which that seat may not know"


def errors_for(state, seat, mover_labels):
    """What ``seat`` is told when it submits something: out of turn, or a bad label."""
    attempts = ["no such action", "hire"] if seat == state.current_player else mover_labels[:1]
    told = []
    for attempt in attempts + ["no such action"]:
        with pytest.raises(contraband.IllegalAction) as raised:
            state.apply(attempt, seat=seat)
        error = raised.value
        told.append((attempt, str(error).replace(attempt, ""), error.to_dict()))
    return told


def play_and_check(players, options, seed):
    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed + 100)
    seats = [None, *range(players)]
    ever = {seat: visible(state, seat) for seat in seats}
    for seat in seats:  # the setup: the deal, the first cards and cubes
        check(state.log(seat), ever[seat], f"setup log of {seat}")
    count = len(state.log(None))
    step = 0
    while not state.is_terminal():
        step += 1
        mover = state.current_player
        labels = [a.label for a in state.legal_actions()]
        before = {seat: visible(state, seat) for seat in seats}
        for seat in seats:
            if seat is not None:
                offered = [a.label for a in state.legal_actions(seat)]
                assert (offered == labels) if seat == mover else offered == []
                check(offered, before[seat], f"labels offered to {seat}")
                for attempt, message, data in errors_for(state, seat, labels):
                    allowed = before[seat] | names_in(attempt)
                    check(message, allowed, f"error for {seat} after {attempt!r}")
                    if seat != mover:
                        assert data["legal"] is None and names_in(data["error"]) <= allowed
        state.apply(rng.choice(labels))
        since, count = count, count + len(state.log(None, since=count))
        for seat in seats:
            now = visible(state, seat)
            allowed = before[seat] | now
            check(state.log(seat, since=since), allowed, f"log of {seat} at step {step}")
            check(state.view(seat), allowed, f"view of {seat} at step {step}")
            if not state.is_terminal():
                last = state.record(seat)["actions"][-1]
                check(last or "", allowed, f"record of {seat} at step {step}")
            ever[seat] |= now
            if step % 50 == 0:
                check(state.record(seat), ever[seat], f"whole record of {seat}")
                check(state.log(seat), ever[seat], f"whole log of {seat}")
    for seat in seats:
        check(state.log(seat), ever[seat], f"final log of {seat}")
        check(state.render(seat), ever[seat] | visible(state, seat), f"render for {seat}")
    return state


@pytest.mark.parametrize(("players", "options"), CASES, ids=IDS)
def test_nothing_shown_to_a_seat_names_a_smuggler_it_may_not_know(players, options):
    seed = 10 * players + len(options) + 3 * ("blind_smuggling" in options)
    end = play_and_check(players, options, seed)
    assert end.is_terminal() and len(end.history) > 100


def test_the_checker_catches_a_hand_and_a_face_down_hire():
    """The checks above can fail: another seat's hand, or a hire before the reveal, is caught."""
    state = GAME.new(3, seed=5)
    owner = state.current_player
    other = (owner + 1) % 3
    own_draw = [e for e in state.log(owner) if e["kind"] == "draw" and e["seat"] == owner]
    with pytest.raises(AssertionError, match="may not know"):
        check(own_draw, visible(state, other), "a hand shown to another seat")
    state.apply(state.legal_actions()[0])
    hired = SMUGGLER_NAME[state.chosen[owner]]
    assert hired not in visible(state, other) and hired in visible(state, owner)
    with pytest.raises(AssertionError, match="may not know"):
        check(state.log(owner), visible(state, other), "a face-down hire")
    check(state.log(other), visible(state, other), "the same hire, masked")
