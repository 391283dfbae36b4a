"""Load on the game server: concurrent games over WebSocket on loopback, bots and scripted humans.

    python bench/load.py [--games 50] [--game tony-tino] [--seconds 120] [--think 0.5]
                         [--stuck 0] [--slow 0] [--db URL] [--url URL]

Starts `contraband serve` on a free loopback port (unless --url names a running one; the rate
limit per address is off, as every scripted player comes from 127.0.0.1), creates the games (half
human against bot, half human against human), and lets scripted humans play: each human seat
listens on its WebSocket and, when it is on move, thinks for a random time (uniform between 0
and twice --think seconds; 0 fires at once, a saturation test) and posts a random legal action.
Reports per move the latency from posting to the acknowledgement (p50/p95/p99), moves per
second, how long after its acknowledgement the mover's own live update arrived (p50/p95/p99),
errors, and lost moves (acknowledged but missing from the stored record at the end).

Hostile company: ``--stuck N`` adds N spectators that never read their socket (a 1 KiB receive
buffer) and ask for a fresh state twenty times a second; ``--slow N`` adds N spectators that
read one message every two seconds. ``--rules-flood R`` asks for Narcos' rules page R times a
second and ``--hint-flood N`` asks for hints without pause in N games of its own (one human
against a bot each), both from another loopback address (``--flood-from``, 127.0.0.9), so that
the per-address limits apply to them and not to the players. ``--turn-based`` makes the played
tables turn-based (a clock, and a verified "your turn" e-mail address on every human seat, with
a real SMTP server in this process), and ``--stored N`` first stores N more turn-based games
that wait for their players (each with a verified address): compare the figures with and
without them. ``--verify CA`` checks a https ``--url``'s certificate against that root (a
proxy's internal CA). All traffic stays on loopback; the run stops by itself after --seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import ssl
import statistics
import sys
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.server.processes import Server, stuck_reader  # noqa: E402


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.updates: list[float] = []
        self.errors: list[str] = []
        self.acknowledged: dict[str, list[tuple[int, str]]] = {}


async def human(
    base: str,
    game_id: str,
    seat: int,
    token: str,
    stats: Stats,
    stop: float,
    think: float,
    verify: str | bool = True,
) -> None:
    rng = random.Random(f"{game_id}-{seat}")
    uri = base.replace("http", "ws") + f"/api/games/{game_id}/live?token={token}"
    headers = {"Authorization": f"Bearer {token}"}
    waiting: tuple[int, float] | None = None  # (version acknowledged, when the move was sent)
    latest = (-1, 0.0)  # the newest version heard of live, and when
    tls = ssl.create_default_context(cafile=verify) if isinstance(verify, str) else None
    async with (
        httpx.AsyncClient(base_url=base, timeout=30, verify=verify) as client,
        websockets.connect(uri, max_size=2**24, ssl=tls) as socket,
    ):
        while time.monotonic() < stop:
            try:
                message = json.loads(await asyncio.wait_for(socket.recv(), timeout=5))
            except TimeoutError:
                await socket.send("resync")
                continue
            latest = (message["version"], time.perf_counter())
            if waiting is not None and latest[0] >= waiting[0]:
                stats.updates.append(latest[1] - waiting[1])
                waiting = None
            if message["over"]:
                return
            if message["to_move"] != seat or not message["legal"]:
                continue
            label = rng.choice(message["legal"])["label"]
            if think:
                await asyncio.sleep(rng.uniform(0, 2 * think))
            started = time.perf_counter()
            answer = await client.post(
                f"/api/games/{game_id}/actions",
                json={"label": label, "version": message["version"]},
                headers=headers,
            )
            elapsed = time.perf_counter() - started
            if answer.status_code == 200:
                stats.latencies.append(elapsed)
                version = answer.json()["version"]
                if latest[0] >= version:  # the update came before the acknowledgement
                    stats.updates.append(latest[1] - started)
                else:
                    waiting = (version, started)
                stats.acknowledged.setdefault(game_id, []).append((seat, label))
            elif answer.status_code != 409:  # a stale view is normal: wait for the update
                stats.errors.append(f"{answer.status_code}: {answer.text[:120]}")


async def slow_reader(base: str, game_id: str, token: str, stop: float) -> None:
    """A spectator that reads one message every two seconds."""
    uri = base.replace("http", "ws") + f"/api/games/{game_id}/live?token={token}"
    try:
        async with websockets.connect(uri, max_size=2**24) as socket:
            while time.monotonic() < stop:
                await asyncio.wait_for(socket.recv(), timeout=30)
                await asyncio.sleep(2.0)
    except (websockets.ConnectionClosed, TimeoutError, OSError):
        return  # the server let it go: that is allowed


class Flood:
    """What the hostile company asked and was answered, by status."""

    def __init__(self) -> None:
        self.answers: dict[int, int] = {}

    def count(self, status: int) -> None:
        self.answers[status] = self.answers.get(status, 0) + 1


def flooding_client(base: str, source: str, verify: str | bool) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=source, verify=verify)
    return httpx.AsyncClient(base_url=base, timeout=30, transport=transport, verify=verify)


async def rules_flood(
    base: str, rate: float, stop: float, source: str, verify: str | bool, flood: Flood
) -> None:
    """GET Narcos' rules page ``rate`` times a second until ``stop``, each on its own schedule
    (a slow answer does not hold the next request back)."""

    async def one(client: httpx.AsyncClient) -> None:
        try:
            flood.count((await client.get("/api/registry/narcos/rules")).status_code)
        except httpx.HTTPError:
            flood.count(0)

    async with flooding_client(base, source, verify) as client:
        pending: set[asyncio.Task] = set()
        start = time.monotonic()
        sent = 0
        while time.monotonic() < stop:
            task = asyncio.ensure_future(one(client))
            pending.add(task)
            task.add_done_callback(pending.discard)
            sent += 1
            await asyncio.sleep(max(0.0, start + sent / rate - time.monotonic()))
        await asyncio.gather(*pending, return_exceptions=True)


async def hint_flood(
    base: str, games: int, stop: float, source: str, verify: str | bool, flood: Flood
) -> None:
    """Ask for a hint whenever the human of one of ``games`` games of its own is on move."""
    async with flooding_client(base, source, verify) as client:
        made = []
        for _ in range(games):
            answer = await client.post(
                "/api/games", json={"game": "tony-tino", "seats": ["human", "random"]}
            )
            if answer.status_code == 201:
                made.append(answer.json())

        async def one(game: dict) -> None:
            headers = {"Authorization": f"Bearer {game['seats'][0]['token']}"}
            url = f"/api/games/{game['id']}"
            while time.monotonic() < stop:
                try:
                    table = (await client.get(url, headers=headers)).json()
                    if table.get("over"):
                        return
                    if table.get("to_move") != 0:
                        await asyncio.sleep(0.05)
                        continue
                    hint = await client.post(
                        f"{url}/hint", json={"version": table["version"]}, headers=headers
                    )
                    flood.count(hint.status_code)
                    if hint.status_code == 200 and table["legal"]:
                        label = hint.json()["choices"][0]["label"]
                        await client.post(
                            f"{url}/actions",
                            json={"label": label, "version": table["version"]},
                            headers=headers,
                        )
                except (httpx.HTTPError, KeyError, ValueError):
                    flood.count(0)
                    await asyncio.sleep(0.05)

        await asyncio.gather(*(one(game) for game in made))


async def turn_based_game(
    client: httpx.AsyncClient, game: str, seats: list[str], inbox, every_seat: bool = False
) -> dict:
    """A turn-based table whose first (or every) human seat has a verified e-mail address."""
    answer = await client.post(
        "/api/games", json={"game": game, "seats": seats, "mode": "turn", "clock": "normal"}
    )
    answer.raise_for_status()
    made = answer.json()
    for seat in made["seats"] if every_seat else made["seats"][:1]:
        if not seat["token"]:
            continue
        address = f"s{seat['seat']}-{made['id']}@example.org"
        await client.post(
            f"/api/games/{made['id']}/email",
            json={"address": address},
            headers={"Authorization": f"Bearer {seat['token']}"},
        )
        for _ in range(100):  # the verification arrives through the real mail server
            found = inbox.to(address)
            if found:
                link = re.search(r"https?://[^/\s]+(/mail/verify/\S+)", found[-1].get_content())
                await client.get(link.group(1))
                break
            await asyncio.sleep(0.05)
    return made


async def run(
    base: str,
    games: int,
    game: str,
    seconds: float,
    think: float,
    stuck: int = 0,
    slow: int = 0,
    floods: tuple[float, int, str] = (0.0, 0, "127.0.0.9"),
    verify: str | bool = True,
    stored: int = 0,
    inbox=None,
) -> Stats:
    stats = Stats()
    stats.mail = inbox
    tasks = []
    rules_rate, hint_games, source = floods
    stats.flood = Flood()
    async with httpx.AsyncClient(base_url=base, timeout=30, verify=verify) as client:
        made = []
        mail = getattr(stats, "mail", None)
        for _ in range(stored):
            waiting = await turn_based_game(client, "tony-tino", ["human", "human"], mail)
            stats.stored = getattr(stats, "stored", 0) + bool(waiting)
        for index in range(games):
            seats = ["human", "human"] if index % 2 else ["human", "random"]
            if mail is not None:
                made.append(await turn_based_game(client, game, seats, mail, every_seat=True))
                continue
            answer = await client.post("/api/games", json={"game": game, "seats": seats})
            answer.raise_for_status()
            made.append(answer.json())
        stop = time.monotonic() + seconds  # the players' time, counted once the tables are made
        port = int(base.rsplit(":", 1)[1].split("/")[0])
        stuck_sockets = [
            stuck_reader(port, g["id"], g["spectator_token"], frames=int(seconds * 20))
            for g in made[:stuck]
        ]
        slow_tasks = [  # running beside the players, stopped once they are done
            asyncio.ensure_future(
                slow_reader(
                    base, made[i % len(made)]["id"], made[i % len(made)]["spectator_token"], stop
                )
            )
            for i in range(slow)
        ]
        hostile = []
        if rules_rate:
            hostile.append(rules_flood(base, rules_rate, stop, source, verify, stats.flood))
        if hint_games:
            hostile.append(hint_flood(base, hint_games, stop, source, verify, stats.flood))
        flood_tasks = [asyncio.ensure_future(task) for task in hostile]
        started = time.perf_counter()
        for game_made in made:
            for seat in game_made["seats"]:
                if seat["token"]:
                    player = (game_made["id"], seat["seat"], seat["token"])
                    tasks.append(human(base, *player, stats, stop, think, verify))
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.wall = time.perf_counter() - started  # the players' time, not the watchers'
        for task in slow_tasks + flood_tasks:
            task.cancel()
        await asyncio.gather(*slow_tasks, *flood_tasks, return_exceptions=True)
        for raw in stuck_sockets:
            raw.close()
        stats.errors += [repr(r) for r in results if isinstance(r, BaseException)]
        lost = 0
        for game_made in made:
            watch = {"Authorization": f"Bearer {game_made['spectator_token']}"}
            record = (
                await client.get(f"/api/games/{game_made['id']}/record", headers=watch)
            ).json()
            stored = list(zip(record["seats"], record["actions"], strict=True))
            lost += sum(
                1 for move in stats.acknowledged.get(game_made["id"], []) if move not in stored
            )
            stats.over = getattr(stats, "over", 0) + int(record.get("final", False))
        stats.lost = lost
    return stats


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--game", default="tony-tino")
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--think", type=float, default=0.5, help="mean thinking time, seconds")
    parser.add_argument("--stuck", type=int, default=0, help="spectators that never read")
    parser.add_argument("--slow", type=int, default=0, help="spectators that read every 2 s")
    parser.add_argument("--db", default=None, help="database URL (default: a temporary SQLite)")
    parser.add_argument("--url", default=None, help="a running server instead of a new one")
    parser.add_argument("--rules-flood", type=float, default=0.0, help="rules pages a second")
    parser.add_argument("--hint-flood", type=int, default=0, help="games asking for hints")
    parser.add_argument("--flood-from", default="127.0.0.9", help="the floods' own address")
    parser.add_argument("--verify", default=None, help="a https --url's root certificate")
    parser.add_argument("--turn-based", action="store_true", help="turn-based tables, e-mail")
    parser.add_argument("--stored", type=int, default=0, help="turn-based games stored first")
    args = parser.parse_args()
    controller = inbox = None
    if args.turn_based or args.stored:
        from tests.server.test_mail import smtp_server

        controller, inbox = smtp_server()
    server = None
    base = args.url
    if base is None:
        db = args.db or f"sqlite:////tmp/contraband-load-{int(time.time())}.db"
        # every scripted client comes from 127.0.0.1: lift the per-address caps
        many = {"CONTRABAND_SOCKETS_PER_ADDRESS": "100000", "CONTRABAND_SOCKETS_PER_GAME": "1000"}
        many["CONTRABAND_CREATE_BURST"] = "1000000"
        if controller is not None:
            many.update(
                CONTRABAND_SMTP_URL=f"smtp://127.0.0.1:{controller.port}",
                CONTRABAND_MAIL_FROM="games@example.org",
                CONTRABAND_PUBLIC_URL="https://play.example.org",
            )
        server = Server(db, bots=1, extra=("--rate-limit", "0"), pace=0.6, policy=many).start()
        base = server.url
    try:
        floods = (args.rules_flood, args.hint_flood, args.flood_from)
        verify = args.verify or True
        stats = asyncio.run(
            run(
                base,
                args.games,
                args.game,
                args.seconds,
                args.think,
                args.stuck,
                args.slow,
                floods,
                verify,
                args.stored,
                inbox,
            )
        )
    finally:
        if server is not None:
            server.stop()
        if controller is not None:
            controller.stop()
    ms = [v * 1000 for v in stats.latencies]
    print(
        f"games: {args.games} ({args.game}), finished: {stats.over}, wall: {stats.wall:.1f} s, "
        f"think: {args.think} s, stuck readers: {args.stuck}, slow readers: {args.slow}"
    )
    print(f"human moves acknowledged: {len(ms)}, {len(ms) / stats.wall:.1f} moves/s")
    if ms:
        print(
            f"move latency ms: p50 {percentile(ms, 0.5):.1f}, p95 {percentile(ms, 0.95):.1f}, "
            f"p99 {percentile(ms, 0.99):.1f}, mean {statistics.fmean(ms):.1f}"
        )
    up = [v * 1000 for v in stats.updates]
    if up:
        print(
            f"own update after the move ms: p50 {percentile(up, 0.5):.1f}, "
            f"p95 {percentile(up, 0.95):.1f}, p99 {percentile(up, 0.99):.1f}"
        )
    print(f"errors: {len(stats.errors)}; lost moves: {stats.lost}")
    if inbox is not None:
        print(
            f"turn-based: {getattr(stats, 'stored', 0)} games stored besides; e-mails "
            f"received: {len(inbox.messages)}"
        )
    if stats.flood.answers:
        shown = ", ".join(f"{code}: {n}" for code, n in sorted(stats.flood.answers.items()))
        print(f"flood answers by status (0: no answer): {shown}")
    for error in stats.errors[:5]:
        print("  ", error)


if __name__ == "__main__":
    main()
