"""The encoders' no-copy view: the same content as ``view()`` (less what no encoder reads), the
same vectors, and encoding it changes nothing in the game."""

import json

import numpy as np
import pytest

from contraband.envs.domains import declared_games
from contraband.envs.layout import observation_layout
from contraband.envs.peek import peek
from tests.envs.cases import CASES, IDS, random_game


@pytest.mark.parametrize(("game", "players"), CASES, ids=IDS)
def test_peek_is_the_view_and_encoding_it_leaves_the_game_as_it_was(game, players):
    layouts = [observation_layout(game, players)]
    if game in declared_games():
        layouts.append(observation_layout(game, players, 1))

    def check(state):
        before = json.dumps(state.to_json(), sort_keys=True)
        for seat in range(players):
            view = state.view(seat)
            seen = peek(state, seat)
            for layout in layouts:
                assert np.array_equal(layout.encode(seen, seat), layout.encode(view, seat))
            del view["seat_names"]
            if view["last_move"] is not None:
                del view["last_move"]["events"]
            assert seen == view
        assert json.dumps(state.to_json(), sort_keys=True) == before

    random_game(game, players, 21, every=check)
