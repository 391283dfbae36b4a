"""Player keys: one's games on every device, without an account.

A player key is a secret (a link the lobby shows once) that collects the seats of the games it
was used with. Each seat's token is kept sealed with the key itself, so the server can give the
seats back only to whoever holds the key, and a copy of the database opens none of them. Given
on another device, the key brings that browser every seat it holds.

A key may have an address (verified by a link, as a seat's): then the key can be mailed to it,
and a lost key replaced from it. A replacement is a new key; the old one stops working, and so
do the seat links it held (each seat gets a new token, sealed with the new key): whoever found
the old key or a link it gave out loses the seats with it.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Column, Float, Integer, String, Table, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from contraband.server import mail_store, sealing
from contraband.server import seats as tokens
from contraband.server.held import Keeper, NotFound, Refused
from contraband.server.schema import metadata

player_keys = Table(
    "player_keys",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("created", Float, nullable=False),
    Column("address", String(254), nullable=True),
    Column("lang", String(2), nullable=True),
    Column("verify_hash", String(64), nullable=True, unique=True),
    Column("verified", Float, nullable=True),
    Column("replace_hash", String(64), nullable=True, unique=True),
    Column("replace_until", Float, nullable=True),
)

key_seats = Table(
    "key_seats",
    metadata,
    Column("key_hash", String(64), primary_key=True),
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("sealed", String(200), nullable=False),
    Column("token_hash", String(64), nullable=False),  # the seat's token when it was kept
)

#: seats one key may hold, and how long a replacement link works (seconds)
MOST_SEATS = 500
REPLACE_FOR = 24 * 3600.0


def _pad(key: str) -> bytes:
    return key.encode()


def new_key(tables: Keeper) -> str:
    key = tokens.new_token()
    with tables.store.engine.begin() as db:
        db.execute(insert(player_keys).values(key_hash=tokens.token_hash(key), created=time.time()))
    return key


def known(db: Any, key: str) -> dict[str, Any]:
    """The key's row; 403 for a key that is not (or no longer) valid."""
    row = (
        db.execute(select(player_keys).where(player_keys.c.key_hash == tokens.token_hash(key)))
        .mappings()
        .first()
    )
    if row is None:
        raise Refused(
            403, "unknown player key: it was replaced, or never given by this server", "unknown_key"
        )
    return dict(row)


def keep(tables: Keeper, key: str, held: list[tuple[str, str]]) -> int:
    """Collect the seats of ``held`` (game id, token) under the key; how many it now holds
    of them (tokens that are not a seat's are passed over)."""
    seats = []
    for game_id, token in held:
        try:
            who = tables.viewer(game_id, token)
        except (Refused, NotFound):
            continue
        if who.seat is not None:
            seats.append((game_id, who.seat, token))
    with tables.store.engine.begin() as db:
        hashed = known(db, key)["key_hash"]
        count = db.execute(select(key_seats.c.game_id).where(key_seats.c.key_hash == hashed)).all()
        if len(count) + len(seats) > MOST_SEATS:
            raise Refused(
                409, f"a player key holds at most {MOST_SEATS} seats", "key_full", most=MOST_SEATS
            )
        for game_id, seat, token in seats:
            _put(db, hashed, key, game_id, seat, token)
    return len(seats)


def _put(db: Any, hashed: str, key: str, game_id: str, seat: int, token: str) -> None:
    sealed = sealing.seal(_pad(key), f"key:{game_id}:{seat}", token)
    where = (
        key_seats.c.key_hash == hashed,
        key_seats.c.game_id == game_id,
        key_seats.c.seat == seat,
    )
    db.execute(delete(key_seats).where(*where))
    db.execute(
        insert(key_seats).values(
            key_hash=hashed, game_id=game_id, seat=seat, sealed=sealed,
            token_hash=tokens.token_hash(token),
        )
    )  # fmt: skip


def seats_of(tables: Keeper, key: str) -> list[dict[str, Any]]:
    """The seats the key holds whose tokens still open them: game id, seat, token."""
    with tables.store.engine.connect() as db:
        hashed = known(db, key)["key_hash"]
        rows = db.execute(select(key_seats).where(key_seats.c.key_hash == hashed)).mappings().all()
    found = []
    for row in rows:
        token = sealing.unseal(_pad(key), f"key:{row['game_id']}:{row['seat']}", row["sealed"])
        if token is None:
            continue
        try:
            who = tables.viewer(row["game_id"], token)
        except (Refused, NotFound):
            continue  # the seat went to another person since
        if who.seat == row["seat"]:
            found.append({"id": row["game_id"], "seat": row["seat"], "token": token})
    return found


def set_address(tables: Keeper, key: str, address: str, lang: str) -> str:
    """Give the key an address to verify; the verification token (for the link)."""
    verify = tokens.new_token()
    with tables.store.engine.begin() as db:
        hashed = known(db, key)["key_hash"]
        db.execute(
            update(player_keys)
            .where(player_keys.c.key_hash == hashed)
            .values(
                address=address, lang=lang, verify_hash=tokens.token_hash(verify), verified=None
            )
        )
    return verify


def verify(tables: Keeper, token: str) -> bool:
    with tables.store.engine.begin() as db:
        done = db.execute(
            update(player_keys)
            .where(player_keys.c.verify_hash == tokens.token_hash(token))
            .values(verified=time.time())
        )
    return done.rowcount == 1


def verified_address(tables: Keeper, key: str) -> tuple[str, str] | None:
    with tables.store.engine.connect() as db:
        row = known(db, key)
    if row["verified"] is None or not row["address"]:
        return None
    return row["address"], row["lang"] or "en"


def ask_replacement(tables: Keeper, address: str) -> list[tuple[str, str]]:
    """A replacement token for each key verified at ``address`` (usually one), with its
    language: the links to mail. Nothing says whether the address is known."""
    out = []
    with tables.store.engine.begin() as db:
        rows = db.execute(
            select(player_keys.c.key_hash, player_keys.c.lang).where(
                player_keys.c.address == address, player_keys.c.verified.is_not(None)
            )
        ).all()
        for hashed, lang in rows:
            token = tokens.new_token()
            db.execute(
                update(player_keys)
                .where(player_keys.c.key_hash == hashed)
                .values(
                    replace_hash=tokens.token_hash(token), replace_until=time.time() + REPLACE_FOR
                )
            )
            out.append((token, lang or "en"))
    return out


def replace_key(tables: Keeper, token: str) -> str:
    """A new key for the one whose replacement link this is; the old key and the seat links it
    gave out stop working (each seat it held gets a new token under the new key)."""
    with tables.store.engine.begin() as db:
        row = (
            db.execute(
                select(player_keys).where(player_keys.c.replace_hash == tokens.token_hash(token))
            )
            .mappings()
            .first()
        )
        if row is None or (row["replace_until"] or 0) < time.time():
            raise Refused(
                404,
                "this replacement link is not (or no longer) valid: ask again",
                "replacement_invalid",
            )
        old = row["key_hash"]
        held = db.execute(
            select(key_seats.c.game_id, key_seats.c.seat, key_seats.c.token_hash).where(
                key_seats.c.key_hash == old
            )
        ).all()
        key = tokens.new_token()
        hashed = tokens.token_hash(key)
        try:
            db.execute(
                insert(player_keys).values(
                    key_hash=hashed, created=time.time(), address=row["address"],
                    lang=row["lang"], verified=row["verified"],
                )
            )  # fmt: skip
        except IntegrityError:  # (a new token never collides; the guard costs nothing)
            raise Refused(409, "try again", "try_again") from None
        db.execute(delete(key_seats).where(key_seats.c.key_hash == old))
        db.execute(delete(player_keys).where(player_keys.c.key_hash == old))
    server = sealing.server_key(tables.store.engine)
    for game_id, seat, kept_hash in held:
        try:
            live = tables.get(game_id, fresh=True)
        except NotFound:
            continue
        if live.row.seats[seat]["token_hash"] != kept_hash:
            continue  # the seat went to another person since: not the key's any more
        fresh = tokens.new_token()
        tables.reseat(game_id, {seat: {"token_hash": tokens.token_hash(fresh)}}, keep_contact=True)
        with tables.store.engine.begin() as db:
            _put(db, hashed, key, game_id, seat, fresh)
            db.execute(  # the seat's e-mail links lead to the new token
                update(mail_store.contacts)
                .where(mail_store.contacts.c.game_id == game_id, mail_store.contacts.c.seat == seat)
                .values(sealed=sealing.seal(server, f"seat:{game_id}:{seat}", fresh))
            )
    return key


def address_of(tables: Keeper, key: str) -> dict[str, Any]:
    """The key's address as its holder may see it: masked, and whether it is verified."""
    with tables.store.engine.connect() as db:
        row = known(db, key)
    address = row["address"]
    if not address:
        return {"address": None, "verified": False}
    return {"address": mail_store.masked(address), "verified": row["verified"] is not None}


def forget(tables: Keeper, key: str, game_id: str) -> int:
    """Drop the key's seats at ``game_id``; how many it held there."""
    with tables.store.engine.begin() as db:
        hashed = known(db, key)["key_hash"]
        done = db.execute(
            delete(key_seats).where(key_seats.c.key_hash == hashed, key_seats.c.game_id == game_id)
        )
    return done.rowcount
