"""Games, their descriptions and options, and the registry that finds them by id."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from contraband.core import serialize
from contraband.core.action import quote
from contraband.core.checks import check_seed
from contraband.core.plain import detached

# the registry lives in its own module (``serialize`` finds games there too); its names are
# re-exported here, where they have always been imported from
from contraband.core.registry import _GAMES as _GAMES
from contraband.core.registry import _LAZY as _LAZY
from contraband.core.registry import game_ids as game_ids
from contraband.core.registry import games as games
from contraband.core.registry import load as load
from contraband.core.registry import register as register
from contraband.core.state import State


@dataclass(frozen=True)
class OptionSpec:
    """One game option. ``per_players`` overrides the default for given player counts."""

    name: str
    kind: type  # bool, int or str
    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    per_players: Mapping[int, Any] | None = None

    def default_for(self, players: int) -> Any:
        if self.per_players and players in self.per_players:
            return self.per_players[players]
        return self.default

    def check(self, value: Any) -> Any:
        """The value, validated; a ValueError says what is allowed."""
        allowed = self.describe_allowed()
        if self.kind is bool:
            if not isinstance(value, bool):
                raise ValueError(f"option {self.name!r} must be true or false, got {value!r}")
        elif self.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(
                    f"option {self.name!r} must be an integer ({allowed}), got {value!r}"
                )
            if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum
            ):
                raise ValueError(f"option {self.name!r} must be {allowed}, got {value!r}")
        elif not isinstance(value, self.kind):
            raise ValueError(f"option {self.name!r} must be a {self.kind.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {self.name!r} must be {allowed}, got {value!r}")
        return value

    def describe_allowed(self) -> str:
        if self.choices is not None:
            return "one of " + ", ".join(map(repr, self.choices))
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            low = "" if self.minimum is None else f"{self.minimum}"
            high = "" if self.maximum is None else f"{self.maximum}"
            return f"an integer in {low}..{high}" if low or high else "an integer"
        return f"a {self.kind.__name__}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.kind.__name__,
            "default": self.default,
            "per_players": dict(self.per_players or {}),
            "allowed": self.describe_allowed(),
            "choices": None if self.choices is None else list(self.choices),
            "minimum": self.minimum,
            "maximum": self.maximum,
            "help": self.help,
        }


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    options: tuple[OptionSpec, ...] = field(default_factory=tuple)
    summary: str = ""
    #: the player count used when none is given (0: two players where allowed, else the minimum)
    preferred_players: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "summary": self.summary,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "default_players": self.default_players,
            "options": [option.to_dict() for option in self.options],
        }

    @property
    def default_players(self) -> int:
        if self.preferred_players:
            return self.preferred_players
        return 2 if self.min_players <= 2 <= self.max_players else self.min_players


class Game:
    """A game: its description, its state class, and how to start, load and replay a state."""

    info: GameInfo
    state_class: type[State]
    rules_path: Path | None = None
    #: the game's AI hooks (a contraband.core.heuristic.Heuristic); set by each game
    heuristic: Any = None
    #: the game's rule-based player, which the ``rules`` agent plays: ``(state, seat, legal,
    #: rng) -> Action``, one of ``legal`` judged on ``state`` (a determinization for ``seat``)
    #: with ``rng`` the agent's own generator; set by each game (None: it has none)
    rules_player: Any = None
    #: the rule variant this game plays (data path -> value, see ``contraband.core.variants``);
    #: empty for the published rules
    variant: Mapping[str, Any] = MappingProxyType({})

    @property
    def id(self) -> str:
        return self.info.id

    # -- starting a game --------------------------------------------------------------------
    def resolve_options(self, players: int, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Options with defaults filled in; unknown names or bad values raise ValueError."""
        if options is not None and not isinstance(options, Mapping):
            raise ValueError(f"options must be an object of name: value, not {quote(options)}")
        options = dict(options or {})
        specs = {spec.name: spec for spec in self.info.options}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            allowed = ", ".join(specs) or "none"
            raise ValueError(
                f"unknown option(s) {', '.join(quote(str(name)) for name in unknown[:5])} for "
                f"{self.id}; "
                f"options are: {allowed}"
            )
        return {
            name: spec.check(options[name]) if name in options else spec.default_for(players)
            for name, spec in specs.items()
        }

    def check_players(self, players: Any) -> int:
        low, high = self.info.min_players, self.info.max_players
        if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
            span = str(low) if low == high else f"{low} to {high}"
            raise ValueError(f"{self.id} is played by {span} players, not {quote(players)}")
        return players

    def new(
        self,
        players: int | None = None,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> State:
        players = self.check_players(self.info.default_players if players is None else players)
        resolved = self.resolve_options(players, options)
        seed = secrets.randbits(63) if seed is None else check_seed(seed)
        return self.state_class.start(players, seed, resolved)

    # -- loading and replaying --------------------------------------------------------------
    def from_json(self, data: Mapping[str, Any]) -> State:
        """A state from ``to_json`` data; anything else raises ValueError naming the field."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a saved state must be a JSON object, not {quote(data)}")
        if data.get("game") != self.id:
            raise ValueError(f"this is a {quote(data.get('game'))} state, not {self.id!r}")
        return self.state_class.from_json(data)

    def replay(self, record: Mapping[str, Any]) -> State:
        """The game a complete record describes, replayed exactly.

        Bad records raise ValueError; an illegal recorded action raises IllegalAction.
        """
        if not isinstance(record, Mapping):
            raise ValueError(f"a record must be a JSON object, not {quote(record)}")
        if record.get("game", self.id) != self.id:
            raise ValueError(f"this is a record of {quote(record.get('game'))}, not {self.id!r}")
        return serialize.replay(self.state_class, record)

    def catalog(self) -> dict[str, Any]:
        """The game's static components (cards, board spaces, tracks) as JSON-able data.

        Each section carries ``source``: ``rulebook``, ``research`` or ``assumed``. Views and
        action descriptions refer to components by the ids and names found here.
        """
        return {
            "game": self.id,
            "title": self.info.title,
            "info": self.info.to_dict(),
            **detached(self.state_class.catalog_data()),
        }

    def rules_text(self) -> str:
        if self.rules_path is None or not self.rules_path.exists():
            return f"No rules summary for {self.info.title} yet."
        return self.rules_path.read_text(encoding="utf-8")
