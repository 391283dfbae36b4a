"""The web table's back end: a thin FastAPI layer over ``Tables`` (parse, call, answer).

Seat tokens travel as ``Authorization: Bearer <token>`` (or ``?token=`` for a WebSocket); no
token is a spectator. Every answer is built from the seat-safe engine calls only.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

import starlette.websockets
from fastapi import Body, Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

import contraband
from contraband.server import limits, models, pages
from contraband.server.bots import PACE, BotWorker
from contraband.server.live import Hub, PostgresListener, Subscriber
from contraband.server.migrations import upgrade
from contraband.server.seats import Viewer
from contraband.server.store import Store, connect
from contraband.server.tables import NotFound, Refused, Tables

API_DESCRIPTION = """Play contraband's games with friends and bots. Create a game, hand each
player the link to their seat (it carries the seat's secret token), and follow it live over the
WebSocket. A token acts and sees for its own seat only; no token is a spectator.

An action's (or undo's) answer is the seat's table with only the log entries that change added;
the WebSocket sends a full "state" on connecting and after an undo, and "update" messages
(new log entries only) after every other change."""

#: what reading a socket that has already closed raises (Starlette 1.x names it; older
#: releases raise WebSocketDisconnect alone)
_CLOSED: tuple[type[Exception], ...] = tuple(
    getattr(starlette.websockets, name)
    for name in ("WebSocketDisconnected",)
    if hasattr(starlette.websockets, name)
)


def create_app(
    db_url: str = "sqlite:///contraband.db",
    bot_threads: int | None = None,
    rate: float = limits.RATE,
    burst: int = limits.BURST,
    bot_pace: float = PACE,
) -> FastAPI:
    engine = connect(db_url)
    upgrade(engine)
    store = Store(engine)
    hub_box: dict[str, Hub] = {}
    tables = Tables(store, announce=lambda game_id: hub_box["hub"].changed(game_id))
    hub = hub_box["hub"] = Hub(tables)
    bots = BotWorker(tables, bot_threads, pace=bot_pace)
    hub.listeners.append(bots.poke)
    listener = PostgresListener(db_url, hub, bots.poke) if store.postgres else None

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        bots.start()
        if listener is not None:
            listener.start()
        yield
        bots.stop()
        if listener is not None:
            listener.stop()
        engine.dispose()

    app = FastAPI(
        title="contraband game server",
        version=contraband.__version__,
        description=API_DESCRIPTION,
        lifespan=lifespan,
    )
    app.state.tables, app.state.hub, app.state.bots = tables, hub, bots
    app.add_middleware(limits.Limits, rate=rate, burst=burst)
    _errors(app)
    _routes(app, tables, hub)
    pages.mount(app)
    return app


def _errors(app: FastAPI) -> None:
    @app.exception_handler(Refused)
    async def refused(_request: Request, error: Refused) -> JSONResponse:
        return JSONResponse(error.detail, status_code=error.status)

    @app.exception_handler(NotFound)
    async def not_found(_request: Request, error: NotFound) -> JSONResponse:
        return JSONResponse({"error": "no such game"}, status_code=404)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for item in error.errors()[:5]:
            where = ".".join(str(part) for part in item.get("loc", ()) if part != "body")
            problems.append(f"{where or 'body'}: {item.get('msg', 'invalid')}")
        return JSONResponse({"error": "bad request: " + "; ".join(problems)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(error.detail)}, status_code=error.status_code)


def _token(
    authorization: Annotated[str | None, Header()] = None,
    token: Annotated[str | None, Query(max_length=200)] = None,
) -> str | None:
    if authorization:
        scheme, _, value = authorization.partition(" ")
        if scheme.lower() != "bearer" or not value:
            raise Refused(401, "send the seat token as 'Authorization: Bearer <token>'")
        return value.strip()
    return token


Token = Annotated[str | None, Depends(_token)]


def _routes(app: FastAPI, tables: Tables, hub: Hub) -> None:
    def viewer(game_id: str, token: str | None) -> Viewer:
        return tables.viewer(game_id, token)

    def seat_of(game_id: str, token: str | None) -> int:
        who = viewer(game_id, token)
        if who.seat is None:
            raise Refused(403, "only a player's seat token may do this")
        return who.seat

    @app.get("/api/registry", response_model=list[models.GameKind], tags=["games"])
    def registry() -> list[dict[str, Any]]:
        """The games this server can host, with player counts and options."""
        return [info.to_dict() for info in contraband.games()]

    @app.get("/api/bots", tags=["games"])
    def bots() -> list[dict[str, str]]:
        """What a seat may be instead of a human: strength levels and agent specs."""
        from contraband.agents import catalog

        return catalog()

    @app.get("/api/ratings", tags=["games"])
    def ratings() -> dict[str, Any]:
        """The levels' rated strength from `contraband ladder`, as {game: {players: {level:
        {"rating", "interval"}}}}: an Elo-like rating and its 2-sigma half-width (docs/strength.md,
        "Ratings"). A game or player count without a ladder is absent."""
        from contraband.lab.ratings import packaged

        return packaged()

    @app.get("/api/registry/{game}/catalog", tags=["games"])
    def game_catalog(game: str) -> dict[str, Any]:
        """A game's static components (cards, board spaces, tracks) with their sources."""
        try:
            return contraband.load(game).catalog()
        except ValueError as error:
            raise Refused(404, str(error)) from None

    @app.get("/api/registry/{game}/rules", tags=["games"])
    def game_rules(game: str, lang: Literal["en", "nl"] = "en") -> dict[str, Any]:
        """A game's rules page: sections with stable ids (HTML text, the drawings that
        illustrate them), the decision log as appendix, and which section explains each action
        kind. A language not written yet falls back to English (``lang`` says which came)."""
        from contraband.games import rules_book

        try:
            game_id = contraband.load(game).id
            return rules_book.load_page(game_id, lang)
        except ValueError as error:
            raise Refused(404, str(error)) from None

    @app.post("/api/games", status_code=201, response_model=models.Created, tags=["tables"])
    def create(request: models.Create) -> dict[str, Any]:
        """Start a game: per seat 'human' or an agent spec (random, greedy, ismcts:...)."""
        made = tables.create(
            request.game, request.players, request.options, request.seats, request.seed
        )
        return models.created(made)

    @app.get("/api/games", response_model=list[models.Summary], tags=["tables"])
    def list_games(
        ids: Annotated[str | None, Query(max_length=2000)] = None,
        limit: Annotated[int, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        """Games on this server, newest first; ``ids`` (comma-separated) picks some."""
        chosen = None if ids is None else [i for i in ids.split(",") if i][:100]
        return tables.store.list_games(chosen, limit)

    @app.get("/api/games/{game_id}", tags=["tables"])
    def table(game_id: str, token: Token) -> dict[str, Any]:
        """The game as the token's seat sees it: view, own legal moves, log, result."""
        who = viewer(game_id, token)
        return tables.payload(tables.get(game_id), who.seat)

    @app.get("/api/games/{game_id}/log", tags=["tables"])
    def game_log(
        game_id: str, token: Token, since: Annotated[int, Query(ge=0)] = 0
    ) -> list[dict[str, Any]]:
        """The seat's log from entry ``since``."""
        who = viewer(game_id, token)
        return tables.get(game_id).state.log(who.seat, since=since)

    @app.get("/api/games/{game_id}/record", tags=["tables"])
    def record(game_id: str, token: Token) -> dict[str, Any]:
        """The seat's record; once the game is over, the complete record (seed included)."""
        who = viewer(game_id, token)
        return tables.get(game_id).state.record(who.seat)

    @app.get("/api/games/{game_id}/catalog", tags=["tables"])
    def table_catalog(game_id: str) -> dict[str, Any]:
        return contraband.load(tables.get(game_id).row.game).catalog()

    @app.post("/api/games/{game_id}/actions", tags=["tables"])
    def act(game_id: str, move: models.Move, token: Token) -> dict[str, Any]:
        """Take an action by its label, with the version of the game it was chosen at.

        The answer is the seat's table with only the log entries this action added."""
        seat = seat_of(game_id, token)
        before = tables.get(game_id).state.log_length
        return tables.payload(tables.act(game_id, seat, move.label, move.version), seat, before)

    @app.post("/api/games/{game_id}/undo", tags=["tables"])
    def undo(game_id: str, body: models.Version, token: Token) -> dict[str, Any]:
        """Take back the seat's last decision, where nothing was revealed or drawn since."""
        seat = seat_of(game_id, token)
        return tables.payload(tables.undo(game_id, seat, body.version), seat)

    @app.post("/api/games/{game_id}/autoplay", tags=["tables"])
    def autoplay(
        game_id: str, token: Token, enabled: Annotated[bool, Body(embed=True)]
    ) -> dict[str, Any]:
        """Opt in (or out) to having the seat's forced moves (a sole legal action) played."""
        seat = seat_of(game_id, token)
        return tables.payload(tables.set_seat(game_id, seat, autoplay=enabled), seat)

    @app.post("/api/games/{game_id}/seats/{seat}/bot", tags=["tables"])
    def hand_to_bot(game_id: str, seat: int, body: models.Agent, token: Token) -> dict[str, Any]:
        """The creator hands an abandoned seat to a bot (with the creator's link)."""
        if not viewer(game_id, token).host:
            raise Refused(403, "only the game's creator link may hand a seat to a bot")
        try:
            from contraband.agents import from_spec

            from_spec(body.agent)
        except ValueError as error:
            raise Refused(422, str(error)) from None
        return tables.payload(tables.set_seat(game_id, seat, agent=body.agent), None)

    @app.websocket("/api/games/{game_id}/live")
    async def live(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        try:
            who = await asyncio.to_thread(viewer, game_id, token)
        except (Refused, NotFound) as error:
            await socket.close(code=4403 if isinstance(error, Refused) else 4404)
            return
        await socket.accept()
        subscriber = Subscriber(socket, who.seat)
        hub.add(game_id, subscriber)
        try:
            await hub.send(game_id, subscriber)
            while True:  # the client may ask for a fresh copy; moves go over HTTP
                message = await socket.receive_text()
                if message[:20] == "resync":
                    subscriber.version = -1
                    await hub.send(game_id, subscriber)
        except (WebSocketDisconnect, *_CLOSED):
            pass
        finally:
            hub.remove(game_id, subscriber)
