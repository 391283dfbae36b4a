"""Rematch: at a finished table, the same players again at a new game of the same game and
options, the first seat moved on by one (each player's new seat is their old seat minus one,
so whoever sat second now begins).

The first player to ask creates the new table, with a fresh deal by the server's own seed: each
bot keeps its level, each human seat is kept for its player, who takes it from their own link
at the old table (the answer carries their new link; asking again from the old link gives a
new one). It begins once every kept seat is taken, or when its host (the old table's host link
works for it) starts it with bots in the seats still open.
"""

from __future__ import annotations

from typing import Any

from contraband.server.creation import create_table
from contraband.server.held import Keeper, Refused
from contraband.server.joining import link, take_reserved
from contraband.server.seats import Viewer


def new_seat(old: int, players: int) -> int:
    """Where the player of ``old`` sits at the rematch."""
    return (old - 1) % players


def rematch(tables: Keeper, table_id: str, viewer: Viewer, name: str | None = None) -> dict:
    """The asking seat's place at the rematch of ``table_id``: the new table's id, the seat
    and its new secret link."""
    if viewer.seat is None:
        raise Refused(403, "a rematch is asked for from a player's own link", "rematch_own_link")
    live = tables.get(table_id, fresh=True)
    if live.row.status not in ("over", "abandoned"):
        raise Refused(409, "a rematch is offered once the game is over", "rematch_not_over")
    new_id = live.row.rematch or _create(tables, table_id)
    seat = new_seat(viewer.seat, live.row.players)
    token = take_reserved(tables, new_id, seat, name or live.row.seats[viewer.seat].get("name"))
    return link(new_id, seat, token)


def _create(tables: Keeper, table_id: str) -> str:
    """The new table (once: of two players asking at once, the second finds the first's)."""
    live = tables.get(table_id)
    row = live.row
    count = row.players
    old = sorted(row.seats, key=lambda s: new_seat(s["seat"], count))
    # a person's seat (a token: also one its player handed to a bot) is kept for them
    specs = ["open" if s["token_hash"] else s["agent"] for s in old]
    names = [s.get("name") if s["token_hash"] else None for s in old]
    clock_name = _preset_of(row)
    made = create_table(
        tables, row.game, count, dict(row.options), specs, None, row.public, tables.policy,
        None, row.mode, clock_name, names, tables.now(), kept=True, variant=row.variant,
    )  # fmt: skip
    new_id = made["id"]
    kept = {
        new_seat(s["seat"], count): {"reserved_hash": s["token_hash"]}
        for s in row.seats
        if s["token_hash"]
    }
    tables.store.link_rematch(table_id, new_id, row.host_hash, row.spectator_hash, kept)
    winner = tables.store.rematch_of(table_id)
    if winner != new_id:  # another process (or thread) was first: use its table
        tables.store.drop_table(new_id)
        return winner
    tables.invalidate(table_id)
    tables.invalidate(new_id)
    tables.announce(table_id)
    return new_id


def _preset_of(row: Any) -> str:
    """The clock preset of a table (its bank and credit), ``none`` without a clock."""
    from contraband.server.clock import PRESETS

    for name, spec in PRESETS[row.mode].items():
        if spec is None and row.clock_bank is None:
            return name
        if spec is not None and (spec.bank, spec.credit) == (row.clock_bank, row.clock_credit):
            return name
    return "none"
