"""Nothing a seat (or a spectator) is shown names a hidden card it has not seen.

Al Cabohne's hidden parts are the other player's hand (its cards and their order) and the order
of the deck; for a spectator, every hand. Everything else lies face up (DESIGN.md, A10). So the
tests follow the cards, not the implementation: over random games, solo and with two players,
for every seat and the spectator, after every decision,

- a bean named in the new log entries must have moved in a place that viewer sees (a field, a
  boss, a coin pile, the face-up cards, the discard pile, its own hand): a card drawn into
  another hand moves nowhere the viewer sees, so naming it is a leak;
- no log entry lists eight or more beans in the order they lie in the deck;
- the labels a seat is offered and the errors it receives name only beans in its own view, and
  a seat not on move learns nothing from an error whatever it submits;
- ``record(seat)`` carries no seed and names only beans the seat has seen;
- swapping the hidden cards for others (a different deal of the unseen cards) changes nothing
  the viewer is shown.
"""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

import contraband
from contraband.core.random import Rng
from tests.games.al_cabohne.builder import BEANS, GAME

BEAN_WORD = re.compile(r"\b(" + "|".join(BEANS.BEAN_NAMES) + r")\b")
WINDOW = 8  # beans in a row that would spell out part of the deck
SEED_BASE = 2**40  # seeds long enough that finding one in a text is no coincidence


def beans_named(value) -> list[str]:
    """The bean names in a JSON-able value (texts and fields), in order."""
    return BEAN_WORD.findall(json.dumps(value))


def places(view) -> dict[str, Counter]:
    """Where the viewer sees cards: bean counts per place (the last move's texts excluded)."""
    out: dict[str, Counter] = {
        "bosses": Counter({b["bean"]: b["count"] for b in view["bosses"] if b["bean"]}),
        "mafia": Counter(view["mafia_coin_pile"]),
        "faceup": Counter(view["faceup"]),
        "discard": Counter(view["discard"]),
        "hand": Counter(view["hand"] or []),
    }
    for player in view["players"]:
        fields: Counter = Counter()
        for field in player["fields"]:
            if field["bean"]:
                fields[field["bean"]] += field["count"]
        out[f"fields {player['seat']}"] = fields
        out[f"coins {player['seat']}"] = Counter(player["coin_pile"])
    return out


def moved(before: dict[str, Counter], after: dict[str, Counter]) -> set[str]:
    return {
        bean
        for name in after
        for bean in set(before.get(name, ())) | set(after[name])
        if before.get(name, Counter())[bean] != after[name][bean]
    }


def visible(view) -> set[str]:
    return {bean for counter in places(view).values() for bean in counter}


def deck_windows(state) -> set[tuple[str, ...]]:
    order = [BEANS.BEAN_NAMES[b] for b in state.deck]
    windows = set()
    for seq in (order, order[::-1]):
        windows.update(tuple(seq[i : i + WINDOW]) for i in range(len(seq) - WINDOW + 1))
    return windows


def check_no_deck_order(entries, windows) -> None:
    for entry in entries:
        named = beans_named(entry)
        for i in range(len(named) - WINDOW + 1):
            assert tuple(named[i : i + WINDOW]) not in windows, f"deck order in {entry}"


def check_errors(state, viewer: int, seen_now: set[str]) -> None:
    """What ``viewer`` learns from submitting actions: only its own options, when on move."""
    mover = state.current_player
    if viewer == mover:
        with pytest.raises(contraband.IllegalAction) as raised:
            state.apply("no such action", seat=viewer)
        own = [a.label for a in state.legal_actions(viewer)]
        assert raised.value.legal == own
        assert set(beans_named(raised.value.to_dict())) <= seen_now
        return
    # another seat's decision: whatever the viewer tries (the mover's real options or not),
    # the answer is the same and names no bean
    answers = set()
    tries = [a.label for a in state.legal_actions()] + ["no such action", "done trading"]
    for label in tries:
        with pytest.raises(contraband.IllegalAction) as raised:
            state.apply(label, seat=viewer)
        error = raised.value
        assert error.reason == "not_your_turn" and error.legal is None
        assert not beans_named(str(error))
        answers.add(str(error))
    assert len(answers) == 1, "an error told a seat not on move something about the options"


def observations(state, viewer):
    """Everything ``viewer`` is shown about the present."""
    shown = {
        "view": state.view(viewer),
        "log": state.log(viewer),
        "record": state.record(viewer),
        "render": state.render(viewer),
    }
    if viewer is not None:
        shown["labels"] = [a.label for a in state.legal_actions(viewer)]
        shown["moves"] = state.legal_moves(viewer)
        try:
            state.apply("no such action", seat=viewer)
        except contraband.IllegalAction as error:
            shown["error"] = error.to_dict()
    return shown


def other_deal(state, viewer, rng: Rng):
    """A copy where the cards ``viewer`` cannot see (other hands, the deck) are dealt anew."""
    twin = state.clone()
    hidden = [s for s in range(state.players) if s != viewer]
    pool = list(twin.deck) + [b for s in hidden for b in twin.hands[s]]
    rng.shuffle(pool)
    for s in hidden:
        size = len(twin.hands[s])
        twin.hands[s], pool = pool[:size], pool[size:]
    twin.deck = pool
    return twin


@pytest.mark.parametrize(("players", "seed"), [(1, 0), (1, 1), (2, 0), (2, 1), (2, 2)])
def test_nothing_shown_names_a_hidden_card(players, seed):
    state = GAME.new(players, seed=SEED_BASE + seed)
    viewers = [None, *range(players)]
    rng = Rng(seed)
    twin_rng = Rng(seed + 100)
    before = {v: {} for v in viewers}  # what each viewer saw before this step
    seen = {v: set() for v in viewers}  # every bean a viewer has seen so far
    logged = {v: 0 for v in viewers}
    step = 0
    while True:
        windows = deck_windows(state)
        for v in viewers:
            view = state.view(v)
            now = places(view)
            new = state.log(v, since=logged[v])
            logged[v] += len(new)
            justified = moved(before[v], now)
            for entry in new:
                extra = set(beans_named(entry)) - justified
                assert not extra, f"viewer {v} is told {extra} in {entry['text']!r}"
            check_no_deck_order(new, windows)
            before[v] = now
            seen[v] |= visible(view)
            record = state.record(v)
            if not state.is_terminal():
                assert "seed" not in record
                assert str(state.seed) not in json.dumps(record)
                assert set(beans_named(record)) <= seen[v]
            if v is not None and not state.is_terminal():
                labels = [a.label for a in state.legal_actions(v)]
                assert set(beans_named(labels)) <= visible(view)
                assert set(beans_named(state.legal_moves(v))) <= visible(view)
                check_errors(state, v, visible(view))
            if step % 23 == 0:
                twin = other_deal(state, v, twin_rng)
                assert observations(twin, v) == observations(state, v)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert step > 50


def test_the_draws_of_the_other_player_stay_hidden_until_played():
    """The other player's hand, followed card by card: the beans drawn into it appear in the
    first player's log only once that player has seen them elsewhere."""
    state = GAME.new(2, seed=SEED_BASE + 7)
    rng = Rng(7)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
    draws = [e for e in state.log(0) if e["kind"] in ("deal", "draw") and e["seat"] == 1]
    assert draws and all(e["masked"] and "cards" not in e for e in draws)
    truth = [e for e in state.log(1) if e["kind"] in ("deal", "draw") and e["seat"] == 1]
    assert all(e["cards"] for e in truth)
    assert [e["count"] for e in draws] == [len(e["cards"]) for e in truth]
    spectator = [e for e in state.log(None) if e["kind"] in ("deal", "draw")]
    assert spectator and all(e["masked"] for e in spectator)
