"""Guided first games: each game's ``tutorial.toml``, a script the table follows on a fixed deal.

A script fixes the deal (``seed``, ``players``, ``options``), the learner's ``seat`` and the
bots in the other seats (agent specs the server seeds from the game's seed, so the same script
always meets the same moves). Its ``steps`` speak to the learner's first decisions in turn: step
*i* is shown while the learner makes its *i*-th decision (forced ones included), in English and
Dutch, with the choice to try (``expect``: a label, or ``any``) and the table component to
highlight (``highlight``: a ``data-testid``). After the last step the learner plays on alone.

``walk`` plays a script through exactly as the server would, so a test can check every expected
choice is legal when its step comes.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import contraband

HERE = Path(__file__).parent
ANY = "any"


class TutorialError(ValueError):
    """A game without a script, or a script that breaks its format."""


@dataclass(frozen=True)
class Step:
    en: str
    nl: str
    expect: str = ANY
    highlight: str | None = None
    #: the expected choice is weak on purpose (the text says so): a review marks it "taught"
    weak: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"en": self.en, "nl": self.nl, "expect": self.expect, "highlight": self.highlight}


@dataclass(frozen=True)
class Tutorial:
    game: str
    players: int
    seed: int
    seat: int
    bots: list[str]
    options: dict[str, Any] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)

    def seats(self) -> list[str]:
        """The table's seats: ``human`` for the learner, the script's bots in the others."""
        bots = iter(self.bots)
        return ["human" if seat == self.seat else next(bots) for seat in range(self.players)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "seat": self.seat,
            "seats": self.seats(),
            "options": dict(self.options),
            "steps": [step.to_dict() for step in self.steps],
        }


def path_of(game_id: str) -> Path:
    return HERE / game_id.replace("-", "_") / "tutorial.toml"


def has_tutorial(game_id: str) -> bool:
    return game_id in contraband.game_ids() and path_of(game_id).exists()


def load(game_id: str) -> Tutorial:
    """The game's script, checked: a bad file raises TutorialError naming what is wrong."""
    if game_id not in contraband.game_ids():
        raise TutorialError(f"no game {game_id!r}; games: {', '.join(contraband.game_ids())}")
    path = path_of(game_id)
    if not path.exists():
        raise TutorialError(f"{game_id} has no guided first game yet")
    with path.open("rb") as handle:
        data = tomllib.load(handle)
    setup = data.get("setup", {})
    try:
        players = int(setup["players"])
        seat, seed = int(setup.get("seat", 0)), int(setup["seed"])
        bots = [str(spec) for spec in setup["bots"]]
        steps = [Step(**step) for step in data.get("steps", [])]
    except (KeyError, TypeError, ValueError) as error:
        raise TutorialError(f"{path.name} of {game_id}: {error}") from None
    if len(bots) != players - 1 or not 0 <= seat < players:
        raise TutorialError(f"{path.name} of {game_id}: one bot per seat but the learner's")
    if not steps:
        raise TutorialError(f"{path.name} of {game_id}: a script needs steps")
    return Tutorial(game_id, players, seed, seat, bots, dict(setup.get("options", {})), steps)


def walk(tutorial: Tutorial) -> Iterator[tuple[Step, Any]]:
    """Play the script as the server would: yields each step with the state at which it is
    shown (the learner on move), then applies its expected choice (``any``: the first legal
    one). Bots move as the server's bot worker moves them. Raises AssertionError when an
    expected choice is not legal at its step, or the game ends before the script does."""
    from contraband.server.bots import think  # the server's own bot move, seeded the same way

    game = contraband.load(tutorial.game)
    state = game.new(tutorial.players, seed=tutorial.seed, options=tutorial.options)
    seats = tutorial.seats()
    for number, step in enumerate(tutorial.steps):
        while not state.is_terminal() and state.current_player != tutorial.seat:
            mover = state.current_player
            label, _ = think(state.record(), mover, seats[mover])
            state.apply(label, seat=mover)
        if state.is_terminal():
            raise AssertionError(f"{tutorial.game}: the game ended before step {number + 1}")
        yield step, state
        legal = [a.label for a in state.legal_actions(tutorial.seat)]
        choice = legal[0] if step.expect == ANY else step.expect
        if choice not in legal:
            raise AssertionError(
                f"{tutorial.game} step {number + 1}: {choice!r} is not legal; legal: {legal}"
            )
        state.apply(choice, seat=tutorial.seat)
