"""The attacks on the wire itself: (g) lax numbers in paths, 405s and the server header, (i) live
connections that never answer the server's pings."""

import asyncio
import base64
import os
import socket
import ssl
import time
from dataclasses import dataclass, field

import httpx
from attack_kit import PLAYER, SILENT, Failed, Target, auth, check, create

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
