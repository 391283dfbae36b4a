"""What a saved Al Cabohne state may hold: the schema of every field, and the rules' own checks.

``SCHEMA`` checks each field's type, range and length (per player count: a solo game has one
seat, three fields from the start and three bosses). ``check_position`` then checks what the
fields must mean together in a position the rules can reach, naming the field that is wrong.
Cards that add up wrongly are caught by ``conserved()`` (which also refuses a field that counts
cards without a bean, or a bean without cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.core.schema import Bool, Context, Int, List, Maybe, OneOf, Seat
from contraband.games.al_cabohne.actions import (
    GIFT,
    LEFTOVERS,
    OVER,
    PLANTING,
    TRADING,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import (
    BEAN_COUNTS,
    BEANS,
    BOSS_THRESHOLD,
    BOSSES_IN_GAME,
    EMPTY,
    MAY_PLANT,
    MOST_FIELDS,
    START_FIELDS,
    TOTAL_CARDS,
    VALUE,
)
from contraband.games.al_cabohne.events import EVENTS, SPECS
from contraband.games.al_cabohne.view import giftable_beans

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState

PHASES = (LEFTOVERS, TRIBUTE, PLANTING, GIFT, TRADING, OVER)
#: more decisions than one turn can hold: each consumes a face-up or hand card, or sells a
#: field filled this turn, apart from a few (tribute, planting, buying, done)
MOST_DECISIONS = 6 * TOTAL_CARDS

BEAN = Int(0, BEANS - 1)
FIELD_BEAN = Int(EMPTY, BEANS - 1)
COUNT = Int(0, max(BEAN_COUNTS))
PILE = List(BEAN, max_length=TOTAL_CARDS)


def _bosses(ctx) -> int:
    return BOSSES_IN_GAME[ctx.players]


def _first_fields(ctx) -> int:
    return START_FIELDS[ctx.players]


def _passes(ctx) -> int:
    return ctx.options["deck_passes"]


SCHEMA = {
    "deck": PILE,
    "discard": PILE,
    "faceup": PILE,
    "deck_pass": Int(1, _passes),
    "last_turn": Bool(),
    "hands": List(PILE, length="players"),
    "fields_owned": List(Int(_first_fields, MOST_FIELDS), length="players"),
    "field_bean": List(List(FIELD_BEAN, length=MOST_FIELDS), length="players"),
    "field_count": List(List(COUNT, length=MOST_FIELDS), length="players"),
    "coins": List(PILE, length="players"),
    "mafia_coins": PILE,
    "boss_bean": List(FIELD_BEAN, length=_bosses),
    "boss_count": List(COUNT, length=_bosses),
    "turn_player": Seat(),
    "current_player": Maybe(Seat()),
    "phase": OneOf(*PHASES),
    "planted": Int(0, 1 + MAY_PLANT),
    "turn_step": Int(0, MOST_DECISIONS),
    "tribute_paid": List(Int(0, 1), length=_bosses),
    "gift_due": List(Int(0, 1), length=_bosses),
}


def check_position(state: AlCabohneState) -> None:
    """Raise ValueError naming the field when the fields cannot be a position of the game."""
    _check_fields(state)
    _check_bosses(state)
    _check_turn(state)
    _check_deck(state)
    check_log(state)


def _fail(field: str, must: str) -> None:
    raise ValueError(f"state.{field} {must}")


def _check_fields(state: AlCabohneState) -> None:
    for seat in range(state.players):
        for field in range(state.fields_owned[seat], MOST_FIELDS):
            if state.field_count[seat][field]:
                _fail(
                    f"field_count[{seat}][{field}]",
                    f"must be 0: seat {seat} owns only {state.fields_owned[seat]} fields",
                )
    if state.phase == OVER:
        for seat in range(state.players):
            if any(state.field_count[seat]):
                _fail(f"field_count[{seat}]", "must be all 0 once the game is over (all sold)")


def _check_bosses(state: AlCabohneState) -> None:
    grown = [bean for bean in state.boss_bean if bean != EMPTY]
    if len(set(grown)) != len(grown):
        _fail("boss_bean", "must name different beans: the bosses never collect the same one")
    for boss, (bean, count) in enumerate(zip(state.boss_bean, state.boss_count, strict=True)):
        if bean != EMPTY and VALUE[bean][count] >= BOSS_THRESHOLD[boss]:
            _fail(
                f"boss_count[{boss}]",
                f"is {count}: that field is worth {VALUE[bean][count]} coins, and the boss sells "
                f"at {BOSS_THRESHOLD[boss]}",
            )
    if state.phase == OVER and any(state.boss_count):
        _fail("boss_count", "must be all 0 once the game is over (every boss sells at the end)")


def _check_turn(state: AlCabohneState) -> None:
    phase = state.phase
    if phase == OVER:
        return  # current_player is checked by the engine
    if state.current_player != state.turn_player:
        _fail("current_player", f"must be the turn player ({state.turn_player})")
    if phase == LEFTOVERS:
        if state.players == 1:
            _fail("phase", "cannot be 'leftovers' in the solo game (it has no phase 1)")
        if not state.faceup:
            _fail("faceup", "cannot be empty in phase 1 (the phase ends with the last card)")
    if phase in (TRIBUTE, PLANTING) and state.faceup:
        _fail("faceup", f"must be empty in phase {phase!r}: phase 1 clears it")
    if phase in (LEFTOVERS, TRIBUTE) and state.planted:
        _fail("planted", f"must be 0 before phase 3, got {state.planted}")
    if phase == LEFTOVERS and any(state.tribute_paid):
        _fail("tribute_paid", "must be all 0 in phase 1, before phase 2")
    if phase == GIFT:
        if not any(state.gift_due):
            _fail("gift_due", "must name a boss in phase 'gift'")
        for boss, due in enumerate(state.gift_due):
            if due and state.boss_bean[boss] != EMPTY:
                _fail(f"gift_due[{boss}]", "may only be 1 for a boss whose field is empty")
        turn = state.turn_player
        if not giftable_beans(state, turn).intersection(state.hands[turn]):
            _fail(
                f"hands[{turn}]",
                "must hold a card the gift may be in phase 'gift' (a bean no boss collects and "
                "the player does not grow): without one the gift is excused",
            )
    elif any(state.gift_due):
        _fail("gift_due", f"must be all 0 outside phase 'gift', got {state.gift_due}")


def _check_deck(state: AlCabohneState) -> None:
    passes = state.options["deck_passes"]
    if state.last_turn and state.players != 1:
        _fail("last_turn", "may only be true in the solo game")
    if state.phase == OVER:
        return
    if not state.deck and state.deck_pass < passes:
        _fail("deck", f"cannot be empty with a pass left (deck_pass {state.deck_pass} of {passes})")
    if state.players == 1 and state.last_turn != (not state.deck):
        _fail("last_turn", "must be true exactly when the solo game's deck is used up")


def check_log(state: AlCabohneState) -> None:
    """Every logged event's values must be what the rules record (the texts read them)."""
    ctx = Context(state.players, state.options)
    for index, (kind, values) in enumerate(state._events):
        fields = EVENTS[kind].fields
        for name, spec, value in zip(fields, SPECS[kind], values, strict=True):
            spec.check(value, f"log.events[{index}] ({kind}) {name}", ctx)
