"""Fuzzing the public entry points: ``new``, ``apply``, ``from_json``, ``replay`` and ``load``.

Every input either works or raises ValueError (IllegalAction for actions) with a message, and a
failed call changes nothing. Inputs to ``from_json`` and ``replay`` are mutations of real saved
states and records: fields removed, added, retyped, pushed out of range, totals broken.
The ``thorough`` Hypothesis profile runs at least 10,000 examples per entry point
(``HYPOTHESIS_PROFILE=thorough``); the default keeps the suite fast.
"""

import copy
import json
import os

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from tests.contract.cases import CASES, IDS
from tests.contract.test_random_play import advance

THOROUGH = os.environ.get("HYPOTHESIS_PROFILE") == "thorough"
GAMES = contraband.game_ids()
#: examples per test case: the thorough profile reaches 10,000 per entry point in all
fuzz = settings(max_examples=10_000 // len(CASES) + 1 if THOROUGH else 25)
fuzz_per_game = settings(max_examples=10_000 // len(GAMES) + 1 if THOROUGH else 25)
fuzz_once = settings(max_examples=10_000 if THOROUGH else 50)

seeds = st.integers(min_value=0, max_value=2**40)
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.lists(st.integers(min_value=-3, max_value=60), max_size=4),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def _paths(value, path=()):
    """Every place in a JSON value: (path, value) pairs, containers included."""
    yield path, value
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _paths(item, (*path, index))


def _mutate(data, draw):
    """One random change somewhere in ``data`` (a fresh copy)."""
    data = copy.deepcopy(data)
    places = [p for p, _ in _paths(data) if p]
    path = draw(st.sampled_from(places))
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    how = draw(st.sampled_from(["replace", "nudge", "delete", "add", "duplicate"]))
    value = parent[last]
    if how == "nudge" and isinstance(value, int) and not isinstance(value, bool):
        parent[last] = value + draw(st.sampled_from([-100, -2, -1, 1, 2, 7, 2**64]))
    elif how == "delete":
        del parent[last]
    elif how == "add" and isinstance(parent, dict):
        parent[draw(st.sampled_from(["legal_actions", "x", "seed2", "__class__"]))] = draw(junk)
    elif how == "duplicate" and isinstance(parent, list):
        parent.append(copy.deepcopy(value))
    else:
        parent[last] = draw(junk)
    return data


def _works_or_value_error(call):
    try:
        return call()
    except ValueError as error:
        assert str(error), "an error must say what was wrong"
        return None


def _usable(state):
    """A loaded state must be usable through the whole public API, or have been refused."""
    for seat in [None, *range(state.players)]:
        json.dumps(state.view(seat))
        state.render(seat)
        json.dumps(state.log(seat))
    if not state.is_terminal():
        state.clone().apply(state.legal_actions()[0])


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@fuzz
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 300), data=st.data())
def test_from_json_accepts_real_states_and_refuses_mutations_cleanly(
    game_id, players, seed, choice_seed, stop, data
):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    saved = json.loads(json.dumps(state.to_json()))
    assert game.from_json(saved).to_json() == saved
    mutated = _mutate(saved, data.draw)
    frozen = copy.deepcopy(mutated)
    loaded = _works_or_value_error(lambda: game.from_json(mutated))
    assert mutated == frozen, "loading must not change its input"
    if loaded is not None:
        _usable(loaded)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@fuzz
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 120), data=st.data())
def test_replay_of_a_damaged_record_works_or_says_what_is_wrong(
    game_id, players, seed, choice_seed, stop, data
):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    record = json.loads(json.dumps(state.record()))
    mutated = _mutate(record, data.draw)
    replayed = _works_or_value_error(lambda: game.replay(mutated))
    if replayed is not None:
        _usable(replayed)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@fuzz
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 300), data=st.data())
def test_apply_takes_anything_and_refuses_cleanly(game_id, players, seed, choice_seed, stop, data):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    before = state.to_json()
    labels = [a.label for a in state.legal_actions()] or ["x"]
    action = data.draw(
        st.one_of(
            junk,
            st.sampled_from(labels).map(lambda label: label.upper()),
            st.sampled_from(labels).map(lambda label: label + " "),
            st.builds(contraband.Action, st.integers(-2, 5), st.sampled_from(labels)),
            st.tuples(st.integers(0, 3), st.sampled_from(labels)),
            st.text(max_size=30),
        )
    )
    seat = data.draw(st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=2), st.booleans()))
    try:
        state.apply(action, seat=seat)
    except contraband.IllegalAction as error:
        assert error.reason in ("game_over", "not_your_turn", "not_legal", "bad_input")
        assert state.to_json() == before


@pytest.mark.parametrize("game_id", GAMES)
@fuzz_per_game
@given(players=junk, seed=junk, options=junk)
def test_new_works_or_says_what_is_wrong(game_id, players, seed, options):
    game = contraband.load(game_id)
    state = _works_or_value_error(lambda: game.new(players, seed=seed, options=options))
    if state is not None:
        _usable(state)


@fuzz_once
@given(name=junk)
def test_load_refuses_unknown_games_with_a_value_error(name):
    _works_or_value_error(lambda: contraband.load(name))


@pytest.mark.parametrize("game_id", GAMES)
def test_seeds_outside_the_63_bit_range_are_refused(game_id):
    game = contraband.load(game_id)
    for seed in (-1, 2**63, True, "7", 1.5):
        with pytest.raises(ValueError, match="seed"):
            game.new(seed=seed)
    game.new(seed=2**63 - 1)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_from_json_names_the_field_that_is_wrong(game_id, players):
    game = contraband.load(game_id)
    saved = game.new(players, seed=4).to_json()
    cases = {
        "players": 9,
        "seed": -5,
        "rng": "abc",
        "history": "no",
        "format": 99,
    }
    for field, value in cases.items():
        broken = copy.deepcopy(saved)
        broken[field] = value
        with pytest.raises(ValueError, match=field):
            game.from_json(broken)
    broken = copy.deepcopy(saved)
    broken["state"]["legal_actions"] = []
    with pytest.raises(ValueError, match="legal_actions"):
        game.from_json(broken)
    broken = copy.deepcopy(saved)
    first = next(iter(broken["state"]))
    del broken["state"][first]
    with pytest.raises(ValueError, match=first):
        game.from_json(broken)
    for field in saved["state"]:
        broken = copy.deepcopy(saved)
        broken["state"][field] = {"not": "this"}
        with pytest.raises(ValueError, match=field):
            game.from_json(broken)
