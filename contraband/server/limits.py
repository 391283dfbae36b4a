"""Request limits: bodies over a size are refused, and a flood from one address is slowed.

A plain ASGI middleware: it counts body bytes as they arrive (a missing or false
Content-Length does not get past it) and keeps a token bucket per client address. WebSocket
handshakes draw on the same bucket (a handshake with a bad token costs more: see ``PENALTY``).
"""

from __future__ import annotations

import json
import time
from typing import Any

MAX_BODY = 64 * 1024
RATE = 200.0  # requests per second per client address, on average
BURST = 400
#: what a refused live-connection handshake (a bad token, a foreign origin) costs its address,
#: in requests: a few hundred wrong guesses empty the bucket
PENALTY = 20.0


class Buckets:
    """Token buckets by key: ``take`` spends from a key's bucket, refilled at ``rate`` a second
    up to ``burst``; an empty bucket refuses."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.buckets: dict[str, tuple[float, float]] = {}

    def take(self, key: str, amount: float = 1.0) -> bool:
        if not self.rate:
            return True
        now = time.monotonic()
        tokens, last = self.buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[key] = (tokens, now)
            return False
        self.buckets[key] = (tokens - amount, now)
        if len(self.buckets) > 10_000:  # forget addresses whose bucket is full again
            idle = self.burst / self.rate
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < idle}
        return True


def client_of(scope: dict) -> str:
    return (scope.get("client") or ("?", 0))[0]


class Limits:
    def __init__(self, app: Any, buckets: Buckets) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            if not self.buckets.take(client_of(scope)):
                await send({"type": "websocket.close", "code": 4429})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self.buckets.take(client_of(scope)):
            await _answer(send, 429, "too many requests: slow down and try again")
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            await _answer(send, 413, f"request body too large (at most {MAX_BODY} bytes)")
            return
        seen = 0

        async def limited() -> dict:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > MAX_BODY:
                    raise _TooLarge
            return message

        try:
            await self.app(scope, limited, send)
        except _TooLarge:
            await _answer(send, 413, f"request body too large (at most {MAX_BODY} bytes)")


class _TooLarge(Exception):
    pass


async def _answer(send: Any, status: int, message: str) -> None:
    body = json.dumps({"error": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
