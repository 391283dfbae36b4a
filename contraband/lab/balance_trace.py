"""Playing a game for ``balance``: the lab's seeded game, with what a designer asks of it noted.

A worker plays game ``index`` of a run exactly as ``runner.play_game`` does (the same seeds, the
same agents, so the same game) and returns one record per game instead of rows per seat. The
record holds only what the engine's ``State`` contract gives for every game:

- the scores, each seat's share of ``returns()``, the winners, and the game's house (its own
  contestant, ``house.house_of``);
- the turn order: the seats in the order of their first decision (a game that draws its first
  player has seat and turn order apart);
- decisions, thinking time and the kind of every action (``action_info(label)["kind"]``) per
  seat;
- the leader after each decision (``scores()`` with a single highest seat): how often the lead
  changed hands, and who led at half-time (after half of the game's decisions);
- the parts of the score, read from the result's detail (``score_parts``).

``BalanceLocal`` and ``BalanceRay`` are the lab's backends with this play in their workers.
"""

from __future__ import annotations

import time
from typing import Any

from contraband.lab.backends import LocalBackend, RayBackend, check_workers
from contraband.lab.house import house_of
from contraband.lab.runner import MAX_DECISIONS, PLAIN_RESULT, RunConfig, start_game

#: breakdown fields that are not parts of the score
NOT_PARTS = frozenset({"seat", "total"})


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def score_parts(detail: dict[str, Any], players: int) -> dict[str, list[float]]:
    """The parts of each seat's score in a result detail, part -> one number per seat.

    A ``breakdown`` (a list of per-seat tables, or ``{"players": [...]}``) gives each numeric
    field but the seat and the total (Nacho: deliveries, cantina bonuses, fees ...); without
    one, every top-level list of one number per seat does (Counterfeiters: cash and offshore).
    A game whose detail has neither has no parts (an empty dict)."""
    breakdown = detail.get("breakdown")
    if isinstance(breakdown, dict):
        breakdown = breakdown.get("players")
    parts: dict[str, list[float]] = {}
    if (
        isinstance(breakdown, list)
        and len(breakdown) == players
        and all(isinstance(entry, dict) for entry in breakdown)
    ):
        names = [
            key for key, value in breakdown[0].items() if key not in NOT_PARTS and _number(value)
        ]
        for name in names:
            values = [entry.get(name) for entry in breakdown]
            if all(_number(value) for value in values):
                parts[name] = [float(value) for value in values]
    if parts:
        return parts
    for key, value in detail.items():
        if isinstance(value, list) and len(value) == players and all(map(_number, value)):
            parts[key] = [float(item) for item in value]
    return parts


def _leader(scores: list[int] | list[float]) -> int:
    """The seat with the single highest score, -1 when several share it."""
    best = max(scores)
    leaders = [seat for seat, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else -1


def play_traced(config: RunConfig, index: int) -> dict[str, Any]:
    """Play game ``index`` of the run (as ``runner.play_game``); its balance record."""
    seed = config.game_seed(index)
    specs = config.seat_agents(index)
    state, agents = start_game(config, index)
    players = config.players
    decisions = [0] * players
    seconds = [0.0] * players
    kinds: list[dict[str, int]] = [{} for _ in range(players)]
    order: list[int] = []
    leaders: list[int] = []
    clock = time.perf_counter
    while not state.is_terminal():
        seat = state.current_player
        if seat not in order:
            order.append(seat)
        start = clock()
        action = agents[seat].act(state, seat)
        seconds[seat] += clock() - start
        kind = str(state.action_info(action).get("kind", "?"))
        kinds[seat][kind] = kinds[seat].get(kind, 0) + 1
        state.apply(action)
        decisions[seat] += 1
        leaders.append(_leader(state.scores()))
        if len(leaders) >= MAX_DECISIONS:
            raise RuntimeError(
                f"{config.game_id} game {index} (seed {seed}) did not end after "
                f"{len(leaders)} decisions"
            )
    order += [seat for seat in range(players) if seat not in order]  # seats that never moved
    result = state.result()
    detail = {key: value for key, value in result.items() if key not in PLAIN_RESULT}
    house = house_of(detail)
    return {
        "game_index": index,
        "seat": 0,  # run_games sorts records as rows, by game index and seat
        "seed": seed,
        "agents": specs,
        "scores": [float(score) for score in state.scores()],
        "win": [float(share) for share in state.returns()],
        "winners": list(result["winners"]),
        "house": None
        if house is None
        else {"name": house.name, "total": house.total, "won": house.won},
        "order": order,
        "decisions": decisions,
        "seconds": seconds,
        "kinds": kinds,
        "half_leader": half_leader(leaders),
        "lead_changes": lead_changes(leaders),
        "parts": score_parts(detail, players),
    }


def half_leader(leaders: list[int]) -> int:
    """Who led after half of the game's decisions (-1: a shared lead, or no decision)."""
    return leaders[(len(leaders) - 1) // 2] if leaders else -1


def lead_changes(leaders: list[int]) -> int:
    """How often the single lead passed from one seat to another (a shared lead in between
    changes nothing by itself: A, tied, A is no change; A, tied, B is one)."""
    changes = 0
    last = -1
    for leader in leaders:
        if leader < 0:
            continue
        if last >= 0 and leader != last:
            changes += 1
        last = leader
    return changes


def trace_chunk(config: RunConfig, indices: list[int]) -> list[dict[str, Any]]:
    """The records of several games (the unit of work a backend ships to a worker)."""
    return [play_traced(config, index) for index in indices]


class BalanceLocal(LocalBackend):
    task = staticmethod(trace_chunk)


class BalanceRay(RayBackend):
    task = staticmethod(trace_chunk)


def balance_backend(
    name: str = "local", workers: int | None = None, address: str | None = None
) -> BalanceLocal | BalanceRay:
    """A backend whose workers play balance records; a ValueError names the backends."""
    if name == "local":
        if address:
            raise ValueError("--ray-address needs --backend ray")
        return BalanceLocal(workers)
    if name == "ray":
        check_workers(workers)
        return BalanceRay(workers, address)
    raise ValueError(f"unknown backend {name!r}; backends are: local, ray")
