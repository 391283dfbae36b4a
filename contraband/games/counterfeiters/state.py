"""Counterfeiters' state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from typing import Any, ClassVar, Final, cast

from contraband.core import serialize
from contraband.core.action import Action
from contraband.core.explain import Why, load_rule_kinds
from contraband.core.log import mask
from contraband.core.native import Input, rules_as_methods
from contraband.core.random import Rng
from contraband.core.schema import Int, List, Maybe, OneOf, Seat, Spec
from contraband.core.state import State
from contraband.games.counterfeiters import catalog, flow, validate, why
from contraband.games.counterfeiters import setup as setting
from contraband.games.counterfeiters import view as seen
from contraband.games.counterfeiters.board import (
    CARDS,
    COLOURS,
    FENCE_NOTES,
    HENCHMEN,
    MONEY_MAX,
    QUALITIES,
    ROUND_LIMIT,
    STARS,
    SUPPLY,
    TRACK,
    side,
)
from contraband.games.counterfeiters.events import EVENTS
from contraband.games.counterfeiters.labels import SECRET_LABELS, action_info

_OVER: Final = flow.OVER
_list_copy = list.copy
_CARD = Int(0, CARDS - 1)
_MONEY = List(Int(0, MONEY_MAX), length="players")
_PER_SEAT = List(Int(0, HENCHMEN), length="players")


def _spaces(ctx) -> int:
    return side(ctx.players).spaces


def _slots(ctx) -> int:
    return side(ctx.players).slots


class CounterfeitersState(State):
    """Per seat: ``cash``, ``offshore``, fake notes ``fakes[seat * 3 + quality]``, ``owned``
    cards (sorted), henchmen ``left`` in hand and laid ``down``; and the table's public
    knowledge of the cash, ``cash_lo..cash_hi`` (see money.py).

    Board: ``occupant`` per space (-1 free; market slots first), ``market`` (the card on each
    slot, -1 none), ``pawn`` (1..19), the fake-note ``supply`` per quality, the sorted ``deck``
    (its order is drawn when a card is taken, see market.py) and the cards ``out`` of the game.

    The turn: ``stage`` and ``step`` (flow.py), ``round``, the ``marker`` holder, the round's
    ``leader``, the seat on ``turn``; the action being resolved: ``space``, the sale's
    ``picks``/``quality``, the flight's ``direction``; the end: ``trigger``, the final
    placement ``queue`` and the next ``lawyer`` (0 Great, 1 Bad).
    """

    # the package, not __file__, finds the file: compiled, __file__ is not this source's path
    RULE_KINDS = load_rule_kinds(files("contraband.games.counterfeiters") / "rules.toml")
    WHY_TEXTS = why.TEXTS

    GAME_ID = "counterfeiters"
    FLAT_LISTS = (
        "cash",
        "offshore",
        "cash_lo",
        "cash_hi",
        "fakes",
        "supply",
        "left",
        "down",
        "occupant",
        "market",
        "deck",
        "out",
        "picks",
        "queue",
    )
    NESTED_LISTS = ("owned",)
    EVENTS = EVENTS
    SECRET_LABELS = SECRET_LABELS

    #: every saved field and what it may hold (``from_json`` checks them, then
    #: ``validate.check_position`` checks that they agree with each other)
    SCHEMA: ClassVar[Mapping[str, Spec]] = {
        "stage": OneOf(*flow.STAGES),
        "step": OneOf(*flow.STEPS),
        "current_player": Maybe(Seat()),
        "round": Int(1, ROUND_LIMIT),
        "marker": Seat(),
        "leader": Seat(),
        "turn": Seat(),
        "pawn": Int(1, TRACK),
        "cash": _MONEY,
        "offshore": _MONEY,
        "cash_lo": _MONEY,
        "cash_hi": _MONEY,
        "fakes": List(Int(0, max(SUPPLY)), length=lambda c: c.players * QUALITIES),
        "supply": List(Int(0, max(SUPPLY)), length=QUALITIES),
        "left": _PER_SEAT,
        "down": _PER_SEAT,
        "occupant": List(Int(-1, "seat"), length=_spaces),
        "market": List(Int(-1, CARDS - 1), length=_slots),
        "deck": List(_CARD, max_length=CARDS),
        "owned": List(List(_CARD, max_length=CARDS), length="players"),
        "out": List(_CARD, max_length=CARDS),
        "space": Int(-1, lambda c: _spaces(c) - 1),
        "picks": List(Int(0, FENCE_NOTES), length=QUALITIES),
        "quality": Int(0, QUALITIES - 1),
        "direction": Int(-1, 1),
        "queue": List(Seat(), max_length="players"),
        "lawyer": Int(0, 2),
        "trigger": Int(-1, "seat"),
    }

    # the fields (declared for the compiled build, which keeps them in C slots)
    stage: str
    step: str
    round: int
    marker: int
    leader: int
    turn: int
    pawn: int
    cash: list[int]
    offshore: list[int]
    cash_lo: list[int]
    cash_hi: list[int]
    fakes: list[int]
    supply: list[int]
    left: list[int]
    down: list[int]
    occupant: list[int]
    market: list[int]
    deck: list[int]
    owned: list[list[int]]
    out: list[int]
    space: int
    picks: list[int]
    quality: int
    direction: int
    queue: list[int]
    lawyer: int
    trigger: int

    def _copy_game_fields(self, new: State) -> None:
        """The compiled build's copy, field by field in C (see ``State._copy_game_fields``);
        tests/compiled checks that it copies every field."""
        copy = cast(CounterfeitersState, new)
        copy.stage = self.stage
        copy.step = self.step
        copy.round = self.round
        copy.marker = self.marker
        copy.leader = self.leader
        copy.turn = self.turn
        copy.pawn = self.pawn
        copy.cash = self.cash.copy()
        copy.offshore = self.offshore.copy()
        copy.cash_lo = self.cash_lo.copy()
        copy.cash_hi = self.cash_hi.copy()
        copy.fakes = self.fakes.copy()
        copy.supply = self.supply.copy()
        copy.left = self.left.copy()
        copy.down = self.down.copy()
        copy.occupant = self.occupant.copy()
        copy.market = self.market.copy()
        copy.deck = self.deck.copy()
        copy.owned = [*map(_list_copy, self.owned)]
        copy.out = self.out.copy()
        copy.space = self.space
        copy.picks = self.picks.copy()
        copy.quality = self.quality
        copy.direction = self.direction
        copy.queue = self.queue.copy()
        copy.lawyer = self.lawyer
        copy.trigger = self.trigger

    # methods, not the rules' functions as class attributes: compiled, a function does not bind
    def _setup(self) -> None:
        setting.setup(self)

    def _legal_actions(self) -> list[Action]:
        return flow.legal_actions(self)

    def _apply(self, action: Action) -> None:
        flow.apply(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seen.view(self, seat)

    def render(self, seat: Input = None) -> str:
        return seen.render(self, seat)

    def _resample(self, seat: int, rng: Rng) -> None:
        seen.resample(self, seat, rng)

    def seat_names(self) -> list[str]:
        return list(COLOURS[: self.players])

    def is_terminal(self) -> bool:
        return self.stage == _OVER

    def scores(self) -> list[int]:
        """Real money: cash plus offshore (fake notes and cards count for nothing)."""
        return [self.cash[s] + self.offshore[s] for s in range(self.players)]

    def _result_detail(self) -> dict[str, Any]:
        detail: dict[str, Any] = {
            "unit": "dollars",
            "cash": list(self.cash),
            "offshore": list(self.offshore),
            "rounds": self.round,
            "pawn": self.pawn,
        }
        if self.is_terminal() and len(self.winners()) > 1:
            detail["tie_rule"] = "rulebook: replay"  # D16, D25
        return detail

    def _action_info(self, label: str) -> dict[str, Any]:
        return action_info(label)

    # -- "why not?" (why.py): told from the mover's own view --------------------------------
    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        # a sale's quality is not in the view: the mover's own choices (its table) tell it
        return why.why_not(view, label, seat, lambda: [a.label for a in self.legal_actions(seat)])

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        return why.deciding(view)

    def _seat_word(self, seat: int) -> dict[str, str]:
        return why.colour(COLOURS[seat])

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        return catalog.catalog_data()

    @classmethod
    def from_json(cls, data: Input) -> State:
        # State.from_json's body: compiled, super() in a classmethod passes the wrong class
        state = serialize.from_json(cls, data)
        validate.check_position(cast(CounterfeitersState, state))
        return state

    def _keep_last_move(self, new: State, seat: int) -> None:
        super()._keep_last_move(new, seat)
        if not self.history:
            # the core's version drops each event's kind when no move has been made yet
            new._events = [(kind, mask(EVENTS[kind], values)) for kind, values in self._events]

    def conserved(self) -> dict[str, int]:
        totals = {}
        for q in range(QUALITIES):
            held = sum(self.fakes[s * QUALITIES + q] for s in range(self.players))
            totals[f"fake notes {STARS[q]}"] = held + self.supply[q]
        places = [*self.deck, *self.out, *(c for c in self.market if c >= 0)]
        for cards in self.owned:
            places += cards
        totals["cards"] = len(places)
        totals["different cards"] = len(set(places))
        return totals

    #: what conserved() must always equal: 100 fake notes by quality, the 42 cards each once
    TOTALS = {
        **{f"fake notes {STARS[q]}": SUPPLY[q] for q in range(QUALITIES)},
        "cards": CARDS,
        "different cards": CARDS,
    }


# pure Python: the rules' functions are the methods themselves (see rules_as_methods)
rules_as_methods(
    CounterfeitersState,
    _setup=setting.setup,
    _legal_actions=flow.legal_actions,
    _apply=flow.apply,
    _view=seen.view,
    render=seen.render,
    _resample=seen.resample,
)
