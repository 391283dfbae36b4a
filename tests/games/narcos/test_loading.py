"""Saved positions load back exactly; positions that cannot be are refused by name; the
catalog lists the components with their sources; every action label explains itself."""

import copy
import json

import pytest

from contraband.core.data import SOURCES
from contraband.core.random import Rng
from contraband.games.narcos.board import CARD_KIND, DATA, MEANING
from tests.games.narcos.builder import GAME, new


def advanced_position(steps=60, mode="advanced"):
    state = new(3, seed=31, mode=mode)
    rng = Rng(3)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_real_positions_load_back_exactly(mode):
    state = new(4, seed=32, mode=mode)
    rng = Rng(5)
    while not state.is_terminal():
        if len(state.history) % 7 == 0:
            saved = json.loads(json.dumps(state.to_json()))
            assert GAME.from_json(saved).to_json() == saved
        state.apply(rng.choice(state.legal_actions()))
    saved = json.loads(json.dumps(state.to_json()))
    assert GAME.from_json(saved).to_json() == saved


def _refused(saved, field, value, words):
    broken = copy.deepcopy(saved)
    broken["state"][field] = value
    with pytest.raises(ValueError, match=words):
        GAME.from_json(broken)


def test_impossible_positions_are_refused_naming_what_is_wrong():
    state = advanced_position()
    saved = json.loads(json.dumps(state.to_json()))
    police = next(c for c in range(68) if CARD_KIND[c] == "police")
    _refused(saved, "lab_card", [police] * 3, "lab_card")
    money = list(saved["state"]["money"])
    money[0] += 5
    _refused(saved, "money", money, "money not accounted for")
    lab = list(saved["state"]["lab_goods"])
    lab[1] += 1
    _refused(saved, "lab_goods", lab, "goods not accounted for")
    _refused(saved, "deck", saved["state"]["deck"] + saved["state"]["deck"][:1], "cards")
    _refused(saved, "tokens", [], "tokens")
    _refused(saved, "phase", "order", "looking")
    _refused(
        saved, "current_player", (saved["state"]["active"] + 1) % 3, "on move|active seat|window"
    )
    workers = list(saved["state"]["workers"])
    workers[2] = 5 if workers[2] != 5 else 4
    _refused(saved, "workers", workers, "workers")


def test_basic_positions_refuse_advanced_parts():
    state = advanced_position(mode="basic")
    saved = json.loads(json.dumps(state.to_json()))
    _refused(saved, "tokens", [0, 1, 2, 3], "tokens")
    _refused(saved, "permanent", -1, "permanent")


def test_the_catalog_lists_every_component_with_its_source():
    catalog = GAME.catalog()
    json.dumps(catalog)
    for name in ("narcos_cards", "plantation", "cartel_cards", "cities", "tokens", "numbers"):
        assert catalog[name]["source"] in SOURCES
    types = catalog["narcos_cards"]["types"]
    assert sum(t["count"] for t in types) == 68
    boat = next(t for t in types if t["name"] == "boat")
    assert boat["capacity"] == 6 and boat["cost"] == 2 and boat["source"] == "assumed"
    assert "cost" in boat["given_by_rulebook"]
    assert all(t["source"] in SOURCES for t in types)
    cartel = catalog["cartel_cards"]["items"]
    assert len(cartel) == 10 and catalog["cartel_cards"]["copies"] == 2
    assert {c["name"] for c in cartel} >= {"Fumigación", "Asalto", "Presión"}
    assert catalog["cities"]["named_by_rulebook"] == ["Miami", "Chicago"]
    assert catalog["info"]["options"][0]["choices"] == ["basic", "advanced"]


def test_every_table_of_the_data_file_names_its_source():
    for table, content in DATA.items():
        assert content["source"] in SOURCES, table
    for table in ("start", "flipping", "economy", "deck", "tokens", "players", "dangers"):
        assert DATA[table]["source"] == "rulebook"
    for table in ("plantation", "types", "cartel", "cities"):
        assert DATA[table]["source"] == "assumed"


def test_every_label_has_its_meaning_for_a_client():
    state = new(3, seed=33)
    for label in MEANING:
        info = state.action_info(label)
        assert info["label"] == label and isinstance(info["kind"], str)
    assert state.action_info("sell to the Miami trafficker") == {
        "label": "sell to the Miami trafficker",
        "kind": "sell",
        "early": False,
        "buyer": "the Miami trafficker",
        "city": "Miami",
        "outlet": False,
    }
    assert state.action_info("play Robo on green")["target"] == 1
    assert state.action_info("buy storage 10")["card"] == "storage 10"


def test_the_rules_text_is_there():
    text = GAME.rules_text()  # for players; the decision log and figures are the design notes
    assert "Cartel cards" in text and "Points the rulebook leaves open" in text
    assert "Decision log" not in text
    notes = GAME.rules_path.with_name("DESIGN.md").read_text(encoding="utf-8")
    assert "Decision log" in notes and "Simulation figures" in notes
