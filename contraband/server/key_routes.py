"""The routes of player keys (``contraband.server.keys``): make one, keep seats with it, find
them on another device, give it an address, have it mailed, replace a lost one."""

from __future__ import annotations

import html
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from pydantic import Field

from contraband.server import keys, mail_store, mine, models, notices
from contraband.server.held import Refused
from contraband.server.mail_routes import (
    ADDRESS,
    TokenPath,
    checked_address,
    confirm,
    limited,
    page,
)
from contraband.server.mailer import MailSettings
from contraband.server.tables import Tables

KeyText = Field(min_length=20, max_length=100, pattern=r"^[A-Za-z0-9_-]+$")


class Key(models.Strict):
    key: str = KeyText


class Keep(models.Strict):
    key: str = KeyText
    games: list[models.Held] = Field(max_length=100)


class KeyAddress(models.Strict):
    key: str = KeyText
    address: str = Field(max_length=254)
    lang: Literal["en", "nl"] = "en"


class Forget(models.Strict):
    key: str = KeyText
    id: str = Field(max_length=32)


class Lost(models.Strict):
    address: str = Field(max_length=254)


def register(app: FastAPI, tables: Tables, settings: MailSettings | None) -> None:
    def needs_mail() -> MailSettings:
        if settings is None:
            raise Refused(
                409, "this server sends no e-mail (its operator has not set it up)", "no_mail"
            )
        return settings

    def mail(dedupe: str, address: str, lang: str, key: str, **values: Any) -> None:
        site = needs_mail().public_url
        subject = notices.say(lang, f"{key}.subject")
        body = notices.say(lang, f"{key}.body", site=site, **values)
        with tables.store.engine.begin() as db:
            mail_store.queue(db, dedupe, address, subject, body, "{}")
        app.state.mailer_poke()

    @app.post("/api/keys", status_code=201, tags=["keys"])
    def make_key(http: Request) -> dict[str, str]:
        """A new player key: a secret shown once. Keep seats with it, and open its link on
        another device to find them there."""
        limited(app, http)
        key = keys.new_key(tables)
        return {"key": key, "link": f"/me#key={key}"}

    @app.post("/api/keys/keep", tags=["keys"])
    def keep(body: Keep) -> dict[str, int]:
        """Collect these seats (game id and seat token) under the key."""
        return {"kept": keys.keep(tables, body.key, [(g.id, g.token) for g in body.games])}

    @app.post("/api/keys/games", tags=["keys"])
    def games(body: Key) -> list[dict[str, Any]]:
        """The seats the key holds, one entry each (with its token and link) with its game's
        summary, the player's turns first."""
        held = keys.seats_of(tables, body.key)
        if not held:
            return []
        found = tables.store.list_games([h["id"] for h in held], 500, public_only=False)
        by_id = {summary["id"]: summary for summary in found}
        listed = []
        for seat in held:
            if seat["id"] not in by_id:
                continue
            entry = mine.summaries(tables, [by_id[seat["id"]]], {seat["id"]: seat["seat"]})
            token = seat["token"]
            for one in entry:
                one.update(token=token, link=f"/table/{seat['id']}#token={token}")
            listed += entry
        listed.sort(key=lambda s: (not s["your_turn"], -s["updated"]))
        return listed

    @app.post("/api/keys/status", tags=["keys"])
    def status(body: Key) -> dict[str, Any]:
        """The key's address (masked) and whether it is verified, and whether this server
        sends e-mail at all."""
        return {**keys.address_of(tables, body.key), "mail": settings is not None}

    @app.post("/api/keys/forget", tags=["keys"])
    def forget(body: Forget) -> dict[str, int]:
        """Let the key forget the seats it holds at a game (the seats' links still work)."""
        return {"forgotten": keys.forget(tables, body.key, body.id)}

    @app.post("/api/keys/email", status_code=202, tags=["keys"])
    def key_address(body: KeyAddress, http: Request) -> dict[str, str]:
        """Give the key an address: a link to verify it is sent there. Once verified, the key
        can be mailed to it and replaced from it."""
        site = needs_mail().public_url
        address = checked_address(body.address)
        limited(app, http)
        token = keys.set_address(tables, body.key, address, body.lang)
        link = f"{site}/mail/key/{token}"
        mail(f"key-verify:{token[:24]}", address, body.lang, "key.verify", link=link)
        return {"status": "a link to verify the address was sent to it"}

    @app.post("/api/keys/send", status_code=202, tags=["keys"])
    def send_key(body: Key, http: Request) -> dict[str, str]:
        """Mail the key's link to its verified address."""
        found = keys.verified_address(tables, body.key)
        if found is None:
            raise Refused(409, "this key has no verified address", "key_no_address")
        limited(app, http)
        address, lang = found
        link = f"{settings.public_url if settings else ''}/me#key={body.key}"
        mail(
            f"key-send:{body.key[:12]}:{http.scope.get('client')}",
            address,
            lang,
            "key.send",
            link=link,
        )
        return {"status": "sent to the key's address"}

    @app.post("/api/keys/replace", status_code=202, tags=["keys"])
    def replace(body: Lost, http: Request) -> dict[str, str]:
        """Lost a key: if a key is verified at this address, a link to replace it is mailed
        there (the answer is the same either way: it tells nobody whose address is known)."""
        limited(app, http)
        address = body.address.strip()
        if ADDRESS.fullmatch(address) and settings is not None:
            for token, lang in keys.ask_replacement(tables, address):
                link = f"{settings.public_url}/mail/replace/{token}"
                mail(f"key-replace:{token[:24]}", address, lang, "key.replace", link=link)
        return {"status": "if a key is verified at this address, a link was sent to it"}

    @app.get("/mail/key/{token}", include_in_schema=False)
    def verify_key(token: str = TokenPath) -> HTMLResponse:
        if not keys.verify(tables, token):
            return page("This link is not (or no longer) valid.", 404)
        return page("The address of your player key is confirmed. / Het adres is bevestigd.")

    @app.get("/mail/replace/{token}", include_in_schema=False)
    def replace_page(token: str = TokenPath) -> HTMLResponse:
        return confirm(
            token,
            "Replace your player key? The old one stops working.",
            "Make a new key / Maak een nieuwe sleutel",
        )

    @app.post("/mail/replace/{token}", include_in_schema=False)
    def replace_now(http: Request, token: str = TokenPath) -> HTMLResponse:
        key = keys.replace_key(tables, token)
        root = str(http.scope.get("root_path") or "")
        link = html.escape(f"{root}/me#key={key}")
        return page(
            "Your new player key: open this link on each of your devices (and keep it to "
            "yourself).",
            body=f'<p><a href="{link}">{link}</a></p>',
        )
