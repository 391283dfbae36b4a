"""The attacks on seats and who may sit in them: (a) a chosen seed reaching a table with a person,
(b) a revoked seat's open live sockets, (f) hints between two humans, (h) a forged client address
buying more game creations."""

import asyncio
import json
import time
from dataclasses import dataclass, field

import websockets
from attack_kit import (
    BYSTANDER,
    FORGED,
    FORGER,
    GAME,
    OTHER,
    PLAYER,
    Failed,
    Target,
    auth,
    check,
    closed_code,
    create,
    table,
)

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
