"""A player's games, as their lobby lists them: where it is their turn first, with their time."""

from __future__ import annotations

from typing import Any

from contraband.server import clock
from contraband.server.held import Keeper, NotFound


def summaries(
    tables: Keeper, found: list[dict[str, Any]], seats: dict[str, int | None]
) -> list[dict[str, Any]]:
    """``found`` (store summaries) with each game's ``seat`` (the player's, from ``seats``),
    ``your_turn``, the seconds ``left`` on that seat's clock and the seats' ``names``; the
    games where it is the player's turn first, then the newest."""
    now = tables.now()
    out = []
    for summary in found:
        seat = seats.get(summary["id"])
        extra: dict[str, Any] = {"seat": seat, "your_turn": False, "left": None, "names": []}
        try:
            row = tables.get(summary["id"]).row
        except NotFound:
            continue
        extra["names"] = [s.get("name") for s in row.seats]
        if seat is not None:
            info = row.seats[seat]
            extra["your_turn"] = (
                row.status == "running" and row.to_move == seat and info["agent"] is None
            )
            left = clock.left(info, now)
            extra["left"] = None if left is None else max(0.0, left)
        out.append({**summary, **extra})
    out.sort(key=lambda s: (not s["your_turn"], -s["updated"]))
    return out
