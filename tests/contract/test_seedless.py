"""A save without a seed (a determinization's, or a real game's with its seed removed or edited
by hand) cannot have its log checked: nothing replays it. So it keeps no history and no log
events, and a save that brings them is refused naming the field: whatever save was loaded, what
a seat is shown never names what it may not see. For every registered game and player count."""

import copy
import json

import pytest

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS, without_seed
from tests.contract.test_random_play import advance


def _running(game_id, players, stop=30):
    """A running game after up to ``stop`` random decisions, with at least one decision."""
    state, _ = advance(game_id, players, 5, 5, stop)
    assert state.history and not state.is_terminal()
    return state


def _refused(data, field):
    game = contraband.load(data["game"])
    with pytest.raises(ValueError, match=field):
        game.from_json(json.loads(json.dumps(data)))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_a_seedless_save_with_a_history_or_log_events_is_refused(game_id, players):
    saved = _running(game_id, players).to_json()
    events = len(saved["log"]["events"])
    edits = {
        "as saved": lambda data: None,
        "every secret revealed": lambda data: data["log"].__setitem__(
            "revealed", [len(data["history"]), events]
        ),
        "every label someone else's": lambda data: data.__setitem__(
            "actors", [(seat + 1) % players for seat in data["actors"]]
        ),
    }
    for name, edit in edits.items():
        data = copy.deepcopy(saved)
        data["seed"] = None
        edit(data)
        _refused(data, "history")
        # without the history, the events are refused too (revealed: at most the events)
        data["history"], data["actors"], data["log"]["starts"] = [], [], []
        data["log"]["revealed"] = [0, events if name == "every secret revealed" else 0]
        _refused(data, "log.events")
    data = without_seed(copy.deepcopy(saved))
    assert contraband.load(game_id).from_json(data).to_json() == data


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_a_determinization_saves_and_loads_without_its_log(game_id, players):
    game = contraband.load(game_id)
    state = _running(game_id, players)
    for seat in range(players):
        guess = state.determinize(seat, Rng(seat))
        saved = json.loads(json.dumps(guess.to_json()))
        assert saved["history"] == [] and saved["log"]["events"] == []
        loaded = game.from_json(saved)
        assert loaded.to_json() == saved
        assert loaded.log_length == guess.log_length == state.log_length  # numbered on
        for other in [None, *range(players)]:
            assert loaded.log(other) == []
            view, shown = loaded.view(other), guess.view(other)
            assert view["last_move"] is None
            assert {**view, "last_move": None} == {**shown, "last_move": None}
        assert guess.view(seat) == state.view(seat)  # in memory it keeps the last move


def _hire(players):
    """A Nacho Incident game just after a face-down hire (not yet revealed)."""
    state = contraband.load("nacho-incident").new(players, seed=1)
    while not (state.history and state.history[-1].startswith("hire ")):
        state.apply(state.legal_actions()[0])
    return state


def test_the_audits_face_down_hire_is_never_named_to_another_seat():
    """The audit: a Nacho save with ``seed: null`` and ``log.revealed`` moved past a face-down
    hire showed the smuggler by name to a seat that may not see it."""
    state = _hire(3)
    hirer, smuggler = state.actors[-1], state.history[-1].removeprefix("hire ")
    others = [seat for seat in range(3) if seat != hirer]
    for seat in [None, *others]:
        assert smuggler not in json.dumps([state.log(seat), state.view(seat)])
    data = state.to_json()
    data["seed"] = None
    data["log"]["revealed"] = [len(data["history"]), len(data["log"]["events"])]
    _refused(data, "history")
    # the hirer's own guess keeps the hire, for the hirer only
    guess = state.determinize(hirer, Rng(2))
    assert smuggler in json.dumps(guess.log(hirer))
    for seat in [None, *others]:
        assert smuggler not in json.dumps([guess.log(seat), guess.view(seat)["last_move"]])
    saved = guess.to_json()
    assert smuggler not in json.dumps([saved["history"], saved["log"]])
