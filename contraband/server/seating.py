"""Who may play a seat: handing a human's seat to a bot, and back to a person.

A host must not be able to take a seat from a player who is still at the table. So the host may
hand a human seat to a bot only once its player has been away (no request and no live
connection) for ``Policy.abandon_after`` seconds, or when the player asks for it themselves
(their own seat token). The host may hand a bot's seat back to a person at any time: the seat
gets a new secret link (the old one no longer works), which the answer carries.
"""

from __future__ import annotations

import time
from typing import Any

from contraband.server import seats as tokens
from contraband.server.held import Keeper, Live, Refused
from contraband.server.policy import Policy, SpecRefused, check_bot


def gone(info: dict[str, Any], policy: Policy, created: float = 0.0) -> bool:
    """Whether a human seat's player has been away long enough to be replaced."""
    if info["agent"] is not None:
        return False
    heard = info.get("last_seen") or created
    return time.time() - heard >= policy.abandon_after


def hand_to_bot(
    tables: Keeper, table_id: str, seat: int, agent: str, viewer: tokens.Viewer
) -> Live:
    live = tables.get(table_id)
    _check_seat(live, seat)
    own = viewer.seat == seat
    if not own and not viewer.host:
        raise Refused(403, "only the host's link, or the seat's own player, may hand it to a bot")
    info = live.row.seats[seat]
    if not own and not gone(info, tables.policy, live.row.created):
        raise Refused(
            409,
            f"seat {seat}'s player is still at the table: the host may hand a seat to a bot "
            f"once its player has been away for {tables.policy.abandon_after:g} seconds, or "
            "the player may do it from their own seat",
        )
    try:
        check_bot(agent, tables.policy)
    except SpecRefused as error:
        raise Refused(422, f"agent: {error}") from None
    return tables.set_seat(table_id, seat, agent=agent)


def hand_to_human(tables: Keeper, table_id: str, seat: int, viewer: tokens.Viewer) -> str:
    """Make a bot's seat a human one again; the seat's new secret token (every connection
    opened with its old one is closed: ``live.Hub``).

    A table whose deal its creator chose (``seed_chosen``) never gets a person this way: the
    creator knows every hidden card of it, so the new player would play against someone who
    sees their hand. A table with a second human loses its hints for good."""
    if not viewer.host:
        raise Refused(403, "only the host's link may hand a seat back to a person")
    live = tables.get(table_id)
    _check_seat(live, seat)
    if live.row.seats[seat]["agent"] is None:
        raise Refused(409, f"seat {seat} is already played by a person")
    if live.row.seed_chosen and not tables.policy.trusted_seeds:
        raise Refused(
            409,
            "this table's deal was chosen by its creator (a seed): whoever knows the seed knows "
            "every hidden card, so no seat of it may go to a person while it runs; start a new "
            "game (the server deals it) to play with people",
        )
    token = tokens.new_token()
    tables.set_seat(
        table_id,
        seat,
        agent=None,
        token_hash=tokens.token_hash(token),
        autoplay=False,
        last_seen=time.time(),
    )
    return token


def _check_seat(live: Live, seat: int) -> None:
    if not 0 <= seat < live.row.players:
        raise Refused(422, f"seat: must be 0..{live.row.players - 1}, got {seat}")
