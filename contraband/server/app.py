"""The web table's back end: a thin FastAPI layer over ``Tables`` (parse, call, answer).

Tokens travel as ``Authorization: Bearer <token>`` (``?token=`` only for the WebSocket, where a
browser cannot set headers); no token is a spectator of a public game. Every answer is built
from the seat-safe engine calls only.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match

import contraband
from contraband.server import (
    coach_routes,
    key_routes,
    limits,
    mail_routes,
    mine,
    models,
    notices,
    pages,
    seat_routes,
)
from contraband.server import socket as connection
from contraband.server.auth import Token
from contraband.server.bots import PACE, BotWorker
from contraband.server.cached import Answers
from contraband.server.headers import SecurityHeaders
from contraband.server.held import NotFound, Refused
from contraband.server.live import Hub, PostgresListener
from contraband.server.mailer import Mailer, MailSettings
from contraband.server.migrations import upgrade
from contraband.server.policy import Policy
from contraband.server.proxy import Proxy, ProxyHeaders, RootPath
from contraband.server.store import Store, connect
from contraband.server.tables import Tables
from contraband.server.timeouts import Sweeper

API_DESCRIPTION = """Play contraband's games with friends and bots. Create a game, hand each
player the link to their seat (it carries the seat's secret token), and follow it live over the
WebSocket. A token acts and sees for its own seat only; no token is a spectator.

Every seed is drawn by the server (a creator may choose one only for a game with at most one
human seat). A game is unlisted unless created public; watching a private game needs its
spectator link. An action's (or undo's) answer is the seat's table right after it, with only
the log entries that change added;
the WebSocket sends a full "state" on connecting and after an undo, and "update" messages
(new log entries only) after every other change."""


def create_app(
    db_url: str = "sqlite:///contraband.db",
    bot_threads: int | None = None,
    rate: float = limits.RATE,
    burst: int = limits.BURST,
    bot_pace: float | None = PACE,
    policy: Policy | None = None,
    proxy: Proxy | None = None,
    root_path: str = "",
    now: Callable[[], float] = time.time,
    mail: MailSettings | None = None,
) -> FastAPI:
    """The server on ``db_url``. ``proxy``: take each client's address from a trusted reverse
    proxy's header (``contraband.server.proxy``; ``None``: every address is the connection's
    own). ``root_path``: the sub-path the proxy serves the table under (``/games``). ``now``:
    the clock the tables' game clocks count by (a test injects its own). ``mail``: the mail
    server for "your turn" e-mail (``contraband.server.mailer``; None: no e-mail)."""
    policy = policy or Policy.from_env()
    engine = connect(db_url)
    upgrade(engine)
    store = Store(engine)
    hub_box: dict[str, Hub] = {}
    tables = Tables(
        store, announce=lambda game_id: hub_box["hub"].changed(game_id), policy=policy, now=now
    )
    tables.mail = mail is not None
    mailer = None if mail is None else Mailer(engine, mail)
    also = () if mail is None else (lambda held: notices.sweep(held, mail) and mailer.poke(),)
    sweeper = Sweeper(tables, also=also)
    hub = hub_box["hub"] = Hub(tables)
    bots = BotWorker(tables, bot_threads, pace=bot_pace)
    hub.listeners.append(bots.poke)
    listener = PostgresListener(db_url, hub, bots.poke) if store.postgres else None
    requests = limits.Buckets(rate, burst)
    creations = limits.Buckets(1.0 / policy.create_every, policy.create_burst)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.bind(asyncio.get_running_loop())
        bots.start()
        sweeper.start()
        if mailer is not None:
            mailer.start()
        if listener is not None:
            listener.start()
        yield
        sweeper.stop()
        if mailer is not None:
            mailer.stop()
        bots.stop()
        coach_routes.stop_hints(app)
        if listener is not None:
            listener.stop()
        engine.dispose()

    app = FastAPI(
        title="contraband game server",
        version=contraband.__version__,
        description=API_DESCRIPTION,
        lifespan=lifespan,
        redirect_slashes=False,  # a redirect would echo the request's Host header
    )
    app.state.tables, app.state.hub, app.state.bots = tables, hub, bots
    app.state.policy, app.state.requests, app.state.creations = policy, requests, creations
    app.state.mailer, app.state.mail, app.state.sweeper = mailer, mail, sweeper
    app.state.mailer_poke = mailer.poke if mailer is not None else lambda: None
    app.add_middleware(limits.Limits, buckets=requests)
    if proxy is not None:  # before the limits count anything by address
        app.add_middleware(ProxyHeaders, proxy=proxy)
    if root_path:  # (uvicorn's --root-path does the same for `contraband serve`)
        app.add_middleware(RootPath, root_path=root_path)
    app.add_middleware(SecurityHeaders)  # outermost: refusals get the headers too
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
    async def http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        if error.status_code == 405:  # every method the path answers, not only one route's
            headers["Allow"] = ", ".join(_allowed(app, request.scope))
        return JSONResponse(
            {"error": str(error.detail)}, status_code=error.status_code, headers=headers
        )


def _allowed(app: FastAPI, scope: dict[str, Any]) -> list[str]:
    methods: set[str] = set()
    for route in app.router.routes:
        match, _ = route.matches({**scope, "method": "GET", "type": "http"})
        if match != Match.NONE:
            methods |= set(getattr(route, "methods", None) or ())
    return sorted(methods)


def _routes(app: FastAPI, tables: Tables, hub: Hub) -> None:
    policy: Policy = app.state.policy

    viewer, seat_of = tables.present, tables.seat_of

    answers = Answers()

    @app.get("/api/registry", response_model=list[models.GameKind], tags=["games"])
    def registry(request: Request) -> Response:
        """The games this server can host, with player counts and options."""
        return answers.answer(
            request, "registry", lambda: [info.to_dict() for info in contraband.games()]
        )

    @app.get("/api/bots", response_model=list[dict[str, str]], tags=["games"])
    def bots(request: Request) -> Response:
        """What a seat may be instead of a human: strength levels and agent specs."""
        from contraband.agents import catalog

        return answers.answer(request, "bots", catalog)

    @app.get("/api/ratings", response_model=dict[str, Any], tags=["games"])
    def ratings(request: Request) -> Response:
        """The levels' rated strength from `contraband ladder`, as {game: {players: {level:
        {"rating", "interval"}}}}: an Elo-like rating and its 2-sigma half-width (docs/strength.md,
        "Ratings"). A game or player count without a ladder is absent."""
        from contraband.lab.ratings import packaged

        return answers.answer(request, "ratings", packaged)

    @app.get("/api/server", tags=["games"])
    def server_info() -> dict[str, Any]:
        """What this server offers: its version, and whether it sends "your turn" e-mail."""
        return {"version": contraband.__version__, "mail": app.state.mail is not None}

    @app.get("/api/clocks", response_model=dict[str, Any], tags=["games"])
    def clocks(request: Request) -> Response:
        """The game clocks a table may have, by mode: each preset's bank and credit per
        decision in seconds (null: no clock), and the preset a table gets by default."""
        from contraband.server.clock import DEFAULT_PRESET, PRESETS

        def build() -> dict[str, Any]:
            return {
                mode: {
                    "default": DEFAULT_PRESET[mode],
                    "presets": {n: None if c is None else c.to_dict() for n, c in presets.items()},
                }
                for mode, presets in PRESETS.items()
            }

        return answers.answer(request, "clocks", build)

    def game_id_of(game: str) -> str:
        try:
            return contraband.load(game).id
        except ValueError as error:
            raise Refused(404, str(error)) from None

    @app.get("/api/registry/{game}/variants", response_model=list[dict[str, Any]], tags=["games"])
    def game_variants(request: Request, game: Annotated[str, Path(max_length=64)]) -> Response:
        """The numbers a table's rule variant may change (``variant`` when creating a table):
        per number its key (a path into the game's data file), published value and what is
        allowed."""
        from contraband.core.variants import describe

        game_id = game_id_of(game)
        return answers.answer(request, ("variants", game_id), lambda: describe(game_id))

    @app.get("/api/registry/{game}/catalog", response_model=dict[str, Any], tags=["games"])
    def game_catalog(request: Request, game: Annotated[str, Path(max_length=64)]) -> Response:
        """A game's static components (cards, board spaces, tracks) with their sources."""
        game_id = game_id_of(game)
        return answers.answer(
            request, ("catalog", game_id), lambda: contraband.load(game_id).catalog()
        )

    @app.get("/api/registry/{game}/rules", response_model=dict[str, Any], tags=["games"])
    @app.get("/api/registry/{game}/design", response_model=dict[str, Any], tags=["games"])
    def game_rules(
        request: Request,
        game: Annotated[str, Path(max_length=64)],
        lang: Literal["en", "nl"] = "en",
    ) -> Response:
        """A game's rules page (``/rules``): sections with stable ids (HTML text, the drawings
        that illustrate them) and which section explains each action kind; or its design notes
        (``/design``: the decision log, designed numbers, simulation figures), the same shape.
        A language not written yet falls back to English (``lang`` says which came)."""
        from contraband.games import rules_book

        game_id = game_id_of(game)
        part = "design" if request.url.path.endswith("/design") else "rules"
        args = (game_id, lang) if part == "rules" else (game_id, lang, part)
        return answers.answer(request, (part, game_id, lang), lambda: rules_book.load_page(*args))

    @app.get("/api/registry/{game}/tutorial", response_model=dict[str, Any], tags=["games"])
    def game_tutorial(request: Request, game: Annotated[str, Path(max_length=64)]) -> Response:
        """A game's guided first game: the fixed deal, the learner's seat, the bots, and the
        steps (text in English and Dutch, the choice to try, the component to highlight)."""
        from contraband.games import tutorial

        def build() -> dict[str, Any]:
            try:
                return tutorial.load(game_id).to_dict()
            except ValueError as error:
                raise Refused(404, str(error)) from None

        game_id = game_id_of(game)
        return answers.answer(request, ("tutorial", game_id), build)

    @app.post("/api/games", status_code=201, response_model=models.Created, tags=["tables"])
    def create(request: models.Create, http: Request) -> dict[str, Any]:
        """Start a game: per seat 'human' or an agent spec (random, greedy, ismcts:...).

        The server draws the seed; ``seed`` is accepted only for a game with at most one human
        seat, which then says so (``seed_chosen``). A game is unlisted unless ``public``."""
        if not app.state.creations.take(limits.client_of(http.scope)):
            raise Refused(
                429,
                f"too many games created from this address: at most {policy.create_burst} at "
                f"once, then one every {policy.create_every:g} seconds",
                "too_many_tables",
                burst=policy.create_burst,
                every=policy.create_every,
            )
        made = tables.create(
            request.game,
            request.players,
            request.options,
            request.seats,
            request.seed,
            request.public,
            request.hints,
            request.mode,
            request.clock,
            request.names,
            variant=request.variant,
        )
        return models.created(made)

    @app.get("/api/games", response_model=list[models.Summary], tags=["tables"])
    def list_games(
        ids: Annotated[str | None, Query(max_length=2000)] = None,
        limit: Annotated[models.Whole, Query(ge=1, le=200)] = 50,
    ) -> list[dict[str, Any]]:
        """Public games on this server, newest first; ``ids`` (comma-separated) picks some."""
        chosen = None if ids is None else [i for i in ids.split(",") if i][:100]
        return tables.store.list_games(chosen, limit)

    @app.post("/api/games/mine", response_model=list[models.Summary], tags=["tables"])
    def my_games(request: models.Mine) -> list[dict[str, Any]]:
        """Summaries of the games whose token (seat, host or spectator) is given, those where
        it is the token's seat's turn first: each with the token's ``seat``, ``your_turn``
        and the seconds ``left`` on that seat's clock."""
        held: dict[str, int | None] = {}
        for item in request.games:
            try:
                held[item.id] = tables.viewer(item.id, item.token).seat
            except (Refused, NotFound):
                continue
        if not held:
            return []
        found = tables.store.list_games(list(held), 100, public_only=False)
        return mine.summaries(tables, found, held)

    @app.get("/api/games/{game_id}", tags=["tables"])
    def table(game_id: str, token: Token) -> dict[str, Any]:
        """The game as the token's seat sees it: view, own legal moves, log, result."""
        who = viewer(game_id, token)
        return tables.payload(tables.get(game_id), who.seat)

    @app.get("/api/games/{game_id}/log", tags=["tables"])
    def game_log(
        game_id: str, token: Token, since: Annotated[models.Whole, Query(ge=0, le=10**9)] = 0
    ) -> list[dict[str, Any]]:
        """The seat's log from entry ``since``."""
        who = viewer(game_id, token)
        return tables.get(game_id).state.log(who.seat, since=since)

    @app.get("/api/games/{game_id}/record", tags=["tables"])
    def record(game_id: str, token: Token) -> dict[str, Any]:
        """The seat's record; once the game is over, the complete record (seed included).
        ``seed_chosen``: the creator chose the seed (a game with at most one human seat)."""
        who = viewer(game_id, token)
        live = tables.get(game_id)
        return {**live.state.record(who.seat), "seed_chosen": live.row.seed_chosen}

    @app.get("/api/games/{game_id}/catalog", response_model=dict[str, Any], tags=["tables"])
    def table_catalog(request: Request, game_id: str, token: Token) -> Response:
        viewer(game_id, token)
        game = tables.get(game_id).row.game
        return answers.answer(request, ("catalog", game), lambda: contraband.load(game).catalog())

    @app.post("/api/games/{game_id}/actions", tags=["tables"])
    def act(game_id: str, move: models.Move, token: Token) -> dict[str, Any]:
        """Take an action by its label, with the version of the game it was chosen at.

        The answer is the seat's table right after this action, with only the log entries
        this action added; later moves (a bot's) come over the WebSocket."""
        seat = seat_of(game_id, token)
        live = tables.get(game_id)
        if live.agent(seat) is not None:
            raise Refused(
                409,
                f"a bot plays seat {seat} now: the host can hand it back",
                "bot_plays",
                seat=seat,
            )
        before = live.state.log_length
        return tables.payload(tables.act(game_id, seat, move.label, move.version), seat, before)

    @app.post("/api/games/{game_id}/explain", tags=["tables"])
    def explain(game_id: str, body: models.Explain, token: Token) -> dict[str, Any]:
        """Why the token's seat may or may not choose ``label`` now ("why not?"), in the
        game's words with the rules section it links to; told from that seat's view only."""
        who = viewer(game_id, token)
        return tables.get(game_id).state.explain(body.label, who.seat, body.lang)

    @app.post("/api/games/{game_id}/undo", tags=["tables"])
    def undo(game_id: str, body: models.Version, token: Token) -> dict[str, Any]:
        """Take back the seat's last decision, where nothing was revealed or drawn since."""
        seat = seat_of(game_id, token)
        return tables.payload(tables.undo(game_id, seat, body.version), seat)

    @app.post("/api/games/{game_id}/autoplay", tags=["tables"])
    def autoplay(game_id: str, body: models.Autoplay, token: Token) -> dict[str, Any]:
        """Opt in (or out) to having the seat's forced moves (a sole legal action) played."""
        seat = seat_of(game_id, token)
        return tables.payload(tables.set_seat(game_id, seat, autoplay=body.enabled), seat)

    seat_routes.register(app, tables)
    mail_routes.register(app, tables, app.state.mail)
    key_routes.register(app, tables, app.state.mail)
    coach_routes.register(app, tables)

    @app.websocket("/api/games/{game_id}/live")
    async def live(socket: WebSocket, game_id: str, token: str | None = None) -> None:
        await connection.serve(
            socket, game_id, (token or "")[:300] or None, tables, hub, policy, app.state.requests
        )
