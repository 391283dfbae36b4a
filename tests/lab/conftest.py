"""Shared pieces of the lab tests: a tiny game the house can win, and result comparison."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from contraband.core import game as registry
from contraband.core.action import Action
from contraband.core.game import Game, GameInfo
from contraband.core.state import State


class HouseState(State):
    """Each seat says 'pass' once; then the house wins (no winners) unless seat 0 said 'claim'."""

    GAME_ID = "house-test"
    FLAT_LISTS: ClassVar[tuple[str, ...]] = ("said",)

    def _setup(self) -> None:
        self.said = []

    @property
    def current_player(self) -> int | None:
        return None if self.is_terminal() else len(self.said)

    def _legal_actions(self) -> list[Action]:
        seat = len(self.said)
        labels = ["pass", "claim"] if seat == 0 else ["pass"]
        return [Action(seat, label) for label in labels]

    def _apply(self, action: Action) -> None:
        self.said.append(action.label)

    def is_terminal(self) -> bool:
        return len(self.said) == self.players

    def scores(self) -> list[float]:
        return [1.0 if label == "claim" else 0.0 for label in self.said]

    def winners(self) -> list[int]:
        return [0] if self.said[0] == "claim" else []


class HouseGame(Game):
    info = GameInfo(id="house-test", title="House test", min_players=1, max_players=3)
    state_class = HouseState


@pytest.fixture
def house_game(monkeypatch: pytest.MonkeyPatch) -> str:
    """Registers the house game for one test (in this process only) and returns its id."""
    monkeypatch.setitem(registry._GAMES, "house-test", HouseGame())
    return "house-test"


def without_time(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows without the thinking time, the one column that differs between identical runs."""
    return [{key: value for key, value in row.items() if key != "seconds"} for row in rows]


def run_meta(players: int, agents: list[str], games: int, game: str = "any") -> dict[str, Any]:
    """The run description a summary needs, for hand-made rows."""
    return {
        "game": game,
        "players": players,
        "agents": agents,
        "seed": 0,
        "games_requested": games,
        "games_done": games,
        "interrupted": False,
        "rotation_balanced": True,
        "backend": "local",
        "workers": 1,
        "seconds": 1.0,
        "games_per_second": float(games),
    }
