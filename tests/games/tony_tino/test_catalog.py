"""The catalog: every component as data with its source; views, actions and the log refer to
components by names found there."""

import json
from collections import Counter

import pytest

import contraband
from contraband.core.data import SOURCES
from contraband.core.random import Rng
from tests.games.tony_tino.builder import mid_game

GAME = contraband.load("tony-tino")
CATALOG = GAME.catalog()


def test_the_catalog_is_plain_data_and_every_section_has_a_source():
    assert json.loads(json.dumps(CATALOG)) == CATALOG
    sections = {k: v for k, v in CATALOG.items() if k not in ("game", "title", "info")}
    assert set(sections) == {"board", "discs", "figures", "money", "cards", "seats"}
    for name, section in sections.items():
        assert section["source"] in SOURCES, name
    assert CATALOG["board"]["source"] == "research"
    assert CATALOG["cards"]["source"] == "rulebook"
    assert CATALOG["seats"]["first_player"]["source"] == "assumed"


def test_the_board_has_36_points_on_12_streets():
    board = CATALOG["board"]
    points = [p["label"] for p in board["points"]]
    assert len(points) == len(set(points)) == 36
    assert points[:7] == ["A1", "B1", "C1", "D1", "E1", "F1", "A2"]
    streets = {s["label"]: s["points"] for s in board["streets"]}
    assert len(streets) == 12 and all(len(on) == 6 for on in streets.values())
    assert streets["row 4"] == ["A4", "B4", "C4", "D4", "E4", "F4"]
    assert streets["column C"] == ["C1", "C2", "C3", "C4", "C5", "C6"]
    for point in board["points"]:
        assert point["streets"] == [f"row {point['row']}", f"column {point['column']}"]
        assert all(point["label"] in streets[s] for s in point["streets"])


def test_discs_figures_and_money_are_the_rulebooks():
    discs = CATALOG["discs"]
    assert {d["number"]: d["count"] for d in discs["numbered"]} == {
        **{n: 3 for n in range(1, 7)},
        7: 2,
        8: 2,
        9: 1,
        10: 1,
    }
    assert [(c["colour"], c["count"]) for c in discs["coloured"]] == [("blue", 6), ("purple", 6)]
    assert discs["total"] == 36
    figures = {f["value"]: (f["name"], f["count"]) for f in CATALOG["figures"]["per_player"]}
    assert figures == {3: ("son", 1), 2: ("commander", 3), 1: ("hitman", 11), 0: ("spy", 3)}
    assert CATALOG["figures"]["face_up"] == 2
    money = {t["amount"]: t["count"] for t in CATALOG["money"]["tokens"]}
    assert money == {50000: 1, 30000: 3, 20000: 4, 10000: 4}
    assert CATALOG["money"]["total"] == 260000


def test_the_eight_cards_with_counts_and_what_each_does():
    cards = CATALOG["cards"]
    assert cards["hand_size"] == 3 and cards["per_player"] == 13
    counts = {c["name"]: c["count"] for c in cards["items"]}
    assert counts == {
        "shift": 4,
        "corruption": 2,
        "professional": 1,
        "roulette": 1,
        "flying-switch": 2,
        "exchange": 1,
        "new-value": 1,
        "police": 1,
    }
    for index, card in enumerate(cards["items"]):
        assert card["id"] == index
        assert card["title"] and card["dutch"] and len(card["effect"]) > 20
    cancellable = {c["name"] for c in cards["items"] if not c["cancellable"]}
    assert cancellable == {"professional", "police"}
    assert [s["name"] for s in CATALOG["seats"]["items"]] == ["Tony", "Tino"]


def test_the_option_gives_its_choices_as_data():
    (option,) = CATALOG["info"]["options"]
    assert option["name"] == "first_player"
    assert option["choices"] == ["seat 0", "seat 1", "random"]
    assert option["default"] == CATALOG["seats"]["first_player"]["default"] == "seat 0"


NAMES = {
    "card": {c["name"] for c in CATALOG["cards"]["items"]},
    "point": {p["label"] for p in CATALOG["board"]["points"]},
    "street": {s["label"] for s in CATALOG["board"]["streets"]},
    "figure": {f["value"] for f in CATALOG["figures"]["per_player"]},
}


def refers_to_the_catalog(info, where):
    for key, names in NAMES.items():
        if key in info:
            assert info[key] in names, f"{where}: {key} {info[key]!r} is not in the catalog"


@pytest.mark.parametrize("seed", range(8))
def test_views_actions_and_the_log_use_the_catalogs_names(seed):
    state = GAME.new(seed=seed)
    rng = Rng(seed)
    kinds = Counter()
    while not state.is_terminal():
        for move in state.legal_moves(state.current_player):
            kinds[move["kind"]] += 1
            refers_to_the_catalog(move, move["label"])
            if move["kind"] in ("target", "first", "second"):
                assert move["card"] == NAMES_BY_ID[state.pending_card]
                assert ("point" in move) != ("street" in move)
            if move["kind"] == "place":
                assert move["point"] in state.view(None)["open_points"]
        for seat in (0, 1, None):
            view = state.view(seat)
            for cell in view["board"]:
                assert cell["point"] in NAMES["point"]
            assert {s["street"] for s in view["streets"]} == NAMES["street"]
            for name in (view["hand"] or []) + view["seats"][0]["discards"]:
                assert name in NAMES["card"]
            assert set(view["open_points"]) <= NAMES["point"]
            if view["card_in_play"] is not None:
                assert view["card_in_play"] in NAMES["card"]
        state.apply(rng.choice(state.legal_actions()))
    for entry in state.log(None):
        refers_to_the_catalog(entry, entry["text"])
    assert {"play", "discard", "allow", "place"} <= set(kinds)


NAMES_BY_ID = [c["name"] for c in CATALOG["cards"]["items"]]


def test_action_info_names_what_each_action_acts_on():
    state = GAME.new(seed=1)
    assert state.action_info("place 2 on C4") == {
        "label": "place 2 on C4",
        "kind": "place",
        "figure": 2,
        "figure_name": "commander",
        "point": "C4",
    }
    assert state.action_info("play corruption") == {
        "label": "play corruption",
        "kind": "play",
        "card": "corruption",
    }
    assert state.action_info("discard police")["card"] == "police"
    assert state.action_info("police") == {"label": "police", "kind": "police", "card": "police"}
    assert state.action_info("allow") == {"label": "allow", "kind": "allow"}
    assert state.action_info("shift C4")["kind"] == "target"
    assert state.action_info("swap C4") == {
        "label": "swap C4",
        "kind": "first",
        "point": "C4",
        "card": "corruption",
        "acts_on": "disc",
    }
    assert state.action_info("theirs B3")["acts_on"] == "figure"
    assert state.action_info("with row 2") == {
        "label": "with row 2",
        "kind": "second",
        "street": "row 2",
        "card": "new-value",
        "acts_on": "token",
    }


def test_a_second_target_shared_by_two_cards_names_the_card_being_played():
    for card, first, acts_on in (
        ("flying-switch", "spy B2", "figure"),
        ("corruption", "swap C1", "disc"),
    ):
        state = mid_game([card], ["shift"])
        for label in (f"play {card}", "allow", first):
            state.apply(label)
        move = next(
            m for m in state.legal_moves(0) if m["label"] == "with A4" or m["label"] == "with D3"
        )
        assert (move["kind"], move["card"], move["acts_on"]) == ("second", card, acts_on)
