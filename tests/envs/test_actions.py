"""The fixed action spaces: every label a game produces has an id, ids and labels match, masks
show the mover's legal actions and nobody else's."""

import numpy as np
import pytest

import contraband
from contraband.envs.actions import PATTERNS, action_space
from tests.envs.cases import CASES, IDS, VARIANT_IDS, VARIANTS, random_game

#: random games per game, player count and option variant
GAMES = 12


@pytest.mark.parametrize(("game", "players", "options"), VARIANTS, ids=VARIANT_IDS)
def test_every_label_seen_in_random_play_has_an_id(game, players, options):
    space = action_space(game)
    unknown = set()
    seen = set()

    def check(state):
        for action in state.legal_actions(state.current_player):
            seen.add(action.label)
            if action.label not in space.ids:
                unknown.add(action.label)

    for seed in range(GAMES):
        random_game(game, players, seed, options, check)
    assert not unknown, f"labels without an id: {sorted(unknown)[:10]}"
    assert len(seen) > 1


@pytest.mark.parametrize("game", contraband.game_ids())
def test_ids_and_labels_are_one_to_one_and_the_digest_names_the_labels(game):
    space = action_space(game)
    assert len(set(space.labels)) == space.size == len(space.ids)
    for index, label in enumerate(space.labels):
        assert space.id(label) == index and space.label(index) == label
        assert space.label(np.int64(index)) == label
    assert space.digest == action_space.__wrapped__(game).digest
    assert len(space.digest) == 16
    kinds = space.kinds()
    assert sum(kinds.values()) == space.size


def test_counterfeiters_flights_cover_every_amount_up_to_the_bound_in_money_units():
    space = action_space("counterfeiters")
    amounts = [int(label[len("move $") :]) for label in space.labels[space.from_table :]]
    assert amounts == list(range(0, amounts[-1] + 1, 10))
    # far above what a game reaches: the richest seat in random play holds a few hundred
    richest = 0

    def watch(state):
        nonlocal richest
        richest = max(richest, *state.cash, *state.offshore)

    for seed in range(6):
        random_game("counterfeiters", 4, seed, every=watch)
    assert 0 < richest < amounts[-1]
    assert [p.template for p in PATTERNS["counterfeiters"]] == ["move ${n}"]


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (-1, "out of range"),
        (10**6, "out of range"),
        ("flip", "integer id"),
        (True, "integer id"),
        (1.0, "integer id"),
        (None, "integer id"),
    ],
)
def test_a_bad_id_is_refused_with_what_is_allowed(bad, message):
    space = action_space("narcos")
    with pytest.raises(ValueError, match=message) as raised:
        space.label(bad)
    assert f"0..{space.size - 1}" in str(raised.value)


def test_an_unknown_label_or_game_is_refused_clearly():
    with pytest.raises(ValueError, match="not an action label of tony-tino"):
        action_space("tony-tino").id("fly to the moon")
    with pytest.raises(ValueError, match="unknown game|no game"):
        action_space("chess")


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_the_mask_shows_the_movers_legal_actions_and_nothing_to_the_others(game, players):
    space = action_space(game)

    def check(state):
        mover = state.current_player
        mask = space.mask(state, mover)
        assert mask.dtype == np.int8 and mask.shape == (space.size,)
        legal = sorted(space.id(action.label) for action in state.legal_actions(mover))
        assert np.flatnonzero(mask).tolist() == legal
        for seat in range(players):
            if seat != mover:
                assert not space.mask(state, seat).any()

    random_game(game, players, 3, every=check)
