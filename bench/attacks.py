"""The hardening round's attacks (issue 42) against a running server, as a hostile client would
make them: over https through the proxy, from several source addresses.

    python bench/attacks.py --url https://localhost:PORT [--verify ROOT.crt]
                            [--upstream http://127.0.0.1:PORT ...] [--only abc]

Prints one line per attack, ``held`` or ``FAILED``, with what it saw:

(a) a creator's seed on a one-human table, then the host hands the bot's seat to a person: 409
(b) a seat's live sockets (one pinned to each process where the proxy routes on the cookie
    ``upstream=first|second``, as bench/deployed.py's Caddy does) kept open while the seat
    hands itself to a bot and the host hands it to a new person: each old socket is closed with
    4403 and hears nothing after the hand-back; the old link is refused, the new one works
(c) reviews: bot games played to their end, reviews asked from one address beyond the bounds
    (429), then one from another address: queued with ``ahead`` at most 1
(d) the rules page fetched 200 times: the same bytes and ETag every time, 304 on If-None-Match
(e) spectators of a public game fill its cap from two addresses; the seat's own socket, from
    both addresses, still connects
(f) hints: two humans with hints refused at creation (422); a hand-back that makes two humans
    switches them off for good
(g) ``/seats/1.0/bot`` refused (422); a 405 lists ``Allow``; no ``server`` header from the game
    server (checked at each --upstream directly; through a proxy, the proxy's own is named)
(h) the game-creation burst of one address spent; a forged X-Forwarded-For (or Forwarded,
    X-Real-IP) through the proxy buys no more
(i) a live connection that never answers the server's pings is closed within 10 s (raw TLS
    sockets: one reads without ever answering a ping, one never reads at all)

Source addresses are 127.0.0.x (on Linux all of 127.0.0.0/8 is this machine), so the server
must see each client's own address: behind a proxy, ``--proxy-headers``. The server's settings
the attacks assume: its defaults for the limits (they are measured, not assumed: the figures
say how many were let in before the refusals), with bots quick enough that a bot-only game ends
within --games-within seconds (bench/deployed.py: ``--bot-pace 0.1``) and reviews short
enough to end within --reviews-within (bench/deployed.py: ``CONTRABAND_BOT_SECONDS=0.25``);
a raised ``CONTRABAND_CREATE_BURST`` (over --most-creations a process) fails (h), a raised
``CONTRABAND_SOCKETS_PER_ADDRESS`` leaves the second address of (e) no room (still held: the
cap is full), and ``CONTRABAND_TRUSTED_SEEDS`` fails (a). Exit code 1 when any attack failed.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import socket
import ssl
import sys
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
import websockets

GAME = "tony-tino"
#: whose attack uses which source address (each address's allowances are its own)
PLAYER, OTHER, ATTACKER, VICTIM, FORGER, BYSTANDER = (
    "127.0.0.2", "127.0.0.3", "127.0.0.5", "127.0.0.6", "127.0.0.8", "127.0.0.13",
)  # fmt: skip
WATCHERS = ("127.0.0.10", "127.0.0.11")
SILENT = "127.0.0.12"
FORGED = [
    {"X-Forwarded-For": "9.9.9.9"},
    {"X-Forwarded-For": "9.9.9.10, 9.9.9.11"},
    {"Forwarded": "for=9.9.9.12"},
    {"X-Real-IP": "9.9.9.13"},
]


class Failed(Exception):
    """An attack that worked: the message says what got through."""


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def check(condition: bool, message: str) -> None:
    if not condition:
        raise Failed(message)


@dataclass
class Target:
    url: str
    verify: str | None
    upstreams: list[str] = field(default_factory=list)
    games_within: float = 120.0
    reviews_within: float = 180.0
    most_creations: int = 120

    def __post_init__(self) -> None:
        parts = urlsplit(self.url)
        self.url = self.url.rstrip("/")
        self.tls = parts.scheme == "https"
        self.host = parts.hostname or "localhost"
        self.port = parts.port or (443 if self.tls else 80)
        self.context = None
        if self.tls:
            self.context = ssl.create_default_context(cafile=self.verify)
        # an IPv4 address of the server: the sources are 127.0.0.x
        found = socket.getaddrinfo(self.host, self.port, socket.AF_INET, socket.SOCK_STREAM)
        self.ip = found[0][4][0]

    def http(self, source: str) -> httpx.AsyncClient:
        """A client whose connections come from ``source``."""
        verify = self.context or True
        transport = httpx.AsyncHTTPTransport(local_address=source, verify=verify)
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=30)

    def tcp(self, source: str) -> socket.socket:
        raw = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        raw.bind((source, 0))
        raw.settimeout(10)
        raw.connect((self.ip, self.port))
        return raw

    async def live(self, path: str, source: str, headers: dict | None = None):
        """A WebSocket from ``source`` (its handshake through the proxy, wss when https)."""
        raw = await asyncio.to_thread(self.tcp, source)
        raw.setblocking(False)
        scheme = "wss" if self.tls else "ws"
        return await websockets.connect(
            f"{scheme}://{self.host}:{self.port}{path}",
            sock=raw,
            ssl=self.context,
            server_hostname=self.host if self.tls else None,
            additional_headers=headers or {},
            max_size=2**24,
            open_timeout=15,
        )


async def create(http: httpx.AsyncClient, seats: list[str], **body) -> dict:
    answer = await http.post("/api/games", json={"game": GAME, "seats": seats, **body})
    check(answer.status_code == 201, f"creating a game: {answer.status_code} {answer.text[:160]}")
    return answer.json()


async def table(http: httpx.AsyncClient, game_id: str, token: str) -> dict:
    answer = await http.get(f"/api/games/{game_id}", headers=auth(token))
    check(answer.status_code == 200, f"reading a table: {answer.status_code}")
    return answer.json()


def closed_code(error: websockets.ConnectionClosed) -> int | None:
    return error.rcvd.code if error.rcvd is not None else None


# --- (a) ---------------------------------------------------------------------------------------


async def chosen_seed(t: Target) -> str:
    async with t.http(PLAYER) as http:
        between = await http.post(
            "/api/games", json={"game": GAME, "seats": ["human", "human"], "seed": 424242}
        )
        check(between.status_code == 422, f"a seed between two people: {between.status_code}")
        made = await create(http, ["human", "random"], seed=424242)
        check(made["seed_chosen"] is True, "a chosen seed is not said (seed_chosen)")
        host = auth(made["host_token"])
        handed = await http.post(f"/api/games/{made['id']}/seats/1/human", headers=host)
        check(
            handed.status_code == 409,
            f"the bot's seat of a chosen deal went to a person: {handed.status_code} "
            f"{handed.text[:120]}",
        )
        check("seed" in handed.json().get("error", ""), f"the 409 says no why: {handed.text}")
        after = await table(http, made["id"], made["host_token"])
        check(after["seats"][1]["bot"] == "random", "the seat changed all the same")
        dealt = await create(http, ["human", "random"])
        control = await http.post(
            f"/api/games/{dealt['id']}/seats/1/human", headers=auth(dealt["host_token"])
        )
        check(control.status_code == 200, f"a server-dealt hand-back: {control.status_code}")
    return (
        f"seed between two humans 422; chosen seed with one human 201 (seed_chosen); its "
        f"hand-back to a person 409 ('{handed.json()['error'][:60]}...'), seat 1 still a bot; "
        f"the same hand-back at a server-dealt table 200"
    )


# --- (b) ---------------------------------------------------------------------------------------


@dataclass
class Heard:
    upstream: str
    messages: list[tuple[float, dict]] = field(default_factory=list)
    code: int | None = None
    closed: float | None = None


async def listen(ws, heard: Heard) -> None:
    try:
        while True:
            heard.messages.append((time.monotonic(), json.loads(await ws.recv())))
    except websockets.ConnectionClosed as error:
        heard.code = closed_code(error)
        heard.closed = time.monotonic()


def is_bot(message: dict, seat: int) -> bool | None:
    seats = message.get("seats")
    return None if not seats else seats[seat]["bot"] is not None


async def handed_back(t: Target) -> str:
    async with t.http(PLAYER) as http:
        made = await create(http, ["human", "human"])
        game_id, host = made["id"], made["host_token"]
        first = await table(http, game_id, host)
        seat = 1 if first["to_move"] != 1 else 0  # the seat NOT on move: nothing moves meanwhile
        old = made["seats"][seat]["token"]
        path = f"/api/games/{game_id}/live?token={old}"
        heard, tasks, sockets = [], [], []
        for pin in ("first", "second"):  # one old socket at each process (Caddy routes on it)
            cookie = {"Cookie": f"upstream={pin}"}
            # a proxy that names its upstream does so on HTTP answers, not on a 101
            routed = (await http.get("/api/registry", headers=cookie)).headers.get("x-upstream")
            ws = await t.live(path, OTHER, cookie)
            sockets.append(ws)
            one = Heard(routed or "?")
            opening = json.loads(await asyncio.wait_for(ws.recv(), 10))
            check(opening.get("seat") == seat, f"the old link opened {opening.get('seat')}")
            heard.append(one)
            tasks.append(asyncio.create_task(listen(ws, one)))
        own = await http.post(
            f"/api/games/{game_id}/seats/{seat}/bot", json={"agent": "random"}, headers=auth(old)
        )
        check(own.status_code == 200, f"the seat's own hand-off: {own.status_code} {own.text}")
        end = time.monotonic() + 10  # each old socket hears its seat go to the bot first
        while time.monotonic() < end and not all(
            any(is_bot(m, seat) for _, m in h.messages) for h in heard
        ):
            await asyncio.sleep(0.02)
        asked = time.monotonic()
        back = await http.post(f"/api/games/{game_id}/seats/{seat}/human", headers=auth(host))
        answered = time.monotonic()
        check(back.status_code == 200, f"the host's hand-back: {back.status_code} {back.text}")
        new = back.json()["token"]
        await asyncio.wait(tasks, timeout=10)
        for ws in sockets:
            await ws.close()
        leaks, late, codes, delays = 0, 0, [], []
        for h in heard:
            seen_bot = False
            for when, message in h.messages:
                bot = is_bot(message, seat)
                seen_bot = seen_bot or bool(bot)
                if seen_bot and bot is False or (when > answered and not bot):
                    leaks += 1
                if when > answered:
                    late += 1
            codes.append(h.code)
            delays.append(None if h.closed is None else h.closed - asked)
        check(leaks == 0, f"an old socket heard {leaks} update(s) of the new player")
        check(codes == [4403, 4403], f"the old sockets closed with {codes}, not 4403")
        refused = await http.get(f"/api/games/{game_id}", headers=auth(old))
        check(refused.status_code == 403, f"the old link still reads: {refused.status_code}")
        again = await t.live(path, OTHER)
        try:
            await asyncio.wait_for(again.recv(), 10)
            raise Failed("the old link opened a new live connection")
        except websockets.ConnectionClosed as error:
            reopened = closed_code(error)
        check(reopened == 4403, f"the old link's new connection closed with {reopened}")
        fresh = await t.live(f"/api/games/{game_id}/live?token={new}", OTHER)
        taken = json.loads(await asyncio.wait_for(fresh.recv(), 10))
        await fresh.close()
        check(taken.get("seat") == seat and is_bot(taken, seat) is False, "the new link fails")
    ms = ", ".join(f"{d * 1000:.0f}" for d in delays if d is not None)
    return (
        f"2 old sockets (pinned by cookie to {' and '.join(h.upstream for h in heard)}) closed "
        f"4403, "
        f"{ms} ms after the hand-back was sent; updates heard after it: {late}; the old link "
        f"then 403 (HTTP) and 4403 (live); the new link opens seat {seat}"
    )


# --- (c) ---------------------------------------------------------------------------------------


async def bot_game(t: Target, source: str) -> tuple[str, str]:
    """A game from ``source`` whose human seat is handed to a bot, played to its end."""
    async with t.http(source) as http:
        made = await create(http, ["human", "random"])
        token = made["seats"][0]["token"]
        handed = await http.post(
            f"/api/games/{made['id']}/seats/0/bot", json={"agent": "random"}, headers=auth(token)
        )
        check(handed.status_code == 200, f"handing a seat to a bot: {handed.status_code}")
        end = time.monotonic() + t.games_within
        while time.monotonic() < end:
            if (await table(http, made["id"], token))["over"]:
                return made["id"], token
            await asyncio.sleep(0.5)
    raise Failed(f"a bot game did not end within {t.games_within:g} s (slow bots?)")


async def reviews(t: Target, games: int = 6) -> str:
    started = time.monotonic()
    played = await asyncio.gather(
        *(bot_game(t, ATTACKER) for _ in range(games)), bot_game(t, VICTIM)
    )
    mine, theirs = played[:-1], played[-1]
    took = time.monotonic() - started
    async with t.http(ATTACKER) as attacker, t.http(VICTIM) as victim:
        asked = []
        for game_id, token in mine:
            answer = await attacker.post(f"/api/games/{game_id}/review", headers=auth(token))
            asked.append((answer.status_code, answer.json(), answer.headers.get("x-upstream")))
        codes = [code for code, _, _ in asked]
        refused = [body for code, body, _ in asked if code == 429]
        check(refused, f"no review from one address refused: {codes}")
        check(all(code in (202, 429) for code in codes), f"reviews answered {codes}")
        check("at most" in refused[0].get("error", ""), f"a 429 without a reason: {refused[0]}")
        answer = await victim.post(f"/api/games/{theirs[0]}/review", headers=auth(theirs[1]))
        check(answer.status_code in (200, 202), f"the other address's review: {answer.status_code}")
        waiting = answer.json()
        ahead = waiting.get("ahead") if waiting["status"] == "queued" else 0
        check(
            ahead is not None and ahead <= 1,
            f"the other address's review waits behind {ahead}: {waiting}",
        )
        # when each accepted review is done: the other address's before the attacker's queued
        done: dict[str, float] = {}
        accepted = [
            (game, who)
            for (game, who), (code, _, _) in zip(mine, asked, strict=True)
            if code == 202
        ]
        watched = [*accepted, theirs]
        asked_at = time.monotonic()
        while len(done) < len(watched) and time.monotonic() - asked_at < t.reviews_within:
            for game_id, token in watched:
                if game_id in done:
                    continue
                client = victim if game_id == theirs[0] else attacker
                status = (
                    await client.get(f"/api/games/{game_id}/review", headers=auth(token))
                ).json()
                if status["status"] in ("done", "failed"):
                    done[game_id] = time.monotonic() - asked_at
            await asyncio.sleep(0.5)
        check(theirs[0] in done, f"the other address's review not done in {t.reviews_within:g} s")
    order = sorted(done.values())
    theirs_at = done[theirs[0]]
    before = sum(1 for game, _ in accepted if done.get(game, float("inf")) > theirs_at)
    return (
        f"{games + 1} bot games ended in {took:.0f} s; one address's {games} reviews answered "
        f"{' '.join(map(str, codes))}; another address's then {waiting['status']} with ahead "
        f"{ahead}, done after {theirs_at:.1f} s, before {before} of the first address's "
        f"{len(accepted)} accepted (all done: {len(done)}/{len(watched)}, last after "
        f"{order[-1]:.1f} s)"
    )


# --- (d) ---------------------------------------------------------------------------------------


async def rules_page(t: Target, times: int = 200) -> str:
    path = "/api/registry/narcos/rules"
    bodies, etags, upstreams, statuses = set(), set(), set(), set()
    async with t.http(PLAYER) as http:
        started = time.monotonic()
        for _ in range(times):
            answer = await http.get(path)
            statuses.add(answer.status_code)
            bodies.add(answer.content)
            etags.add(answer.headers.get("etag"))
            upstreams.add(answer.headers.get("x-upstream"))
            cache = answer.headers.get("cache-control", "")
        took = time.monotonic() - started
        check(statuses == {200}, f"the rules page answered {sorted(statuses)}")
        check(len(bodies) == 1, f"{len(bodies)} different bodies in {times} answers")
        check(len(etags) == 1 and None not in etags, f"ETags: {etags}")
        check("max-age" in cache, f"Cache-Control: {cache!r}")
        etag = etags.pop()
        again = [await http.get(path, headers={"If-None-Match": etag}) for _ in range(4)]
        check(
            all(a.status_code == 304 and a.content == b"" for a in again),
            f"If-None-Match answered {[a.status_code for a in again]}",
        )
    size = len(bodies.pop())
    shown = ", ".join(sorted(u for u in upstreams if u)) or "not named"
    return (
        f"{times} GETs in {took:.1f} s: one body ({size} bytes), one ETag {etag}, "
        f"'{cache}', upstreams {shown}; If-None-Match: 304 x4, empty"
    )


# --- (e) ---------------------------------------------------------------------------------------


async def fill(t: Target, path: str, source: str, held: list, most: int = 300) -> tuple[int, dict]:
    """Open spectators from ``source`` until four in a row are refused; kept open in
    ``held``. How many were let in, and the refusals by close code."""
    let_in, refusals, in_a_row = 0, {}, 0
    for _ in range(most):
        if in_a_row >= 4:
            break
        try:
            ws = await t.live(path, source)
        except websockets.InvalidStatus as error:  # refused before the handshake
            code = f"HTTP {error.response.status_code}"
            refusals[code] = refusals.get(code, 0) + 1
            in_a_row += 1
            continue
        try:
            await asyncio.wait_for(ws.recv(), 10)
        except websockets.ConnectionClosed as error:
            code = closed_code(error)
            refusals[code] = refusals.get(code, 0) + 1
            in_a_row += 1
            continue
        held.append(ws)
        let_in += 1
        in_a_row = 0
    return let_in, refusals


async def spectators(t: Target) -> str:
    async with t.http(PLAYER) as http:
        made = await create(http, ["human", "human"], public=True)
    watch = f"/api/games/{made['id']}/live"
    held: list = []
    try:
        first = await fill(t, watch, WATCHERS[0], held)
        second = await fill(t, watch, WATCHERS[1], held)
        for source, (_n, refusals) in zip(WATCHERS, (first, second), strict=True):
            check(
                set(refusals) == {4429},
                f"{source}'s spectators were refused with {refusals}, not 4429 (cap)",
            )
        seats = []
        for source, seat in ((WATCHERS[0], 0), (WATCHERS[0], 0), (WATCHERS[1], 1)):
            token = made["seats"][seat]["token"]
            try:
                ws = await t.live(f"{watch}?token={token}", source)
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            except websockets.ConnectionClosed as error:
                raise Failed(
                    f"seat {seat}'s own socket from {source} refused with {closed_code(error)} "
                    f"while the spectators fill the game"
                ) from None
            held.append(ws)
            check(message.get("seat") == seat, f"seat {seat}'s socket opened {message.get('seat')}")
            seats.append(seat)
    finally:
        await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)
    return (
        f"spectators let in: {first[0]} from {WATCHERS[0]}, {second[0]} from {WATCHERS[1]} "
        f"({first[0] + second[0]} in all), then refused 4429 ({sum(first[1].values())} and "
        f"{sum(second[1].values())} tries); the seats' own sockets then opened: 2 of seat 0 "
        f"from {WATCHERS[0]}, 1 of seat 1 from {WATCHERS[1]}"
    )


# --- (f) ---------------------------------------------------------------------------------------


async def hints(t: Target) -> str:
    async with t.http(PLAYER) as http:
        refused = await http.post(
            "/api/games", json={"game": GAME, "seats": ["human", "human"], "hints": True}
        )
        check(refused.status_code == 422, f"hints between two humans: {refused.status_code}")
        made = await create(http, ["human", "random"])
        check(made["hints"] is True, "hints are not on by default with one human")
        game_id, host = made["id"], auth(made["host_token"])
        handed = await http.post(f"/api/games/{game_id}/seats/1/human", headers=host)
        check(handed.status_code == 200, f"the hand-back: {handed.status_code}")
        now = await table(http, game_id, made["host_token"])
        check(now["hints"] is False, "hints still on with two humans")
        seat = made["seats"][0]["token"]
        asked = await http.post(
            f"/api/games/{game_id}/hint", json={"version": now["version"]}, headers=auth(seat)
        )
        check(asked.status_code == 403, f"a hint at a table of two humans: {asked.status_code}")
        left = await http.post(
            f"/api/games/{game_id}/seats/1/bot",
            json={"agent": "random"},
            headers=auth(handed.json()["token"]),
        )
        check(left.status_code == 200, f"the new player's hand-off: {left.status_code}")
        later = await table(http, game_id, made["host_token"])
        check(later["hints"] is False, "hints back on when the second human left")
    return (
        "hints:true with two humans 422; one human: on; after the hand-back to a person: off, a "
        "hint asked 403; the person leaves again: still off"
    )


# --- (g) ---------------------------------------------------------------------------------------


async def paths_and_headers(t: Target) -> str:
    names: dict[str, int] = {}
    async with t.http(PLAYER) as http:
        made = await create(http, ["human", "random"])
        host = auth(made["host_token"])
        statuses = {}
        for seat in ("1.0", "+1", "01e0", "\u0661", "1%20"):
            answer = await http.post(
                f"/api/games/{made['id']}/seats/{seat}/bot", json={"agent": "random"}, headers=host
            )
            statuses[seat] = answer.status_code
            if seat == "1.0":
                said = answer.json().get("error", "")
            for value in answer.headers.get_list("server"):
                names[value] = names.get(value, 0) + 1
        check(statuses["1.0"] == 422, f"/seats/1.0/bot answered {statuses['1.0']}")
        check("digits" in said, f"/seats/1.0/bot refused without saying why: {said!r}")
        check(all(s in (404, 422) for s in statuses.values()), f"seat paths: {statuses}")
        wrong = await http.put("/api/games")
        check(wrong.status_code == 405, f"PUT /api/games: {wrong.status_code}")
        allow = wrong.headers.get("allow")
        check(allow == "GET, POST", f"PUT /api/games: Allow {allow!r}")
        other = await http.delete("/api/registry")
        check(other.headers.get("allow") == "GET", f"DELETE /api/registry: {other.headers}")
        for answer in (wrong, other, await http.get("/"), await http.get("/api/nope")):
            for value in answer.headers.get_list("server"):
                names[value] = names.get(value, 0) + 1
    own = []
    for upstream in t.upstreams:  # the game server itself, without the proxy
        async with httpx.AsyncClient(base_url=upstream, timeout=10) as direct:
            for answer in (
                await direct.get("/api/registry"),
                await direct.put("/api/games"),
                await direct.get("/api/nope"),
            ):
                own += answer.headers.get_list("server")
    check(not own, f"the game server names itself: server: {own}")
    software = [n for n in names if any(w in n.lower() for w in ("uvicorn", "python", "starl"))]
    check(not software, f"an answer through the proxy names the software: {software}")
    proxy = f"through the proxy only its own 'server: {', '.join(names)}'" if names else "none"
    direct_note = (
        f"none from the game server at {len(t.upstreams)} upstream(s) directly"
        if t.upstreams
        else "upstreams not checked directly"
    )
    return (
        f"/seats/1.0/bot 422 ('digits'), +1 {statuses['+1']}, 01e0 {statuses['01e0']}, "
        f"Arabic-Indic 1 {statuses[chr(0x661)]}, '1 ' {statuses['1%20']}; PUT /api/games 405 "
        f"Allow '{allow}', DELETE /api/registry 405 Allow 'GET'; server header: {direct_note}, "
        f"{proxy}"
    )


# --- (h) ---------------------------------------------------------------------------------------


async def forged_address(t: Target) -> str:
    body = {"game": GAME, "seats": ["human", "human"]}
    async with t.http(FORGER) as http:
        made = 0
        for _ in range(2 * t.most_creations):
            answer = await http.post("/api/games", json=body)
            if answer.status_code == 429:
                break
            check(answer.status_code == 201, f"creating: {answer.status_code}")
            made += 1
        else:
            raise Failed(f"no creation limit met within {2 * t.most_creations} games")
        reason = answer.json().get("error", "")
        forged = []
        for headers in FORGED * 2:  # each forgery at each of two processes (round robin)
            forged.append((await http.post("/api/games", json=body, headers=headers)).status_code)
        check(all(s == 429 for s in forged), f"forged headers bought games: {forged}")
        plain = (await http.post("/api/games", json=body)).status_code
        check(plain == 429, f"after the forgeries a plain request got {plain}")
    async with t.http(BYSTANDER) as other:
        bystander = (await other.post("/api/games", json=body)).status_code
    check(bystander == 201, f"another address, at the same time: {bystander}")
    return (
        f"{FORGER} created {made} games, then 429 ('{reason[:48]}...'); {len(forged)} tries "
        f"with a forged X-Forwarded-For / Forwarded / X-Real-IP: all 429; {BYSTANDER} at "
        f"the same time: 201"
    )


# --- (i) ---------------------------------------------------------------------------------------


def raw_socket(t: Target, path: str, source: str) -> tuple[socket.socket, bytes]:
    """A TLS socket (with the proxy's root) through a WebSocket handshake by hand; what came
    after the handshake's headers."""
    raw = t.tcp(source)
    sock = t.context.wrap_socket(raw, server_hostname=t.host) if t.context else raw
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET {path} HTTP/1.1\r\nHost: {t.host}:{t.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    got = b""
    while b"\r\n\r\n" not in got:
        chunk = sock.recv(4096)
        if not chunk:
            raise Failed("the handshake was cut off")
        got += chunk
    head, _, rest = got.partition(b"\r\n\r\n")
    check(head.startswith(b"HTTP/1.1 101"), f"handshake: {head[:60]!r}")
    return sock, rest


def frames(buffer: bytearray) -> list[tuple[int, bytes]]:
    """Whole server frames (unmasked) taken off the front of ``buffer``."""
    out = []
    while len(buffer) >= 2:
        opcode, length, start = buffer[0] & 0x0F, buffer[1] & 0x7F, 2
        if length == 126:
            if len(buffer) < 4:
                break
            length, start = int.from_bytes(buffer[2:4], "big"), 4
        elif length == 127:
            if len(buffer) < 10:
                break
            length, start = int.from_bytes(buffer[2:10], "big"), 10
        if len(buffer) < start + length:
            break
        out.append((opcode, bytes(buffer[start : start + length])))
        del buffer[: start + length]
    return out


@dataclass
class Silence:
    pings: list[float] = field(default_factory=list)
    code: int | None = None
    closed: float | None = None  # seconds after the handshake
    error: str | None = None


def read_without_pong(t: Target, path: str, source: str, within: float) -> Silence:
    """Read every frame, answer none: when the pings come and when the connection ends."""
    seen = Silence()
    sock, rest = raw_socket(t, path, source)
    opened = time.monotonic()
    buffer = bytearray(rest)
    sock.settimeout(0.5)
    try:
        while time.monotonic() - opened < within + 5:
            for opcode, payload in frames(buffer):
                if opcode == 0x9:
                    seen.pings.append(time.monotonic() - opened)
                elif opcode == 0x8 and len(payload) >= 2:
                    seen.code = int.from_bytes(payload[:2], "big")
            try:
                chunk = sock.recv(65536)
            except (TimeoutError, ssl.SSLWantReadError):
                continue
            except (ssl.SSLError, OSError) as error:
                seen.closed, seen.error = time.monotonic() - opened, type(error).__name__
                break
            if not chunk:
                for opcode, payload in frames(buffer):
                    if opcode == 0x8 and len(payload) >= 2:
                        seen.code = int.from_bytes(payload[:2], "big")
                seen.closed = time.monotonic() - opened
                break
            buffer += chunk
    finally:
        sock.close()
    return seen


def never_read(t: Target, path: str, source: str, within: float) -> Silence:
    """Read nothing for ``within`` seconds, then look: was the connection let go?"""
    seen = Silence()
    sock, rest = raw_socket(t, path, source)
    opened = time.monotonic()
    time.sleep(within)
    buffer = bytearray(rest)
    sock.settimeout(2.0)
    try:
        while True:
            try:
                chunk = sock.recv(65536)
            except (TimeoutError, ssl.SSLWantReadError):
                break  # nothing more and no end: still open
            except (ssl.SSLError, OSError) as error:
                seen.closed, seen.error = time.monotonic() - opened, type(error).__name__
                break
            if not chunk:
                seen.closed = within  # the end was there, waiting, when we looked
                break
            buffer += chunk
    finally:
        sock.close()
    for opcode, payload in frames(buffer):
        if opcode == 0x9:
            seen.pings.append(within)
        elif opcode == 0x8 and len(payload) >= 2:
            seen.code = int.from_bytes(payload[:2], "big")
    return seen


async def silent_client(t: Target, within: float = 10.0) -> str:
    async with t.http(SILENT) as http:
        made = await create(http, ["human", "human"])
    path = f"/api/games/{made['id']}/live?token={made['spectator_token']}"
    reader, deaf = await asyncio.gather(
        asyncio.to_thread(read_without_pong, t, path, SILENT, within),
        asyncio.to_thread(never_read, t, path, SILENT, within),
    )
    check(
        reader.closed is not None and reader.closed <= within,
        f"a client reading without pongs still open after {within:g} s "
        f"(closed: {reader.closed}, pings at {reader.pings})",
    )
    check(deaf.closed is not None, f"a client that never reads still open after {within:g} s")
    pings = ", ".join(f"{p:.1f}" for p in reader.pings)
    return (
        f"reading without pongs: pings at {pings} s, closed after {reader.closed:.1f} s (code "
        f"{reader.code}); never reading: closed by {within:g} s (code {deaf.code}, "
        f"{len(deaf.pings) and 'pings waiting' or 'no ping read'})"
    )


ATTACKS: dict[str, tuple[str, Callable[[Target], Awaitable[str]]]] = {
    "a": ("a chosen seed, then a person at the table", chosen_seed),
    "b": ("a revoked seat's open live sockets", handed_back),
    "c": ("reviews from one address, then another's", reviews),
    "d": ("the rules page 200 times", rules_page),
    "e": ("spectators filling a public game", spectators),
    "f": ("hints between two humans", hints),
    "g": ("lax numbers in paths, 405, server header", paths_and_headers),
    "h": ("a forged X-Forwarded-For", forged_address),
    "i": ("a client that never answers pings", silent_client),
}


async def run(t: Target, only: str) -> int:
    failed = 0
    for letter, (name, attack) in ATTACKS.items():
        if letter not in only:
            continue
        started = time.monotonic()
        try:
            figures = await attack(t)
            verdict = "held"
        except Failed as error:
            figures, verdict = str(error), "FAILED"
        except Exception as error:  # the attack itself broke: say so, go on with the next
            figures, verdict = f"{type(error).__name__}: {error}"[:300], "FAILED"
        failed += verdict == "FAILED"
        took = time.monotonic() - started
        print(f"({letter}) {name}: {verdict} [{took:.1f} s] {figures}", flush=True)
    return failed


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--url", required=True, help="the server (or its proxy), https or http")
    parser.add_argument("--verify", default=None, help="the root certificate to trust (https)")
    parser.add_argument(
        "--upstream", action="append", default=[], help="a server process behind the proxy"
    )
    parser.add_argument("--only", default="".join(ATTACKS), help="the attacks to run: abc...")
    parser.add_argument("--games-within", type=float, default=120.0)
    parser.add_argument("--reviews-within", type=float, default=180.0)
    parser.add_argument("--most-creations", type=int, default=120, help="per process, for (h)")
    args = parser.parse_args()
    target = Target(
        args.url,
        args.verify,
        args.upstream,
        args.games_within,
        args.reviews_within,
        args.most_creations,
    )
    sys.exit(1 if asyncio.run(run(target, args.only)) else 0)


if __name__ == "__main__":
    main()
