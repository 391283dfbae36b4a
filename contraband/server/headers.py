"""Security headers on every answer: no sniffing, no framing, a content security policy that
lets the table load only its own scripts, and no referrer (a table's address names its game).

The API documentation pages (``/docs``, ``/redoc``) load FastAPI's viewer from its CDN, so
they get a policy that allows exactly that.
"""

from __future__ import annotations

from typing import Any

TABLE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly; "
    "worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
COMMON = [
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"permissions-policy", b"camera=(), microphone=(), geolocation=()"),
]


class SecurityHeaders:
    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        docs = scope.get("path", "") in ("/docs", "/redoc", "/docs/oauth2-redirect")
        policy = (DOCS_POLICY if docs else TABLE_POLICY).encode()

        async def with_headers(message: dict) -> None:
            if message["type"] == "http.response.start":
                headers = [
                    (name, value)
                    for name, value in message.get("headers", [])
                    if name.lower() not in _SET
                ]
                headers += [*COMMON, (b"content-security-policy", policy)]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


_SET = {name for name, _ in COMMON} | {b"content-security-policy"}
