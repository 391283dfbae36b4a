"""Loading: ``from_json`` accepts every real position and refuses changed ones, naming the field."""

import copy
import json

import pytest

import contraband
from contraband.core.random import Rng

GAME = contraband.load("tony-tino")


def positions(seeds=range(6), every=3):
    """Real positions from random games, every phase included, the end too."""
    found = []
    for seed in seeds:
        state = GAME.new(
            seed=seed, options={"first_player": ["seat 0", "seat 1", "random"][seed % 3]}
        )
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                found.append(json.loads(json.dumps(state.to_json())))
            state.apply(rng.choice(state.legal_actions()))
            step += 1
        found.append(json.loads(json.dumps(state.to_json())))
    return found


POSITIONS = positions()
BY_PHASE = {}
for _saved in POSITIONS:
    BY_PHASE.setdefault(_saved["state"]["phase"], _saved)


def test_every_real_position_loads_back_exactly():
    assert set(BY_PHASE) == {"card", "react", "target", "place", "over"}
    for saved in POSITIONS:
        loaded = GAME.from_json(copy.deepcopy(saved))
        assert loaded.to_json() == saved
        assert loaded.log(0) == GAME.from_json(saved).log(0)


def refused(saved, change, match):
    broken = copy.deepcopy(saved)
    change(broken["state"])
    with pytest.raises(ValueError, match=match):
        GAME.from_json(broken)


def setter(field, value):
    def change(state):
        state[field] = value

    return change


def item(field, index, value):
    def change(state):
        state[field][index] = value

    return change


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (setter("discs", [0] * 35), "discs"),
        (item("discs", 0, 11), r"discs\[0\]"),
        (item("owner", 3, 2), r"owner\[3\]"),
        (item("value", 3, 4), r"value\[3\]"),
        (setter("remaining", 25), "remaining"),
        (item("tokens", 0, 40000), r"tokens\[0\]"),
        (item("street_winner", 0, 2), r"street_winner\[0\]"),
        (setter("money", [0, 0, 0]), "money"),
        (item("money", 0, -10000), r"money\[0\]"),
        (setter("stacks", [[], [], []]), "stacks"),
        (setter("faceup", [[1, 1, 1], [0]]), r"faceup\[0\]"),
        (setter("hands", [[0, 0, 0, 0], []]), r"hands\[0\]"),
        (setter("decks", [[9], []]), r"decks\[0\]\[0\]"),
        (setter("discards", "none"), "discards"),
        (setter("pending_card", 8), "pending_card"),
        (setter("pending_first", 36), "pending_first"),
        (setter("shifted", -2), "shifted"),
        (setter("extra_turn", 0), "extra_turn"),
        (setter("last_cancelled", "police"), "last_cancelled"),
        (setter("turn_player", 2), "turn_player"),
        (setter("current_player", 2), "current_player"),
        (setter("phase", "bidding"), "phase"),
        (setter("legal_actions", []), "legal_actions"),
    ],
)
def test_a_field_out_of_its_range_is_named(change, field):
    refused(BY_PHASE["card"], change, field)


def test_a_missing_field_is_named():
    for field in POSITIONS[0]["state"]:
        broken = copy.deepcopy(POSITIONS[0])
        del broken["state"][field]
        with pytest.raises(ValueError, match=field):
            GAME.from_json(broken)


def first_point(saved, test):
    return next(p for p in range(36) if test(saved["state"], p))


def test_fields_that_disagree_with_each_other_are_named():
    saved = BY_PHASE["card"]
    empty = first_point(saved, lambda s, p: s["owner"][p] < 0)
    taken = first_point(saved, lambda s, p: s["owner"][p] >= 0)
    # a figure on a point without its value: named by the field (or, failing that, the total)
    refused(saved, item("owner", empty, 0), r"state\.value|state\.owner|figures")

    def moved(state):  # a figure moved onto a point with a disc: totals hold, fields do not
        for field in ("owner", "value"):
            state[field][empty], state[field][taken] = state[field][taken], state[field][empty]

    refused(saved, moved, rf"discs\[{min(empty, taken)}\]")
    refused(saved, item("discs", taken, 4), rf"discs\[{taken}\]|remaining|control points")
    refused(saved, setter("remaining", saved["state"]["remaining"] - 1), "remaining")

    def richer(state):
        state["money"][0] += 10000

    refused(saved, richer, "money")

    def unsorted(state):
        state["hands"][0] = sorted(state["hands"][0], reverse=True)

    if len(set(saved["state"]["hands"][0])) > 1:
        refused(saved, unsorted, r"hands\[0\]")

    def police_twice(state):
        state["hands"][0][0] = 7

    if 7 not in saved["state"]["hands"][0]:
        refused(saved, police_twice, r"police cards|hands\[0\]")
    refused(saved, setter("phase", "react"), "pending_card|current_player")
    refused(saved, setter("current_player", 1 - saved["state"]["current_player"]), "current_player")
    refused(saved, setter("shifted", empty), "shifted")
    refused(saved, setter("extra_turn", True), "extra_turn")
    refused(BY_PHASE["over"], setter("phase", "place"), "phase|current_player")
    refused(BY_PHASE["react"], setter("pending_card", -1), "pending_card")

    def unscored(state):
        scored = next(s for s, w in enumerate(state["street_winner"]) if w != -2)
        state["street_winner"][scored] = -2

    refused(BY_PHASE["over"], unscored, "street_winner|money")


def test_a_damaged_log_event_is_named():
    saved = BY_PHASE["place"]
    for damage, match in (
        (lambda values: values.__setitem__(0, [["A1"]] * 36), r"log.events\[0\]"),
        (lambda values: values.__setitem__(0, "discs"), r"log.events\[0\]"),
    ):
        broken = copy.deepcopy(saved)
        damage(broken["log"]["events"][0][1])
        with pytest.raises(ValueError, match=match):
            GAME.from_json(broken)
    broken = copy.deepcopy(saved)
    draw = next(i for i, (kind, _) in enumerate(broken["log"]["events"]) if kind == "deal")
    broken["log"]["events"][draw][1][2] = ["joker"]
    with pytest.raises(ValueError, match=rf"log.events\[{draw}\] \(deal\) cards"):
        GAME.from_json(broken)


def test_an_unknown_option_value_is_refused():
    broken = copy.deepcopy(POSITIONS[0])
    broken["options"]["first_player"] = "Tony"
    with pytest.raises(ValueError, match="first_player"):
        GAME.from_json(broken)
