"""The attacks that ask too much: (c) reviews from one address then another's, (d) the rules page
asked again and again, (e) spectators filling a public game."""

import asyncio
import json
import time

import websockets
from attack_kit import (
    ATTACKER,
    PLAYER,
    VICTIM,
    WATCHERS,
    Failed,
    Target,
    auth,
    check,
    closed_code,
    create,
    table,
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
