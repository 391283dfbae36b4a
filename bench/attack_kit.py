"""What the attacks of bench/attacks.py share: the target server, its source addresses, the
client calls every attack makes, and ``Failed``, raised by an attack that got through."""

import asyncio
import socket
import ssl
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
