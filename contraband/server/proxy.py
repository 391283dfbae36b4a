"""The client's real address behind a reverse proxy (Caddy, nginx), and only from a trusted one.

Behind a proxy every connection comes from the proxy's address, so the per-address limits
(requests, live connections, games created) would lump all players together. The proxy says
who the client was in a header: ``X-Forwarded-For`` (what Caddy and nginx send) or the
standard ``Forwarded`` (RFC 7239). Anyone can send those headers, so they are read only from a
connection whose own address is a trusted proxy's (``--forwarded-allow-ips``), and the header
is read from the right: each proxy appends the address it was reached from, so the right-most
address that is not a trusted proxy is the client (whatever a client wrote further left is
ignored). A request that reaches the server directly keeps its own address, forged header or
not.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass, field
from typing import Any, Literal

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
HeaderName = Literal["x-forwarded-for", "forwarded"]

#: the proxies trusted by default: this machine (a proxy in front of it on the same host)
LOOPBACK = "127.0.0.1,::1"


def parse_networks(text: str) -> tuple[Network, ...]:
    """``127.0.0.1,10.0.0.0/8,::1`` -> networks; ``*`` trusts every address (only where nothing
    but the proxy can reach the server). A ValueError names the entry that is not an address."""
    networks = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        if part == "*":
            networks += [ipaddress.ip_network("0.0.0.0/0"), ipaddress.ip_network("::/0")]
            continue
        try:
            networks.append(ipaddress.ip_network(part, strict=False))
        except ValueError:
            raise ValueError(
                f"--forwarded-allow-ips: {part[:60]!r} is not an IP address or network "
                "(give addresses or networks such as 127.0.0.1,10.0.0.0/8, or * for any)"
            ) from None
    return tuple(networks)


@dataclass(frozen=True)
class Proxy:
    """Which proxies are trusted and which header they set."""

    trusted: tuple[Network, ...] = field(default_factory=lambda: parse_networks(LOOPBACK))
    header: HeaderName = "x-forwarded-for"

    def trusts(self, address: str) -> bool:
        try:
            ip = ipaddress.ip_address(address.split("%", 1)[0])
        except ValueError:
            return False
        return any(ip in network for network in self.trusted)

    def client(self, peer: str, headers: list[tuple[bytes, bytes]]) -> tuple[str, str | None]:
        """The client's address (``peer`` itself unless ``peer`` is a trusted proxy) and the
        scheme the proxy was reached with (``None``: as the connection says)."""
        if not self.trusts(peer):
            return peer, None
        hops: list[str] = []
        proto: str | None = None
        for name, value in headers:
            name = name.lower()
            text = value.decode("latin-1")
            if self.header == "x-forwarded-for" and name == b"x-forwarded-for":
                hops += [part.strip() for part in text.split(",")]
            elif self.header == "forwarded" and name == b"forwarded":
                for element in text.split(","):
                    pairs = _pairs(element)
                    if "for" in pairs:
                        hops.append(_node(pairs["for"]))
                    proto = pairs.get("proto", proto)
            elif self.header == "x-forwarded-for" and name == b"x-forwarded-proto":
                proto = text.split(",")[-1].strip()
        for hop in reversed(hops):
            if not _is_ip(hop):
                return peer, _scheme(proto)  # a garbled chain: trust none of it
            if not self.trusts(hop):
                return hop, _scheme(proto)
        return (hops[0] if hops else peer), _scheme(proto)


class ProxyHeaders:
    """ASGI middleware: sets ``scope["client"]`` (and the scheme) from a trusted proxy's header,
    before the limits count anything by address."""

    def __init__(self, app: Any, proxy: Proxy) -> None:
        self.app = app
        self.proxy = proxy

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and scope.get("client"):
            peer, port = scope["client"]
            address, proto = self.proxy.client(peer, scope.get("headers") or [])
            if address != peer or proto:
                scope = dict(scope)
                scope["client"] = (address, port if address == peer else 0)
                if proto in ("http", "https"):
                    secure = proto == "https"
                    if scope["type"] == "websocket":
                        scope["scheme"] = "wss" if secure else "ws"
                    else:
                        scope["scheme"] = proto
        await self.app(scope, receive, send)


class RootPath:
    """ASGI middleware: the sub-path a proxy serves the table under, as the request's
    ``root_path`` (what the pages write into their links)."""

    def __init__(self, app: Any, root_path: str) -> None:
        self.app = app
        self.root_path = root_path

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket") and not scope.get("root_path"):
            scope = {**scope, "root_path": self.root_path}
        await self.app(scope, receive, send)


def _pairs(element: str) -> dict[str, str]:
    pairs = {}
    for pair in element.split(";"):
        key, _, value = pair.partition("=")
        pairs[key.strip().lower()] = value.strip().strip('"')
    return pairs


def _node(value: str) -> str:
    """A ``Forwarded`` node without its port: ``[2001:db8::1]:4711`` -> ``2001:db8::1``."""
    if value.startswith("["):
        return value[1:].split("]", 1)[0]
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def _is_ip(text: str) -> bool:
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def _scheme(proto: str | None) -> str | None:
    proto = (proto or "").strip().lower()
    return proto if proto in ("http", "https") else None
