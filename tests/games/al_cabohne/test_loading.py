"""from_json takes back what to_json gave for a real position, and refuses anything else with a
ValueError naming the field that is wrong."""

from __future__ import annotations

import copy
import json
import re

import pytest

from contraband.core.random import Rng
from tests.contract.cases import without_seed
from tests.games.al_cabohne.builder import GAME


def _played(players: int, seed: int, steps: int):
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _until(players: int, phase: str, seed: int = 1):
    """A random game's first position in ``phase``, saved."""
    state = GAME.new(players, seed=seed)
    rng = Rng(seed)
    while state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return json.loads(json.dumps(state.to_json()))


def _refused(saved, field: str, change) -> str:
    broken = copy.deepcopy(saved)
    change(broken["state"])
    with pytest.raises(ValueError, match=re.escape(field)) as raised:
        GAME.from_json(broken)
    return str(raised.value)


@pytest.mark.parametrize("players", [1, 2])
def test_real_positions_load_back_exactly_all_game_long(players):
    state = GAME.new(players, seed=3)
    rng = Rng(3)
    step = 0
    while True:
        if step % 7 == 0 or state.is_terminal():
            saved = json.loads(json.dumps(state.to_json()))
            loaded = GAME.from_json(saved)
            assert loaded.to_json() == saved
            assert loaded.view(0) == state.view(0) and loaded.log(None) == state.log(None)
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1


@pytest.mark.parametrize("players", [1, 2])
def test_every_field_missing_or_of_the_wrong_type_is_named(players):
    saved = json.loads(json.dumps(_played(players, 2, 40).to_json()))
    for field in saved["state"]:
        _refused(saved, field, lambda s, f=field: s.pop(f))
        _refused(saved, field, lambda s, f=field: s.__setitem__(f, "seven"))
    _refused(saved, "legal_actions", lambda s: s.__setitem__("legal_actions", []))


# mutation, field the error must name; on a saved game in phase 5 (trading)
OUT_OF_RANGE = {
    2: [
        (lambda s: s["deck"].append(7), "deck[", "a bean id past the last bean"),
        (lambda s: s["discard"].append(-1), "discard[", "no bean"),
        (lambda s: s["hands"][1].append(True), "hands[1]", "a bool is no bean"),
        (lambda s: s["hands"].append([]), "hands", "a third hand with two players"),
        (lambda s: s["field_bean"][0].pop(), "field_bean[0]", "two field slots"),
        (lambda s: s["field_count"][1].__setitem__(0, -1), "field_count[1][0]", "negative"),
        (lambda s: s["field_count"][1].__setitem__(0, 21), "field_count[1][0]", "past 20"),
        (lambda s: s["fields_owned"].__setitem__(0, 1), "fields_owned[0]", "one field"),
        (lambda s: s["fields_owned"].__setitem__(0, 4), "fields_owned[0]", "four fields"),
        (lambda s: s["boss_bean"].append(-1), "boss_bean", "Joe plays only solo"),
        (lambda s: s["boss_count"].pop(), "boss_count", "a boss missing"),
        (lambda s: s.__setitem__("deck_pass", 4), "deck_pass", "past 3 passes"),
        (lambda s: s.__setitem__("deck_pass", 0), "deck_pass", "pass 0"),
        (lambda s: s.__setitem__("turn_player", 2), "turn_player", "no seat 2"),
        (lambda s: s.__setitem__("current_player", -1), "current_player", "no seat -1"),
        (lambda s: s.__setitem__("phase", "bidding"), "phase", "not a phase"),
        (lambda s: s.__setitem__("planted", 3), "planted", "at most 2 planted"),
        (lambda s: s.__setitem__("turn_step", -1), "turn_step", "negative"),
        (lambda s: s.__setitem__("last_turn", 1), "last_turn", "an int is no bool"),
        (lambda s: s["tribute_paid"].__setitem__(0, 2), "tribute_paid[0]", "a flag"),
        (lambda s: s["gift_due"].append(0), "gift_due", "a third boss"),
        (lambda s: s["coins"][0].append("Blue"), "coins[0]", "names are not ids"),
        (lambda s: s["mafia_coins"].append(3.0), "mafia_coins", "a float"),
    ],
    1: [
        (lambda s: s["hands"].append([]), "hands", "a second hand in solo"),
        (lambda s: s["fields_owned"].__setitem__(0, 2), "fields_owned[0]", "solo starts with 3"),
        (lambda s: s["boss_bean"].pop(), "boss_bean", "Joe plays solo"),
        (lambda s: s.__setitem__("turn_player", 1), "turn_player", "solo has one seat"),
        (lambda s: s.__setitem__("deck_pass", 2), "deck_pass", "solo plays one pass"),
    ],
}


@pytest.mark.parametrize("players", [1, 2])
def test_values_out_of_range_are_named(players):
    saved = _until(players, "trading")
    assert GAME.from_json(saved).to_json() == saved
    for change, field, why in OUT_OF_RANGE[players]:
        message = _refused(saved, field, change)
        assert message, why


def test_unknown_fields_are_named():
    saved = _until(2, "trading")
    _refused(saved, "score", lambda s: s.__setitem__("score", 3))


def _move_a_card(s):
    s["deck"].append(s["discard"].pop() if s["discard"] else s["hands"][0].pop())


def test_card_totals_must_add_up():
    saved = _until(2, "trading")
    _refused(saved, "cards", lambda s: s["deck"].append(0))  # a 117th card
    _refused(saved, "Blue cards", lambda s: s["deck"].__setitem__(0, 0 if s["deck"][0] else 1))
    _refused(saved, "cards", lambda s: s["coins"][1].pop() if s["coins"][1] else s["deck"].pop())
    loaded = GAME.from_json(_with(saved, _move_a_card))  # the same cards elsewhere: fine
    assert loaded.conserved() == loaded.TOTALS


def _with(saved, change):
    """``saved`` changed by hand: no longer what its seed replays to, so it loads only as a guess
    (no seed, as a determinization's save), which the game's own checks still cover."""
    broken = copy.deepcopy(saved)
    change(broken["state"])
    return without_seed(broken)


def _take(s, bean: int, count: int) -> None:
    """Take ``count`` cards of ``bean`` from the deck or the discard pile (totals stay right)."""
    for _ in range(count):
        (s["deck"] if bean in s["deck"] else s["discard"]).remove(bean)


def _set_boss(s, boss: int, bean: int, count: int) -> None:
    s["discard"].extend([s["boss_bean"][boss]] * s["boss_count"][boss])
    _take(s, bean, count)
    s["boss_bean"][boss], s["boss_count"][boss] = bean, count


def test_positions_the_rules_cannot_reach_are_named():
    saved = _until(2, "trading")
    assert saved["state"]["fields_owned"][0] == 2
    empty = saved["state"]["field_count"][0].index(0)

    def bean_without_cards(s):
        s["field_bean"][0][empty] = 2

    def cards_without_bean(s):
        s["field_count"][0][empty] = 1
        s["deck"].pop()

    def beyond_the_owned_fields(s):
        s["field_bean"][0][2], s["field_count"][0][2] = s["deck"][-1], 1
        s["deck"].pop()

    def same_bean(s):
        _set_boss(s, 0, 1, 1)
        _set_boss(s, 1, 1, 1)

    def boss_past_his_threshold(s):
        _set_boss(s, 1, 0, 1)  # Don: one Blue
        _set_boss(s, 0, 6, 5)  # Al: five Runner are worth 3 coins, and Al sells at 3

    _refused(saved, f"field_count[0][{empty}] is 0", bean_without_cards)
    _refused(saved, f"field_bean[0][{empty}] is empty", cards_without_bean)
    _refused(saved, "field_count[0][2]", beyond_the_owned_fields)
    _refused(saved, "boss_bean", same_bean)
    message = _refused(saved, "boss_count[0]", boss_past_his_threshold)
    assert "sells at 3" in message
    # and the same changes within the rules load
    within = _with(saved, lambda s: (_set_boss(s, 1, 0, 1), _set_boss(s, 0, 6, 4)))
    assert GAME.from_json(within).boss_count == [4, 1]


def test_turn_fields_that_contradict_the_phase_are_named():
    trading = _until(2, "trading")
    _refused(trading, "gift_due", lambda s: s["gift_due"].__setitem__(0, 1))
    _refused(
        trading, "current_player", lambda s: s.__setitem__("current_player", 1 - s["turn_player"])
    )
    _refused(trading, "last_turn", lambda s: s.__setitem__("last_turn", True))
    planting = _until(2, "planting")
    _refused(planting, "faceup", lambda s: s["faceup"].append(s["deck"].pop()))
    _refused(planting, "deck", lambda s: (s["discard"].extend(s["deck"]), s["deck"].clear()))
    solo = _until(1, "planting")
    _refused(
        solo,
        "phase",
        lambda s: (s.__setitem__("phase", "leftovers"), s["faceup"].append(s["deck"].pop())),
    )
    _refused(solo, "last_turn", lambda s: s.__setitem__("last_turn", True))


def test_log_values_are_checked_per_field():
    saved = _until(2, "trading")
    events = saved["log"]["events"]
    deal = next(i for i, (kind, _) in enumerate(events) if kind == "deal")
    harvest_like = next(i for i, (kind, _) in enumerate(events) if kind == "turn_to_boss")
    for index, position, value, field in (
        (deal, 2, ["Purple"], "cards"),
        (deal, 0, 5, "seat"),
        (deal, 2, [None], "cards"),
        (harvest_like, 1, "Al Capone", "boss"),
        (harvest_like, 0, 3, "bean"),
    ):
        broken = copy.deepcopy(saved)
        broken["log"]["events"][index][1][position] = value
        with pytest.raises(ValueError, match=re.escape(f"log.events[{index}]")) as raised:
            GAME.from_json(broken)
        assert field in str(raised.value)
