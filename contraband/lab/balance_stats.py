"""The figures of a balance report, each with its 95% interval, from the games' records.

Shares (a seat's wins, the half-time leader winning, the winner topping a part of the score)
get Wilson intervals (``stats.wilson``; a shared win counts as its share); means (margins, game
length, lead changes, action counts) get Student t intervals (``stats.mean_interval``).

Definitions, as the report states them:

- *win share by seat* and *by turn order*: a seat's (a turn position's) share of the games'
  returns; the fair share is the seats' mean (1/players when some seat always wins);
- *first-player advantage*: the first mover's win share less the fair share;
- *margin*: the best player's score less the second best's (players only, not the house);
- *length*: decisions per game;
- *lead changes*: how often the single lead passed between seats; *the half-time leader wins*:
  among games with a single leader after half of the decisions, how often that seat won
  (the rest are comebacks);
- *parts of the score*, over games with a single winner: how often the winner had the (shared)
  highest value of the part, and the winner's value less the others' mean;
- *action kinds*, over games with a single winner: uses per game by the winner and by each of
  the others.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from contraband.lab.stats import mean_interval, median, wilson

Record = dict[str, Any]


def share(successes: float, n: int) -> dict[str, Any]:
    """A share with its Wilson interval (rounding noise in summed shares is clipped)."""
    successes = min(max(successes, 0.0), float(n))
    low, high = wilson(successes, n)
    return {"value": successes / n if n else None, "low": low, "high": high, "n": n}


def mean(values: Sequence[float]) -> dict[str, Any]:
    """A mean with its t interval, the spread (standard deviation) and quartiles."""
    value, low, high = mean_interval(values)
    n = len(values)
    ordered = sorted(values)
    spread = math.sqrt(math.fsum((v - value) ** 2 for v in values) / (n - 1)) if n > 1 else math.nan
    return {
        "value": None if n == 0 else value,
        "low": None if math.isnan(low) else low,
        "high": None if math.isnan(high) else high,
        "n": n,
        "sd": None if math.isnan(spread) else spread,
        "median": median(values) if n else None,
        "min": ordered[0] if n else None,
        "max": ordered[-1] if n else None,
    }


def single_winner(record: Record) -> int:
    """The seat that won alone, or -1 (a shared win, or nobody: the house won)."""
    winners = record["winners"]
    return winners[0] if len(winners) == 1 else -1


def fair_share(records: list[Record], players: int) -> float:
    """What a seat would win in a balanced game: the seats' mean share of the returns."""
    total = math.fsum(math.fsum(record["win"]) for record in records)
    return total / (players * len(records)) if records else 1 / players


def seat_shares(records: list[Record], players: int) -> list[dict[str, Any]]:
    n = len(records)
    return [
        {"seat": seat, **share(math.fsum(record["win"][seat] for record in records), n)}
        for seat in range(players)
    ]


def order_shares(records: list[Record], players: int) -> list[dict[str, Any]]:
    """Win share by turn position: 1 = the first to move."""
    n = len(records)
    return [
        {
            "position": position + 1,
            **share(math.fsum(r["win"][r["order"][position]] for r in records), n),
        }
        for position in range(players)
    ]


def margins(records: list[Record]) -> list[float]:
    out = []
    for record in records:
        ordered = sorted(record["scores"], reverse=True)
        if len(ordered) > 1:
            out.append(ordered[0] - ordered[1])
    return out


def halftime(records: list[Record]) -> dict[str, Any]:
    """How often the single leader at half-time won alone."""
    led = [record for record in records if record["half_leader"] >= 0]
    kept = sum(1 for record in led if single_winner(record) == record["half_leader"])
    return share(kept, len(led))


def parts(records: list[Record]) -> list[dict[str, Any]]:
    """How decisive each part of the score is (parts that never differ between seats are
    left out: a fixed start capital decides nothing)."""
    decided = [record for record in records if single_winner(record) >= 0]
    names: list[str] = []
    for record in records:
        names += [name for name in record["parts"] if name not in names]
    out = []
    for name in names:
        tops = 0
        gaps: list[float] = []
        varies = False
        for record in decided:
            values = record["parts"].get(name)
            if values is None or len(values) < 2:
                continue
            varies = varies or len(set(values)) > 1
            winner = single_winner(record)
            own = values[winner]
            others = [value for seat, value in enumerate(values) if seat != winner]
            tops += own >= max(values)
            gaps.append(own - math.fsum(others) / len(others))
        if varies and gaps:
            out.append({"part": name, "winner_tops": share(tops, len(gaps)), "gap": mean(gaps)})
    return out


def kinds(records: list[Record]) -> list[dict[str, Any]]:
    """Uses of each action kind per game by the winner and by each of the others."""
    decided = [record for record in records if single_winner(record) >= 0]
    names = sorted({kind for record in decided for seat in record["kinds"] for kind in seat})
    out = []
    for name in names:
        winner: list[float] = []
        others: list[float] = []
        for record in decided:
            champion = single_winner(record)
            for seat, counts in enumerate(record["kinds"]):
                (winner if seat == champion else others).append(float(counts.get(name, 0)))
        out.append({"kind": name, "winner": mean(winner), "others": mean(others)})
    return out


def summarize(records: list[Record], run: dict[str, Any]) -> dict[str, Any]:
    """Every figure of the balance report (``run``: the run's description, kept as is)."""
    players = run["players"]
    n = len(records)
    fair = fair_share(records, players)
    order = order_shares(records, players)
    first = order[0]
    advantage = {
        key: None if first[key] is None else first[key] - fair for key in ("value", "low", "high")
    }
    houses = [record["house"] for record in records if record["house"] is not None]
    return {
        "run": run,
        "games": n,
        "fair_share": fair,
        "seats": seat_shares(records, players),
        "order": order,
        "first_player_advantage": {**advantage, "n": n},
        "nobody_won": share(sum(1 for r in records if not r["winners"]), n),
        "shared_wins": share(sum(1 for r in records if len(r["winners"]) > 1), n),
        "house": None
        if not houses
        else {
            "name": houses[0]["name"],
            "wins": share(sum(h["won"] for h in houses), n),
            "margin": mean(
                [max(r["scores"]) - r["house"]["total"] for r in records if r["house"] is not None]
            ),
        },
        "margin": mean(margins(records)),
        "length": mean([float(sum(record["decisions"])) for record in records]),
        "lead_changes": mean([float(record["lead_changes"]) for record in records]),
        "halftime_leader_wins": halftime(records),
        "parts": parts(records),
        "kinds": kinds(records),
    }


def seat_gap(summary: dict[str, Any]) -> float:
    """The largest difference between two turn positions' win shares (0: perfectly fair)."""
    values = [entry["value"] or 0.0 for entry in summary["order"]]
    return max(values) - min(values) if values else 0.0
