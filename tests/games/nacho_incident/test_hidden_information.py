"""What a seat sees, and what its determinization resamples."""

from contraband.core.random import Rng
from tests.games.nacho_incident.builder import gem, new


def test_hands_are_private_and_resampled_from_the_unseen_smugglers():
    state = new(3, seed=11)
    assert state.view(0)["hand"] is not None
    assert "hand" not in state.view(0)["seats"][1]
    guesses = {tuple(state.determinize(0, Rng(s)).hands[1]) for s in range(6)}
    assert len(guesses) > 1
    for s in range(6):
        guess = state.determinize(0, Rng(s))
        assert guess.hands[0] == state.hands[0]
        assert guess.view(0) == state.view(0)


def test_face_down_choices_are_resampled_for_a_seat_that_has_not_seen_them():
    state = new(3, seed=12)
    gem(state, 0)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    truth = state.chosen[1]
    guesses = {state.determinize(2, Rng(s)).chosen[1] for s in range(10)}
    assert len(guesses) > 1
    assert all(state.determinize(1, Rng(s)).chosen[1] == truth for s in range(3))
    state.apply(state.legal_actions()[0])  # the reveal: now everyone knows
    assert all(state.determinize(2, Rng(s)).chosen[1] in (truth, -1) for s in range(3))
