"""The server's copy of a game stays the newest one, whatever order reads and moves come in.

Two ways it once went stale for good (a bot game across two processes stalled on it): a reader
that loaded the game at the same version as another replaced the copy a move had just been made
in, and a copy read while another process's newer move was announced was kept, with no further
notice to clear it. Each test forces that interleaving with a hook, so it fails without the fix.
"""

from __future__ import annotations

import threading

from contraband.server.migrations import upgrade
from contraband.server.store import Store, connect
from contraband.server.tables import Tables


def _tables(url: str) -> Tables:
    engine = connect(url)
    upgrade(engine)
    return Tables(Store(engine))


def _first_legal(tables: Tables, game_id: str) -> tuple[int, str]:
    state = tables.get(game_id).state
    seat = state.current_player
    return seat, state.legal_actions(seat)[0].label


def test_a_move_lands_in_the_copy_held_when_two_readers_load_at_once(tmp_path):
    tables = _tables(f"sqlite:///{tmp_path / 'games.db'}")
    game_id = tables.create("tony-tino", None, {}, ["human", "human"])["id"]
    seat, label = _first_legal(tables, game_id)
    tables.live.clear()  # as after a restart: the next reads load from the database

    # another request thread starts loading first and finishes only after the move's own read
    # has been kept and before that move is applied
    loads = 0
    load = tables._load
    other_started, other_may_finish = threading.Event(), threading.Event()

    def slow_load(table_id):
        nonlocal loads
        loads += 1
        if loads == 1:
            other_started.set()
            live = load(table_id)
            other_may_finish.wait(10)
            return live
        return load(table_id)

    tables._load = slow_load
    other = threading.Thread(target=tables.get, args=(game_id,))
    other.start()
    other_started.wait(10)
    check = Tables._check_version

    def let_the_other_reader_finish(live, version):
        other_may_finish.set()
        other.join(10)
        check(live, version)

    tables._check_version = let_the_other_reader_finish
    tables.act(game_id, seat, label, 0)

    assert tables.get(game_id).version == 1
    assert len(tables.get(game_id).state.history) == 1


def test_a_copy_read_while_a_newer_move_is_announced_is_not_kept(tmp_path):
    url = f"sqlite:///{tmp_path / 'games.db'}"
    here, elsewhere = _tables(url), _tables(url)
    game_id = here.create("tony-tino", None, {}, ["human", "human"])["id"]
    here.live.clear()
    seat, label = _first_legal(elsewhere, game_id)
    stored = here.store.stored

    def read_then_hear_of_a_move(table_id):
        read = stored(table_id)
        elsewhere.act(game_id, seat, label, 0)  # committed after this read ...
        here.invalidate(game_id, 1)  # ... and announced before the copy is kept
        return read

    here.store.stored = read_then_hear_of_a_move
    assert here.get(game_id).version == 0  # what was read is answered
    here.store.stored = stored
    assert here.get(game_id).version == 1  # but not kept: the next read sees the move
