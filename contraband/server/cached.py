"""Answers that never change while the server runs (the registry, rules pages, tutorials,
catalogs, ratings), built once per key and served as the same bytes with an ``ETag``.

Building a rules page costs milliseconds of the process's one interpreter; served from here
it costs microseconds, so asking for it in a loop slows nobody else's game. A client that
sends the ``ETag`` back (``If-None-Match``) gets an empty 304.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections.abc import Callable, Hashable
from typing import Any

from fastapi import Request, Response

#: browsers and proxies may keep an answer this long before asking again (with its ETag); a
#: new release of the server changes them, so not longer
MAX_AGE = 300


class Frozen:
    """One answer as sent: its body, its ETag."""

    __slots__ = ("body", "etag")

    def __init__(self, data: Any) -> None:
        self.body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
        self.etag = '"' + hashlib.sha256(self.body).hexdigest()[:32] + '"'


class Answers:
    """Answers by key, each built once by its builder (a builder that raises is not kept:
    a refusal such as an unknown game is raised again on every ask, and costs little)."""

    def __init__(self) -> None:
        self.kept: dict[Hashable, Frozen] = {}
        self.guard = threading.Lock()

    def answer(self, request: Request, key: Hashable, build: Callable[[], Any]) -> Response:
        frozen = self.kept.get(key)
        if frozen is None:
            frozen = Frozen(build())
            with self.guard:
                frozen = self.kept.setdefault(key, frozen)
        headers = {"ETag": frozen.etag, "Cache-Control": f"public, max-age={MAX_AGE}"}
        if _matches(request.headers.get("if-none-match"), frozen.etag):
            return Response(status_code=304, headers=headers)
        return Response(frozen.body, media_type="application/json", headers=headers)


def _matches(header: str | None, etag: str) -> bool:
    if not header:
        return False
    return header.strip() == "*" or etag in (part.strip() for part in header.split(","))
