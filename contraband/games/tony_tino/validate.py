"""Loading checks beyond the field schema: the saved fields must agree with each other as they do
in every position the rules can reach. Each failure is a ValueError naming the field."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from contraband.core.schema import Context, Spec
from contraband.games.tony_tino import cards, rules
from contraband.games.tony_tino.board import (
    FACE_UP,
    HAND_SIZE,
    NUMBERED_DISCS,
    POINT_LABELS,
    POINTS,
    POLICE,
    STREET_LABELS,
    STREET_POINTS,
    STREETS,
    UNCANCELLABLE,
    UNRESOLVED,
)

if TYPE_CHECKING:
    from contraband.games.tony_tino.state import TonyTinoState


@dataclass(frozen=True)
class IntIn(Spec):
    """An integer among fixed values (figure values, token amounts)."""

    values: tuple[int, ...]

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if isinstance(value, bool) or not isinstance(value, int) or value not in self.values:
            self.fail(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        return "one of " + ", ".join(map(str, self.values))


def _fail(field: str, problem: str) -> None:
    raise ValueError(f"state.{field} {problem}")


def check_position(state: TonyTinoState) -> None:
    _check_board(state)
    _check_streets(state)
    _check_turn(state)
    _check_seats(state)


def _check_board(state: TonyTinoState) -> None:
    discs, owner, value = state.discs, state.owner, state.value
    for p in range(POINTS):
        empty = owner[p] < 0
        if empty != (value[p] < 0):
            _fail(f"value[{p}]", f"must be -1 exactly when {POINT_LABELS[p]} holds no figure")
        if empty != (discs[p] > 0):
            _fail(f"discs[{p}]", f"must hold a disc exactly when {POINT_LABELS[p]} has no figure")
    left = [d for d in discs if d > 0]
    if state.remaining != len(left):
        _fail("remaining", f"must count the discs on the board ({len(left)})")
    extra = Counter(left) - Counter(NUMBERED_DISCS)
    if extra:
        _fail("discs", f"holds more discs numbered {sorted(extra)} than the game has")


def _check_streets(state: TonyTinoState) -> None:
    owner, winner = state.owner, state.street_winner
    won = [0, 0]
    for s in range(STREETS):
        full = all(owner[p] >= 0 for p in STREET_POINTS[s])
        if full == (winner[s] == UNRESOLVED):
            _fail(
                f"street_winner[{s}]", f"must be resolved exactly when {STREET_LABELS[s]} is full"
            )
        if winner[s] >= 0:
            won[winner[s]] += state.tokens[s]
    if state.money != won:
        _fail("money", f"must equal the tokens each seat collected ({won})")


def _check_seats(state: TonyTinoState) -> None:
    for seat in range(2):
        if state.hands[seat] != sorted(state.hands[seat]):
            _fail(f"hands[{seat}]", "must be sorted")
        if state.faceup[seat] != sorted(state.faceup[seat]):
            _fail(f"faceup[{seat}]", "must be sorted")
        if state.stacks[seat] and len(state.faceup[seat]) != FACE_UP:
            _fail(f"faceup[{seat}]", f"must hold {FACE_UP} figures while the stack is not empty")
        drawing = seat == state.turn_player and state.phase in (rules.REACT, rules.TARGET)
        full = HAND_SIZE - 1 if drawing else HAND_SIZE
        if state.decks[seat] and len(state.hands[seat]) != full:
            _fail(f"hands[{seat}]", f"must hold {full} cards while the deck is not empty")


def _check_turn(state: TonyTinoState) -> None:
    phase, turn, card = state.phase, state.turn_player, state.pending_card
    if (phase == rules.OVER) != (state.remaining == 0):
        _fail("phase", "must be 'over' exactly when no disc is left")
    if phase == rules.OVER:
        if state.extra_turn or state.shifted >= 0 or card >= 0 or state.pending_first >= 0:
            _fail("phase", "'over' leaves no card, shift or extra turn pending")
        return
    mover = 1 - turn if phase == rules.REACT else turn
    if state.current_player != mover:
        _fail("current_player", f"must be {mover} in phase {phase!r}")
    if phase == rules.CARD and not state.hands[turn]:
        _fail("phase", "'card' needs a card in the hand")
    if (phase in (rules.REACT, rules.TARGET)) != (card >= 0):
        _fail("pending_card", "must name a card exactly while it is answered or targeted")
    if card >= 0 and (not state.discards[turn] or state.discards[turn][-1] != card):
        _fail("pending_card", "must be the card on top of the player's discard pile")
    if phase == rules.REACT:
        opponent = 1 - turn
        if card in UNCANCELLABLE:
            _fail("pending_card", "cannot be answered by Police")
        if not state.hands[opponent] or POLICE in state.discards[opponent]:
            _fail("phase", "'react' needs an opponent who may still hold Police")
    if phase == rules.TARGET and card not in cards.FIRST_VERB:
        _fail("pending_card", "must be a card with targets in phase 'target'")
    first = state.pending_first
    if first >= 0:
        if phase != rules.TARGET or card not in cards.SECOND_VERB:
            _fail("pending_first", "is only set while a second target is chosen")
        if card in cards.STREET_TARGETS and first >= STREETS:
            _fail("pending_first", f"must be a street (0..{STREETS - 1})")
    if state.shifted >= 0 and (phase != rules.PLACE or state.discs[state.shifted] == 0):
        _fail("shifted", "must be a point with a disc, and only in phase 'place'")
    if state.extra_turn and phase != rules.PLACE:
        _fail("extra_turn", "is only pending in phase 'place'")


@dataclass(frozen=True)
class Pair(Spec):
    """A two-item list: [first, second]."""

    first: Spec
    second: Spec

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if not isinstance(value, list) or len(value) != 2:
            self.fail(value, where, ctx)
        self.first.check(value[0], f"{where}[0]", ctx)
        self.second.check(value[1], f"{where}[1]", ctx)

    def allowed(self, ctx: Context) -> str:
        return f"a pair [{self.first.allowed(ctx)}, {self.second.allowed(ctx)}]"


@dataclass(frozen=True)
class AnyOf(Spec):
    """A value that one of the specs accepts."""

    options: tuple[Spec, ...]

    def check(self, value: Any, where: str, ctx: Context) -> None:
        for option in self.options:
            try:
                option.check(value, where, ctx)
            except ValueError:
                continue
            return
        self.fail(value, where, ctx)

    def allowed(self, ctx: Context) -> str:
        return " or ".join(option.allowed(ctx) for option in self.options)


def check_log(state: TonyTinoState) -> None:
    """Every saved event's values must be what the rules record for its kind (the texts are
    built from them when the log is read)."""
    from contraband.games.tony_tino.events import EVENT_SPECS

    ctx = Context(state.players, state.options)
    for index, (kind, values) in enumerate(state._events):
        for name, spec, value in zip(
            state.EVENTS[kind].fields, EVENT_SPECS[kind], values, strict=True
        ):
            spec.check(value, f"log.events[{index}] ({kind}) {name}", ctx)
