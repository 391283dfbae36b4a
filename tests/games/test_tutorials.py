"""Every game's guided first game: its script loads, speaks both languages, and plays through
to its last step with every expected choice legal when its step comes (bots moving as the
server moves them)."""

import pytest

import contraband
from contraband.games import tutorial

GAMES = contraband.game_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_script_that_plays_through(game_id):
    script = tutorial.load(game_id)
    assert sum(1 for seat in script.seats() if seat == "human") == 1
    shown = 0
    for step, state in tutorial.walk(script):
        assert step.en.strip() and step.nl.strip() and step.en != step.nl
        assert state.current_player == script.seat and not state.is_terminal()
        shown += 1
    assert shown == len(script.steps) >= 5


def test_a_missing_or_unknown_script_is_refused_by_name():
    with pytest.raises(tutorial.TutorialError, match="no game 'chess'"):
        tutorial.load("chess")
