"""The eight cards: when each may be played, its targets, and its effect.

A card with targets is a sequence of decisions: first target, then (for swaps) the second.
A card may be played, and a target chosen, even when the effect changes nothing (two discs with
the same number, a spy with a spy, two tokens of equal value, Roulette over equal discs): the
rulebook does not forbid it, and at the table it is a bluff that draws out Police (RULES.md, D10).
"""

from __future__ import annotations

from itertools import compress
from typing import TYPE_CHECKING, Final

from contraband.games.tony_tino.board import (
    CARD_NAMES,
    CORRUPTION,
    EXCHANGE,
    FIGURES,
    FLYING_SWITCH,
    NEW_VALUE,
    POINT_LABELS,
    POINTS,
    POLICE,
    PROFESSIONAL,
    ROULETTE,
    SHIFT,
    SPY,
    STREET_LABELS,
    STREETS,
    UNRESOLVED,
)

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState

#: cards whose play needs a first target, and those that need a second one too
FIRST_VERB: Final[dict[int, str]] = {
    SHIFT: "shift",
    CORRUPTION: "swap",
    FLYING_SWITCH: "spy",
    EXCHANGE: "mine",
    NEW_VALUE: "money",
}
SECOND_VERB: Final[dict[int, str]] = {
    CORRUPTION: "with",
    FLYING_SWITCH: "with",
    EXCHANGE: "theirs",
    NEW_VALUE: "with",
}
#: which cards target streets (the rest target points)
STREET_TARGETS: Final[frozenset[int]] = frozenset({NEW_VALUE})


#: the figure values, the commonest first (whose test usually succeeds at once)
_BY_COUNT = sorted(set(FIGURES), key=lambda v: -FIGURES.count(v))
#: the point indices, for ``compress`` (which picks the points whose entry is true in C)
_POINT_RANGE = range(POINTS)


def _discs(state: TonyTinoState) -> list[int]:
    """The points with a disc (discs are 0 or a positive number)."""
    return list(compress(_POINT_RANGE, state.discs))


def first_targets(state: TonyTinoState, card: int) -> list[int]:
    """Points (or streets) the card may start from; each has at least one second target.

    A target is offered even when the swap would change nothing (two equal discs, a spy with a
    spy, two equal tokens): the rulebook does not forbid it (RULES.md, decision D10).
    """
    if card == SHIFT:
        return _discs(state)
    if card == CORRUPTION:
        points = _discs(state)
        return points if len(points) > 1 else []
    me = state.turn_player
    owner = state.owner
    if card == FLYING_SWITCH:
        if owner.count(me) < 2:
            return []
        value = state.value
        return [p for p in compress(_POINT_RANGE, map(me.__eq__, owner)) if value[p] == SPY]
    if card == EXCHANGE:
        value = state.value
        theirs = set(compress(value, map((1 - me).__eq__, owner)))
        return [p for p in compress(_POINT_RANGE, map(me.__eq__, owner)) if value[p] in theirs]
    if card == NEW_VALUE:
        open_streets = [s for s in range(STREETS) if state.street_winner[s] == UNRESOLVED]
        return open_streets if len(open_streets) > 1 else []
    return []


def second_targets(state: TonyTinoState, card: int, first: int) -> list[int]:
    me = state.turn_player
    if card == CORRUPTION:
        return [p for p in compress(_POINT_RANGE, state.discs) if p != first]
    if card == FLYING_SWITCH:
        return [p for p in compress(_POINT_RANGE, map(me.__eq__, state.owner)) if p != first]
    if card == EXCHANGE:
        value = state.value
        wanted = value[first]
        theirs = compress(_POINT_RANGE, map((1 - me).__eq__, state.owner))
        return [p for p in theirs if value[p] == wanted]
    if card == NEW_VALUE:
        winner = state.street_winner
        return [s for s in range(STREETS) if winner[s] == UNRESOLVED and s != first]
    raise AssertionError(f"card {card} has no second target")


def playable(state: TonyTinoState, card: int) -> bool:
    """Whether the current player may play (not just discard) this card now: whenever its
    effect can be carried out, even if it would change nothing."""
    if card == POLICE:
        return False  # only ever played during the opponent's action 1
    if card in (PROFESSIONAL, ROULETTE):
        return True  # in action 1 at least one disc is still on the board
    # whether first_targets(state, card) is not empty, without building it
    if card == SHIFT:
        return any(state.discs)
    if card == CORRUPTION:
        discs = state.discs
        return len(discs) - discs.count(0) > 1
    me = state.turn_player
    owner = state.owner
    if card == FLYING_SWITCH:  # a spy of mine, and another figure of mine
        return owner.count(me) > 1 and (me, SPY) in zip(owner, state.value, strict=True)
    if card == EXCHANGE:  # a figure of mine with the value of one of theirs
        value, other = state.value, 1 - me
        for v in _BY_COUNT:
            mine = (me, v) in zip(owner, value, strict=True)
            if mine and (other, v) in zip(owner, value, strict=True):
                return True
        return False
    if card == NEW_VALUE:
        return state.street_winner.count(UNRESOLVED) > 1
    return False


def can_change(state: TonyTinoState, card: int) -> bool:
    """Whether playing the card can change anything (for AIs that skip pointless plays)."""
    if card in (CORRUPTION, ROULETTE):
        discs = state.discs
        return len({discs[p] for p in range(POINTS) if discs[p] > 0}) > 1
    if card == FLYING_SWITCH:
        me, owner, value = state.turn_player, state.owner, state.value
        return any(owner[p] == me and value[p] != SPY for p in range(POINTS)) and bool(
            first_targets(state, card)
        )
    if card == NEW_VALUE:
        winner, tokens = state.street_winner, state.tokens
        return len({tokens[s] for s in range(STREETS) if winner[s] == UNRESOLVED}) > 1
    return playable(state, card)


def pointless(state: TonyTinoState, card: int, first: int, second: int) -> bool:
    """Whether this pair of targets changes nothing (for AIs that skip such plays)."""
    if card == CORRUPTION:
        return state.discs[first] == state.discs[second]
    if card == FLYING_SWITCH:
        return state.value[first] == state.value[second]
    if card == NEW_VALUE:
        return state.tokens[first] == state.tokens[second]
    return False


def resolve_without_target(state: TonyTinoState, card: int) -> None:
    player = state.turn_player
    if card == PROFESSIONAL:
        state.extra_turn = True
        state.note("professional", player)
    elif card == ROULETTE:
        points = _discs(state)
        numbers = [state.discs[p] for p in points]
        state.rng.shuffle(numbers)
        for p, number in zip(points, numbers, strict=True):
            state.discs[p] = number
        state.note(
            "roulette", player, [[POINT_LABELS[p], n] for p, n in zip(points, numbers, strict=True)]
        )


def resolve_one(state: TonyTinoState, card: int, target: int) -> None:
    if card == SHIFT:
        state.shifted = target
        state.note("shift", state.turn_player, POINT_LABELS[target], state.discs[target])


def note_first(state: TonyTinoState, card: int, first: int) -> None:
    """The first target of a two-target card, as everyone sees it."""
    if card == NEW_VALUE:
        target, what = STREET_LABELS[first], state.tokens[first]
    else:
        target = POINT_LABELS[first]
        what = state.discs[first] if card == CORRUPTION else state.value[first]
    state.note("first", state.turn_player, CARD_NAMES[card], target, what)


def resolve_two(state: TonyTinoState, card: int, first: int, second: int) -> None:
    player = state.turn_player
    if card == CORRUPTION:
        discs = state.discs
        discs[first], discs[second] = discs[second], discs[first]
        state.note(
            "corruption",
            player,
            POINT_LABELS[first],
            POINT_LABELS[second],
            discs[first],
            discs[second],
        )
    elif card in (FLYING_SWITCH, EXCHANGE):
        owner, value = state.owner, state.value
        owner[first], owner[second] = owner[second], owner[first]
        value[first], value[second] = value[second], value[first]
        if card == FLYING_SWITCH:
            state.note("switch", player, POINT_LABELS[first], POINT_LABELS[second], value[first])
        else:
            state.note(
                "exchange",
                player,
                POINT_LABELS[first],
                POINT_LABELS[second],
                value[first],
                1 - player,
            )
    elif card == NEW_VALUE:
        tokens = state.tokens
        tokens[first], tokens[second] = tokens[second], tokens[first]
        state.note(
            "new_value",
            player,
            STREET_LABELS[first],
            STREET_LABELS[second],
            tokens[first],
            tokens[second],
        )
