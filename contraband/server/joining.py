"""Open seats: a public table that waits for players, whoever joins from the lobby.

A table created with ``open`` seats is dealt (by the server's own seed) but does not begin: no
decision is asked and no clock runs until the last open seat is taken, or its host starts it
with bots in the seats still open. ``join`` takes the first open seat for the asker and gives
them that seat's secret link; a browser that already holds a seat of the table (it sends that
token) is refused a second. A seat kept for one player (a rematch's) is taken only with that
player's token of the old table (``contraband.server.rematch``).
"""

from __future__ import annotations

from typing import Any

from contraband.core.variants import changed_numbers
from contraband.server import seats as tokens
from contraband.server.held import Keeper, Live, NotFound, Refused
from contraband.server.names import BadName, check_unique, clean
from contraband.server.policy import SpecRefused, check_bot
from contraband.server.seats import Viewer

#: the bot that fills the open seats of a table its host starts early, unless it names another
FILL = "medium"


def is_open(info: dict[str, Any]) -> bool:
    """A seat nobody has taken yet: no bot, no player's token."""
    return info["agent"] is None and not info["token_hash"]


def join(tables: Keeper, table_id: str, name: str | None, held: Viewer | None) -> dict[str, Any]:
    """Take the first open seat (not one kept for another player); its seat and token."""
    live = tables.get(table_id, fresh=True)
    if live.row.status != "open" or not live.row.public:
        raise Refused(409, "this table is not looking for players", "not_looking")
    if held is not None and held.seat is not None:
        raise Refused(
            409, f"you have seat {held.seat} at this table already", "seat_held", seat=held.seat
        )
    free = [s for s in live.row.seats if is_open(s) and not s.get("reserved_hash")]
    if not free:
        raise Refused(409, "every seat of this table is taken", "table_full")
    seat = free[0]["seat"]
    values = _taken(live, seat, name)
    token = tokens.new_token()
    values["token_hash"] = tokens.token_hash(token)
    _fill(tables, live, {seat: values})
    return link(table_id, seat, token)


def link(table_id: str, seat: int, token: str) -> dict[str, Any]:
    """A seat's answer: the table, the seat, its token and its secret link."""
    return {
        "id": table_id,
        "seat": seat,
        "token": token,
        "link": f"/table/{table_id}#token={token}",
    }


def start(tables: Keeper, table_id: str, viewer: Viewer, agent: str | None) -> Live:
    """The host begins an open table now, a bot (``agent``, else ``FILL``) in each open seat."""
    if not viewer.host:
        raise Refused(
            403,
            "only the host's link may start the table before every seat is taken",
            "host_starts",
        )
    live = tables.get(table_id, fresh=True)
    if live.row.status != "open":
        raise Refused(409, "this table is not waiting for players", "not_waiting")
    spec = agent or FILL
    try:
        check_bot(spec, tables.policy)
    except SpecRefused as error:
        raise Refused(422, f"agent: {error}") from None
    changes = {
        s["seat"]: {"agent": spec, "reserved_hash": None, "bank": None}
        for s in live.row.seats
        if is_open(s)
    }
    return tables.reseat(table_id, changes, status="running", expected=live.version)


def open_tables(tables: Keeper, limit: int) -> list[dict[str, Any]]:
    """The public tables looking for players, newest first: game, mode and clock, options,
    seats taken and open, the names chosen so far."""
    found = []
    for table_id in tables.store.open_ids(limit):
        try:
            row = tables.get(table_id).row
        except NotFound:
            continue
        if row.status != "open" or not any(
            is_open(s) and not s.get("reserved_hash") for s in row.seats
        ):
            continue  # begun meanwhile, or every open seat kept for a rematch's players
        found.append(
            {
                "id": row.id,
                "game": row.game,
                "players": row.players,
                "options": row.options,
                # a joiner sees the rule variant before taking a seat
                "variant": changed_numbers(row.game, row.variant),
                "mode": row.mode,
                "clock": None
                if row.clock_bank is None
                else {"bank": row.clock_bank, "credit": row.clock_credit},
                "open_until": row.open_until,
                "seats": [
                    {
                        "seat": s["seat"],
                        "bot": s["agent"],
                        "open": is_open(s) and not s.get("reserved_hash"),
                        "name": s.get("name"),
                    }
                    for s in row.seats
                ],
                "created": row.created,
            }
        )
    return found


def _taken(live: Live, seat: int, name: str | None) -> dict[str, Any]:
    values: dict[str, Any] = {"reserved_hash": None}
    if name is not None:
        try:
            cleaned = clean(name)
            check_unique(cleaned, [s.get("name") for s in live.row.seats if s["seat"] != seat])
        except BadName as error:
            raise error.refusal() from None
        values["name"] = cleaned
    return values


def _fill(tables: Keeper, live: Live, changes: dict[int, dict[str, Any]]) -> Live:
    """Give seats their players; the table begins once no seat is open."""
    left = [s for s in live.row.seats if is_open(s) and s["seat"] not in changes]
    status = "running" if not left else None
    return tables.reseat(live.row.id, changes, status=status, expected=live.version)


def take_reserved(tables: Keeper, table_id: str, seat: int, name: str | None) -> str:
    """The seat kept for one player (a rematch), now theirs: its new token."""
    live = tables.get(table_id, fresh=True)
    info = live.row.seats[seat]
    if info["agent"] is not None:
        raise Refused(
            409, f"seat {seat} of the rematch is played by a bot", "rematch_bot", seat=seat
        )
    values: dict[str, Any] = {"reserved_hash": None}
    if name is not None and not info.get("name"):
        values = _taken(live, seat, name)
    token = tokens.new_token()
    values["token_hash"] = tokens.token_hash(token)
    if is_open(info) and live.row.status == "open":
        _fill(tables, live, {seat: values})
    else:  # taken before (another device, a lost link): a new link; the old one ends
        tables.reseat(table_id, {seat: values}, expected=live.version)
    return token
