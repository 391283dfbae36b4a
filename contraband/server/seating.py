"""Who may play a seat: handing a human's seat to a bot, and back to a person.

Nobody may take a seat from a player who is still playing. So another player at the table (or
the host) may hand a human seat to a bot only once its player has run out of time on the
table's clock, or, at a live table, has been away (no request and no live connection) for
``Policy.abandon_after`` seconds; the player may always do it themselves (their own seat
token), and take the seat back later from the same link (the bot's moves stand). The host may
hand a bot's seat to another person at any time: the seat gets a new secret link (the old one
no longer works), which the answer carries.
"""

from __future__ import annotations

import time
from typing import Any

from contraband.server import clock
from contraband.server import seats as tokens
from contraband.server.held import Keeper, Live, Refused
from contraband.server.names import BadName, check_unique, clean
from contraband.server.policy import Policy, SpecRefused, check_bot
from contraband.server.store import GameRow


def gone(info: dict[str, Any], policy: Policy, row: GameRow, now: float | None = None) -> bool:
    """Whether a human seat's player may be replaced by a bot: out of time on the table's
    clock, or (at a live table) away for ``policy.abandon_after`` seconds."""
    if info["agent"] is not None or not info["token_hash"]:
        return False  # a bot, or an open seat nobody has taken
    now = time.time() if now is None else now
    left = clock.left(info, now)
    if info.get("out_of_time") is not None or (left is not None and left <= 0):
        return True
    if row.mode != "live":
        return False  # a turn-based player is away most of the time: only the clock counts
    heard = info.get("last_seen") or row.created
    return now - heard >= policy.abandon_after


def hand_to_bot(
    tables: Keeper, table_id: str, seat: int, agent: str, viewer: tokens.Viewer
) -> Live:
    live = tables.get(table_id)
    _check_seat(live, seat)
    own = viewer.seat == seat
    if not own and not viewer.host and viewer.seat is None:
        raise Refused(
            403,
            "only a player at the table, the host, or the seat's own player may do this",
            "seat_who",
        )
    info = live.row.seats[seat]
    if info["agent"] is not None:
        raise Refused(409, f"seat {seat} is played by a bot already", "seat_bot_already", seat=seat)
    if not own and not gone(info, tables.policy, live.row, tables.now()):
        reason = (
            f"once its player has been away for {tables.policy.abandon_after:g} seconds or "
            "has run out of time"
            if live.row.mode == "live"
            else "once its player has run out of time on the table's clock"
        )
        raise Refused(
            409,
            f"seat {seat}'s player is still at the table: another player may hand a seat to a "
            f"bot {reason}, or the player may do it from their own seat",
            f"seat_here_{live.row.mode}",
            seat=seat,
            **({"after": tables.policy.abandon_after} if live.row.mode == "live" else {}),
        )
    try:
        check_bot(agent, tables.policy)
    except SpecRefused as error:
        raise Refused(422, f"agent: {error}") from None
    return tables.set_seat(table_id, seat, agent=agent)


def take_back(tables: Keeper, table_id: str, seat: int, viewer: tokens.Viewer) -> Live:
    """The seat's own player takes it back from the bot that played it (its moves stand)."""
    if viewer.seat != seat:
        raise Refused(403, "only the seat's own link may take it back", "take_back_own")
    live = tables.get(table_id)
    if live.row.seats[seat]["agent"] is None:
        raise Refused(409, f"seat {seat} is yours already", "seat_yours", seat=seat)
    return tables.set_seat(table_id, seat, agent=None, autoplay=False, **_fresh_clock(live, seat))


def hand_to_human(tables: Keeper, table_id: str, seat: int, viewer: tokens.Viewer) -> str:
    """Make a bot's seat a human one again; the seat's new secret token (every connection
    opened with its old one is closed: ``live.Hub``).

    A table whose deal its creator chose (``seed_chosen``) never gets a person this way: the
    creator knows every hidden card of it, so the new player would play against someone who
    sees their hand. A table with a second human loses its hints for good."""
    if not viewer.host:
        raise Refused(
            403, "only the host's link may hand a seat back to a person", "host_hands_back"
        )
    live = tables.get(table_id)
    _check_seat(live, seat)
    if live.row.seats[seat]["agent"] is None:
        raise Refused(409, f"seat {seat} is already played by a person", "seat_person", seat=seat)
    if live.row.seed_chosen and not tables.policy.trusted_seeds:
        raise Refused(
            409,
            "this table's deal was chosen by its creator (a seed): whoever knows the seed knows "
            "every hidden card, so no seat of it may go to a person while it runs; start a new "
            "game (the server deals it) to play with people",
            "seed_chosen",
        )
    token = tokens.new_token()
    tables.set_seat(
        table_id,
        seat,
        agent=None,
        token_hash=tokens.token_hash(token),
        autoplay=False,
        last_seen=tables.now(),
        name=None,  # the new player names themselves
        **_fresh_clock(live, seat),
    )
    return token


def _fresh_clock(live: Live, seat: int) -> dict[str, Any]:
    """A seat that a person takes (back) from a bot: its clock as the bot left it, but never
    out of time (at least one decision's credit)."""
    spec = clock.spec_of(live.row)
    info = live.row.seats[seat]
    if spec is None:
        return {}
    bank = info.get("bank")
    return {"bank": max(bank if bank is not None else spec.bank, spec.credit), "out_of_time": None}


def _check_seat(live: Live, seat: int) -> None:
    if not 0 <= seat < live.row.players:
        raise Refused(422, f"seat: must be 0..{live.row.players - 1}, got {seat}")


def rename(tables: Keeper, table_id: str, seat: int, name: str) -> Live:
    """The seat's display name, chosen by its player."""
    live = tables.get(table_id)
    try:
        name = clean(name)
        check_unique(name, [s.get("name") for s in live.row.seats if s["seat"] != seat])
    except BadName as error:
        raise error.refusal() from None
    return tables.set_seat(table_id, seat, name=name)
