"""Bots on the clock at the table: how long each bot decision and each whole bot turn takes.

    python bench/bot_clock.py [--game GAME ...] [--games 1] [--level hard] [--parallel 1]
                              [--bots 2] [--limit 400] [--seed 1]

Starts `contraband serve` on a free loopback port with a temporary SQLite database and each
game's own bot clock (no --bot-pace; CONTRABAND_BOT_CLOCKS and the other settings are taken from
the environment), and has two bots of --level play each game at two players, --parallel games at
a time. The times are the server's own: every action is stored with the time it was committed,
so a decision's time is from the commit of the move before it (or the game's creation) to its
own commit, what a person at the table sees; a bot turn is a run of decisions by one seat, timed
from the move before its first decision to its last. Reports per game the decisions measured,
how many were forced (a sole legal action), the max and p95 seconds per decision (also for the
forced ones alone: the same pace), the max and p95 seconds per whole bot turn and the most
decisions in one turn, and the machine's load average while it ran. Run `bench/load.py` beside
it to measure under load (see docs/strength.md, "Bots on the clock").
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
from sqlalchemy import select

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import contraband  # noqa: E402
from contraband.server.policy import Policy  # noqa: E402
from contraband.server.store import actions, connect, games  # noqa: E402
from tests.server.processes import Server  # noqa: E402


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def play(base: str, game: str, level: str, seed: int, limit: int) -> str:
    """Create a bot-against-bot game and wait until it ends or has ``limit`` actions."""
    with httpx.Client(base_url=base, timeout=30) as client:
        made = client.post(
            "/api/games",
            json={"game": game, "players": 2, "seats": [level, level], "seed": seed},
        )
        made.raise_for_status()
        game_id, host = made.json()["id"], made.json()["host_token"]
        headers = {"Authorization": f"Bearer {host}"}
        while True:
            table = client.get(f"/api/games/{game_id}", headers=headers).json()
            if table["over"] or table["version"] >= limit:
                return game_id
            time.sleep(1.0)


def measure(db_url: str, game_id: str) -> dict[str, object]:
    """Each bot decision's and each whole bot turn's time, from the stored commit times."""
    engine = connect(db_url)
    with engine.connect() as db:
        row = db.execute(select(games).where(games.c.id == game_id)).mappings().one()
        moves = db.execute(
            select(actions.c.seat, actions.c.label, actions.c.time)
            .where(actions.c.game_id == game_id)
            .order_by(actions.c.number)
        ).all()
    engine.dispose()
    state = contraband.load(row["game"]).new(row["players"], seed=row["seed"], options={})
    decisions, forced, turns, runs = [], [], [], []
    before, turn_start, turn_seat, run = row["created"], row["created"], None, 0
    for seat, label, at in moves:
        if seat != turn_seat:
            if turn_seat is not None:
                turns.append(before - turn_start)
                runs.append(run)
            turn_seat, turn_start, run = seat, before, 0
        run += 1
        (forced if len(state.legal_actions(seat)) == 1 else decisions).append(at - before)
        state.apply(label, seat=seat)
        before = at
    if turn_seat is not None and state.is_terminal():  # an unfinished last turn is not counted
        turns.append(before - turn_start)
        runs.append(run)
    every = decisions + forced
    return {
        "game": row["game"],
        "decisions": len(every),
        "forced": len(forced),
        "over": state.is_terminal(),
        "max": max(every),
        "p95": percentile(every, 0.95),
        "forced_max": max(forced, default=float("nan")),
        "forced_p95": percentile(forced, 0.95) if forced else float("nan"),
        "turns": len(turns),
        "turn_max": max(turns, default=float("nan")),
        "turn_p95": percentile(turns, 0.95) if turns else float("nan"),
        "run_max": max(runs, default=0),
    }


def main() -> None:
    every = [info.id for info in contraband.games() if info.max_players >= 2]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=every, help="default: every game")
    parser.add_argument("--games", type=int, default=1, help="games of each (seeds seed, +1, ...)")
    parser.add_argument("--level", default="hard", help="both seats' agent spec")
    parser.add_argument("--parallel", type=int, default=1, help="games played at once")
    parser.add_argument("--bots", type=int, default=2, help="the server's bot threads")
    parser.add_argument("--limit", type=int, default=400, help="stop a game after this many moves")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    chosen = args.game or every
    folder = tempfile.mkdtemp(prefix="contraband-bot-clock-")
    db_url = f"sqlite:///{folder}/games.db"
    server = Server(db_url, bots=args.bots, policy={"CONTRABAND_TRUSTED_SEEDS": "1"})
    server.extra = ("--rate-limit", "0")  # no --bot-pace: each game's own clock
    server.start()
    loads: list[float] = []
    done = threading.Event()

    def sample() -> None:  # the machine's load while the games run, every 5 s
        while not done.wait(0 if not loads else 5.0):
            loads.append(os.getloadavg()[0])

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    jobs = [(game, args.seed + i) for game in chosen for i in range(args.games)]
    started = time.monotonic()
    try:
        with ThreadPoolExecutor(args.parallel) as pool:
            found = list(
                pool.map(lambda job: play(server.url, job[0], args.level, job[1], args.limit), jobs)
            )
    finally:
        done.set()
        server.stop()
    policy = Policy.from_env()
    print(
        f"level {args.level}, 2 players, {len(jobs)} games, {args.parallel} at a time, "
        f"{args.bots} bot threads, {time.monotonic() - started:.0f} s; load average (1 min) "
        f"while playing: mean {sum(loads) / len(loads):.2f}, max {max(loads):.2f}, on "
        f"{os.cpu_count()} cores"
    )
    print(
        "| game | pace / think s | decisions (forced) | decision max / p95 s "
        "| forced max / p95 s | turns | turn max / p95 s | most decisions in a turn |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for game in chosen:
        clock = policy.clock(game)
        for game_id, (name, _seed) in zip(found, jobs, strict=True):
            if name != game:
                continue
            m = measure(db_url, game_id)
            note = "" if m["over"] else " (stopped)"
            print(
                f"| {game}{note} | {clock.pace:g} / {clock.think:g} | {m['decisions']} "
                f"({m['forced']}) | {m['max']:.2f} / {m['p95']:.2f} | {m['forced_max']:.2f} / "
                f"{m['forced_p95']:.2f} | {m['turns']} | {m['turn_max']:.2f} / "
                f"{m['turn_p95']:.2f} | {m['run_max']} |"
            )


if __name__ == "__main__":
    main()
