"""The live connection of one seat (or spectator) to one game.

Checks before accepting: the rate limit (a refused handshake costs its address more than an
accepted one), the page's ``Origin``, the token, and the connection caps. Then the seat gets
its state, and every change after it, through its own queue (``live.Subscriber``). The client
may send one thing, the text ``resync``; anything else (a binary frame, other text) closes the
connection with a code, never a traceback.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from contraband.server.held import NotFound, Refused
from contraband.server.limits import PENALTY, Buckets, client_of
from contraband.server.live import RESYNC_EVERY, TOO_MANY, Hub, Subscriber
from contraband.server.policy import Policy, origin_allowed
from contraband.server.seats import token_hash
from contraband.server.tables import Tables

#: close codes (4000-4999 are the application's own; the client knows 4403 and 4404)
REFUSED, MISSING, UNSUPPORTED, POLICY = 4403, 4404, 1003, 1008
#: the longest text a client has reason to send ("resync")
LONGEST = 64
#: how often a connected seat's presence is noted, in seconds
PRESENT_EVERY = 20.0


async def serve(
    socket: WebSocket,
    game_id: str,
    token: str | None,
    tables: Tables,
    hub: Hub,
    policy: Policy,
    buckets: Buckets,
) -> None:
    address = client_of(socket.scope)
    if not origin_allowed(socket.headers.get("origin"), socket.headers.get("host"), policy):
        buckets.take(address, PENALTY)
        await _refuse(socket, REFUSED)
        return
    try:
        who = await asyncio.to_thread(tables.viewer, game_id, token)
    except (Refused, NotFound) as error:
        buckets.take(address, PENALTY)
        await _refuse(socket, REFUSED if isinstance(error, Refused) else MISSING)
        return
    hashed = token_hash(token) if token and who.seat is not None else None
    subscriber = Subscriber(socket, who.seat, address, token_hash=hashed)
    if not hub.room(game_id, subscriber, policy):
        await _refuse(socket, TOO_MANY)
        return
    await socket.accept()
    hub.add(game_id, subscriber)
    tasks = [
        asyncio.create_task(subscriber.pump()),
        asyncio.create_task(_listen(socket, game_id, subscriber, hub)),
        asyncio.create_task(subscriber.dropped.wait()),
    ]
    if who.seat is not None:
        tasks.append(asyncio.create_task(_present(tables, game_id, who.seat)))
    try:
        await hub.send(game_id, subscriber)
        done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        code = _code(done, subscriber)
    finally:
        for task in tasks:
            task.cancel()
        hub.remove(game_id, subscriber)
        if who.seat is not None:
            await asyncio.to_thread(_seen_now, tables, game_id, who.seat)
    if code is not None and socket.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(socket.close(code=code), 1.0)


async def _refuse(socket: WebSocket, code: int) -> None:
    """Accept only to close with ``code``: a handshake refused outright reaches a browser as
    an unexplained failure (1006), which it would retry; a code says why, and to stop."""
    await socket.accept()
    with contextlib.suppress(Exception):
        await asyncio.wait_for(socket.close(code=code), 1.0)


async def _listen(socket: WebSocket, game_id: str, subscriber: Subscriber, hub: Hub) -> int:
    """Read what the client sends until it goes; the close code its last message earns."""
    last_resync = 0.0
    while True:
        message = await socket.receive()
        if message["type"] == "websocket.disconnect":
            return 0
        text = message.get("text")
        if text is None:
            return UNSUPPORTED
        if len(text) > LONGEST or text.strip() != "resync":
            return POLICY
        now = time.monotonic()
        if now - last_resync < RESYNC_EVERY:  # a flood of resyncs costs one each second
            await asyncio.sleep(RESYNC_EVERY - (now - last_resync))
            now = time.monotonic()
        last_resync = now
        subscriber.version = -1
        await hub.send(game_id, subscriber)


async def _present(tables: Tables, game_id: str, seat: int) -> None:
    while True:
        await asyncio.to_thread(_seen_now, tables, game_id, seat)
        await asyncio.sleep(PRESENT_EVERY)


def _seen_now(tables: Tables, game_id: str, seat: int) -> None:
    with contextlib.suppress(Exception):  # presence is a courtesy: never fail a socket on it
        tables.seen(game_id, seat)


def _code(done: set[asyncio.Task], subscriber: Subscriber) -> int | None:
    """How to close: too slow, a bad message, or nothing to do (the client left)."""
    if subscriber.dropped.is_set():
        return subscriber.code
    for task in done:
        if task.cancelled():
            continue
        error = task.exception()
        if isinstance(error, WebSocketDisconnect):
            return None
        if error is None and isinstance(task.result(), int) and task.result():
            return task.result()
        if error is not None:  # a send on a closed socket and the like: the client is gone
            return None
    return None
