"""Narcos' state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from collections.abc import Mapping
from importlib.resources import files
from typing import Any, ClassVar, cast

from contraband.core.action import Action
from contraband.core.explain import Why, load_rule_kinds, load_texts
from contraband.core.native import Input, rules_as_methods
from contraband.core.random import Rng
from contraband.core.schema import Bool, Int, List, Maybe, OneOf, Seat, Spec
from contraband.core.state import State
from contraband.games.narcos import catalog, ledger, setup, turn, validate, why
from contraband.games.narcos import view as seen
from contraband.games.narcos.board import (
    CARDS,
    CARTEL_CARDS,
    COLOURS,
    LEFTOVER,
    MANAGE,
    MAX_PLAYERS,
    NCITY,
    OVER,
    PHASES,
    SECRET_LABELS,
    SELL,
    START_WORKERS,
    TOTAL_CROPS,
)
from contraband.games.narcos.events import EVENTS

_CARD = Int(0, CARDS - 1)
_CARTEL = Int(0, CARTEL_CARDS - 1)
_BIG = 1_000_000
_AMOUNT = Int(0, _BIG)
_list_copy = list.copy


def _per_seat(spec: Spec) -> List:
    return List(spec, length="players")


def _cards(most: int = CARDS) -> List:
    return List(_CARD, max_length=most)


class NarcosState(State):
    """Per seat (lists indexed by seat): ``money``, ``sicarios``, ``workers`` (in reserve),
    ``crops``, the goods on the ``lab_goods`` and ``storage_goods``, the network cards
    ``lab_card``, ``transport_card`` and ``storage_card``, the Cartel ``hands`` and the cards
    spent face down (``backs``), the workers in each city (``city_workers[seat * 4 + city]``),
    and the ledgers (``workers_spent``, ``workers_converted``, ``goods_made``, ``goods_sold``,
    ``goods_lost``, ``earned``, ``paid``).

    Piles of Narcos cards: ``deck`` (sorted: no order yet), ``top`` with ``top_seen`` (cards on
    top of the deck that someone has seen, in order, with a bitmask of the seats that know
    each), ``reserve`` (round 2's cards), ``discards``, ``removed`` (by sicarios), ``box``
    (starting cards of absent seats). Cartel: ``cartel_deck`` (sorted), ``cartel_discard``
    (face up), ``cartel_box`` (advanced-only cards in basic mode).

    The turn: ``active``, ``phase``, the ``timeline``, the DEA agents at its ``head``, the
    ``pending`` card being resolved, the ``unpaid`` cards and the ``pay_queue``, the cards
    ``looking`` at with Chivatazo, the ``ask`` queue of a window on another player's decision,
    the traffickers ``used``, and the flags and counts in ``flow.clear_turn``.
    """

    # the package, not __file__, finds the files: compiled, __file__ is not this source's path
    RULE_KINDS = load_rule_kinds(files("contraband.games.narcos") / "rules.toml")
    WHY_TEXTS = load_texts(files("contraband.games.narcos") / "why.toml")

    GAME_ID = "narcos"
    FLAT_LISTS = (
        "money",
        "sicarios",
        "workers",
        "crops",
        "lab_goods",
        "storage_goods",
        "lab_card",
        "transport_card",
        "storage_card",
        "workers_spent",
        "workers_converted",
        "goods_made",
        "goods_sold",
        "goods_lost",
        "earned",
        "paid",
        "city_workers",
        "tokens",
        "deck",
        "top",
        "top_seen",
        "looking",
        "reserve",
        "discards",
        "removed",
        "box",
        "timeline",
        "unpaid",
        "used",
        "head",
        "pay_queue",
        "ask",
        "cartel_deck",
        "cartel_discard",
        "cartel_box",
    )
    NESTED_LISTS = ("hands", "backs")
    EVENTS = EVENTS
    SECRET_LABELS = SECRET_LABELS

    SCHEMA: ClassVar[Mapping[str, Spec]] = {
        "money": _per_seat(_AMOUNT),
        "sicarios": _per_seat(_AMOUNT),
        "workers": _per_seat(Int(0, START_WORKERS)),
        "crops": _per_seat(Int(1, TOTAL_CROPS // MAX_PLAYERS)),
        "crop_supply": Int(0, TOTAL_CROPS),
        "lab_goods": _per_seat(_AMOUNT),
        "storage_goods": _per_seat(_AMOUNT),
        "lab_card": _per_seat(_CARD),
        "transport_card": _per_seat(_CARD),
        "storage_card": _per_seat(_CARD),
        "workers_spent": _per_seat(Int(0, START_WORKERS)),
        "workers_converted": _per_seat(Int(0, START_WORKERS)),
        "goods_made": _per_seat(_AMOUNT),
        "goods_sold": _per_seat(_AMOUNT),
        "goods_lost": _per_seat(_AMOUNT),
        "earned": _per_seat(_AMOUNT),
        "paid": _per_seat(_AMOUNT),
        "city_workers": List(Int(0, START_WORKERS), length=lambda c: c.players * NCITY),
        "tokens": List(Int(0, NCITY - 1), max_length=NCITY),
        "hands": _per_seat(List(_CARTEL, max_length=CARTEL_CARDS)),
        "backs": _per_seat(List(_CARTEL, max_length=CARTEL_CARDS)),
        "deck": _cards(),
        "top": _cards(),
        "top_seen": List(Int(0, (1 << MAX_PLAYERS) - 1), max_length=CARDS),
        "looking": _cards(3),
        "reserve": _cards(),
        "discards": _cards(),
        "removed": _cards(),
        "box": _cards(),
        "timeline": _cards(8),
        "unpaid": _cards(8),
        "used": _cards(8),
        "head": _cards(2),
        "pay_queue": _cards(8),
        "ask": List(Seat(), max_length=MAX_PLAYERS - 1),
        "cartel_deck": List(_CARTEL, max_length=CARTEL_CARDS),
        "cartel_discard": List(_CARTEL, max_length=CARTEL_CARDS),
        "cartel_box": List(_CARTEL, max_length=CARTEL_CARDS),
        "round": Int(1, 2),
        "turn": Int(0, _BIG),
        "over": Bool(),
        "active": Seat(),
        "current_player": Maybe(Seat()),
        "phase": OneOf(*PHASES),
        "permanent": Int(-1, CARDS - 1),
        "action_agent": Int(-2, "seat"),
        "money_agent": Int(-1, "seat"),
        "warehouse_goods": _AMOUNT,
        "warehouse_money": _AMOUNT,
        "seized_goods": Int(0, 8),
        "seized_money": Int(0, 8),
        "flips": Int(0, _BIG),
        "actions": Int(0, _BIG),
        "actions_done": Int(0, _BIG),
        "pending_income": _AMOUNT,
        "ordered": Int(0, 3),
        "forced": Bool(),
        "fled": Bool(),
        "activated": Bool(),
        "eighth": Bool(),
        "outlet_used": Bool(),
        "contact_used": Bool(),
        "renewed": Bool(),
        "pending": Int(-1, CARDS - 1),
        "contact": Int(-1, NCITY),
        "worker_city": Int(-1, NCITY - 1),
        "resume": OneOf(MANAGE, SELL, LEFTOVER),
    }

    # the fields (declared for the compiled build, which keeps them in C slots)
    money: list[int]
    sicarios: list[int]
    workers: list[int]
    crops: list[int]
    lab_goods: list[int]
    storage_goods: list[int]
    lab_card: list[int]
    transport_card: list[int]
    storage_card: list[int]
    workers_spent: list[int]
    workers_converted: list[int]
    goods_made: list[int]
    goods_sold: list[int]
    goods_lost: list[int]
    earned: list[int]
    paid: list[int]
    city_workers: list[int]
    tokens: list[int]
    deck: list[int]
    top: list[int]
    top_seen: list[int]
    looking: list[int]
    reserve: list[int]
    discards: list[int]
    removed: list[int]
    box: list[int]
    timeline: list[int]
    unpaid: list[int]
    used: list[int]
    head: list[int]
    pay_queue: list[int]
    ask: list[int]
    cartel_deck: list[int]
    cartel_discard: list[int]
    cartel_box: list[int]
    hands: list[list[int]]
    backs: list[list[int]]
    crop_supply: int
    round: int
    turn: int
    active: int
    permanent: int
    action_agent: int
    money_agent: int
    warehouse_goods: int
    warehouse_money: int
    seized_goods: int
    seized_money: int
    flips: int
    actions: int
    actions_done: int
    pending_income: int
    ordered: int
    pending: int
    contact: int
    worker_city: int
    over: bool
    forced: bool
    fled: bool
    activated: bool
    eighth: bool
    outlet_used: bool
    contact_used: bool
    renewed: bool
    phase: str
    resume: str

    def _copy_game_fields(self, new: State) -> None:
        """The compiled build's copy, field by field in C (see ``State._copy_game_fields``);
        tests/compiled/test_build.py checks that it copies every field."""
        copy = cast(NarcosState, new)
        copy.money = self.money.copy()
        copy.sicarios = self.sicarios.copy()
        copy.workers = self.workers.copy()
        copy.crops = self.crops.copy()
        copy.lab_goods = self.lab_goods.copy()
        copy.storage_goods = self.storage_goods.copy()
        copy.lab_card = self.lab_card.copy()
        copy.transport_card = self.transport_card.copy()
        copy.storage_card = self.storage_card.copy()
        copy.workers_spent = self.workers_spent.copy()
        copy.workers_converted = self.workers_converted.copy()
        copy.goods_made = self.goods_made.copy()
        copy.goods_sold = self.goods_sold.copy()
        copy.goods_lost = self.goods_lost.copy()
        copy.earned = self.earned.copy()
        copy.paid = self.paid.copy()
        copy.city_workers = self.city_workers.copy()
        copy.tokens = self.tokens.copy()
        copy.deck = self.deck.copy()
        copy.top = self.top.copy()
        copy.top_seen = self.top_seen.copy()
        copy.looking = self.looking.copy()
        copy.reserve = self.reserve.copy()
        copy.discards = self.discards.copy()
        copy.removed = self.removed.copy()
        copy.box = self.box.copy()
        copy.timeline = self.timeline.copy()
        copy.unpaid = self.unpaid.copy()
        copy.used = self.used.copy()
        copy.head = self.head.copy()
        copy.pay_queue = self.pay_queue.copy()
        copy.ask = self.ask.copy()
        copy.cartel_deck = self.cartel_deck.copy()
        copy.cartel_discard = self.cartel_discard.copy()
        copy.cartel_box = self.cartel_box.copy()
        copy.hands = [*map(_list_copy, self.hands)]
        copy.backs = [*map(_list_copy, self.backs)]
        copy.crop_supply = self.crop_supply
        copy.round = self.round
        copy.turn = self.turn
        copy.active = self.active
        copy.permanent = self.permanent
        copy.action_agent = self.action_agent
        copy.money_agent = self.money_agent
        copy.warehouse_goods = self.warehouse_goods
        copy.warehouse_money = self.warehouse_money
        copy.seized_goods = self.seized_goods
        copy.seized_money = self.seized_money
        copy.flips = self.flips
        copy.actions = self.actions
        copy.actions_done = self.actions_done
        copy.pending_income = self.pending_income
        copy.ordered = self.ordered
        copy.pending = self.pending
        copy.contact = self.contact
        copy.worker_city = self.worker_city
        copy.over = self.over
        copy.forced = self.forced
        copy.fled = self.fled
        copy.activated = self.activated
        copy.eighth = self.eighth
        copy.outlet_used = self.outlet_used
        copy.contact_used = self.contact_used
        copy.renewed = self.renewed
        copy.phase = self.phase
        copy.resume = self.resume

    # methods, not the rules' functions as class attributes: compiled, a function does not bind
    def _setup(self) -> None:
        setup.setup(self)

    def _legal_actions(self) -> list[Action]:
        return turn.legal_actions(self)

    def _apply(self, action: Action) -> None:
        turn.apply(self, action)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return seen.view(self, seat)

    def render(self, seat: Input = None) -> str:
        return seen.render(self, seat)

    def _resample(self, seat: int, rng: Rng) -> None:
        seen.resample(self, seat, rng)

    def seat_names(self) -> list[str]:
        return list(COLOURS[: self.players])

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[int]:
        return list(self.money)

    def _result_detail(self) -> dict[str, Any]:
        return {
            "unit": "million",
            "money": list(self.money),
            "turns": self.turn,
            "round": self.round,
            "mode": self.options.get("mode"),
        }

    def _action_info(self, label: str) -> dict[str, Any]:
        info = catalog.ACTION_INFO.get(label)
        if info is None:  # not a label of the game: action_info refuses it (bad_input)
            raise KeyError(label)
        return dict(info)

    def _why_not(self, view: dict[str, Any], label: str, seat: int) -> Why | None:
        return why.why_not(view, label, seat)

    def _deciding(self, view: dict[str, Any]) -> Why | None:
        return why.doing(view)

    def _seat_word(self, seat: int) -> dict[str, str]:
        return why.colour_word(COLOURS[seat])

    @classmethod
    def catalog_data(cls) -> dict[str, Any]:
        return catalog.catalog_data()

    def _check_position(self) -> None:
        validate.check_position(self)

    def conserved(self) -> dict[str, int]:
        return ledger.conserved(self)

    #: what conserved() must always equal
    TOTALS: ClassVar[Mapping[str, int] | None] = {
        "Narcos and network cards": CARDS,
        "distinct Narcos and network cards": CARDS,
        "Cartel cards": CARTEL_CARDS,
        "distinct Cartel cards": CARTEL_CARDS,
        "workers": START_WORKERS * MAX_PLAYERS,
        "crops": TOTAL_CROPS,
        "goods not accounted for": 0,
        "money not accounted for": 0,
    }


# pure Python: the rules' functions are the methods themselves (see rules_as_methods)
rules_as_methods(
    NarcosState,
    _setup=setup.setup,
    _legal_actions=turn.legal_actions,
    _apply=turn.apply,
    _view=seen.view,
    render=seen.render,
    _resample=seen.resample,
)
