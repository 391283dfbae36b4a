"""The catalog holds every number of the game with its source, and views and actions name
components a client finds in it."""

from __future__ import annotations

import json

import pytest

from contraband.core.random import Rng
from tests.games.al_cabohne.builder import BEANS, GAME, position

CATALOG = GAME.catalog()
BEAN_ITEMS = {item["name"]: item for item in CATALOG["beans"]["items"]}
BOSS_ITEMS = {item["name"]: item for item in CATALOG["bosses"]["items"]}
PHASE_IDS = {item["id"] for item in CATALOG["phases"]["items"] if item["id"]}


def test_catalog_is_plain_data_and_each_section_has_the_source_of_its_data_table():
    json.dumps(CATALOG)
    assert CATALOG["game"] == "al-cabohne" and CATALOG["title"] == "Al Cabohne"
    data = BEANS.DATA
    for section in ("beans", "bosses", "fields", "hand", "turn", "deck", "scoring", "order"):
        assert CATALOG[section]["source"] == data[section]["source"], section
    assert CATALOG["beans"]["beanometer_source"] == data["beans"]["beanometer"]["source"]
    assert CATALOG["deck"]["most_passes_source"] == data["options"]["source"] == "assumed"


def test_beans_with_their_counts_and_beanometers():
    # the rulebook's contents list and the research table (shared/rules/al-cabohne.md)
    counts = {"Blue": 20, "Kidney": 19, "Fire": 18, "Puff": 16, "Broad": 16, "French": 14}
    counts["Runner"] = 13
    assert {name: item["count"] for name, item in BEAN_ITEMS.items()} == counts
    assert CATALOG["beans"]["total"] == sum(counts.values()) == 116
    assert [item["id"] for item in CATALOG["beans"]["items"]] == list(range(7))
    assert BEAN_ITEMS["Broad"]["beanometer"] == [3, 5, 7, 8]  # printed in the rulebook
    assert BEAN_ITEMS["Blue"]["beanometer"] == [4, 6, 8, 10]
    assert BEAN_ITEMS["Runner"]["coins_at"] == [
        {"cards": 3, "coins": 1},
        {"cards": 4, "coins": 2},
        {"cards": 5, "coins": 3},
        {"cards": 6, "coins": 4},
    ]


@pytest.mark.parametrize("name", list(BEAN_ITEMS))
def test_a_harvest_pays_what_the_catalogs_beanometer_says(name):
    meter = BEAN_ITEMS[name]["coins_at"]
    other = "Runner" if name != "Runner" else "Blue"
    for count in range(1, BEAN_ITEMS[name]["count"] + 1):
        state = position(hands=[[other], []], fields=[[f"{count} {name}", None], [None, None]])
        state.apply("harvest field 1")
        promised = sum(1 for step in meter if count >= step["cards"])
        assert len(state.coins[0]) == promised, (name, count)


def test_bosses_fields_hands_and_the_solo_numbers_match_a_new_game():
    assert [(b["name"], b["sells_at"]) for b in CATALOG["bosses"]["items"]] == [
        ("Al Cabohne", 3),
        ("Don Corlebohne", 2),
        ("Joe Bohnano", 1),
    ]
    assert BOSS_ITEMS["Joe Bohnano"]["players"] == [1]
    assert BOSS_ITEMS["Al Cabohne"]["players"] == [1, 2]
    for players in (1, 2):
        key = str(players)
        state = GAME.new(players, seed=5)
        view = state.view(0)
        assert len(view["bosses"]) == CATALOG["bosses"]["in_game"][key]
        assert len(view["hand"]) == CATALOG["hand"]["start"][key]
        assert len(view["players"][0]["fields"]) == CATALOG["fields"]["start"][key]
        assert view["deck_passes"] == CATALOG["deck"]["passes"][key]
        assert view["mafia_factor"] == (
            CATALOG["scoring"]["solo_mafia_factor"] if players == 1 else 1
        )
    solo = CATALOG["solo"]
    assert (solo["hand"], solo["fields"], solo["bosses"], solo["mafia_factor"]) == (7, 3, 3, 2)
    assert solo["deck_passes"] == 1
    assert CATALOG["fields"]["third_field_cost"] == 4 and CATALOG["fields"]["most"] == 3
    assert CATALOG["turn"]["turned"] == 3 and CATALOG["turn"]["drawn"] == 2


def test_buying_the_third_field_costs_what_the_catalog_says():
    cost = CATALOG["fields"]["third_field_cost"]
    state = position(hands=[["Blue"], []], coins=[["Fire"] * (cost + 1), []])
    state.apply("buy third field")
    assert len(state.coins[0]) == 1 and state.fields_owned[0] == 3
    assert state.log(None)[-1]["text"] == f"player 1 buys a third field for {cost} coins"


def _check_view_and_moves(state) -> None:
    for seat in [None, *range(state.players)]:
        view = state.view(seat)
        assert view["phase"] in PHASE_IDS
        beans = list(view["faceup"]) + list(view["discard"]) + list(view["mafia_coin_pile"])
        beans += view["hand"] or []
        for player in view["players"]:
            beans += player["coin_pile"]
            assert [f["number"] for f in player["fields"]] == list(
                range(1, len(player["fields"]) + 1)
            )
            beans += [f["bean"] for f in player["fields"] if f["bean"]]
        for boss in view["bosses"]:
            assert boss["name"] in BOSS_ITEMS
            assert boss["harvests_at"] == BOSS_ITEMS[boss["name"]]["sells_at"]
            beans += [boss["bean"]] if boss["bean"] else []
        assert set(beans) <= set(BEAN_ITEMS)
    if state.is_terminal():
        return
    seat = state.current_player
    view = state.view(seat)
    fields = {f["number"]: f for f in view["players"][seat]["fields"]}
    bosses = {b["name"]: b for b in view["bosses"]}
    for move in state.legal_moves(seat):
        kind = move["kind"]
        if "bean" in move:
            assert move["bean"] in BEAN_ITEMS
        if "boss" in move:
            assert move["boss"] in bosses
        if "field" in move and kind != "buy_field":
            assert move["field"] in fields
        if kind == "harvest":
            assert fields[move["field"]]["count"] > 0
        elif kind == "pay_tribute":
            assert fields[move["field"]]["bean"] == bosses[move["boss"]]["bean"]
        elif kind in ("plant", "give_hand_card"):
            assert view["hand"][move["position"] - 1] == move["bean"]
        elif kind in ("plant_leftover", "discard_leftover", "plant_faceup", "give_faceup"):
            assert move["bean"] in view["faceup"]
        if kind in ("plant", "plant_leftover", "plant_faceup"):
            assert fields[move["field"]]["bean"] in (None, move["bean"])
        elif kind == "buy_field":
            assert view["players"][seat]["may_buy_third_field"]
            assert len(fields) == move["field"] - 1


@pytest.mark.parametrize("players", [1, 2])
def test_views_and_legal_moves_name_components_of_the_catalog(players):
    for seed in range(3):
        state = GAME.new(players, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            _check_view_and_moves(state)
            state.apply(rng.choice(state.legal_actions()))
        _check_view_and_moves(state)


def test_every_label_of_the_game_has_action_info():
    from contraband.games.al_cabohne.actions import ACTION_INFO, MEANING

    assert set(ACTION_INFO) == set(MEANING)
    state = GAME.new(2, seed=1)
    assert state.action_info("give hand card 3 (Kidney) to Don Corlebohne") == {
        "label": "give hand card 3 (Kidney) to Don Corlebohne",
        "kind": "give_hand_card",
        "from": "hand",
        "to": "boss",
        "position": 3,
        "boss": "Don Corlebohne",
        "bean": "Kidney",
    }
    assert state.action_info("pay tribute to Al Cabohne from field 2")["field"] == 2
    assert state.action_info("plant Blue on field 1")["position"] == 1
    # the table is shared: a caller changing its copy changes nothing
    state.action_info("done trading")["kind"] = "x"
    assert state.action_info("done trading")["kind"] == "done_trading"
