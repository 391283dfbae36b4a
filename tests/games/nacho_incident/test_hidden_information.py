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


def test_determinize_with_every_option_keeps_views_and_depends_only_on_them():
    from tests.games.nacho_incident.builder import new as fresh

    options = {"reselect_hand": True, "random_mounties": True, "blind_smuggling": True}
    state = fresh(4, seed=21, **options)
    rng = Rng(4)
    step = 0
    while not state.is_terminal():
        step += 1
        if step % 5 == 0:
            for seat in range(4):
                first = state.determinize(seat, Rng(step))
                second = state.determinize(seat, Rng(step + 1))
                assert first.view(seat) == state.view(seat) == second.view(seat)
                again = second.determinize(seat, Rng(step))
                assert again.to_json() == first.to_json()
                if state.current_player == seat:
                    assert first.legal_actions() == state.legal_actions()
        state.apply(rng.choice(state.legal_actions()))
