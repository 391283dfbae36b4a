"""Speed work must not change a game: fixed seeds and fixed random choices replay exactly the
games recorded before it (the digest of ``to_json()`` at the end of each game).

The recorded digests come from the rules as they were when this test was written
(``same_games.json``). A deliberate change of a game's rules, labels, log or the order of its
legal actions changes them: regenerate the file with ``python tests/games/test_same_games.py``
and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

import contraband
from contraband.core.random import Rng

RECORDED = Path(__file__).with_name("same_games.json")
#: the options of game ``i`` are ``OPTIONS[game][i % len(OPTIONS[game])]``
OPTIONS = {
    "tony-tino": [{}, {"first_player": "random"}, {"first_player": "seat 1"}],
    "al-cabohne": [{}, {"deck_passes": 1}],
    "nacho-incident": [
        {},
        {"reselect_hand": True},
        {"random_mounties": True},
        {"blind_smuggling": True},
        {"reselect_hand": True, "random_mounties": True, "blind_smuggling": True},
    ],
}
GAMES = 50


def play(game_id: str, players: int, index: int) -> list:
    """Game ``index``: seed ``index``, random choices from ``Rng(1000 + index)``."""
    options = OPTIONS[game_id][index % len(OPTIONS[game_id])]
    state = contraband.load(game_id).new(players, seed=index, options=options)
    rng = Rng(1000 + index)
    decisions = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        decisions += 1
    text = json.dumps(state.to_json(), sort_keys=True)
    return [decisions, hashlib.sha256(text.encode()).hexdigest()[:20]]


def cases() -> list[tuple[str, int]]:
    found = []
    for game_id in OPTIONS:
        info = contraband.load(game_id).info
        found += [(game_id, p) for p in range(info.min_players, info.max_players + 1)]
    return found


@pytest.mark.parametrize(("game_id", "players"), cases(), ids=[f"{g}/{p}" for g, p in cases()])
def test_seeds_replay_the_recorded_games(game_id, players):
    recorded = json.loads(RECORDED.read_text())[f"{game_id}/{players}"]
    assert len(recorded) == GAMES
    for index, expected in enumerate(recorded):
        assert play(game_id, players, index) == expected, f"game {index} differs"


if __name__ == "__main__":
    rows = {f"{g}/{p}": [play(g, p, i) for i in range(GAMES)] for g, p in cases()}
    body = ",\n".join(
        f'  "{key}": [\n' + ",\n".join("    " + json.dumps(row) for row in games) + "\n  ]"
        for key, games in rows.items()
    )
    RECORDED.write_text("{\n" + body + "\n}\n")
