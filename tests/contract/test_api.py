"""The public API's promises that do not depend on play."""

import pytest

import contraband
from tests.contract.cases import CASES, IDS


def test_games_lists_every_registered_game_with_its_player_counts():
    infos = contraband.games()
    assert [info.id for info in infos] == contraband.game_ids()
    for info in infos:
        assert 1 <= info.min_players <= info.max_players
        assert info.title


def test_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="tony-tino"):
        contraband.load("monopoly")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_bad_player_count_and_unknown_option_name_what_is_allowed(game_id, players):
    game = contraband.load(game_id)
    with pytest.raises(ValueError, match="players"):
        game.new(players=game.info.max_players + 1, seed=1)
    with pytest.raises(ValueError, match="unknown option"):
        game.new(players=players, seed=1, options={"no_such_option": True})


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_actions_compare_by_player_and_label(game_id, players):
    state = contraband.load(game_id).new(players, seed=3)
    action = state.legal_actions()[0]
    assert action == contraband.Action(action.player, action.label)
    assert action != contraband.Action(action.player + 1, action.label)
    assert state.apply(action.label) is state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_render_draws_text_for_every_seat_and_spectator(game_id, players):
    state = contraband.load(game_id).new(players, seed=5)
    for seat in [None, *range(players)]:
        text = state.render(seat)
        assert isinstance(text, str) and len(text.splitlines()) >= 3
    with pytest.raises(ValueError, match="seat"):
        state.view(players)
