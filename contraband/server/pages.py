"""The browser front end: the built assets shipped in the package, served at the root.

Behind a reverse proxy that serves the table under a sub-path (``contraband serve --root-path
/games``: the request's ``root_path``), the page is told its root: index.html's ``/assets/``
paths and its ``<meta name="contraband-root">`` carry it (no inline script: the content security
policy forbids them), and the front end (``contraband/web/src/root.js``) puts it in front of
every request, live socket and link. The paths the API hands out (a seat's link
``/table/<id>#token=…``) stay relative to the root, like the API's own paths.

Besides the pages it answers the replay viewer: a finished game's position after any number of
its actions, as any seat saw it (once a game is over nothing in it is secret any more).
"""

from __future__ import annotations

import html
import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

from fastapi import FastAPI, Query, Request
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse

from contraband.core.variants import changed_numbers, variant_game
from contraband.server import models
from contraband.server.auth import Token

STATIC = Path(__file__).parent / "static"

PLACEHOLDER = """<!doctype html><html lang="en"><meta charset="utf-8">
<title>contraband</title><h1>contraband game server</h1>
<p>The server is running, but its web pages are not built. Build them with
<code>npm ci --prefix contraband/web && npm run build --prefix contraband/web</code>.
The API and its documentation: <a href="ROOT/docs">ROOT/docs</a>.</p>"""

#: the built page's own paths (``src="/assets/…"``, ``href="/assets/…"``) and its root
ASSET_PATH = re.compile(r'(\s(?:src|href)=["\'])/assets/')
ROOT_META = re.compile(r'<meta\s+name="contraband-root"\s+content="[^"]*"\s*/?>')


def mount(app: FastAPI) -> None:
    index = STATIC / "index.html"

    # The assets are looked up per request (not mounted once), so a build made while the
    # server runs is served at once.
    @app.get("/assets/{name}", include_in_schema=False, response_model=None)
    def asset(name: str) -> FileResponse | JSONResponse:
        path = STATIC / "assets" / name
        if "/" in name or name.startswith(".") or not path.is_file():
            return JSONResponse({"error": "no such file"}, status_code=404)
        # built names carry a content hash: they never change
        return FileResponse(path, headers={"Cache-Control": "public, max-age=31536000, immutable"})

    @app.get("/", include_in_schema=False, response_model=None)
    @app.get("/table/{game_id}", include_in_schema=False, response_model=None)
    @app.get("/replay/{game_id}", include_in_schema=False, response_model=None)
    @app.get("/rules/{game_id}", include_in_schema=False, response_model=None)
    @app.get("/rules/{game_id}/design", include_in_schema=False, response_model=None)
    @app.get("/me", include_in_schema=False, response_model=None)
    def page(request: Request, game_id: str | None = None) -> HTMLResponse | FileResponse:
        root = root_of(request)
        try:
            built = index.stat()
        except OSError:
            return HTMLResponse(PLACEHOLDER.replace("ROOT", root))
        if not root:  # at the site's root: the built file as it is
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        text = _rooted(str(index), built.st_mtime_ns, built.st_size, root)
        return HTMLResponse(text, headers={"Cache-Control": "no-cache"})

    @app.get("/api/games/{game_id}/replay", tags=["tables"], response_model=None)
    def replay(
        game_id: str,
        token: Token,
        step: Annotated[models.Whole, Query(ge=0, le=100_000)] = 0,
        seat: Annotated[models.Whole | None, Query(ge=0, le=8)] = None,
    ) -> dict[str, Any] | JSONResponse:
        """A finished game after its first ``step`` actions, as ``seat`` saw it (none: a
        spectator): the view, the log so far, the action that led there and the seats' chosen
        ``names``. Only for games that
        are over, whose complete record is then open to whoever may watch the game (a token of
        the game, or none for a public one)."""
        tables = app.state.tables
        tables.viewer(game_id, token)
        live = tables.get(game_id)
        if not live.state.is_terminal():
            return JSONResponse(
                {"error": "the replay opens once the game is over"}, status_code=409
            )
        frame = _frame(json.dumps(live.state.record(), sort_keys=True), step, seat)
        # the players' chosen names (not part of the game's record), as the table shows them
        return {**frame, "names": [s.get("name") for s in live.row.seats]}


def root_of(request: Request) -> str:
    """The sub-path the table is served under, as the page must write it in a URL: ``""`` at
    the site's root, else ``/games`` (percent-encoded, no trailing slash)."""
    root = str(request.scope.get("root_path") or "").strip("/")
    return "/" + quote(root, safe="/-._~") if root else ""


@lru_cache(maxsize=16)
def _rooted(path: str, mtime_ns: int, size: int, root: str) -> str:
    """index.html for the root ``root`` (cached per root and build: a build made while the
    server runs is served at once): its assets under the root and the root in its meta tag."""
    text = Path(path).read_text(encoding="utf-8")
    text = ASSET_PATH.sub(lambda m: f"{m.group(1)}{html.escape(root)}/assets/", text)
    meta = f'<meta name="contraband-root" content="{html.escape(root)}" />'
    if ROOT_META.search(text):
        return ROOT_META.sub(lambda _m: meta, text, count=1)
    return text.replace("</head>", f"    {meta}\n  </head>", 1)


@lru_cache(maxsize=256)
def _frame(frozen: str, step: int, seat: int | None) -> dict[str, Any]:
    """The frame (cached: stepping back and forth asks for the same ones again)."""
    record = json.loads(frozen)
    actions, actors = record["actions"], record["seats"]
    steps = len(actions)
    step = min(step, steps)
    if seat is not None and seat >= record["players"]:
        seat = None
    game = variant_game(record["game"], record.get("variant"))
    state = game.new(record["players"], seed=record["seed"], options=record["options"])
    for label, actor in zip(actions[:step], actors[:step], strict=True):
        state.apply(label, seat=actor)
    return {
        "game": record["game"],
        "players": record["players"],
        "step": step,
        "steps": steps,
        "seat": seat,
        "to_move": None if state.is_terminal() else state.current_player,
        "over": state.is_terminal(),
        "action": None if step == 0 else {"seat": actors[step - 1], "label": actions[step - 1]},
        "actions": [{"seat": s, "label": a} for a, s in zip(actions, actors, strict=True)],
        "view": state.view(seat),
        "log": state.log(seat),
        "result": state.result() if state.is_terminal() else None,
        "variant": changed_numbers(record["game"], record.get("variant") or {}),
    }
