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
class Clock:
    """A bot's clock at the table: each of its decisions is submitted ``pace`` seconds after it
    became its turn, whatever it holds, whether the move was forced and however long it
    thought; its search stops at ``think`` seconds (below the pace, so it is done first)."""

    pace: float
    think: float


#: the bot clock of each game (pace, think). A whole bot turn at two players within 5 s needs
#: pace x (the most decisions in one bot turn) under 5 s, with room for the commit of each move
#: on a busy machine; the most decisions a `hard` bot took in one turn at two players were
#: Tony & Tino 6, Counterfeiters 4, The Nacho Incident 7, Al Cabohne 23, Narcos 30 (issue 34,
#: bench/bot_clock.py). The gap between pace and think covers the turn's setup, the game's
#: planner and committing the move (docs/strength.md, "Bots on the clock").
CLOCKS: dict[str, Clock] = {
    "tony-tino": Clock(0.8, 0.55),
    "counterfeiters": Clock(0.75, 0.5),
    "nacho-incident": Clock(0.6, 0.4),
    "al-cabohne": Clock(0.16, 0.1),
    "narcos": Clock(0.12, 0.07),
}


@dataclass(frozen=True)
class Policy:
    #: wall-clock seconds any bot search may run (and the most a seat's spec may ask for); the
    #: table's clock (``bot_think``, ``bot_clocks``) stops a bot's search sooner
    bot_seconds: float = 3.0
    #: the bot clock of a game not in ``bot_clocks``: each bot decision is submitted ``bot_pace``
    #: seconds after its turn began, its search stopped at ``bot_think`` seconds
    bot_pace: float = 0.6
    bot_think: float = 0.45
    #: the bot clock per game id (``CONTRABAND_BOT_CLOCKS=tony-tino=0.85/0.65,narcos=0.2/0.1``
    #: sets the games it names and keeps the others' defaults)
    bot_clocks: dict[str, Clock] = field(default_factory=lambda: dict(CLOCKS))
    #: the largest search budget a seat's spec may ask for
    bot_iterations: int = 20_000
    #: live connections one address may hold (seats' and spectators' counted apart), one
    #: game may have, one seat may hold (its player's tabs and devices: never refused because
    #: of spectators), and the game's spectators at most (below the game's cap)
    sockets_per_address: int = 32
    sockets_per_game: int = 64
    sockets_per_seat: int = 8
    spectators_per_game: int = 48
    #: games one address may create: a burst, then one every ``create_every`` seconds
    create_burst: int = 20
    create_every: float = 6.0
    #: a human seat of a live table counts as gone (the host may give it to a bot) after this
    #: long unheard (a turn-based table goes by its clock instead)
    abandon_after: float = 120.0
    #: seconds a table with open seats waits for its players before it expires
    open_for: float = 7 * 86400.0
    #: seconds a table may stand with its seat on move out of time and nobody replacing it,
    #: before it ends as abandoned
    abandon_timeout: float = 7 * 86400.0
    #: origins (scheme://host[:port]) allowed to open live connections besides the server's
    #: own address; empty: only pages served by this server (or clients that send no Origin)
    origins: tuple[str, ...] = field(default_factory=tuple)
    #: accept a creator's seed in every game, also between people (a test server, or a table
    #: whose players agree to a known deal); off: only with at most one human seat
    trusted_seeds: bool = False

    def __post_init__(self) -> None:
        _check_clock(
            "CONTRABAND_BOT_PACE/CONTRABAND_BOT_THINK", Clock(self.bot_pace, self.bot_think)
        )
        for game, clock in self.bot_clocks.items():
            _check_clock(f"CONTRABAND_BOT_CLOCKS: {game}", clock)

    def clock(self, game: str | None) -> Clock:
        """The bot clock of ``game`` (its own, else the default), its search never longer than
        ``bot_seconds``."""
        clock = self.bot_clocks.get(game or "", Clock(self.bot_pace, self.bot_think))
        return Clock(clock.pace, min(clock.think, self.bot_seconds))

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


def _check_clock(name: str, clock: Clock) -> None:
    """A clock whose search could outlast its pace would let the clock tell (the move comes
    late exactly when the bot thought long): refused, naming the setting."""
    if not (0 < clock.think < clock.pace < math.inf):
        raise ValueError(
            f"{name}: the bot's pace must be above its thinking time, both positive seconds "
            f"(pace/think), got {clock.pace:g}/{clock.think:g}"
        )


_KIND = {
    bool: "true or false",
    int: "a whole number above 0",
    float: "a number above 0",
    tuple: "a comma-separated list of origins such as https://play.example.com",
    dict: "a comma-separated list of game=pace/think in seconds such as tony-tino=0.85/0.65, "
    "for known games",
}


def _parse(text: str, default: Any) -> Any:
    if isinstance(default, bool):
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(text)
    if isinstance(default, dict):
        return {**default, **_parse_clocks(text)}
    if isinstance(default, tuple):
        origins = tuple(part.strip().rstrip("/") for part in text.split(",") if part.strip())
        if any(urlsplit(o).scheme not in ("http", "https") for o in origins):
            raise ValueError(text)
        return origins
    value = type(default)(text)
    if not 0 < value < math.inf:
        raise ValueError(text)
    return value


def _parse_clocks(text: str) -> dict[str, Clock]:
    """``tony-tino=0.85/0.65,narcos=0.2/0.1`` -> the clocks of the games named."""
    from contraband import games  # the registry of game ids

    known = {info.id for info in games()}
    clocks = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        game, _, numbers = part.partition("=")
        pace, _, think = numbers.partition("/")
        if game.strip() not in known:
            raise ValueError(part)
        clocks[game.strip()] = Clock(float(pace), float(think))
    return clocks


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


def bot_agent(
    spec: str, seed: int, policy: Policy, game: str | None = None, seconds: float | None = None
) -> Any:
    """The agent that plays a bot seat, within the server's limits whatever its stored spec
    says (a spec stored before the limits existed is clamped, an unreadable one is played by
    the ``hard`` level). A searching agent stops at ``game``'s bot clock (its ``think``; with
    no game, at ``bot_seconds``), or at ``seconds`` if sooner (what is left of the bot's turn);
    its iteration budget stays the upper bound."""
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
    if "seconds" in REGISTRY[name].params:  # a searching agent: stop it at the clock
        cap = policy.clock(game).think if game else policy.bot_seconds
        overrides["max_seconds"] = cap if seconds is None else min(cap, seconds)
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
