"""Request limits: bodies over a size are refused, and a flood from one address is slowed.

A plain ASGI middleware: it counts body bytes as they arrive (a missing or false
Content-Length does not get past it) and keeps a token bucket per client address.
"""

from __future__ import annotations

import json
import time
from typing import Any

MAX_BODY = 64 * 1024
RATE = 200.0  # requests per second per client address, on average
BURST = 400


class Limits:
    def __init__(self, app: Any, rate: float = RATE, burst: int = BURST) -> None:
        self.app = app
        self.rate = rate
        self.burst = burst
        self.buckets: dict[str, tuple[float, float]] = {}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = (scope.get("client") or ("?", 0))[0]
        if self.rate and not self._allow(client):
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

    def _allow(self, client: str) -> bool:
        now = time.monotonic()
        tokens, last = self.buckets.get(client, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - last) * self.rate)
        if tokens < 1.0:
            self.buckets[client] = (tokens, now)
            return False
        self.buckets[client] = (tokens - 1.0, now)
        if len(self.buckets) > 10_000:  # forget idle addresses
            self.buckets = {k: v for k, v in self.buckets.items() if now - v[1] < 60}
        return True


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
