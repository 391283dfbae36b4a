"""Safe on the open internet: what the engine hands out is the caller's, a spectator has no
actions, every entry point refuses a wrong type with a ValueError, and a save is believed only
if its seed and history replay to it. For every registered game and player count."""

import ast
import copy
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS
from tests.contract.test_random_play import advance

seeds = st.integers(min_value=0, max_value=2**40)
stops = st.integers(min_value=0, max_value=300)
few = settings(max_examples=12)

#: anything a client could send where the engine expects a seat, an action, a number or a save
junk = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.just(math.nan),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-3, max_value=6),
    st.text(max_size=12),
    st.lists(st.one_of(st.integers(-2, 5), st.text(max_size=3), st.none()), max_size=3),
    st.dictionaries(st.text(max_size=5), st.one_of(st.integers(), st.none()), max_size=2),
    st.tuples(st.integers(-1, 4), st.text(max_size=8)),
)


def _scramble(value):
    """Change every list and dict inside ``value``, deepest first."""
    if isinstance(value, list):
        for item in value:
            _scramble(item)
        value[:] = ["scrambled", ["x"]]
    elif isinstance(value, dict):
        for item in value.values():
            _scramble(item)
        value.clear()
        value["scrambled"] = ["x"]


def _handed_out(state):
    """Everything the engine hands a caller about ``state``, fresh from the calls."""
    out = []
    for seat in [None, *range(state.players)]:
        out += [state.log(seat), state.view(seat), state.record(seat), state.legal_moves(seat)]
        out.append(state.log(seat, since=max(0, state.log_length - 3)))
    out += [state.record(), state.legal_moves(), state.result()]
    out += [state.action_info(action) for action in state.legal_actions()]
    out.append(contraband.load(state.GAME_ID).catalog())
    return out


def _seen(state):
    """What the game is and shows: its save, and every seat's log, view and record."""
    seats = [None, *range(state.players)]
    return json.dumps(
        [
            state.to_json(),
            [state.log(seat) for seat in seats],
            [state.view(seat) for seat in seats],
            [state.record(seat) for seat in seats],
            state.result(),
        ],
        sort_keys=True,
    )


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_what_the_engine_hands_out_is_the_callers_to_change(
    game_id, players, seed, choice_seed, stop
):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    twin = game.replay(state.record())  # another game in the process, at the same position
    fresh = game.new(players, seed=seed)  # and one at its start
    before, twin_before, fresh_before = _seen(state), _seen(twin), _seen(fresh)
    for handed in _handed_out(state):
        _scramble(handed)
    assert _seen(state) == before
    assert _seen(twin) == twin_before and _seen(fresh) == fresh_before
    assert game.from_json(json.loads(json.dumps(state.to_json()))).to_json() == state.to_json()


def test_the_audits_example_leaves_the_game_loadable():
    game = contraband.load("tony-tino")
    state = game.new(2, seed=1)
    rng = Rng(1)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    entry = next(e for e in state.log(None) if isinstance(e.get("discs"), list))
    entry["discs"].append(["A1", 1])
    game.from_json(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@few
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_a_spectator_has_no_actions_and_the_plain_call_is_the_movers(
    game_id, players, seed, choice_seed, stop
):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    assert state.legal_actions(None) == [] and state.legal_moves(None) == []
    mover = state.current_player
    if state.is_terminal():
        assert state.legal_actions() == [] and mover is None
        return
    assert state.legal_actions() and all(a.player == mover for a in state.legal_actions())
    assert state.legal_actions(mover) == state.legal_actions()
    assert [m["label"] for m in state.legal_moves()] == [a.label for a in state.legal_actions()]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_numbers_equal_to_a_seat_are_not_seats(game_id, players):
    state = contraband.load(game_id).new(players, seed=9)
    mover = state.current_player
    label = state.legal_actions()[0].label
    before = state.to_json()
    for fake in (mover == 1, float(mover)):
        for attempt in (
            lambda fake=fake: state.apply(label, seat=fake),
            lambda fake=fake: state.apply(contraband.Action(fake, label)),
            lambda fake=fake: state.apply(contraband.Action(mover, label), seat=fake),
        ):
            with pytest.raises(contraband.IllegalAction) as raised:
                attempt()
            assert raised.value.reason == "bad_input"
        for call in (state.legal_actions, state.legal_moves, state.view, state.log):
            with pytest.raises(ValueError, match="seat"):
                call(fake)
    with pytest.raises(contraband.IllegalAction, match="player"):
        state.apply(contraband.Action(None, "x"))
    assert state.to_json() == before
    assert state.legal_actions(mover) == state.legal_actions()


def _entry_points(state, value, other):
    """Every entry point, called with ``value`` where it expects one argument."""
    game = contraband.load(state.GAME_ID)
    label = state.legal_actions()[0].label if state.legal_actions() else "x"
    return {
        "new players": lambda: game.new(value, seed=1),
        "new seed": lambda: game.new(state.players, seed=value),
        "new options": lambda: game.new(state.players, seed=1, options=value),
        "apply": lambda: state.apply(value),
        "apply seat": lambda: state.apply(label, seat=value),
        "apply Action": lambda: state.apply(contraband.Action(value, label)),
        "apply Action label": lambda: state.apply(contraband.Action(0, value)),
        "legal_actions": lambda: state.legal_actions(value),
        "legal_moves": lambda: state.legal_moves(value),
        "action_info": lambda: state.action_info(value),
        "action_info Action": lambda: state.action_info(contraband.Action(0, value)),
        "view": lambda: state.view(value),
        "log": lambda: state.log(value),
        "log since": lambda: state.log(None, since=value),
        "record": lambda: state.record(value),
        "undoable": lambda: state.undoable(value),
        "undo": lambda: state.undo(value),
        "determinize": lambda: state.determinize(value, 1),
        "determinize rng": lambda: state.determinize(0, value),
        "from_json": lambda: game.from_json(value),
        "replay": lambda: game.replay(value),
        "replay seats": lambda: game.replay({**other, "seats": [value] * len(other["seats"])}),
        "load": lambda: contraband.load(value),
    }


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=25)
@given(seed=seeds, choice_seed=seeds, stop=st.integers(0, 120), value=junk)
def test_every_entry_point_refuses_a_wrong_type_with_a_value_error(
    game_id, players, seed, choice_seed, stop, value
):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    record = state.record()
    before = state.to_json()
    for name in _entry_points(state, value, record):
        target = state.clone()
        call = _entry_points(target, copy.deepcopy(value), record)[name]
        try:
            call()
        except contraband.IllegalAction as error:
            assert str(error) and error.reason in REASONS, name
        except ValueError as error:
            assert str(error), name
        else:
            if name.startswith("apply"):  # the value was a legal action after all
                continue
        assert target.to_json() == before, f"{name} changed the game"


REASONS = ("game_over", "not_your_turn", "not_legal", "bad_input", "cannot_undo")


# -- tampered saves ---------------------------------------------------------------------------
def _lists_of_distinct_items(value, path=()):
    """Paths of the lists inside ``value`` holding two unequal items."""
    if isinstance(value, list):
        if any(item != value[0] for item in value):
            yield path
        for index, item in enumerate(value):
            yield from _lists_of_distinct_items(item, (*path, index))
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _lists_of_distinct_items(item, (*path, key))


def _swap_two(saved, draw):
    """Two unequal items of one list of the position swapped (a deck's cards, a hand...)."""
    paths = list(_lists_of_distinct_items(saved["state"], ("state",)))
    if not paths:
        return None
    path = draw(st.sampled_from(paths))
    items = saved
    for key in path:
        items = items[key]
    first = draw(st.integers(0, len(items) - 1))
    second = draw(st.sampled_from([i for i, item in enumerate(items) if item != items[first]]))
    items[first], items[second] = items[second], items[first]
    return saved


def _edit_history(saved, draw):
    history = saved["history"]
    if len(history) < 2 or len(set(history)) < 2:
        return None
    first = draw(st.integers(0, len(history) - 1))
    second = draw(
        st.sampled_from([i for i, label in enumerate(history) if label != history[first]])
    )
    history[first] = history[second]
    return saved


def _edit_actors(saved, draw):
    if not saved["actors"] or saved["players"] < 2:
        return None
    index = draw(st.integers(0, len(saved["actors"]) - 1))
    shift = draw(st.integers(1, saved["players"] - 1))
    saved["actors"][index] = (saved["actors"][index] + shift) % saved["players"]
    return saved


def _edit_revealed(saved, draw):
    log = saved["log"]
    actions, events = len(saved["history"]), len(log["events"])
    choices = [[a, e] for a in (0, actions // 2, actions) for e in (0, events // 2, events)]
    choices = [pair for pair in choices if pair != log["revealed"]]
    log["revealed"] = draw(st.sampled_from(choices))
    return saved


def _edit_event(saved, draw):
    events = saved["log"]["events"]
    if len(events) < 2:
        return None
    first = draw(st.integers(0, len(events) - 1))
    others = [i for i, event in enumerate(events) if event != events[first]]
    if not others:
        return None
    second = draw(st.sampled_from(others))
    events[first], events[second] = events[second], events[first]
    return saved


TAMPERING = {
    "swap two items of a list": _swap_two,
    "edit the history": _edit_history,
    "edit the actors": _edit_actors,
    "edit log.revealed": _edit_revealed,
    "swap two log events": _edit_event,
}


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=20)
@given(
    seed=seeds,
    choice_seed=seeds,
    stop=stops,
    how=st.sampled_from(sorted(TAMPERING)),
    data=st.data(),
)
def test_a_tampered_save_is_refused(game_id, players, seed, choice_seed, stop, how, data):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    saved = json.loads(json.dumps(state.to_json()))
    tampered = TAMPERING[how](copy.deepcopy(saved), data.draw)
    if tampered is None:  # nothing of that kind to tamper with in this position
        return
    assert tampered != saved
    with pytest.raises(ValueError) as raised:
        game.from_json(tampered)
    assert str(raised.value)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_a_save_without_a_seed_loads_as_the_guess_it_is(game_id, players):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, 4, 4, 25)
    seat = state.current_player if state.current_player is not None else 0
    for guess in (state.determinize(seat, 7), state.clone()):
        guess.seed = None  # a determinization has none; a real game's save may have lost it
        saved = json.loads(json.dumps(guess.to_json()))
        loaded = game.from_json(saved)
        assert loaded.to_json() == saved
        with pytest.raises(ValueError, match="record"):
            loaded.record()
        assert not any(loaded.undoable(s) for s in range(players))


def test_the_engine_modules_import_no_circle():
    """Each engine module imports only modules that do not import it back, at any depth and
    anywhere in the file (a function-level or type-checking import counts)."""
    core = Path(contraband.__file__).parent / "core"
    modules = {path.stem: path for path in core.glob("*.py") if path.stem != "__init__"}
    imports = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                parts = node.module.split(".")
                if parts[:2] == ["contraband", "core"]:
                    found = parts[2:3] or [alias.name for alias in node.names]
                    imports[name] |= {m for m in found if m in modules}
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    if parts[:2] == ["contraband", "core"] and parts[2:3]:
                        imports[name] |= {parts[2]} & set(modules)

    def reaches(start):
        seen, todo = set(), list(imports[start])
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo += imports[name]
        return seen

    circles = sorted(name for name in modules if name in reaches(name))
    assert not circles, f"engine modules in an import circle: {circles}"
