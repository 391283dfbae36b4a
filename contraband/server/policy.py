"""What the server allows a client: bounded bots, connections, game creation and origins.

Every number a client can send that costs the server time is checked against one of these
limits; ``Policy`` holds them so that a deployment (and the tests) can set its own.
"""

from __future__ import annotations

import logging
import math
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any
from urllib.parse import urlsplit

from contraband.agents import LEVELS, REGISTRY, from_spec, parse_spec

log = logging.getLogger("contraband.policy")

#: the largest seed the engine takes
SEED_LIMIT = 2**63 - 1


@dataclass(frozen=True)
class Policy:
    #: wall-clock seconds a bot may think about one decision: its search stops there
    bot_seconds: float = 3.0
    #: the largest search budget a seat's spec may ask for
    bot_iterations: int = 20_000
    #: live connections one address may hold, and one game may have
    sockets_per_address: int = 32
    sockets_per_game: int = 64
    #: games one address may create: a burst, then one every ``create_every`` seconds
    create_burst: int = 20
    create_every: float = 6.0
    #: a human seat counts as gone (the host may give it to a bot) after this long unheard
    abandon_after: float = 120.0
    #: origins (scheme://host[:port]) allowed to open live connections besides the server's
    #: own address; empty: only pages served by this server (or clients that send no Origin)
    origins: tuple[str, ...] = field(default_factory=tuple)
    #: accept a creator's seed in every game, also between people (a test server, or a table
    #: whose players agree to a known deal); off: only with at most one human seat
    trusted_seeds: bool = False

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Policy:
        """The defaults, with any ``CONTRABAND_<FIELD>`` environment variable applied
        (``CONTRABAND_BOT_SECONDS=2``, ``CONTRABAND_ORIGINS=https://a.example,https://b.example``);
        a value that does not fit its field is an error naming it."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for item in fields(cls):
            name = f"CONTRABAND_{item.name.upper()}"
            text = environ.get(name)
            if text is None:
                continue
            default = getattr(cls(), item.name)
            try:
                values[item.name] = _parse(text, default)
            except ValueError:
                raise ValueError(f"{name}={text[:40]!r} is not {_KIND[type(default)]}") from None
        return cls(**values)


_KIND = {
    bool: "true or false",
    int: "a whole number above 0",
    float: "a number above 0",
    tuple: "a comma-separated list of origins such as https://play.example.com",
}


def _parse(text: str, default: Any) -> Any:
    if isinstance(default, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(text)
    if isinstance(default, tuple):
        origins = tuple(part.strip().rstrip("/") for part in text.split(",") if part.strip())
        if any(urlsplit(o).scheme not in ("http", "https") for o in origins):
            raise ValueError(text)
        return origins
    value = type(default)(text)
    if not 0 < value < math.inf:
        raise ValueError(text)
    return value


class SpecRefused(ValueError):
    """An agent spec a client may not use; the message names the limit."""


def check_bot(spec: str, policy: Policy) -> None:
    """Refuse a client's agent spec that is malformed or asks for more than the server gives."""
    try:
        name, params = parse_spec(spec)
    except ValueError as error:
        raise SpecRefused(str(error)) from None
    seconds = params.get("seconds")
    if seconds is not None and seconds > policy.bot_seconds:
        raise SpecRefused(
            f"agent {name!r}: seconds may be at most {policy.bot_seconds:g} on this server, "
            f"got {seconds:g}"
        )
    iterations = params.get("iterations")
    if iterations is not None and iterations > policy.bot_iterations:
        raise SpecRefused(
            f"agent {name!r}: iterations may be at most {policy.bot_iterations} on this server, "
            f"got {str(iterations)[:20]}"
        )
    try:
        from_spec(spec)
    except ValueError as error:
        raise SpecRefused(str(error)) from None


def bot_agent(spec: str, seed: int, policy: Policy) -> Any:
    """The agent that plays a bot seat, within the server's limits whatever its stored spec
    says (a spec stored before the limits existed is clamped, an unreadable one is played by
    the ``hard`` level)."""
    try:
        name, params = parse_spec(spec)
    except ValueError:
        log.warning("unreadable bot spec %r: playing it as hard", spec[:60])
        spec = LEVELS["hard"][0]
        name, params = parse_spec(spec)
    overrides: dict[str, Any] = {"seed": seed}
    if "seconds" in params:
        overrides["seconds"] = min(params["seconds"], policy.bot_seconds)
    if "iterations" in params:
        overrides["iterations"] = min(params["iterations"], policy.bot_iterations)
    if "seconds" in REGISTRY[name].params:  # a searching agent: stop it at the cap
        overrides["max_seconds"] = policy.bot_seconds
    return from_spec(spec, **overrides)


def server_seed() -> int:
    """A seed from the operating system's secure source: nobody can know it in advance."""
    return secrets.randbelow(SEED_LIMIT + 1)


def origin_allowed(origin: str | None, host: str | None, policy: Policy) -> bool:
    """Whether a live connection from a page at ``origin`` may open: same host and port as
    the server was reached at, or one of the configured origins. No Origin header (not a
    browser) is allowed: the seat token is what protects a seat."""
    if origin is None:
        return True
    if origin in policy.origins:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host
