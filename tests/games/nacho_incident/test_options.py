"""The three optional rules: reselecting the starting hand, random mounties, blind smuggling."""

from contraband.core.random import Rng
from tests.games.nacho_incident.builder import (
    check_totals,
    gem,
    hand,
    hire_all,
    labels,
    new,
)


def test_reselect_hand_happens_before_the_first_mountie_is_seen():
    state = new(3, seed=4, reselect_hand=True)
    assert state.phase == "reselect" and state.current_player == state.gem
    assert state.mountie_up == -1 and state.view(0)["mountie_up"] is None
    first = state.current_player
    discarded = state.hands[first][:3]
    for _ in range(3):
        state.apply(labels(state)[1])  # discard the lowest-numbered card
    assert len(state.hands[first]) == 5
    assert all(c in state.smuggler_out for c in discarded)
    state.apply("keep hand")
    assert len(state.hands[first]) == 8
    for _ in range(2):
        state.apply("keep hand")
    assert state.phase == "hire" and state.mountie_up >= 0
    check_totals(state)


def test_without_the_option_play_starts_with_the_secret_choice():
    state = new(3, seed=4)
    assert state.phase == "hire" and state.mountie_up >= 0


def _removed_mountie_after_round_one(**options):
    """Play into round 1, remove a mountie from the game, and play on to round 2's choice."""
    state = new(2, seed=9, **options)
    rng = Rng(3)
    while state.turn < 1:
        state.apply(rng.choice(state.legal_actions()))
    removed = state.mountie_pool.pop()
    state.mountie_out.append(removed)
    state.mountie_out.sort()
    while state.turn < 4:
        state.apply(rng.choice(state.legal_actions()))
    check_totals(state)
    return state, removed


def test_random_mounties_return_removed_mounties_between_rounds():
    state, removed = _removed_mountie_after_round_one(random_mounties=True)
    assert state.mountie_out == []
    assert removed in state.mountie_pool or removed == state.mountie_up


def test_random_mounties_off_removed_mounties_stay_out():
    state, removed = _removed_mountie_after_round_one()
    assert removed in state.mountie_out


def test_blind_smuggling_hides_the_mountie_until_the_first_player_takes_it():
    state = new(2, seed=5, blind_smuggling=True)
    gem(state, 0)
    assert state.mountie_up == -1
    assert state.view(0)["mountie_up"] is None and state.view(1)["mountie_up"] is None
    assert "face down" in state.render(0)
    pool = len(state.mountie_pool)
    hand(state, 0, "Duke")
    hand(state, 1, "Gus")
    hire_all(state, {0: "Duke", 1: "Gus"})
    assert len(state.mountie_pool) == pool - 1
    assert sum(len(p) for p in state.posts[0:4]) == 1  # red took it and placed it by its flag
    check_totals(state)


def test_blind_mountie_depends_only_on_the_determinizing_generator():
    state = new(2, seed=5, blind_smuggling=True)
    gem(state, 0)
    hand(state, 0, "Duke")
    hand(state, 1, "Gus")
    state.apply("hire Duke")
    seen = set()
    for s in range(12):
        guess = state.determinize(1, Rng(s))
        guess.apply("hire Gus")
        seen.add(next(m for p in guess.posts[0:4] for m in p))
    assert len(seen) > 1  # the hidden mountie is not copied from the truth
