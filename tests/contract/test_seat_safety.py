"""What every game owes a table of several players: seat-bound actions, a per-seat log, records
that keep secrets, views a client can draw, copies that never share data. For every game and
player count, over random play."""

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import contraband
from contraband.core.data import SOURCES
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS
from tests.contract.test_random_play import advance, play

seeds = st.integers(min_value=0, max_value=2**40)
long_seeds = st.integers(min_value=10**9, max_value=2**62)
stops = st.integers(min_value=0, max_value=300)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_a_seat_not_on_move_is_told_whose_decision_it_is_and_nothing_else(
    game_id, players, seed, choice_seed, stop
):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    if state.is_terminal() or players == 1:
        return
    before = state.to_json()
    mover = state.current_player
    labels = [a.label for a in state.legal_actions()]
    for seat in range(players):
        if seat == mover:
            continue
        assert state.legal_actions(seat) == [] and state.legal_moves(seat) == []
        for attempt in (labels[0], "no such action", contraband.Action(seat, labels[0])):
            with pytest.raises(contraband.IllegalAction) as raised:
                state.apply(attempt, seat=seat)
            error = raised.value
            assert (error.seat, error.reason, error.legal, error.turn) == (
                seat,
                "not_your_turn",
                None,
                mover,
            )
            assert state.seat_names()[mover] in str(error)
            shown = json.dumps(error.to_dict())
            for label in labels:
                assert label not in shown or label == attempt, "another seat's options leaked"
        assert state.to_json() == before
    # the mover acting through its seat works like the plain call
    assert state.apply(labels[0], seat=mover).history[-1] == labels[0]


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_errors_quote_only_a_short_prefix_of_bad_input(game_id, players):
    state = contraband.load(game_id).new(players, seed=1)
    huge = "x" * 1_000_000
    with pytest.raises(contraband.IllegalAction) as raised:
        state.apply(huge)
    assert len(str(raised.value)) < 5000
    with pytest.raises(contraband.IllegalAction) as raised:
        state.apply(huge, seat=state.current_player)
    assert len(str(raised.value)) < 5000
    with pytest.raises(ValueError) as loaded:
        contraband.load(huge)
    assert len(str(loaded.value)) < 1000


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds)
def test_the_log_tells_every_decision_in_order_and_is_plain_data(
    game_id, players, seed, choice_seed
):
    end = play(game_id, players, seed, choice_seed)
    for seat in [None, *range(players)]:
        log = end.log(seat)
        json.dumps(log)
        assert [entry["index"] for entry in log] == list(range(len(log)))
        caused = [entry["action"] for entry in log if entry["action"] is not None]
        assert caused == sorted(caused)
        assert set(caused) == set(range(len(end.history))), "every decision is in the log"
        for entry in log:
            assert isinstance(entry["text"], str) and entry["text"].strip()
            assert "{" not in entry["text"] and "None" not in entry["text"]
            assert isinstance(entry["masked"], bool)
        assert end.log(seat, since=len(log) // 2) == log[len(log) // 2 :]
    # the players see no less than a spectator: a spectator's unmasked entry is everyone's
    spectator = end.log(None)
    for seat in range(players):
        for theirs, mine in zip(spectator, end.log(seat), strict=True):
            if not theirs["masked"]:
                assert mine == theirs


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=long_seeds, choice_seed=seeds, stop=stops)
def test_seat_records_have_no_seed_while_running_and_are_complete_at_the_end(
    game_id, players, seed, choice_seed, stop
):
    state, rng = advance(game_id, players, seed, choice_seed, stop)
    full = state.record()
    assert full["actions"] == state.history and full["seats"] == state.actors
    for seat in [None, *range(players)]:
        mine = state.record(seat)
        json.dumps(mine)
        if state.is_terminal():
            assert mine == full
            continue
        assert "seed" not in mine
        if state.seed >= 10**9:  # a short seed's digits turn up in any text
            assert str(state.seed) not in json.dumps(mine)
        assert len(mine["actions"]) == len(full["actions"]) and mine["final"] is False
        for label, shown, actor in zip(
            full["actions"], mine["actions"], full["seats"], strict=True
        ):
            assert shown in (label, None)
            if actor == seat:
                assert shown == label, "a seat always knows its own decisions"
        with pytest.raises(ValueError, match="seed"):
            contraband.load(game_id).replay(mine)
        for entry in state.log(seat):
            assert state.seed < 10**9 or str(state.seed) not in entry["text"]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert all(state.record(seat) == state.record() for seat in [None, *range(players)])


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_views_carry_the_last_move_and_survive_saving_and_determinizing(
    game_id, players, seed, choice_seed, stop
):
    game = contraband.load(game_id)
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    loaded = game.from_json(json.loads(json.dumps(state.to_json())))
    for seat in [None, *range(players)]:
        view = state.view(seat)
        json.dumps(view)
        assert view["seat_names"] == state.seat_names()
        last = view["last_move"]
        if state.history:
            assert last["index"] == len(state.history) - 1
            assert last["seat"] == state.actors[-1]
            assert last["label"] == state.record(seat)["actions"][-1]
            assert last["events"] == [e for e in state.log(seat) if e["action"] == last["index"]]
        else:
            assert last is None
        assert loaded.view(seat) == view
        assert loaded.log(seat) == state.log(seat)
    for seat in range(players):
        for rng in (Rng(seed), random.Random(seed), seed):
            assert state.determinize(seat, rng).view(seat) == state.view(seat)
    with pytest.raises(ValueError, match="rng"):
        state.determinize(0, "not a generator")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_legal_moves_describe_each_action_for_a_client(game_id, players, seed, choice_seed, stop):
    state, _ = advance(game_id, players, seed, choice_seed, stop)
    if state.is_terminal():
        return
    moves = state.legal_moves(state.current_player)
    json.dumps(moves)
    assert [m["label"] for m in moves] == [a.label for a in state.legal_actions()]
    assert all(isinstance(m["kind"], str) and m["kind"] for m in moves)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@given(seed=seeds, choice_seed=seeds, stop=stops)
def test_undo_gives_back_the_position_before_the_decision(
    game_id, players, seed, choice_seed, stop
):
    game = contraband.load(game_id)
    state, rng = advance(game_id, players, seed, choice_seed, stop)
    if state.is_terminal():
        return
    before = state.to_json()
    seat = state.current_player
    state.apply(rng.choice(state.legal_actions()))
    new_events = state.log(None, since=len(json.loads(json.dumps(before))["log"]["events"]))
    blocked = any(e["chance"] or e["reveals"] for e in new_events)
    assert state.undoable(seat) is not blocked
    if blocked:
        with pytest.raises(contraband.IllegalAction):
            state.undo(seat)
    else:
        assert state.undo(seat).to_json() == game.from_json(before).to_json()
    for other in range(players):
        if other != seat:
            assert not state.undoable(other)


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_copies_share_nothing_options_included(game_id, players):
    state = contraband.load(game_id).new(players, seed=2)
    for copy in (state.clone(), state.determinize(0, 1)):
        copy.options["extra"] = True
        assert "extra" not in state.options
        copy.apply(copy.legal_actions()[0])
        assert len(state.history) == 0 and len(state.log(None)) < len(copy.log(None)) + 1


@pytest.mark.parametrize("game_id", contraband.game_ids())
def test_catalog_and_option_specs_are_data_with_their_sources(game_id):
    game = contraband.load(game_id)
    catalog = game.catalog()
    json.dumps(catalog)
    assert catalog["game"] == game_id
    sections = {k: v for k, v in catalog.items() if k not in ("game", "title", "info")}
    assert sections, "a game's catalog lists its components"
    for name, section in sections.items():
        assert section.get("source") in SOURCES, f"catalog section {name} needs a source"
    for option in catalog["info"]["options"]:
        for key in ("choices", "minimum", "maximum", "default"):
            assert key in option
    assert catalog["info"]["min_players"] == game.info.min_players
