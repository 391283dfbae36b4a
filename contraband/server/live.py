"""Live updates: each connected seat gets its own view and new log entries after every change.

Changes made in this process are announced directly; with PostgreSQL, every process also
LISTENs on the ``contraband`` channel, so a move made through another process reaches the
seats connected here at once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from contraband.server.policy import Policy
from contraband.server.seats import same_hash
from contraband.server.tables import NotFound, Tables

log = logging.getLogger("contraband.live")


#: updates a subscriber may have waiting; one more and it is disconnected (it reconnects and
#: gets a fresh state): a reader that falls this far behind holds nobody else up
QUEUE = 16
#: seconds one message may take to go out before its reader counts as stuck
SEND_TIMEOUT = 5.0
#: the least time between two resyncs a subscriber asks for (more are answered together)
RESYNC_EVERY = 1.0
#: close codes: 1013 "try again later" for a reader that fell behind (the client reconnects),
#: 4429 for a connection over a cap, 4403 for a token that no longer opens the seat
TOO_SLOW, TOO_MANY, REVOKED = 1013, 4429, 4403


@dataclass(eq=False)
class Subscriber:
    """One live connection: its seat, how far it has been sent, and its own outgoing queue
    (sent by its own task, so a slow reader delays nobody but itself)."""

    socket: WebSocket
    seat: int | None
    address: str = "?"
    #: the hash of the seat token the connection was opened with: once the seat's token is
    #: replaced (the seat handed to another person), the connection is closed, never fed
    token_hash: str | None = None
    version: int = -1
    log_next: int = 0
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=QUEUE))
    dropped: asyncio.Event = field(default_factory=asyncio.Event)
    #: the close code once ``dropped``: too slow, unless the token was revoked
    code: int = TOO_SLOW

    @property
    def kind(self) -> str:
        return "watch" if self.seat is None else "seat"

    def offer(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped.set()

    def end(self, code: int) -> None:
        """Close this connection with ``code`` (its queue is not sent)."""
        self.code = code
        self.dropped.set()

    async def pump(self) -> None:
        """Send what is queued, in order; a send that takes too long drops the subscriber, and
        a client gone meanwhile ends it quietly (the connection's own task notices it)."""
        while True:
            text = await self.queue.get()
            try:
                await asyncio.wait_for(self.socket.send_text(text), SEND_TIMEOUT)
            except TimeoutError:
                self.dropped.set()
                return
            except (WebSocketDisconnect, RuntimeError, OSError):
                return


class Hub:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.subscribers: dict[str, set[Subscriber]] = {}
        #: live connections by (address, "seat" or "watch")
        self.by_address: Counter[tuple[str, str]] = Counter()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.listeners: list[Any] = []

    def bind(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop

    def changed(self, game_id: str) -> None:
        """Called from any thread after a game changed."""
        for listener in self.listeners:
            listener(game_id)
        if self.loop is not None and game_id in self.subscribers:
            asyncio.run_coroutine_threadsafe(self.push(game_id), self.loop)

    async def push(self, game_id: str) -> None:
        for subscriber in list(self.subscribers.get(game_id, ())):
            await self.send(game_id, subscriber)

    async def send(self, game_id: str, subscriber: Subscriber) -> None:
        """Queue what ``subscriber`` has not seen yet (never waits for it to be sent)."""
        live = self.tables.cached(game_id)
        if live is None:
            try:
                live = await asyncio.to_thread(self.tables.get, game_id)
            except NotFound:
                return
        if subscriber.seat is not None and not _still_valid(live, subscriber):
            subscriber.end(REVOKED)
            return
        if live.version == subscriber.version:
            return
        # a version that went back (undo) or jumped: a full resend keeps the client exact
        # (and an undo, whose log is shorter than what the seat already holds)
        full = (
            live.version < subscriber.version
            or subscriber.version < 0
            or live.state.log_length < subscriber.log_next
        )
        since = 0 if full else subscriber.log_next
        payload = self.tables.payload(live, subscriber.seat, since=since)
        payload["type"] = "state" if full else "update"
        subscriber.version = live.version
        if payload["log"]:
            subscriber.log_next = payload["log"][-1]["index"] + 1
        elif full:
            subscriber.log_next = 0
        subscriber.offer(json.dumps(payload, separators=(",", ":")))

    def room(self, game_id: str, subscriber: Subscriber, policy: Policy) -> bool:
        """Whether ``subscriber`` fits under the caps. A seat's connections are counted apart
        from spectators', so that no number of spectators can lock a player out: a seat may
        hold ``sockets_per_seat`` (its own tabs and devices); spectators share what the seats
        leave of ``sockets_per_game``, and at most ``spectators_per_game``. Each address may
        hold ``sockets_per_address`` of each kind."""
        if self.by_address[subscriber.address, subscriber.kind] >= policy.sockets_per_address:
            return False
        group = self.subscribers.get(game_id, ())
        if subscriber.seat is not None:
            same = sum(1 for other in group if other.seat == subscriber.seat)
            return same < policy.sockets_per_seat
        seats = sum(1 for other in group if other.seat is not None)
        watching = len(group) - seats
        return watching < min(policy.spectators_per_game, policy.sockets_per_game - seats)

    def add(self, game_id: str, subscriber: Subscriber) -> None:
        self.subscribers.setdefault(game_id, set()).add(subscriber)
        self.by_address[subscriber.address, subscriber.kind] += 1

    def remove(self, game_id: str, subscriber: Subscriber) -> None:
        group = self.subscribers.get(game_id)
        if group is not None and subscriber in group:
            group.discard(subscriber)
            if not group:
                del self.subscribers[game_id]
            key = (subscriber.address, subscriber.kind)
            self.by_address[key] -= 1
            if self.by_address[key] <= 0:
                del self.by_address[key]


def _still_valid(live: Any, subscriber: Subscriber) -> bool:
    """Whether the seat's token is still the one the connection was opened with."""
    info = live.row.seats[subscriber.seat]
    stored = info["token_hash"]
    return (
        bool(stored)
        and subscriber.token_hash is not None
        and same_hash(subscriber.token_hash, stored)
    )


class PostgresListener:
    """LISTEN contraband: another process changed a game; tell this process's seats and bots."""

    def __init__(self, url: str, hub: Hub, poke: Any) -> None:
        self.url = url.replace("postgresql+psycopg://", "postgresql://")
        self.hub = hub
        self.poke = poke
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="contraband-listen", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.stopping.set()

    def _run(self) -> None:
        import psycopg

        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True) as connection:
                    connection.execute("LISTEN contraband")
                    while not self.stopping.is_set():
                        origin = self.hub.tables.store.origin
                        for note in connection.notifies(timeout=1.0):
                            game_id, version, sender = [*note.payload.split(":"), "", ""][:3]
                            if sender == origin:
                                # this process's own change (its NOTIFY can arrive before
                                # the game here has taken the new version: not a stale copy)
                                continue
                            self.hub.tables.invalidate(
                                game_id, int(version) if version.isdigit() else None
                            )
                            self.poke(game_id)
                            if self.hub.loop is not None and game_id in self.hub.subscribers:
                                asyncio.run_coroutine_threadsafe(
                                    self.hub.push(game_id), self.hub.loop
                                )
            except Exception:
                log.exception("lost the PostgreSQL listener; reconnecting")
                self.stopping.wait(1.0)
