"""The catalog holds every printed attribute of every component, with its source; views and
action descriptions name components exactly as the catalog does."""

import json

import pytest

import contraband
from contraband.core.random import Rng
from contraband.games.nacho_incident import board
from contraband.games.nacho_incident.board import DATA, MEANING

GAME = contraband.load("nacho-incident")
KINDS = {
    "hire",
    "ship",
    "steal",
    "go",
    "pick",
    "arrest",
    "wander",
    "discard",
    "keep",
    "gem",
    "sell",
    "restock",
}


@pytest.fixture(scope="module")
def catalog():
    data = GAME.catalog()
    json.dumps(data)
    return data


def _by_name(catalog, section):
    return {item["name"]: item for item in catalog[section]["items"]}


def test_sections_carry_the_data_files_sources(catalog):
    assert catalog["game"] == "nacho-incident" and catalog["title"] == "The Nacho Incident"
    tables = {
        "start": "start",
        "players": "players",
        "provinces": "provinces",
        "foods": "foods",
        "smugglers": "smugglers",
        "mounties": "mounties",
        "province_cards": "province_cards",
    }
    for section, table in tables.items():
        assert catalog[section]["source"] == DATA[table]["source"]
    assert catalog["start"]["source"] == "rulebook" and catalog["smugglers"]["source"] == "assumed"
    assert catalog["provinces"]["field_sources"] == {"bonus": "assumed"}


def test_start_numbers_and_players(catalog):
    start = catalog["start"]
    assert (start["gold"], start["hand_size"], start["warehouse"]) == (10, 8, 2)
    assert (start["rounds"], start["turns_per_round"], start["turns"]) == (3, 4, 12)
    assert start["market_price"] == 1
    assert catalog["players"]["colours"] == ["red", "blue", "green", "yellow"]


def test_provinces_in_a_line_with_neighbours_and_bonus(catalog):
    provinces = catalog["provinces"]["items"]
    assert [p["name"] for p in provinces] == ["Alberta", "Saskatchewan", "Ontario", "Quebec"]
    assert [p["order"] for p in provinces] == [0, 1, 2, 3]
    assert [p["neighbours"] for p in provinces] == [
        ["Saskatchewan"],
        ["Alberta", "Ontario"],
        ["Saskatchewan", "Quebec"],
        ["Ontario"],
    ]
    assert [p["bonus"] for p in provinces] == [5, 6, 6, 5]


def test_foods_with_their_cube_colours_and_counts(catalog):
    foods = _by_name(catalog, "foods")
    assert len(foods) == 8 and all(f["cubes"] == 4 for f in foods.values())
    assert foods["salsa"]["colour"] == "red" and foods["grain"]["colour"] == "yellow"
    assert foods["sour cream"]["colour"] == "white" and foods["sour cream"]["key"] == "sour_cream"


def test_all_56_smugglers_with_flag_rank_and_cost(catalog):
    smugglers = catalog["smugglers"]["items"]
    assert len(smugglers) == 56 == len({s["name"] for s in smugglers})
    assert [s["id"] for s in smugglers] == list(range(56))
    for s in smugglers:
        card = board.SMUGGLER_INDEX[s["name"]]
        assert s["id"] == card
        assert s["flag"] == board.PROVINCES[board.SMUGGLER_FLAG[card]]
        assert (s["rank"], s["cost"]) == (board.SMUGGLER_RANK[card], board.SMUGGLER_COST[card])
        assert s["flag"] in s["reach"]
    jen = _by_name(catalog, "smugglers")["Jen"]
    assert (jen["flag"], jen["rank"], jen["cost"]) == ("Saskatchewan", 5, 2)
    assert jen["reach"] == ["Alberta", "Saskatchewan", "Ontario"]


def test_all_12_mounties_with_flag_and_penalty(catalog):
    mounties = _by_name(catalog, "mounties")
    assert len(mounties) == 12
    assert mounties["Fraser"] == {"id": 2, "name": "Fraser", "flag": "Alberta", "penalty": 4}
    assert sorted(m["penalty"] for m in mounties.values()) == [3] * 6 + [4] * 6


def test_the_12_province_cards_with_four_food_price_slots(catalog):
    cards = catalog["province_cards"]["items"]
    assert len(cards) == 12 and [c["id"] for c in cards] == list(range(12))
    assert cards[0]["name"] == "Alberta 1" and cards[0]["province"] == "Alberta"
    assert {"food": "salsa", "price": 7} in cards[0]["slots"]  # the rulebook's example
    for card in cards:
        assert len(card["slots"]) == 4 and len({s["food"] for s in card["slots"]}) == 4
        assert sum(s["price"] for s in card["slots"]) == 24


def test_the_catalog_is_a_fresh_copy_each_time(catalog):
    copy = GAME.catalog()
    copy["smugglers"]["items"][0]["rank"] = 99
    assert (
        GAME.catalog()["smugglers"]["items"][0]["rank"] == catalog["smugglers"]["items"][0]["rank"]
    )


def test_every_label_has_a_meaning_naming_catalog_components(catalog):
    smugglers = _by_name(catalog, "smugglers")
    mounties = _by_name(catalog, "mounties")
    foods = _by_name(catalog, "foods")
    provinces = _by_name(catalog, "provinces")
    colours = catalog["players"]["colours"]
    state = GAME.new(4, seed=1)
    for label in MEANING:
        info = state.action_info(label)
        assert info["label"] == label and info["kind"] in KINDS
        if "smuggler" in info:
            assert info["smuggler"] in smugglers and info["smuggler"] in label
        if "mountie" in info:
            assert info["mountie"] in mounties
        if info.get("food") is not None:
            assert info["food"] in foods
        if "province" in info:
            assert info["province"] in provinces
        if "seat" in info:
            assert colours[info["seat"]] == info["colour"] and info["colour"] in label
    assert state.action_info("steal salsa from blue") == {
        "label": "steal salsa from blue",
        "kind": "steal",
        "food": "salsa",
        "seat": 1,
        "colour": "blue",
    }
    assert state.action_info("ship nothing") == {
        "label": "ship nothing",
        "kind": "ship",
        "food": None,
    }
    assert state.action_info("arrest Kit")["kind"] == "arrest"
    assert state.action_info("wander to green Ontario") == {
        "label": "wander to green Ontario",
        "kind": "wander",
        "seat": 2,
        "colour": "green",
        "province": "Ontario",
    }
    with pytest.raises(ValueError, match="not an action"):
        state.action_info("hire Nobody")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_and_moves_name_components_found_in_the_catalog(catalog, players):
    smugglers = _by_name(catalog, "smugglers")
    mounties = _by_name(catalog, "mounties")
    cards = {card["id"]: card for card in catalog["province_cards"]["items"]}
    options = {"random_mounties": True} if players == 3 else {}
    state = GAME.new(players, seed=players, options=options)
    rng = Rng(players)
    kinds = set()
    while not state.is_terminal():
        for seat in [None, *range(players)]:
            view = state.view(seat)
            named = list(view["smugglers_out"]) + list(view["hand"] or [])
            for s in view["seats"]:
                named += [s["played"]] if s["played"] else []
                named += [s["chosen"]] if s["chosen"] not in (None, "face down") else []
                for cantina in s["cantinas"]:
                    named += cantina["holders"]
                    assert all(m in mounties for m in cantina["mounties"])
            assert all(name in smugglers for name in named)
            assert all(m in mounties for m in view["mounties_out"])
            assert view["mountie_up"] is None or view["mountie_up"] in mounties
            for province in view["provinces"]:
                card = cards[province["card"]]
                assert card["name"] == province["card_name"]
                assert card["province"] == province["name"]
                shown = [{"food": s["food"], "price": s["price"]} for s in province["slots"]]
                assert shown == card["slots"]
                assert all(c in cards for c in province["cards_under"])
        for move in state.legal_moves(state.current_player):
            kinds.add(move["kind"])
            for key, section in (("smuggler", smugglers), ("mountie", mounties)):
                if key in move:
                    assert move[key] in section
        state.apply(rng.choice(state.legal_actions()))
    assert {"hire", "ship", "go", "keep", "sell", "restock", "discard"} <= kinds
