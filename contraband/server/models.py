"""Request and response shapes of the JSON API (they make the OpenAPI document)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field


def _digits(value: Any) -> Any:
    """A number in a path or query must be written as plain ASCII digits: ``1.0``, ``+1``,
    ``1e0`` or ``١`` are not seat 1."""
    if isinstance(value, str) and not re.fullmatch(r"[0-9]{1,12}", value):
        raise ValueError("must be a whole number written in digits 0-9")
    return value


#: a whole number from a URL (path or query), strictly digits
Whole = Annotated[int, BeforeValidator(_digits)]


class Strict(BaseModel):
    """A request body: unknown fields are refused and nothing is coerced (no ``true`` for 1,
    no ``"3"`` or ``3.0`` for 3, no ``"yes"`` for true)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Create(Strict):
    game: str = Field(max_length=64, description="game id, e.g. tony-tino")
    players: int | None = Field(None, ge=1, le=8)
    options: dict[str, Any] = Field(default_factory=dict, max_length=20)
    seats: list[str] = Field(
        default_factory=list,
        max_length=8,
        description="per seat 'human' or an agent spec: random, greedy, ismcts:iterations=500",
    )
    seed: int | None = Field(
        None,
        ge=0,
        le=2**63 - 1,
        description="only for a game with at most one human seat; otherwise the server's own",
    )
    public: bool = Field(False, description="listed in the lobby and watchable without a link")
    hints: bool | None = Field(
        None, description="allow the coach's hints; unset: on with at most one human seat"
    )
    mode: Literal["live", "turn"] = Field(
        "live", description="live: everyone at the table together; turn: played over days"
    )
    clock: str | None = Field(
        None,
        max_length=16,
        description="the game clock: turn-based fast, normal (the default), slow or none; "
        "live blitz, rapid, relaxed or none (the default)",
    )
    names: list[Annotated[str, Field(max_length=200)] | None] = Field(
        default_factory=list, max_length=8, description="the host's preset names, per seat"
    )
    variant: dict[Annotated[str, Field(max_length=120)], Any] = Field(
        default_factory=dict,
        max_length=32,
        description="a rule variant: numbers of the game's data file changed, by data path "
        '(e.g. {"plantation.prices": [3, 6]}); each typed and bounded by the data file '
        "(GET /api/registry/{game}/variants lists them)",
    )


class SeatLink(BaseModel):
    seat: int
    kind: str
    token: str | None
    link: str | None


class Created(BaseModel):
    id: str
    mode: str
    status: str
    clock: dict[str, float] | None
    seats: list[SeatLink]
    host_token: str
    host_link: str
    spectator_token: str
    spectator_link: str
    public: bool
    #: the rule variant the table plays (canonical: keys without the game id; {}: none)
    variant: dict[str, Any] = Field(default_factory=dict)
    seed_chosen: bool
    hints: bool


class Summary(BaseModel):
    id: str
    game: str
    players: int
    mode: str = "live"
    status: str
    to_move: int | None
    version: int
    created: float
    updated: float
    public: bool
    seed_chosen: bool
    hints: bool
    #: the rule variant: each number that differs from the rulebook (empty: none)
    variant: list[dict[str, Any]] = Field(default_factory=list)
    # for the games of POST /api/games/mine: the token's seat, whether it is that seat's turn,
    # the seconds left on its clock, the seats' names
    seat: int | None = None
    your_turn: bool = False
    left: float | None = None
    names: list[str | None] = Field(default_factory=list)


class GameKind(BaseModel):
    id: str
    title: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    options: list[dict[str, Any]]


class Move(Strict):
    label: str = Field(max_length=200)
    version: int = Field(ge=0)


class Explain(Strict):
    label: str = Field(max_length=200, description="the choice clicked: an action label")
    lang: Literal["en", "nl"] = "en"


class Version(Strict):
    version: int = Field(ge=0)


class Agent(Strict):
    agent: str = Field(max_length=200, description="an agent spec: random, greedy, ismcts:...")


class Autoplay(Strict):
    enabled: bool


class Reseated(BaseModel):
    id: str
    seat: int
    token: str
    link: str


class Held(Strict):
    id: str = Field(max_length=32)
    token: str = Field(max_length=200)


class Mine(Strict):
    games: list[Held] = Field(max_length=100, description="games with a token of each")


def created(made: dict[str, Any]) -> dict[str, Any]:
    """Links: the token rides in the fragment, which browsers never send to a server."""
    game_id = made["id"]
    return {
        "id": game_id,
        "seats": [
            {
                "seat": seat,
                "kind": spec,
                "token": token,
                "link": None if token is None else f"/table/{game_id}#token={token}",
            }
            for seat, (spec, token) in enumerate(
                zip(made["seats"], made["seat_tokens"], strict=True)
            )
        ],
        "host_token": made["host_token"],
        "host_link": f"/table/{game_id}#host={made['host_token']}",
        "spectator_token": made["spectator_token"],
        "spectator_link": f"/table/{game_id}#watch={made['spectator_token']}",
        "public": made["public"],
        "seed_chosen": made["seed_chosen"],
        "hints": made["hints"],
        "mode": made["mode"],
        "status": made["status"],
        "clock": made["clock"],
        "variant": made.get("variant") or {},
    }


class Name(Strict):
    name: str = Field(max_length=200, description="the display name, 1 to 24 characters")


class Join(Strict):
    name: str | None = Field(None, max_length=200, description="the display name to sit with")


class Start(Strict):
    agent: str | None = Field(
        None, max_length=200, description="the bot for each open seat (default: medium)"
    )
