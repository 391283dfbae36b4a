"""The routes that change who sits where: handing seats to bots and back, names, open seats
(joining, starting early, the lobby's list of tables looking for players) and rematches."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import FastAPI, Path, Query, Request

from contraband.server import joining, limits, models, rematch, seating
from contraband.server.auth import Token
from contraband.server.held import NotFound, Refused
from contraband.server.tables import Tables


def register(app: FastAPI, tables: Tables) -> None:
    policy = tables.policy

    viewer, seat_of = tables.present, tables.seat_of

    @app.post("/api/games/{game_id}/seats/{seat}/bot", tags=["tables"])
    def hand_to_bot(
        game_id: str,
        seat: Annotated[models.Whole, Path(ge=0, le=8)],
        body: models.Agent,
        token: Token,
    ) -> dict[str, Any]:
        """Hand a seat to a bot: by its own player, or by the host once its player has been
        away for the server's set time (see the README's "Seats and bots")."""
        who = viewer(game_id, token)
        return tables.payload(seating.hand_to_bot(tables, game_id, seat, body.agent, who), who.seat)

    @app.post(
        "/api/games/{game_id}/seats/{seat}/human", response_model=models.Reseated, tags=["tables"]
    )
    def hand_to_human(
        game_id: str, seat: Annotated[models.Whole, Path(ge=0, le=8)], token: Token
    ) -> dict[str, Any]:
        """The host hands a bot's seat to a person: the seat's new link (the old one ends)."""
        who = viewer(game_id, token)
        new = seating.hand_to_human(tables, game_id, seat, who)
        return joining.link(game_id, seat, new)

    @app.post("/api/games/{game_id}/seats/{seat}/back", tags=["tables"])
    def take_back(
        game_id: str, seat: Annotated[models.Whole, Path(ge=0, le=8)], token: Token
    ) -> dict[str, Any]:
        """The seat's own player takes it back from the bot that played it (from their link;
        the bot's moves stand)."""
        who = viewer(game_id, token)
        return tables.payload(seating.take_back(tables, game_id, seat, who), who.seat)

    @app.post("/api/games/{game_id}/name", tags=["tables"])
    def name_seat(game_id: str, body: models.Name, token: Token) -> dict[str, Any]:
        """The token's seat's display name (1 to 24 characters, unique at the table). A name
        is shown to everyone at the table and proves nothing."""
        seat = seat_of(game_id, token)
        return tables.payload(seating.rename(tables, game_id, seat, body.name), seat)

    @app.get("/api/tables/open", tags=["tables"])
    def open_tables(
        limit: Annotated[models.Whole, Query(ge=1, le=100)] = 50,
    ) -> list[dict[str, Any]]:
        """Public tables looking for players, newest first: game, mode, clock, options, seats
        (taken by whom, by a bot, or open)."""
        return joining.open_tables(tables, limit)

    @app.post("/api/games/{game_id}/join", response_model=models.Reseated, tags=["tables"])
    def join(game_id: str, body: models.Join, token: Token, http: Request) -> dict[str, Any]:
        """Take an open seat of a public table: its secret link. Refused to a browser that
        holds a seat of the table already (it sends that seat's token); limited per address
        like creating a game."""
        held = None
        if token:
            try:
                held = tables.viewer(game_id, token)
            except (Refused, NotFound):
                held = None
        if not app.state.creations.take(limits.client_of(http.scope)):
            raise Refused(
                429,
                f"too many games created or joined from this address: at most "
                f"{policy.create_burst} at once, then one every {policy.create_every:g} seconds",
                "too_many_tables",
                burst=policy.create_burst,
                every=policy.create_every,
            )
        return joining.join(tables, game_id, body.name, held)

    @app.post("/api/games/{game_id}/start", tags=["tables"])
    def start(game_id: str, body: models.Start, token: Token) -> dict[str, Any]:
        """The host begins a table that waits for players now, a bot in each open seat."""
        who = viewer(game_id, token)
        return tables.payload(joining.start(tables, game_id, who, body.agent), who.seat)

    @app.post("/api/games/{game_id}/rematch", response_model=models.Reseated, tags=["tables"])
    def ask_rematch(game_id: str, body: models.Join, token: Token) -> dict[str, Any]:
        """The token's player's seat at this finished table's rematch (created by the first to
        ask): the new table's id and the seat's new secret link."""
        who = viewer(game_id, token)
        return rematch.rematch(tables, game_id, who, body.name)
