"""The compiled build (make fast) plays Narcos exactly as the sources in both modes:
tests/compiled compares every game's default (basic) mode; the advanced mode's cities, tokens,
workers and warehouse run compiled code that only this comparison reaches in random play."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from contraband.core.state import COMPILED

#: seeded random games in both modes, with copies, saves, determinizations and what each seat
#: is shown (view, record, log, render) along the way
FINGERPRINT = textwrap.dedent(
    """
    import json, sys
    import contraband
    from contraband.compiled import running
    from contraband.core.random import Rng

    out = {"running": running(), "games": []}
    game = contraband.load("narcos")
    for mode in ("advanced", "basic"):
        for players in (2, 3, 4):
            for seed in range(int(sys.argv[1])):
                state = game.new(players, seed=seed, options={"mode": mode})
                chooser, legal = Rng(seed), []
                while not state.is_terminal():
                    actions = state.legal_actions()
                    legal.append([a.label for a in actions])
                    state.apply(chooser.choice(actions))
                    if len(legal) % 7 == 0:
                        state = state.clone()
                    if len(legal) % 11 == 0:
                        state = type(state).from_json(state.to_json())
                    if len(legal) % 13 == 0 and not state.is_terminal():
                        guess = state.determinize(state.current_player, Rng(seed))
                        legal.append([guess.to_json(), [a.label for a in guess.legal_actions()]])
                    if len(legal) % 29 == 0:
                        for seat in [None, *range(players)]:
                            legal.append([state.view(seat), state.record(seat)])
                            since = max(0, state.log_length - 9)
                            legal.append([state.render(seat), state.log(seat, since=since)])
                out["games"].append([mode, players, seed, state.to_json(), state.result(), legal])
    print(json.dumps(out))
    """
)


def _fingerprint(pure: bool, seeds: int) -> dict:
    env = {**os.environ, "CONTRABAND_PURE": "1" if pure else "0"}
    done = subprocess.run(
        [sys.executable, "-c", FINGERPRINT, str(seeds)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return json.loads(done.stdout)


@pytest.mark.skipif(not COMPILED, reason="the compiled build is not running (make test-fast)")
def test_the_build_plays_both_modes_exactly_as_the_sources() -> None:
    built, sources = _fingerprint(pure=False, seeds=5), _fingerprint(pure=True, seeds=5)
    assert (built["running"], sources["running"]) == ("compiled", "pure Python")
    assert len(built["games"]) == len(sources["games"]) == 2 * 3 * 5
    for ours, theirs in zip(built["games"], sources["games"], strict=True):
        assert ours == theirs, ours[:3]
