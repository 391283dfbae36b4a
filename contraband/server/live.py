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

from contraband.server.policy import Policy
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
#: 4429 for a connection over a cap
TOO_SLOW, TOO_MANY = 1013, 4429


@dataclass(eq=False)
class Subscriber:
    """One live connection: its seat, how far it has been sent, and its own outgoing queue
    (sent by its own task, so a slow reader delays nobody but itself)."""

    socket: WebSocket
    seat: int | None
    address: str = "?"
    version: int = -1
    log_next: int = 0
    queue: asyncio.Queue = field(default_factory=lambda: asyncio.Queue(maxsize=QUEUE))
    dropped: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, text: str) -> None:
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.dropped.set()

    async def pump(self) -> None:
        """Send what is queued, in order; a send that takes too long drops the subscriber."""
        while True:
            text = await self.queue.get()
            try:
                await asyncio.wait_for(self.socket.send_text(text), SEND_TIMEOUT)
            except TimeoutError:
                self.dropped.set()
                return


class Hub:
    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.subscribers: dict[str, set[Subscriber]] = {}
        self.by_address: Counter[str] = Counter()
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

    def room(self, game_id: str, address: str, policy: Policy) -> bool:
        """Whether another connection from ``address`` to ``game_id`` fits under the caps."""
        return (
            self.by_address[address] < policy.sockets_per_address
            and len(self.subscribers.get(game_id, ())) < policy.sockets_per_game
        )

    def add(self, game_id: str, subscriber: Subscriber) -> None:
        self.subscribers.setdefault(game_id, set()).add(subscriber)
        self.by_address[subscriber.address] += 1

    def remove(self, game_id: str, subscriber: Subscriber) -> None:
        group = self.subscribers.get(game_id)
        if group is not None and subscriber in group:
            group.discard(subscriber)
            if not group:
                del self.subscribers[game_id]
            self.by_address[subscriber.address] -= 1
            if self.by_address[subscriber.address] <= 0:
                del self.by_address[subscriber.address]


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
