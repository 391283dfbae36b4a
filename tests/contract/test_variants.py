"""Rule variants (``contraband.core.variants``): overrides of a game's data file are typed and
bounded by the file itself, refused with a message naming the key, checked against the game's
invariants, carried in records and saves, replayed exactly, and independent of each other and of
the published game when played at the same time in one process."""

import json
import threading

import pytest

import contraband
from contraband.core.random import Rng
from contraband.core.registry import game_of
from contraband.core.variants import (
    MAX_OVERRIDES,
    canonical,
    describe,
    differences,
    parse_set,
    parse_sets,
    schema,
    variant_game,
)

RICH = {"start.money": 9}
POOR = {"start.money": 0, "plantation.prices": [1, 1]}


def _play(game, players, seed, stop=None):
    """A game played by seeded random choices (to the end, or ``stop`` decisions)."""
    state = game.new(players, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        state.apply(rng.choice(state.legal_actions()))
    return state


# -- parsing ------------------------------------------------------------------------------------
def test_parse_set_reads_toml_and_json_values():
    assert parse_set("narcos.plantation.prices=[3,6]") == ("narcos.plantation.prices", [3, 6])
    assert parse_set(" start.money = 7 ") == ("start.money", 7)
    assert parse_set("x.rate=1.5") == ("x.rate", 1.5)
    assert parse_set("x.flag=true") == ("x.flag", True)
    assert parse_set("narcos.start.money=4", "narcos") == ("start.money", 4)
    assert parse_sets(["start.money=4", "narcos.start.workers=6"], "narcos") == {
        "start.money": 4,
        "start.workers": 6,
    }


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("start.money", "KEY=VALUE"),
        ("=3", "no key"),
        ("start.money=", "empty"),
        ("start.money=three", "not a value"),
    ],
)
def test_parse_set_refuses_malformed_text(text, message):
    with pytest.raises(ValueError, match=message):
        parse_set(text)


def test_a_key_of_another_game_or_given_twice_is_refused():
    with pytest.raises(ValueError, match="key of tony-tino, not of narcos"):
        parse_set("tony-tino.board.size=6", "narcos")
    with pytest.raises(ValueError, match="set twice"):
        parse_sets(["start.money=4", "narcos.start.money=5"], "narcos")


# -- the schema ---------------------------------------------------------------------------------
def test_the_schema_is_every_number_of_the_data_file():
    keys = schema("narcos")
    assert keys["start.money"].published == 3 and keys["start.money"].kind is int
    assert keys["plantation.prices"].listed and keys["plantation.prices"].published == [2, 4]
    assert keys["types.card[3].cost"].published == 3
    assert "cities.names" not in keys and "start.source" not in keys
    listed = {row["key"]: row for row in describe("narcos")}
    assert listed["start.money"] == {
        "key": "start.money",
        "value": 3,
        "allowed": "an integer in 0..100",
    }


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        ({"start.money": 2.5}, r"start.money must be an integer in 0..100, got 2.5"),
        ({"start.money": True}, r"start.money must be an integer"),
        ({"start.money": -1}, r"start.money must be an integer in 0..100, got -1"),
        ({"start.money": 101}, r"0..100, got 101"),
        ({"plantation.prices": [3]}, r"plantation.prices must be a list of 2 integers.*got \[3\]"),
        ({"plantation.prices": "3,6"}, r"plantation.prices must be a list of 2 integers"),
        ({"plantation.price": [3, 6]}, r"no number 'plantation.price'.*plantation.prices"),
        ({"cities.names": ["a"]}, r"cities.names is not a number a variant may change"),
        ({"flipping.flee_sirens": 0}, r"flipping.flee_sirens must be an integer in 1..10"),
        ({f"k{i}": 1 for i in range(MAX_OVERRIDES + 1)}, "at most"),
    ],
)
def test_overrides_are_typed_and_bounded(overrides, message):
    with pytest.raises(ValueError, match=message):
        variant_game("narcos", overrides)


def test_canonical_overrides_drop_published_values_and_normalise_keys():
    assert canonical("narcos", {"narcos.types.card.3.cost": 4, "start.money": 3}) == {
        "types.card[3].cost": 4
    }
    assert canonical("narcos", {"start.workers": 6.0}) == {"start.workers": 6}
    assert variant_game("narcos", {}) is contraband.load("narcos")
    assert variant_game("narcos", {"start.money": 3}) is contraband.load("narcos")


@pytest.mark.parametrize(
    ("game_id", "overrides", "message"),
    [
        ("narcos", {"deck.round2.military": 9}, r"deck.round2.military is 9.*7 military"),
        ("narcos", {"deck.police": 11}, r"deck.police is 11.*10 police"),
        ("narcos", {"types.card[0].start": False}, r"starting network is fixed"),
        ("tony-tino", {"discs.numbered.1": 4}, r"must fill the board's 36 control points"),
        ("tony-tino", {"board.size": 7}, r"board.size must be an integer in 6..6"),
        ("nacho-incident", {"start.hand_size": 0}, r"start.hand_size must be an integer in 1..14"),
        ("nacho-incident", {"smugglers.ranks": [1] * 13 + [9]}, None),
        ("counterfeiters", {"track.length": 20}, r"last godfather space \(19\) must be"),
        ("counterfeiters", {"track.start_two.2": 12}, r"before the first special space \(10\)"),
        ("counterfeiters", {"money.start": [17, 30, 40, 50]}, r"money.start must be whole \$10"),
        ("counterfeiters", {"units.money_unit": 7}, r"must be whole \$7 notes"),
        ("al-cabohne", {"beans.beanometer.Blue": [6, 4, 8, 10]}, r"more beans for each further"),
        ("al-cabohne", {"beans.beanometer.Blue": [4, 6, 8, 30]}, r"only 20 Blue beans"),
        ("al-cabohne", {"fields.start.1": 4}, r"more than fields.most \(3\)"),
        (
            "narcos",
            {"cities.traffickers_each": 0, "deck.traffickers": 0},
            r"at 2 players \(seed \d+\) breaks the game's rules: StopIteration at setup.py",
        ),
    ],
)
def test_variants_that_break_the_game_are_refused(game_id, overrides, message):
    if message is None:  # a change the game takes: it is built and plays
        assert variant_game(game_id, overrides).variant == overrides
        return
    with pytest.raises(ValueError, match=message):
        variant_game(game_id, overrides)


# -- playing a variant --------------------------------------------------------------------------
def test_a_variant_plays_its_numbers_and_leaves_the_standard_game_alone():
    standard = contraband.load("narcos")
    rich = variant_game("narcos", RICH)
    assert rich is variant_game("narcos", {"narcos.start.money": 9})  # built once
    assert rich.info.id == "narcos" and rich.id == "narcos"
    assert rich.variant == {"start.money": 9} and standard.variant == {}
    assert rich.new(3, seed=1).money == [9, 9, 9]
    assert standard.new(3, seed=1).money == [3, 3, 3]
    assert game_of(rich.new(2, seed=1)) is rich
    assert game_of(standard.new(2, seed=1)) is standard
    assert differences(rich) == [{"key": "start.money", "published": 3, "value": 9}]
    assert rich.catalog()["game"] == "narcos"


def test_a_variants_record_and_save_carry_it_and_replay_exactly():
    game = variant_game("narcos", POOR)
    state = _play(game, 2, seed=5, stop=60)
    record = json.loads(json.dumps(state.record()))
    assert record["variant"] == {"plantation.prices": [1, 1], "start.money": 0}
    again = variant_game(record["game"], record["variant"]).replay(record)
    assert again.to_json() == state.to_json()
    saved = json.loads(json.dumps(state.to_json()))
    assert saved["variant"] == record["variant"]
    assert game.from_json(saved).to_json() == saved
    standard = contraband.load("narcos")
    with pytest.raises(ValueError, match="this record is of the variant"):
        standard.replay(record)
    with pytest.raises(ValueError, match="this save is of the variant"):
        standard.from_json(saved)
    plain = _play(standard, 2, seed=5, stop=10)
    assert "variant" not in plain.record() and "variant" not in plain.to_json()
    with pytest.raises(ValueError, match="of the published rules"):
        game.replay(plain.record())


def test_undo_in_a_variant_stays_in_the_variant():
    game = variant_game("narcos", RICH)
    undone = []
    for stop in range(1, 40):
        state = _play(game, 2, seed=8, stop=stop)
        seat = state.actors[-1]
        if state.undoable(seat):
            back = state.undo(seat)
            assert type(back) is type(state) and back.history == state.history[:-1]
            assert back.to_json()["variant"] == {"start.money": 9}
            undone.append(stop)
    assert undone


def test_two_variants_and_the_standard_game_played_at_once_keep_their_own_results():
    games = {
        "standard": contraband.load("narcos"),
        "rich": variant_game("narcos", RICH),
        "poor": variant_game("narcos", POOR),
    }
    seeds = (11, 12)
    alone = {
        (name, seed): _play(game, 2, seed).to_json()
        for name, game in games.items()
        for seed in seeds
    }
    together: dict = {}

    def play(name, seed):
        together[(name, seed)] = _play(games[name], 2, seed).to_json()

    threads = [threading.Thread(target=play, args=key) for key in alone]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert together == alone
    for seed in seeds:
        results = [alone[(name, seed)]["state"] for name in games]
        assert results[0] != results[1] and results[1] != results[2]


@pytest.mark.parametrize("spec", ["greedy", "rules", "ismcts:iterations=20"])
def test_agents_think_with_the_variants_own_rules(spec):
    from contraband.agents import from_spec

    game = variant_game("narcos", RICH)
    assert game.heuristic is not contraband.load("narcos").heuristic
    assert game.rules_player is not contraband.load("narcos").rules_player
    state = game.new(2, seed=3)
    agent = from_spec(spec, seed=1)
    for _ in range(15):
        if state.is_terminal():
            break
        state.apply(agent.act(state, state.current_player))
    assert game_of(state) is game and len(state.history) > 0


def test_the_coach_hints_and_reviews_a_variants_game():
    from contraband.agents import coach

    game = variant_game("narcos", RICH)
    state = _play(game, 2, seed=4, stop=6)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    hint = coach.hint(state, state.current_player, iterations=8, seconds=5.0, seed=1)
    assert {choice["label"] for choice in hint["choices"]} <= {
        action.label for action in state.legal_actions()
    }
    record = _play(game, 2, seed=4, stop=60).record()
    found = coach.decisions(record, 0) + coach.decisions(record, 1)
    assert found and all(game_of(position) is game for _, position, _ in found)
