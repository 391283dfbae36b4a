"""What a seat receives of a table: its view, its own legal moves, its log, and the seats'
public parts (names, clocks, bots), never another seat's secrets."""

from __future__ import annotations

from typing import Any

from contraband.core.variants import changed_numbers
from contraband.server import clock
from contraband.server.held import Live
from contraband.server.seating import gone


def payload(tables: Any, live: Live, seat: int | None, since: int = 0) -> dict[str, Any]:
    """The table as ``seat`` sees it, built from the seat-safe engine calls only (``view``,
    ``legal_moves``, ``log``) and the row's public parts: each seat's name, clock, whether a
    bot plays it and whether it may be handed to one."""
    state = live.state
    playing = live.row.status == "running"
    mine = playing and seat is not None and state.current_player == seat
    spec, now = clock.spec_of(live.row), tables.now()
    return {
        "id": live.row.id,
        "game": live.row.game,
        "version": live.version,
        "seat": seat,
        "players": state.players,
        "public": live.row.public,
        "seed_chosen": live.row.seed_chosen,
        "hints": live.row.hints,  # whether the coach may be asked (chosen at creation)
        "mode": live.row.mode,
        "mail": tables.mail and live.row.mode == "turn",  # e-mail may be asked for
        "status": live.row.status,
        "clock": None if spec is None else spec.to_dict(),
        "open_until": live.row.open_until,
        "rematch": live.row.rematch,
        "rematch_of": live.row.rematch_of,
        # the rule variant: each number that differs from the rulebook (empty: none does)
        "variant": changed_numbers(live.row.game, live.row.variant),
        "seats": [
            {
                "seat": s["seat"],
                "bot": s["agent"],
                "name": s.get("name"),
                # nobody has taken it yet: anyone may join (open), or it waits for one
                # player of the table before (kept: a rematch's)
                "open": s["agent"] is None and not s["token_hash"] and not s.get("reserved_hash"),
                "kept": s["agent"] is None and not s["token_hash"] and bool(s.get("reserved_hash")),
                "autoplay": bool(s["autoplay"]),
                "gone": gone(s, tables.policy, live.row, now),
                "clock": clock.public(s, now),
            }
            for s in live.row.seats
        ],
        "over": state.is_terminal() or live.row.status in ("abandoned", "expired"),
        "to_move": state.current_player,
        "view": state.view(seat),
        "legal": state.legal_moves(seat) if mine else [],
        "log": state.log(seat, since=since),
        "revealed": state.revealed_events,
        "undoable": seat is not None and state.undoable(seat),
        # how many decisions this seat has taken (a guided game's step counter)
        "decisions": state.actors.count(seat) if seat is not None else None,
        "result": state.result() if state.is_terminal() else None,
    }
