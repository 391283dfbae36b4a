"""Every registered game at every player count: the contract tests run over all of them."""

import pytest

import contraband

CASES = [
    (game_id, players)
    for game_id in contraband.game_ids()
    for players in range(
        contraband.load(game_id).info.min_players, contraband.load(game_id).info.max_players + 1
    )
]
IDS = [f"{game_id}-{players}p" for game_id, players in CASES]
MAX_DECISIONS = 20000


def cases_in_tiers(slow: set[str]) -> list:
    """CASES as parameters, those whose ids are in ``slow`` in the long tier (make test-slow):
    the dearest cases of a heavy test, the others staying in the main tier."""
    unknown = slow - set(IDS)
    assert not unknown, f"no such cases: {sorted(unknown)}"
    return [
        pytest.param(*case, id=name, marks=[pytest.mark.slow] if name in slow else [])
        for case, name in zip(CASES, IDS, strict=True)
    ]


def without_seed(data):
    """A save (``to_json`` data, changed in place and returned) as a save without a seed is
    written: no seed, no history and no log events, only the log's counts. Such a save is
    checked field by field (a determinization's, or a position built or edited by hand)."""
    actions, events = data["log"]["offset"]
    data["seed"] = None
    data["log"] = {
        "events": [],
        "starts": [],
        "revealed": [0, 0],
        "offset": [actions + len(data["history"]), events + len(data["log"]["events"])],
    }
    data["history"], data["actors"] = [], []
    return data
