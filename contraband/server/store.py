"""Persistence: each game as its record (the actions with seat and time) plus periodic snapshots.

Every write that changes a game is one transaction guarded by the game's ``version``: the row is
updated only ``WHERE version = expected``, so two processes on one database can never both
accept a move at the same version. An action is committed before it is acknowledged.
"""

from __future__ import annotations

import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import create_engine, delete, event, insert, select, text, update
from sqlalchemy.engine import Engine

from contraband.core.variants import changed_numbers
from contraband.server.claims import BotClaims
from contraband.server.mail_store import contacts
from contraband.server.schema import actions, games, metadata, seats, snapshots

__all__ = [
    "GameRow", "Stale", "Store", "Stored", "actions", "connect", "games", "metadata", "seats",
    "snapshots",
]  # fmt: skip

SNAPSHOT_EVERY = 25


class Stale(Exception):
    """The game moved on since the version the change was based on."""


@dataclass
class GameRow:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    version: int
    status: str
    to_move: int | None
    host_hash: str
    created: float
    seats: list[dict[str, Any]]
    spectator_hash: str | None = None
    public: bool = False
    seed_chosen: bool = False
    hints: bool = False
    mode: str = "live"
    clock_bank: float | None = None
    clock_credit: float | None = None
    open_until: float | None = None
    rematch: str | None = None
    rematch_of: str | None = None
    #: the rule variant the table plays (contraband.core.variants; empty: the rulebook's)
    variant: dict[str, Any] = field(default_factory=dict)


@dataclass
class Stored:
    """A game as stored: its row, latest snapshot (moves counted, state) and moves."""

    row: GameRow
    snapshot: tuple[int, dict[str, Any]] | None
    history: list[tuple[int, str, float]]


def connect(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode and a busy timeout for concurrent writers."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)


class Store(BotClaims):
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        #: names this process in its notifications: it has already applied its own changes
        self.origin = uuid.uuid4().hex[:12]

    # -- creating and reading ---------------------------------------------------------------
    def create(
        self, row: dict[str, Any], seat_rows: list[dict[str, Any]], snapshot: dict[str, Any]
    ) -> None:
        now = time.time()
        with self.engine.begin() as db:
            db.execute(insert(games).values(**row, created=now, updated=now))
            db.execute(insert(seats), [{"game_id": row["id"], **seat} for seat in seat_rows])
            db.execute(
                insert(snapshots).values(game_id=row["id"], actions=0, state=json.dumps(snapshot))
            )

    def version(self, game_id: str) -> int | None:
        with self.engine.connect() as db:
            return db.execute(select(games.c.version).where(games.c.id == game_id)).scalar()

    def stored(self, game_id: str) -> Stored | None:
        """The game row, its latest snapshot and its moves as of one moment.

        Read in one REPEATABLE READ transaction on PostgreSQL: read one by one, a move another
        process commits in between would give a row whose version does not match its moves.
        (SQLite serves one process, whose own moves never race its reads this way.)
        """
        with self.engine.connect() as db:
            if self.postgres:
                db = db.execution_options(isolation_level="REPEATABLE READ")
            with db.begin():
                row = _game_row(db, game_id)
                if row is None:
                    return None
                return Stored(row, _latest_snapshot(db, game_id), _history(db, game_id))

    def seat_for_token(self, token_hash: str) -> tuple[str, int] | None:
        with self.engine.connect() as db:
            row = db.execute(
                select(seats.c.game_id, seats.c.seat).where(seats.c.token_hash == token_hash)
            ).first()
            return None if row is None else (row.game_id, row.seat)

    def list_games(
        self, ids: list[str] | None, limit: int, public_only: bool = True
    ) -> list[dict[str, Any]]:
        """Game summaries, newest first: the public ones (or all of ``ids`` when not
        ``public_only``: the caller has checked a token for each)."""
        query = select(
            games.c.id,
            games.c.game,
            games.c.players,
            games.c.status,
            games.c.to_move,
            games.c.version,
            games.c.created,
            games.c.updated,
            games.c.public,
            games.c.seed_chosen,
            games.c.hints,
            games.c.mode,
            games.c.variant,
        ).order_by(games.c.updated.desc())
        if ids is not None:
            query = query.where(games.c.id.in_(ids))
        if public_only:
            query = query.where(games.c.public.is_(True))
        with self.engine.connect() as db:
            rows = [dict(r) for r in db.execute(query.limit(limit)).mappings()]
        for row in rows:  # the numbers that differ from the rulebook, as a table shows them
            row["variant"] = changed_numbers(row["game"], row["variant"] or {})
        return rows

    # -- changing a game --------------------------------------------------------------------
    def append(
        self,
        game_id: str,
        expected: int,
        seat: int,
        label: str,
        number: int,
        after: dict[str, Any],
        snapshot: dict[str, Any] | None,
        seat_values: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Record action ``number`` if the game is still at version ``expected`` (and the
        seats' ``seat_values``: their clocks, in the same transaction)."""
        now = time.time()
        with self.engine.begin() as db:
            self._bump(db, game_id, expected, after, now)
            _set_seats(db, game_id, seat_values)
            db.execute(
                insert(actions).values(
                    game_id=game_id, number=number, seat=seat, label=label, time=now
                )
            )
            if snapshot is not None:
                db.execute(
                    insert(snapshots).values(
                        game_id=game_id, actions=number + 1, state=json.dumps(snapshot)
                    )
                )
            self._notify(db, game_id, expected + 1)

    def take_back(
        self,
        game_id: str,
        expected: int,
        number: int,
        after: dict[str, Any],
        seat_values: dict[int, dict[str, Any]] | None = None,
    ) -> None:
        """Remove action ``number`` (the last one) if the game is still at ``expected``."""
        with self.engine.begin() as db:
            self._bump(db, game_id, expected, after, time.time())
            _set_seats(db, game_id, seat_values)
            db.execute(
                delete(actions).where(actions.c.game_id == game_id, actions.c.number == number)
            )
            db.execute(
                delete(snapshots).where(
                    snapshots.c.game_id == game_id, snapshots.c.actions > number
                )
            )
            self._notify(db, game_id, expected + 1)

    def change_seats(
        self,
        game_id: str,
        changes: dict[int, dict[str, Any]],
        after: dict[str, Any],
        expected: int | None = None,
        keep_contact: bool = False,
    ) -> None:
        """Change seats (and the game row's ``after`` columns), bumping the version; with
        ``expected``, only if the game is still at that version (else ``Stale``). A seat with
        a new token forgets its e-mail address, unless ``keep_contact``."""
        with self.engine.begin() as db:
            query = update(games).where(games.c.id == game_id)
            if expected is not None:
                query = query.where(games.c.version == expected)
            version = db.execute(
                query.values(version=games.c.version + 1, updated=time.time(), **after).returning(
                    games.c.version
                )
            ).scalar()
            if version is None:
                raise Stale(game_id)
            _set_seats(db, game_id, changes)
            for seat, values in changes.items():
                if "token_hash" in values and not keep_contact:  # the old player's address goes
                    db.execute(
                        delete(contacts).where(
                            contacts.c.game_id == game_id, contacts.c.seat == seat
                        )
                    )
            self._notify(db, game_id, version)

    def open_ids(self, limit: int) -> list[str]:
        """The public tables waiting for players, newest first."""
        with self.engine.connect() as db:
            rows = db.execute(
                select(games.c.id)
                .where(games.c.status == "open", games.c.public.is_(True))
                .order_by(games.c.created.desc())
                .limit(limit)
            )
            return [r.id for r in rows]

    def link_rematch(
        self,
        old_id: str,
        new_id: str,
        host_hash: str,
        spectator_hash: str | None,
        kept: dict[int, dict[str, Any]],
    ) -> None:
        """Make ``new_id`` the rematch of ``old_id``, unless it has one already: the old
        table's host and spectator links open it, its human seats are kept for their players."""
        with self.engine.begin() as db:
            version = db.execute(
                update(games)
                .where(games.c.id == old_id, games.c.rematch.is_(None))
                .values(rematch=new_id, version=games.c.version + 1, updated=time.time())
                .returning(games.c.version)
            ).scalar()
            if version is None:
                return
            db.execute(
                update(games)
                .where(games.c.id == new_id)
                .values(rematch_of=old_id, host_hash=host_hash, spectator_hash=spectator_hash)
            )
            _set_seats(db, new_id, kept)
            self._notify(db, old_id, version)

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the rematch of ``game_id``, if any."""
        with self.engine.connect() as db:
            return db.execute(select(games.c.rematch).where(games.c.id == game_id)).scalar()

    def drop_table(self, game_id: str) -> None:
        """Remove a table nobody has seen (a rematch that lost the race to another)."""
        with self.engine.begin() as db:
            for table in (snapshots, actions, contacts, seats):
                db.execute(delete(table).where(table.c.game_id == game_id))
            db.execute(delete(games).where(games.c.id == game_id))

    def seen(self, game_id: str, seat: int, when: float) -> None:
        """The seat's human was heard from at ``when`` (a request or a live connection)."""
        with self.engine.begin() as db:
            db.execute(
                update(seats)
                .where(seats.c.game_id == game_id, seats.c.seat == seat)
                .values(last_seen=when)
            )

    def _bump(
        self, db: Any, game_id: str, expected: int, after: dict[str, Any], now: float
    ) -> None:
        done = db.execute(
            update(games)
            .where(games.c.id == game_id, games.c.version == expected)
            .values(version=expected + 1, updated=now, claimed_by=None, **after)
        )
        if done.rowcount != 1:
            raise Stale(game_id)

    def _notify(self, db: Any, game_id: str, version: int) -> None:
        if self.postgres:  # delivered to every listening process when the transaction commits
            db.execute(
                text("SELECT pg_notify('contraband', :payload)"),
                {"payload": f"{game_id}:{version}:{self.origin}"},
            )


def _set_seats(db: Any, game_id: str, seat_values: dict[int, dict[str, Any]] | None) -> None:
    for seat, values in (seat_values or {}).items():
        db.execute(
            update(seats).where(seats.c.game_id == game_id, seats.c.seat == seat).values(**values)
        )


def _game_row(db: Any, game_id: str) -> GameRow | None:
    row = db.execute(select(games).where(games.c.id == game_id)).mappings().first()
    if row is None:
        return None
    seat_rows = db.execute(
        select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)
    ).mappings()
    return GameRow(
        id=row["id"],
        game=row["game"],
        players=row["players"],
        options=dict(row["options"]),
        seed=int(row["seed"]),
        version=row["version"],
        status=row["status"],
        to_move=row["to_move"],
        host_hash=row["host_hash"],
        created=row["created"],
        seats=[dict(s) for s in seat_rows],
        spectator_hash=row["spectator_hash"],
        public=bool(row["public"]),
        seed_chosen=bool(row["seed_chosen"]),
        hints=bool(row["hints"]),
        mode=row["mode"],
        clock_bank=row["clock_bank"],
        clock_credit=row["clock_credit"],
        open_until=row["open_until"],
        rematch=row["rematch"],
        rematch_of=row["rematch_of"],
        variant=dict(row["variant"] or {}),
    )


def _history(db: Any, game_id: str) -> list[tuple[int, str, float]]:
    rows = db.execute(
        select(actions.c.seat, actions.c.label, actions.c.time)
        .where(actions.c.game_id == game_id)
        .order_by(actions.c.number)
    )
    return [(r.seat, r.label, r.time) for r in rows]


def _latest_snapshot(db: Any, game_id: str) -> tuple[int, dict[str, Any]] | None:
    row = db.execute(
        select(snapshots.c.actions, snapshots.c.state)
        .where(snapshots.c.game_id == game_id)
        .order_by(snapshots.c.actions.desc())
        .limit(1)
    ).first()
    return None if row is None else (row.actions, json.loads(row.state))
