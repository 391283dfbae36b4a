"""Tony & Tino's state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from typing import Any, ClassVar, cast

from contraband.core.action import Action
from contraband.core.explain import Why, load_rule_kinds
from contraband.core.native import Input, rules_as_methods
from contraband.core.random import Rng
from contraband.core.schema import Bool, Int, List, Maybe, OneOf, Seat, Spec
from contraband.core.state import State
from contraband.games.tony_tino import catalog, labels, rules, why
from contraband.games.tony_tino import view as seen
from contraband.games.tony_tino.board import (
    CARD_NAMES,
    CARD_SET,
    COLOURED_PER_PLAYER,
    FACE_UP,
    FIGURES,
    HAND_SIZE,
    NUMBERED_DISCS,
    PLAYER_NAMES,
    POINTS,
    REMOVED,
    STREETS,
    TOKENS,
    TOTAL_MONEY,
    UNRESOLVED,
)
from contraband.games.tony_tino.events import EVENTS
from contraband.games.tony_tino.validate import IntIn, check_log, check_position

_CARD = Int(0, len(CARD_NAMES) - 1)
_FIGURE = IntIn(tuple(sorted(set(FIGURES))))
_FIGURE_VALUES = sorted(set(FIGURES), reverse=True)
_AMOUNTS = sorted(set(TOKENS), reverse=True)
_OVER = rules.OVER
_list_copy = list.copy


def _own_totals() -> dict[str, int]:
    """Per seat, its figures by value and its cards by kind; the tokens by amount."""
    totals = {}
    for name in PLAYER_NAMES:
        for figure in _FIGURE_VALUES:
            totals[f"{name}'s figures of value {figure}"] = FIGURES.count(figure)
        for card, card_name in enumerate(CARD_NAMES):
            totals[f"{name}'s {card_name} cards"] = CARD_SET.count(card)
    for amount in _AMOUNTS:
        totals[f"${amount:,} tokens"] = TOKENS.count(amount)
    return totals


class TonyTinoState(State):
    """Board: ``discs`` (number, 0 = none), ``owner`` (-1 = empty) and ``value`` per point.

    Streets: ``tokens`` (dollars lying at each street) and ``street_winner`` (-2 unresolved,
    -1 token out of the game, else the seat that collected it). Per seat: ``money``, face-down
    figure ``stacks`` (top = last), ``faceup`` figures, ``hands`` (kept sorted), ``decks`` (top =
    last) and public ``discards``. The turn: ``turn_player``, ``phase``, the card being played
    (``pending_card``, ``pending_first``), the ``shifted`` point, the Professional's
    ``extra_turn`` and the card Police cancelled last (``last_cancelled``).
    """

    # the package, not __file__, finds the file: compiled, __file__ is not this source's path
    RULE_KINDS = load_rule_kinds(files("contraband.games.tony_tino") / "rules.toml")
    WHY_TEXTS = why.TEXTS

    GAME_ID = "tony-tino"
    FLAT_LISTS = ("discs", "owner", "value", "tokens", "street_winner", "money")
    NESTED_LISTS = ("stacks", "faceup", "hands", "decks", "discards")
    EVENTS = EVENTS

    #: every saved field and what it may hold (``from_json`` checks them, then ``check_position``
    #: checks that they agree with each other)
    SCHEMA: ClassVar[Mapping[str, Spec]] = {
        "discs": List(Int(0, max(NUMBERED_DISCS)), length=POINTS),
        "owner": List(Int(-1, 1), length=POINTS),
        "value": List(IntIn((-1, *sorted(set(FIGURES)))), length=POINTS),
        "remaining": Int(0, len(NUMBERED_DISCS)),
        "tokens": List(IntIn(tuple(sorted(set(TOKENS)))), length=STREETS),
        "street_winner": List(Int(UNRESOLVED, 1), length=STREETS),
        "money": List(Int(0, TOTAL_MONEY), length=2),
        "stacks": List(
            List(_FIGURE, max_length=len(FIGURES) - COLOURED_PER_PLAYER - FACE_UP), length=2
        ),
        "faceup": List(List(_FIGURE, max_length=FACE_UP), length=2),
        "hands": List(List(_CARD, max_length=HAND_SIZE), length=2),
        "decks": List(List(_CARD, max_length=len(CARD_SET) - HAND_SIZE), length=2),
        "discards": List(List(_CARD, max_length=len(CARD_SET)), length=2),
        "pending_card": Int(-1, len(CARD_NAMES) - 1),
        "pending_first": Int(-1, POINTS - 1),
        "shifted": Int(-1, POINTS - 1),
        "extra_turn": Bool(),
        "last_cancelled": Int(-1, len(CARD_NAMES) - 1),
        "turn_player": Seat(),
        "current_player": Maybe(Seat()),
        "phase": OneOf(rules.CARD, rules.REACT, rules.TARGET, rules.PLACE, rules.OVER),
    }

    # the fields (declared for the compiled build, which keeps them in C slots)
    discs: list[int]
    owner: list[int]
    value: list[int]
    tokens: list[int]
    street_winner: list[int]
    money: list[int]
    stacks: list[list[int]]
    faceup: list[list[int]]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    remaining: int
    pending_card: int
    pending_first: int
    shifted: int
    extra_turn: bool
    last_cancelled: int
    turn_player: int
    phase: str

    def _copy_game_fields(self, new: State) -> None:
        """The compiled build's copy, field by field in C (see ``State._copy_game_fields``);
        tests/games/tony_tino/test_copies.py checks that it copies every field."""
        copy = cast(TonyTinoState, new)
        copy.discs = self.discs.copy()
        copy.owner = self.owner.copy()
        copy.value = self.value.copy()
        copy.tokens = self.tokens.copy()
        copy.street_winner = self.street_winner.copy()
        copy.money = self.money.copy()
        copy.stacks = [*map(_list_copy, self.stacks)]
        copy.faceup = [*map(_list_copy, self.faceup)]
        copy.hands = [*map(_list_copy, self.hands)]
        copy.decks = [*map(_list_copy, self.decks)]
        copy.discards = [*map(_list_copy, self.discards)]
        copy.remaining = self.remaining
        copy.pending_card = self.pending_card
        copy.pending_first = self.pending_first
        copy.shifted = self.shifted
        copy.extra_turn = self.extra_turn
        copy.last_cancelled = self.last_cancelled
        copy.turn_player = self.turn_player
        copy.phase = self.phase

    # methods, not the rules' functions as class attributes: compiled, a function does not bind
    def _setup(self) -> None:
        rules.setup(self)

    def _legal_actions(self) -> list[Action]:
        return rules.legal_actions(self)

    def _apply(self, action: Action) -> None:
        rules.apply(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seen.view(self, seat)

    def render(self, seat: Input = None) -> str:
        return seen.render(self, seat)

    def _resample(self, seat: int, rng: Rng) -> None:
        seen.resample(self, seat, rng)

    def seat_names(self) -> list[str]:
        return list(PLAYER_NAMES)

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def scores(self) -> list[int]:
        return list(self.money)

    def _result_detail(self) -> dict[str, Any]:
        return {
            "unit": "dollars",
            "streets": seen.street_summary(self),
            "breakdown": seen.breakdown(self),
            "out_of_game": seen.out_of_game(self),
        }

    def _action_info(self, label: str) -> dict[str, Any]:
        info = labels.ACTION_INFO.get(label)
        if info is None:  # not a label of the game: action_info refuses it (bad_input)
            raise KeyError(label)
        if label == "police" and self.pending_card >= 0:  # the card the Police would cancel
            return {**info, "against": CARD_NAMES[self.pending_card]}
        if "card" not in info and self.pending_card >= 0:  # "with C4": whose second target
            card = self.pending_card
            return {**info, "card": CARD_NAMES[card], "acts_on": labels.ACTS_ON.get(card)}
        return info

    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        return why.why_not(view, label, seat)

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        return why.deciding(view)

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        return catalog.catalog_data()

    def _check_position(self) -> None:
        """What the saved fields mean together, and the log's values (for ``from_json``)."""
        check_position(self)
        check_log(self)

    def conserved(self) -> dict[str, int]:
        owner, value = self.owner, self.value
        on_board = sum(1 for p in range(POINTS) if owner[p] >= 0)
        figures = on_board + sum(map(len, self.stacks)) + sum(map(len, self.faceup))
        cards = sum(map(len, self.hands)) + sum(map(len, self.decks)) + sum(map(len, self.discards))
        not_won = sum(
            self.tokens[s] for s, w in enumerate(self.street_winner) if w in (UNRESOLVED, REMOVED)
        )
        totals = {
            "figures": figures,
            "cards": cards,
            "money+tokens": sum(self.money) + not_won,
            "control points": on_board + sum(1 for d in self.discs if d > 0),
        }
        # each player's own figures by value and cards by kind, wherever they lie
        for seat in range(2):
            name = PLAYER_NAMES[seat]
            held = self.stacks[seat] + self.faceup[seat]
            held += [value[p] for p in range(POINTS) if owner[p] == seat]
            for figure in _FIGURE_VALUES:
                totals[f"{name}'s figures of value {figure}"] = held.count(figure)
            own = self.hands[seat] + self.decks[seat] + self.discards[seat]
            for card, card_name in enumerate(CARD_NAMES):
                totals[f"{name}'s {card_name} cards"] = own.count(card)
        for amount in _AMOUNTS:
            totals[f"${amount:,} tokens"] = self.tokens.count(amount)
        return totals

    #: what conserved() must always equal
    TOTALS = {
        "figures": 2 * len(FIGURES),
        "cards": 2 * len(CARD_SET),
        "money+tokens": TOTAL_MONEY,
        "control points": POINTS,
        **_own_totals(),
    }


# pure Python: the rules' functions are the methods themselves (see rules_as_methods)
rules_as_methods(
    TonyTinoState,
    _setup=rules.setup,
    _legal_actions=rules.legal_actions,
    _apply=rules.apply,
    _view=seen.view,
    render=seen.render,
    _resample=seen.resample,
)
