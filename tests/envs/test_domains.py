"""Declared domains: every value any reachable view can hold has its own slot, in both encoding
versions, the layout is the same in every process, and version 1 is the mover's perspective."""

import subprocess
import sys

import numpy as np
import pytest

from contraband.envs.domains import declared_games, domain, violations
from contraband.envs.layout import observation_layout
from tests.envs.cases import CASES, random_game
from tests.envs.cases import VARIANTS as ALL_VARIANTS

#: the shared cases (tests.envs.cases) of the games that declare their view's domains
DECLARED = [(game, players) for game, players in CASES if game in declared_games()]
DECLARED_IDS = [f"{game}-{players}p" for game, players in DECLARED]
VARIANTS = [
    (game, players, options) for game, players, options in ALL_VARIANTS if game in declared_games()
]


def test_tony_and_tinos_targets_all_have_a_slot():
    """The issue's example: values sampling never met (E4, row 2, A2) have their slot."""
    names = set(observation_layout("tony-tino", 2).names)
    v1 = set(observation_layout("tony-tino", 2, 1).names)
    from contraband.games.tony_tino.board import POINT_LABELS, STREET_LABELS

    for target in (*POINT_LABELS, *STREET_LABELS):
        assert f"first_target={target}" in names and f"first_target={target}" in v1
    for point in POINT_LABELS:
        assert f"shifted={point}" in names and f"shifted={point}" in v1


@pytest.mark.parametrize(
    ("game", "players", "options"),
    VARIANTS,
    ids=[f"{g}-{p}p-{o}" for g, p, o in VARIANTS],
)
def test_random_play_holds_only_declared_values(game, players, options):
    """Every place of every view of random games lies in its declared domain, and encodes into
    the Box of both versions."""
    found = domain(game)
    v0 = observation_layout(game, players)
    v1 = observation_layout(game, players, 1)
    bad: set[str] = set()

    def check(state):
        for seat in range(players):
            view = state.view(seat)
            bad.update(violations(found, view, players))
            for layout in (v0, v1):
                vector = layout.encode(view, seat)
                assert (vector >= layout.low).all() and (vector <= layout.high).all()

    for seed in range(3):
        check(random_game(game, players, seed, options, every=check))
    assert not bad, sorted(bad)[:10]


@pytest.mark.parametrize(("game", "players"), DECLARED, ids=DECLARED_IDS)
def test_every_declared_text_has_its_own_slot(game, players):
    """By enumeration from the data: each text of each declared place is its own slot."""

    def texts(place, name):
        kind = place.kind
        if kind[0] == "text":
            yield from ((name, text) for text in kind[1])
        for key, child in place.keys.items():
            yield from texts(child, f"{name}.{key}" if name else key)

    v0 = set(observation_layout(game, players).names)
    v1 = set(observation_layout(game, players, 1).names)
    for name, text in texts(domain(game).root, ""):
        assert f"{name}={text}" in v0 and f"{name}={text}" in v1
    assert len(v0) == observation_layout(game, players).size
    assert len(v1) == observation_layout(game, players, 1).size
    assert (observation_layout(game, players, 1).low >= -1).all()
    assert (observation_layout(game, players, 1).high <= 1).all()


def test_the_layouts_are_the_same_in_another_process():
    code = (
        "from contraband.envs.layout import observation_layout as o; "
        "from contraband.envs.domains import declared_games as d; "
        "print(' '.join(o(g, 2, v).digest for g in d() for v in (0, 1)))"
    )
    other = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    here = [observation_layout(g, 2, v).digest for g in declared_games() for v in (0, 1)]
    assert other == here


def renumbered(place, value, players, shift):
    """``value`` with every seat k renamed k + shift (mod players): seat numbers, lists of one
    item per seat and seats' names (written from the declaration, independently of the
    encoder)."""
    if value is None:
        return None
    kind = place.kind[0]
    if kind == "object":
        return {
            key: renumbered(place.keys[key], item, players, shift) if key in place.keys else item
            for key, item in value.items()
        }
    if kind == "seat":
        return (value + shift) % players
    if kind == "seat_text":
        names = list(place.kind[1][:players])
        return names[(names.index(value) + shift) % players] if value in names else value
    if kind == "seats":
        items = [renumbered(place.item, item, players, shift) for item in value]
        return [items[(seat - shift) % players] for seat in range(players)]
    if kind == "list":
        return [renumbered(place.item, item, players, shift) for item in value]
    return value


@pytest.mark.parametrize(("game", "players"), DECLARED, ids=DECLARED_IDS)
def test_a_seats_vector_does_not_change_when_the_seats_are_renumbered(game, players):
    """Version 1: the same position with the seats renumbered gives the corresponding seat the
    same vector (and version 0, which is absolute, a different one)."""
    found = domain(game)
    v1 = observation_layout(game, players, 1)
    changed = []

    def check(state):
        for seat in range(players):
            view = state.view(seat)
            for shift in range(1, players):
                other = renumbered(found.root, view, players, shift)
                moved = (seat + shift) % players
                assert np.array_equal(v1.encode(view, seat), v1.encode(other, moved))
                v0 = observation_layout(game, players)
                changed.append(not np.array_equal(v0.encode(view, seat), v0.encode(other, moved)))

    random_game(game, players, 3, every=check)
    if players > 1:
        assert any(changed)


def test_narcos_scales_its_loosely_bounded_amounts_by_the_logarithm():
    """Money, goods and counters bounded only by the schema's 1,000,000 are log(1 + x) over
    log(1 + 1,000,000): an amount a game reaches is not lost near 0, and stays within [0, 1]."""
    import math

    from contraband.envs.peek import peek
    from contraband.games.narcos.encoding import AMOUNT, LOG_SCALED

    found = domain("narcos")
    assert LOG_SCALED and "players[].money" in LOG_SCALED
    layout = observation_layout("narcos", 2, 1)
    state = random_game("narcos", 2, 6)
    view = peek(state, 0)
    vector = layout.encode(view, 0)
    money = view["players"][0]["money"]
    slot = layout.names.index("players[me].money")
    assert layout.notes[slot].startswith("log(1 + ")
    assert vector[slot] == np.float32(math.log1p(money) / math.log1p(AMOUNT))
    assert money == 0 or vector[slot] > 100 * money / AMOUNT
    for path in LOG_SCALED:
        place = found.root
        for part in path.replace("[]", "").split("."):
            place = place.keys[part].item if part == "players" else place.keys[part]
        assert place.log and place.kind[0] == "number"
    log_slots = [i for i, note in enumerate(layout.notes) if note.startswith("log(1 + ")]
    assert len(log_slots) >= len(LOG_SCALED)
    assert (layout.low[log_slots] == 0).all() and (layout.high[log_slots] == 1).all()


def test_a_log_scaled_place_must_be_a_number_from_zero(monkeypatch):
    from contraband.games.narcos import encoding

    domain.cache_clear()
    monkeypatch.setattr(encoding, "LOG_SCALED", frozenset({"players[].colour"}))
    try:
        with pytest.raises(ValueError, match="log-scaled, so it is a number"):
            domain("narcos")
    finally:
        domain.cache_clear()


def test_the_v1_digest_changes_with_a_slot_s_scale(monkeypatch):
    """A net saved with a layout's digest is refused when a number is scaled another way, even
    though no slot was added or renamed: Narcos without its log-scaled places has the same slot
    names and another digest."""
    from contraband.envs import domains
    from contraband.envs.actions import action_space
    from contraband.envs.perspective import perspective_layout

    scaled = perspective_layout(domains.domain.__wrapped__("narcos"), 2, action_space("narcos"))
    monkeypatch.setattr(domains.encoding_module("narcos"), "LOG_SCALED", frozenset())
    plain = perspective_layout(domains.domain.__wrapped__("narcos"), 2, action_space("narcos"))
    assert scaled.names == plain.names
    assert scaled.digest != plain.digest
