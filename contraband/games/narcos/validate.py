"""A loaded position must make sense beyond each field's own range: the checks that the
schema cannot express (which kind of card lies where, the phase's pending data, the seat on
move). ``NarcosState.from_json`` runs them after the core's checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState


def check_position(state: NarcosState) -> None:
    """Raise ValueError naming what does not fit."""
