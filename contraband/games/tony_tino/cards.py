"""The eight cards: when each may be played, its targets, and its effect.

A card with targets is a sequence of decisions: first target, then (for swaps) the second.
Choices that would change nothing (two discs with the same number, a spy with a spy, two tokens
of equal value) are not offered; see RULES.md, decision D3.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.tony_tino.board import (
    CORRUPTION,
    EXCHANGE,
    FLYING_SWITCH,
    NEW_VALUE,
    POINTS,
    POLICE,
    PROFESSIONAL,
    ROULETTE,
    SHIFT,
    SPY,
    STREETS,
    UNRESOLVED,
)

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState

#: cards whose play needs a first target, and those that need a second one too
FIRST_VERB = {
    SHIFT: "shift",
    CORRUPTION: "swap",
    FLYING_SWITCH: "spy",
    EXCHANGE: "mine",
    NEW_VALUE: "money",
}
SECOND_VERB = {CORRUPTION: "with", FLYING_SWITCH: "with", EXCHANGE: "theirs", NEW_VALUE: "with"}
#: which cards target streets (the rest target points)
STREET_TARGETS = frozenset({NEW_VALUE})


def _discs(state: TonyTinoState) -> list[int]:
    discs = state.discs
    return [p for p in range(POINTS) if discs[p] > 0]


def first_targets(state: TonyTinoState, card: int) -> list[int]:
    """Points (or streets) the card may start from; each has at least one second target."""
    if card == SHIFT:
        return _discs(state)
    if card == CORRUPTION:
        discs = state.discs
        points = _discs(state)
        numbers = {discs[p] for p in points}
        return points if len(numbers) > 1 else []
    me = state.turn_player
    owner, value = state.owner, state.value
    if card == FLYING_SWITCH:
        spies = [p for p in range(POINTS) if owner[p] == me and value[p] == SPY]
        others = any(owner[p] == me and value[p] != SPY for p in range(POINTS))
        return spies if others else []
    if card == EXCHANGE:
        theirs = {value[p] for p in range(POINTS) if owner[p] == 1 - me}
        return [p for p in range(POINTS) if owner[p] == me and value[p] in theirs]
    if card == NEW_VALUE:
        open_streets = [s for s in range(STREETS) if state.street_winner[s] == UNRESOLVED]
        tokens = {state.tokens[s] for s in open_streets}
        return open_streets if len(tokens) > 1 else []
    return []


def second_targets(state: TonyTinoState, card: int, first: int) -> list[int]:
    me = state.turn_player
    if card == CORRUPTION:
        discs = state.discs
        return [p for p in range(POINTS) if discs[p] > 0 and discs[p] != discs[first]]
    if card == FLYING_SWITCH:
        return [p for p in range(POINTS) if state.owner[p] == me and state.value[p] != SPY]
    if card == EXCHANGE:
        owner, value = state.owner, state.value
        return [p for p in range(POINTS) if owner[p] == 1 - me and value[p] == value[first]]
    if card == NEW_VALUE:
        tokens, winner = state.tokens, state.street_winner
        return [s for s in range(STREETS) if winner[s] == UNRESOLVED and tokens[s] != tokens[first]]
    raise AssertionError(f"card {card} has no second target")


def playable(state: TonyTinoState, card: int) -> bool:
    """Whether the current player may play (not just discard) this card now."""
    if card == POLICE:
        return False  # only ever played during the opponent's action 1
    if card == PROFESSIONAL:
        return True
    if card == ROULETTE:
        discs = state.discs
        return len({discs[p] for p in range(POINTS) if discs[p] > 0}) > 1
    return bool(first_targets(state, card))


def resolve_without_target(state: TonyTinoState, card: int) -> None:
    if card == PROFESSIONAL:
        state.extra_turn = True
    elif card == ROULETTE:
        points = _discs(state)
        numbers = [state.discs[p] for p in points]
        state.rng.shuffle(numbers)
        for p, number in zip(points, numbers, strict=True):
            state.discs[p] = number


def resolve_one(state: TonyTinoState, card: int, target: int) -> None:
    if card == SHIFT:
        state.shifted = target


def resolve_two(state: TonyTinoState, card: int, first: int, second: int) -> None:
    if card == CORRUPTION:
        discs = state.discs
        discs[first], discs[second] = discs[second], discs[first]
    elif card in (FLYING_SWITCH, EXCHANGE):
        owner, value = state.owner, state.value
        owner[first], owner[second] = owner[second], owner[first]
        value[first], value[second] = value[second], value[first]
    elif card == NEW_VALUE:
        tokens = state.tokens
        tokens[first], tokens[second] = tokens[second], tokens[first]
