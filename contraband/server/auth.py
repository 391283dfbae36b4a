"""How a request names who it speaks for: its token, from the ``Authorization`` header only (a
token in a URL ends up in logs and browser history; the WebSocket, where a browser cannot set
headers, is the one exception and reads its own query)."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Header

from contraband.server.held import Refused


def _token(authorization: Annotated[str | None, Header(max_length=300)] = None) -> str | None:
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise Refused(401, "send the token as 'Authorization: Bearer <token>'")
        return value.strip()
    return None


#: a route parameter: the request's token, or None (a spectator of a public game)
Token = Annotated[str | None, Depends(_token)]
