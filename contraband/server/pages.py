"""The browser front end: the built assets shipped in the package, served at the root."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"

PLACEHOLDER = """<!doctype html><html lang="en"><meta charset="utf-8">
<title>contraband</title><h1>contraband game server</h1>
<p>The server is running. The API and its documentation: <a href="/docs">/docs</a>.</p>"""


def mount(app: FastAPI) -> None:
    index = STATIC / "index.html"
    if (STATIC / "assets").is_dir():
        app.mount("/assets", StaticFiles(directory=STATIC / "assets"), name="assets")

    @app.get("/", include_in_schema=False, response_model=None)
    @app.get("/table/{game_id}", include_in_schema=False, response_model=None)
    def page(game_id: str | None = None) -> HTMLResponse | FileResponse:
        if index.exists():
            return FileResponse(index)
        return HTMLResponse(PLACEHOLDER)
