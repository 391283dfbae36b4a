"""The data file, the catalog and loading saved games."""

import copy
import json

import pytest

import contraband
from contraband.core.data import SOURCES
from contraband.games.counterfeiters.board import DATA
from tests.contract.cases import without_seed
from tests.games.counterfeiters.builder import GAME, new


def test_every_table_of_the_data_file_names_its_source():
    for name, table in DATA.items():
        assert table["source"] in SOURCES, name
    assert DATA["board_34"]["source"] == "research"  # the board photo
    assert DATA["board_2"]["source"] == "assumed"
    assert DATA["cards"]["source"] == "assumed"
    assert DATA["money"]["source"] == DATA["fakes"]["source"] == "rulebook"


def test_the_catalog_lists_the_42_cards_both_board_sides_and_the_track():
    catalog = GAME.catalog()
    json.dumps(catalog)
    cards = catalog["cards"]["items"]
    assert len(cards) == 42
    assert sum(1 for c in cards if c["category"] == "S") == 8
    assert [c["code"] for c in cards if c["mark"] == "4"] == ["C1", "D4", "D8"]
    assert [c["code"] for c in cards if c["mark"] == "3+"] == ["B2", "B8", "C6", "D5"]
    board = catalog["board_34"]
    assert [slot["price"] for slot in board["market"]] == [60, 60, 50, 40, 30, 20, 10]
    assert [slot["trash"] for slot in board["market"]][-2:] == [True, True]
    caps = {space["space"]: space["cap"] for space in board["spaces"]}
    assert sum(caps.values()) == 4  # both supermarkets, one fence, one print space
    track = catalog["police_track"]
    assert track["length"] == 19 and track["godfather"] == [10, 16, 19]
    assert track["start"] == {"2": 6, "3": 4, "4": 1}
    for name, section in catalog.items():
        if name not in ("game", "title", "info"):
            assert section["source"] in SOURCES


def test_views_name_cards_and_spaces_found_in_the_catalog():
    catalog = GAME.catalog()
    names = {c["name"] for c in catalog["cards"]["items"]}
    spaces = {s["space"] for s in catalog["board_34"]["spaces"]}
    spaces |= {s["space"] for s in catalog["board_34"]["market"]}
    view = new(4, seed=3).view(0)
    assert {slot["card"] for slot in view["market"]} <= names
    assert {space["space"] for space in view["spaces"]} <= spaces
    for seat in view["seats"]:
        assert set(seat["cards"]) <= names


def test_action_info_describes_each_kind_of_decision():
    state = new(3, seed=1)
    assert state.action_info("print 2") == {"label": "print 2", "kind": "place", "space": "print 2"}
    assert state.action_info("pass")["kind"] == "pass"
    assert state.action_info("sell 2 three-star") == {
        "label": "sell 2 three-star",
        "kind": "sell",
        "quality": 3,
        "stars": "★★★",
        "count": 2,
    }
    assert state.action_info("move $120") == {"label": "move $120", "kind": "amount", "amount": 120}
    assert state.action_info("to cash")["to"] == "cash"
    assert state.action_info("lawyer: move from fence 1")["space"] == "fence 1"


def test_a_saved_game_loads_and_plays_on_identically():
    from contraband.core.random import Rng

    state = new(4, seed=8)
    rng = Rng(3)
    for _ in range(60):
        state.apply(rng.choice(state.legal_actions()))
    data = json.loads(json.dumps(state.to_json()))
    loaded = GAME.from_json(data)
    assert loaded.to_json() == data
    assert loaded.render(1) == state.render(1)


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("cash_lo", [990, 0, 0, 0], "cash_lo"),
        ("deck", [8, 8], "cards"),
        ("left", [3, 3, 3, 2], "left"),
        ("step", "amount", "space"),
        ("picks", [1, 0, 0], "picks"),
        ("direction", 1, "direction"),
    ],
)
def test_inconsistent_saved_games_are_refused_naming_the_field(field, value, message):
    data = copy.deepcopy(new(4, seed=8).to_json())
    data["state"][field] = value
    without_seed(data)  # a guess, which only the game's own checks stand behind
    with pytest.raises(ValueError, match=message):
        GAME.from_json(data)


def test_the_game_is_registered_for_two_to_four_players():
    info = contraband.load("counterfeiters").info
    assert (info.min_players, info.max_players) == (2, 4)
    assert "counterfeiters" in contraband.game_ids()
