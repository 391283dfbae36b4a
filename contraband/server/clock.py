"""The game clock of a table, in Board Game Arena's sense: each human seat has a bank of time
that runs only while that seat has a decision to make, and gains a credit with each decision.

Turn-based tables count in days (the presets), live tables may count in minutes. The clock is
charged for every decision the engine asks of a seat alike, its own turn or a question out of
turn (an answer to a raid, a secret choice), so it says nothing about why a seat was asked. A
bot's seat has no running clock. A bank never grows above its start: a fast player does not
save up weeks.

A seat whose bank is spent is *out of time*: any other player at the table may hand it to a bot,
and its own player may take it back later. A table whose seat on move stays out of time, with
nobody replacing it, for ``Policy.abandon_timeout`` ends as abandoned.

Every time here is in seconds on the server's clock (``Tables.now``; a test injects its own).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

HOUR = 3600.0
DAY = 24 * HOUR
MINUTE = 60.0


@dataclass(frozen=True)
class ClockSpec:
    """A table's clock: each human seat's bank at the start, and the credit per decision."""

    bank: float
    credit: float

    def to_dict(self) -> dict[str, float]:
        return {"bank": self.bank, "credit": self.credit}


#: the clocks a creator picks from (``"none"``: no clock); turn-based in days, live in minutes
PRESETS: dict[str, dict[str, ClockSpec | None]] = {
    "turn": {
        "fast": ClockSpec(1 * DAY, 4 * HOUR),
        "normal": ClockSpec(3 * DAY, 1 * DAY),
        "slow": ClockSpec(7 * DAY, 2 * DAY),
        "none": None,
    },
    "live": {
        "blitz": ClockSpec(5 * MINUTE, 10.0),
        "rapid": ClockSpec(15 * MINUTE, 20.0),
        "relaxed": ClockSpec(45 * MINUTE, 30.0),
        "none": None,
    },
}
#: the preset a table gets when its creator names none
DEFAULT_PRESET = {"turn": "normal", "live": "none"}


def preset(mode: str, name: str | None) -> ClockSpec | None:
    """The clock of preset ``name`` for ``mode``; a ValueError names the presets allowed."""
    chosen = PRESETS[mode]
    name = DEFAULT_PRESET[mode] if name is None else name
    if name not in chosen:
        raise ValueError(
            f"clock: {name[:40]!r} is not a clock of a {mode} table; choose one of "
            + ", ".join(chosen)
        )
    return chosen[name]


def spec_of(row: Any) -> ClockSpec | None:
    """The clock of a stored table (its row), None without one."""
    if row.clock_bank is None:
        return None
    return ClockSpec(row.clock_bank, row.clock_credit or 0.0)


def left(info: dict[str, Any], now: float) -> float | None:
    """Seconds left on a seat's clock at ``now`` (None: the seat has no clock)."""
    bank = info.get("bank")
    if bank is None:
        return None
    since = info.get("turn_since")
    return bank - (now - since) if since is not None else bank


def charged(info: dict[str, Any], spec: ClockSpec, now: float) -> dict[str, Any]:
    """A seat's clock after it took a decision at ``now``: the time it took spent, the credit
    added (never above the starting bank), stopped."""
    remaining = left(info, now)
    if remaining is None or info.get("turn_since") is None:  # a bot's decision: no clock ran
        return {}
    bank = min(spec.bank, max(0.0, remaining) + spec.credit)
    return {"bank": bank, "turn_since": None, "out_of_time": None}


def stopped(info: dict[str, Any], now: float) -> dict[str, Any]:
    """A seat's clock stopped at ``now`` without a decision (its seat handed to a bot): the
    time spent so far is charged, no credit."""
    remaining = left(info, now)
    if remaining is None or info.get("turn_since") is None:
        return {}
    return {"bank": max(0.0, remaining), "turn_since": None}


def running(info: dict[str, Any], now: float) -> dict[str, Any]:
    """A seat's clock started at ``now`` (a decision of its player is due)."""
    if info.get("bank") is None or info.get("agent") is not None:
        return {}
    return {"turn_since": now}


def public(info: dict[str, Any], now: float) -> dict[str, Any] | None:
    """What every seat is shown of a seat's clock: seconds left, whether it runs, whether it
    ran out. Nothing else: the engine's mover is public already."""
    remaining = left(info, now)
    if remaining is None:
        return None
    return {
        "left": max(0.0, remaining),
        "running": info.get("turn_since") is not None,
        "out_of_time": info.get("out_of_time") is not None or remaining <= 0,
    }


def reclock(
    seats: list[dict[str, Any]],
    spec: ClockSpec | None,
    acted: int | None,
    mover: int | None,
    now: float,
) -> dict[int, dict[str, Any]]:
    """The seats' clock changes after a change of the game at ``now``: ``acted`` took a
    decision (None: nothing was decided, as after an undo or a reseating), ``mover`` must
    decide next (None: nobody, the game is over). The seat that decided is charged and
    credited; another seat whose clock ran is charged without credit; the mover's clock runs."""
    if spec is None:
        return {}
    changes: dict[int, dict[str, Any]] = {}
    for info in seats:
        seat = info["seat"]
        if seat == acted:
            changes[seat] = charged(info, spec, now)
        elif info.get("turn_since") is not None and (seat != mover or info["agent"] is not None):
            changes[seat] = stopped(info, now)
    if mover is not None:
        info = seats[mover]
        if info.get("turn_since") is None or mover == acted:
            start = running(info, now)
            if start:
                changes[mover] = {**changes.get(mover, {}), **start}
    return {seat: values for seat, values in changes.items() if values}
