"""Checking a database's games the way the server will read them: ``contraband check-db``, and
the check that ``contraband restore`` runs on what it restored.

Each game is replayed from its record as ``Tables._load`` does (``contraband.load(game).new``
with its players, seed and options, then every stored action with its seat), and compared with
its stored snapshots: every one of them, where the server compares only the latest. The game's
summary columns (status, seat on move, whether a bot is due) must also match the replayed
state, since the server's lobby and bot scheduler trust them without a replay.

Only columns of the first schema (migration 0001) are read, so a database not yet migrated can
be checked without changing it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection, Engine

from contraband.core.action import IllegalAction
from contraband.core.state import State
from contraband.core.variants import variant_game
from contraband.server.held import after
from contraband.server.store import GameRow, actions, games, seats, snapshots


@dataclass
class Failure:
    """A game that does not replay from its record, and why."""

    id: str
    game: str
    reason: str


@dataclass
class Checked:
    games: int = 0
    actions: int = 0
    failures: list[Failure] = field(default_factory=list)


def check(engine: Engine, progress: Callable[[int, int], None] | None = None) -> Checked:
    """Replay every game in the database; ``progress(done, total)`` after each."""
    with engine.connect() as db:
        ids = list(db.execute(select(games.c.id).order_by(games.c.created, games.c.id)).scalars())
    result = Checked()
    for done, game_id in enumerate(ids, 1):
        row, reason, played = _check_game(engine, game_id)
        result.games += 1
        result.actions += played
        if reason is not None:
            result.failures.append(Failure(game_id, row, reason))
        if progress is not None:
            progress(done, len(ids))
    return result


def _check_game(engine: Engine, game_id: str) -> tuple[str, str | None, int]:
    """(the game's kind, why it fails or None, how many actions it has)."""
    with engine.connect() as db:
        if engine.dialect.name == "postgresql":  # one moment of a database still in use
            db = db.execution_options(isolation_level="REPEATABLE READ")
        with db.begin():
            row, history, stored = _read(db, game_id)
    kind = str(row["game"])
    try:
        reason = replay(row, history, stored)
    except Exception as error:  # an engine error is this game's failure, not the check's
        reason = f"the replay raised {type(error).__name__}: {error}"
    return kind, reason, len(history)


def _read(
    db: Connection, game_id: str
) -> tuple[dict[str, Any], list[tuple[int, int, str]], dict[int, str]]:
    row = dict(
        db.execute(
            select(
                games.c.game, games.c.players, games.c.options, games.c.seed, games.c.status,
                games.c.to_move, games.c.bot_turn, games.c.variant,
            ).where(games.c.id == game_id)
        ).mappings().one()
    )  # fmt: skip
    row["seats"] = [
        dict(s)
        for s in db.execute(
            select(seats.c.seat, seats.c.agent, seats.c.autoplay)
            .where(seats.c.game_id == game_id)
            .order_by(seats.c.seat)
        ).mappings()
    ]
    history = [
        (r.number, r.seat, r.label)
        for r in db.execute(
            select(actions.c.number, actions.c.seat, actions.c.label)
            .where(actions.c.game_id == game_id)
            .order_by(actions.c.number)
        )
    ]
    stored = {
        r.actions: r.state
        for r in db.execute(
            select(snapshots.c.actions, snapshots.c.state).where(snapshots.c.game_id == game_id)
        )
    }
    return row, history, stored


def replay(
    row: dict[str, Any], history: list[tuple[int, int, str]], stored: dict[int, str]
) -> str | None:
    """Why the game's record does not hold together, or None when it does."""
    try:
        game = variant_game(row["game"], row.get("variant") or {})
    except ValueError as error:
        return f"unknown game {row['game']!r} or rule variant: {error}"
    try:
        state = game.new(row["players"], seed=int(row["seed"]), options=dict(row["options"]))
    except ValueError as error:
        return f"cannot set the game up from its record: {error}"
    numbers = [number for number, _, _ in history]
    if numbers != list(range(len(history))):
        missing = sorted(set(range(len(history))) - set(numbers))
        return f"its actions are not numbered 0 to {len(history) - 1} (missing: {missing[:5]})"
    beyond = sorted(n for n in stored if n > len(history))
    if beyond:
        return f"a snapshot after {beyond[0]} actions, but its record holds {len(history)}"
    for number, seat, label in history:
        if number in stored and (why := _differs(state, stored[number])):
            return why
        try:
            state.apply(label, seat=seat)
        except IllegalAction as error:
            return f"action {number} ({label!r} by seat {seat}) cannot be played: {error}"
    if len(history) in stored and (why := _differs(state, stored[len(history)])):
        return why
    return _summary(row, state)


def _differs(state: State, text: str) -> str | None:
    """Why the replayed state disagrees with the snapshot ``text``, or None."""
    moves = len(state.history)
    try:
        snapshot = json.loads(text)
    except ValueError:
        return f"its snapshot after {moves} actions is not JSON"
    replayed = state.to_json()
    if replayed == snapshot:
        return None
    keys = sorted(
        key
        for key in set(replayed) | set(snapshot)
        if replayed.get(key, None) != snapshot.get(key, None)
    )
    shown = ", ".join(map(str, keys[:4])) + (", ..." if len(keys) > 4 else "")
    return f"the replay disagrees with its snapshot after {moves} actions (in: {shown})"


def _summary(row: dict[str, Any], state: State) -> str | None:
    """Why the stored summary columns disagree with the replayed state, or None."""
    if row["status"] == "broken":  # set aside by hand: its summary is not the game's
        return None
    holder = GameRow(
        id="", game=row["game"], players=row["players"], options={}, seed=0, version=0,
        status=row["status"], to_move=row["to_move"], host_hash="", created=0.0,
        seats=row["seats"],
    )  # fmt: skip
    try:
        expected = after(state, holder)
    except IndexError:
        return f"it has {len(row['seats'])} seats stored for {state.players} players"
    stored = {"status": row["status"], "to_move": row["to_move"], "bot_turn": bool(row["bot_turn"])}
    wrong = [
        f"{name} is {stored[name]!r}, the replay says {value!r}"
        for name, value in expected.items()
        if stored[name] != value
    ]
    return "its stored summary disagrees with the replay: " + "; ".join(wrong) if wrong else None
