"""E-mail at the web table: a seat's address (verified by a link sent to it before anything
else), and the pages its messages link to (verify, unsubscribe in one click).

An address is shown to nobody but its own seat, and then only masked; it belongs to the seat's
player, so it is forgotten when the seat goes to another person.
"""

from __future__ import annotations

import html
import re
from typing import Any, Literal

from fastapi import FastAPI, Path, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

import contraband
from contraband.server import limits, mail_store, models, notices, sealing
from contraband.server import seats as tokens
from contraband.server.auth import Token
from contraband.server.held import Refused
from contraband.server.mailer import MailSettings
from contraband.server.tables import Tables

#: an address we send to: one @, no spaces or line breaks (nothing that could reach a header)
ADDRESS = re.compile(r"[^@\s<>\"',;]{1,64}@[A-Za-z0-9.-]{1,189}\.[A-Za-z]{2,24}")


def checked_address(text: str) -> str:
    """The address as given, trimmed; refused unless it is one e-mail address."""
    address = text.strip()
    if not ADDRESS.fullmatch(address):
        raise Refused(422, "address: give one e-mail address, such as ann@example.org", "address")
    return address


def limited(app: FastAPI, http: Request) -> None:
    """Spend one of the requesting address's allowance (the same as for creating games), or
    refuse."""
    if not app.state.creations.take(limits.client_of(http.scope)):
        raise Refused(429, "too many requests from this address: try again in a while", "too_many")


TokenPath = Path(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")


class Email(models.Strict):
    address: str | None = Field(max_length=254, description="the address; null forgets it")
    lang: Literal["en", "nl"] = "en"


def register(app: FastAPI, tables: Tables, settings: MailSettings | None) -> None:
    def seat_of(game_id: str, token: str | None) -> int:
        who = tables.viewer(game_id, token)
        if who.seat is None:
            raise Refused(403, "only a player's own seat link may do this", "seat_link_only")
        return who.seat

    def needs_mail() -> MailSettings:
        if settings is None:
            raise Refused(
                409,
                "this server sends no e-mail (its operator has not set CONTRABAND_SMTP_URL)",
                "no_mail",
            )
        return settings

    @app.get("/api/games/{game_id}/email", tags=["mail"])
    def read_address(game_id: str, token: Token) -> dict[str, Any]:
        """The seat's address, masked, and whether it is verified and subscribed."""
        seat = seat_of(game_id, token)
        with tables.store.engine.connect() as db:
            found = mail_store.contact(db, game_id, seat)
        if found is None:
            return {"address": None, "verified": False, "subscribed": False, "mail": bool(settings)}
        return {
            "address": mail_store.masked(found["address"]),
            "verified": found["verified"] is not None,
            "subscribed": found["unsubscribed"] is None,
            "mail": bool(settings),
        }

    @app.post("/api/games/{game_id}/email", status_code=202, tags=["mail"])
    def set_address(game_id: str, body: Email, token: Token, http: Request) -> dict[str, Any]:
        """Ask for "your turn" e-mail at a turn-based table: a message with a link to verify
        the address is sent to it, and nothing else until it is followed. ``null`` forgets
        the address."""
        chosen = needs_mail()
        seat = seat_of(game_id, token)
        live = tables.get(game_id)
        if body.address is None:
            with tables.store.engine.begin() as db:
                mail_store.set_contact(db, game_id, seat, None)
            return {"address": None, "verified": False, "subscribed": False, "mail": True}
        if live.row.mode != "turn":
            raise Refused(409, "e-mail is sent at turn-based tables only", "mail_turn_only")
        address = checked_address(body.address)
        limited(app, http)
        key = sealing.server_key(tables.store.engine)
        verify, unsubscribe = tokens.new_token(), tokens.new_token()
        values = {
            "address": address,
            "lang": body.lang,
            "sealed": sealing.seal(key, f"seat:{game_id}:{seat}", token or ""),
            "verify_hash": tokens.token_hash(verify),
            "unsubscribe_hash": tokens.token_hash(unsubscribe),
            "unsubscribe_sealed": sealing.seal(key, f"unsub:{game_id}:{seat}", unsubscribe),
        }
        public = live.state.view(None)
        title = contraband.load(live.row.game).info.title
        subject = notices.say(body.lang, "verify.subject", title=title)
        text = notices.say(
            body.lang,
            "verify.body",
            seat=notices.seat_label(public, live.row, seat),
            title=title,
            site=chosen.public_url,
            link=f"{chosen.public_url}/mail/verify/{verify}",
        )
        with tables.store.engine.begin() as db:
            mail_store.set_contact(db, game_id, seat, values)
            mail_store.queue(db, f"verify:{values['verify_hash']}", address, subject, text, "{}")
        app.state.mailer_poke()
        return {
            "address": mail_store.masked(address),
            "verified": False,
            "subscribed": True,
            "mail": True,
        }

    @app.get("/mail/verify/{token}", include_in_schema=False)
    def verify(token: str = TokenPath) -> HTMLResponse:
        with tables.store.engine.begin() as db:
            found = mail_store.by_hash(db, "verify_hash", tokens.token_hash(token))
            if found is None:
                return page("This link is not (or no longer) valid.", 404)
            mail_store.change(db, found["game_id"], found["seat"], verified=tables.now())
        return page(
            "Your address is confirmed: you will get an e-mail when it is your turn. Every "
            "message has a link to stop them. / Je adres is bevestigd."
        )

    @app.get("/mail/unsubscribe/{token}", include_in_schema=False)
    def unsubscribe_page(token: str = TokenPath) -> HTMLResponse:
        return confirm(
            token, "Stop the e-mails of this game?", "Stop these e-mails / Stop deze e-mails"
        )

    @app.post("/mail/unsubscribe/{token}", include_in_schema=False)
    def unsubscribe(token: str = TokenPath) -> HTMLResponse:
        """One click, also from a mail program (RFC 8058's List-Unsubscribe-Post)."""
        with tables.store.engine.begin() as db:
            found = mail_store.by_hash(db, "unsubscribe_hash", tokens.token_hash(token))
            if found is None:
                return page("This link is not (or no longer) valid.", 404)
            mail_store.change(db, found["game_id"], found["seat"], unsubscribed=tables.now())
        return page("Done: no more e-mail about this game. / Klaar: geen e-mail meer.")


def confirm(token: str, question: str, button: str) -> HTMLResponse:
    """A page asking ``question`` with one button that POSTs back to its own link (a mail
    program's preview fetching the link changes nothing)."""
    form = (
        f'<form method="post" action="{html.escape(token)}"><button type="submit">'
        f"{html.escape(button)}</button></form>"
    )
    return page(question, body=form)


def page(message: str, status: int = 200, body: str = "") -> HTMLResponse:
    text = (
        '<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" '
        'content="width=device-width"><title>contraband</title><main style="font-family:'
        f'sans-serif;max-width:34em;margin:3em auto"><p>{html.escape(message)}</p>{body}</main>'
    )
    return HTMLResponse(text, status_code=status)
