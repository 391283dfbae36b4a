"""The optional compiled build (make fast): it plays exactly as the sources, copies every
field, and a stale or unwanted build never runs."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import contraband
from contraband import compiled
from contraband.core.native import fields_of
from contraband.core.state import COMPILED

#: plays seeded random games of every game, player count and option variant (each option's
#: other values, one at a time) and prints, per game, its save, result and every legal list
#: and, now and then, a copy, a reload, a determinization and what each seat is shown
FINGERPRINT = textwrap.dedent(
    """
    import json, sys
    import contraband
    from contraband.compiled import running
    from contraband.core.random import Rng

    def variants(info):
        yield {}
        for option in info.options:
            others = (True, False) if option.kind is bool else option.choices or ()
            for value in others:
                if value != option.default:
                    yield {option.name: value}

    out = {"running": running(), "games": []}
    for game_id in contraband.game_ids():
        game = contraband.load(game_id)
        for options in variants(game.info):
            for players in range(game.info.min_players, game.info.max_players + 1):
                for seed in range(int(sys.argv[1])):
                    state = game.new(players, seed=seed, options=options)
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
                            guessed = [a.label for a in guess.legal_actions()]
                            legal.append([guess.to_json(), guessed])
                        if len(legal) % 29 == 0:  # what each seat is shown
                            for seat in [None, *range(players)]:
                                since = max(0, state.log_length - 9)
                                legal.append([state.view(seat), state.record(seat)])
                                legal.append([state.render(seat), state.log(seat, since=since)])
                    result = [state.result(), state.returns()]
                    case = [game_id, options, players, seed]
                    out["games"].append([*case, state.to_json(), legal, result])
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
def test_the_build_plays_every_game_exactly_as_the_sources() -> None:
    built, sources = _fingerprint(pure=False, seeds=6), _fingerprint(pure=True, seeds=6)
    assert (built["running"], sources["running"]) == ("compiled", "pure Python")
    assert len(built["games"]) == len(sources["games"]) > 0
    for ours, theirs in zip(built["games"], sources["games"], strict=True):
        assert ours == theirs, ours[:4]
        assert json.dumps(ours, sort_keys=True) == json.dumps(theirs, sort_keys=True)  # 5.0 != 5


@pytest.mark.parametrize("game_id", contraband.game_ids())
def test_a_games_own_copy_takes_every_field_and_shares_no_list(game_id: str) -> None:
    """``_copy_game_fields`` (the compiled build's copy) against every field the state has."""
    state = contraband.load(game_id).new(contraband.load(game_id).info.max_players, seed=3)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply(state.legal_actions()[0])
    copy = state.clone()
    engine = set(fields_of(contraband.load(game_id).new(2 if game_id != "al-cabohne" else 1)))
    mine = {name: value for name, value in fields_of(state).items() if name not in engine}
    theirs = {name: value for name, value in fields_of(copy).items() if name not in engine}
    assert theirs == mine
    for name, value in mine.items():
        if isinstance(value, list):
            assert theirs[name] is not value, name
            for inner, copied in zip(value, theirs[name], strict=True):
                assert not isinstance(inner, list) or copied is not inner, name


def _fake_tree(root: Path, stale: bool) -> None:
    """Empty sources and build files, the build 10 s after the sources (or one source after)."""
    built = [root / "contraband" / "native__mypyc.cpython-311-x86_64-linux-gnu.so"]
    for path in compiled.MODULES:
        source = root / path
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("")
        os.utime(source, (1000, 1000))
        built.append(source.parent / (source.stem + ".cpython-311-x86_64-linux-gnu.so"))
    for path in built:
        path.write_text("")
        os.utime(path, (1010, 1010))
    if stale:
        os.utime(root / compiled.MODULES[-1], (1020, 1020))


def test_a_build_older_than_a_source_is_not_used(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    assert compiled.why_sources() is None  # no build at all
    _fake_tree(tmp_path, stale=False)
    assert compiled.why_sources() is None
    _fake_tree(tmp_path, stale=True)
    assert compiled.why_sources() == f"{compiled.MODULES[-1]} is newer than the build"
    monkeypatch.setenv(compiled.PURE_VARIABLE, "1")
    assert compiled.why_sources() == f"{compiled.PURE_VARIABLE}=1"


def test_a_build_of_other_modules_is_not_used(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.delenv(compiled.PURE_VARIABLE, raising=False)
    _fake_tree(tmp_path, stale=False)
    stray = tmp_path / "contraband" / "core" / "action.cpython-311-x86_64-linux-gnu.so"
    stray.write_text("")
    assert compiled.why_sources() == "the build does not match the modules it should compile"


def test_the_sources_finder_finds_each_compiled_modules_source(tmp_path, monkeypatch) -> None:
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    _fake_tree(tmp_path, stale=True)
    finder = compiled._Sources(compiled.built_files())
    for path in compiled.MODULES:
        spec = finder.find_spec(compiled.module_name(path))
        assert spec is not None and spec.origin == str(tmp_path / path)
    assert finder.find_spec("contraband.core.action") is None
