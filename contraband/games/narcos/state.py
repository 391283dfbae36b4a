"""Narcos' state: plain lists and ints, cheap to copy and to serialize."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from contraband.core.explain import Why, load_rule_kinds, load_texts
from contraband.core.schema import Bool, Int, List, Maybe, OneOf, Seat, Spec
from contraband.core.state import State
from contraband.games.narcos import catalog, setup, turn, validate, why
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
    START_MONEY,
    START_WORKERS,
    TOTAL_CROPS,
)
from contraband.games.narcos.events import EVENTS

_CARD = Int(0, CARDS - 1)
_CARTEL = Int(0, CARTEL_CARDS - 1)
_BIG = 1_000_000
_AMOUNT = Int(0, _BIG)


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

    RULE_KINDS = load_rule_kinds(Path(__file__).with_name("rules.toml"))
    WHY_TEXTS = load_texts(Path(__file__).with_name("why.toml"))

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

    SCHEMA: Mapping[str, Spec] = {
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

    _setup = setup.setup
    _legal_actions = turn.legal_actions
    _apply = turn.apply
    _view = seen.view
    render = seen.render
    _resample = seen.resample

    def seat_names(self) -> list[str]:
        return list(COLOURS[: self.players])

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def scores(self) -> list[float]:
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
        return dict(info) if info is not None else super()._action_info(label)

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
        """Cards and Cartel cards each in exactly one place; workers and crops counted; the
        goods and money ledgers balanced (0 = every cube and every million accounted for)."""
        places = (
            self.deck
            + self.top
            + self.looking
            + self.reserve
            + self.discards
            + self.removed
            + self.box
            + self.timeline
            + self.lab_card
            + self.transport_card
            + self.storage_card
        )
        if self.permanent >= 0:
            places = places + [self.permanent]
        agents = (self.action_agent != -1) + (self.money_agent != -1)
        cartel = self.cartel_deck + self.cartel_discard + self.cartel_box
        for seat in range(self.players):
            cartel = cartel + self.hands[seat] + self.backs[seat]
        workers = (
            sum(self.workers)
            + sum(self.city_workers)
            + sum(self.workers_spent)
            + sum(self.workers_converted)
            + START_WORKERS * (MAX_PLAYERS - self.players)
        )
        goods = (
            sum(self.goods_made)
            - sum(self.lab_goods)
            - sum(self.storage_goods)
            - self.warehouse_goods
            - self.seized_goods
            - sum(self.goods_sold)
            - sum(self.goods_lost)
        )
        money = (
            sum(self.money)
            + self.warehouse_money
            + self.seized_money
            + sum(self.paid)
            - sum(self.earned)
            - START_MONEY * self.players
        )
        return {
            "Narcos and network cards": len(places) + agents,
            "distinct Narcos and network cards": len(set(places)) + agents,
            "Cartel cards": len(cartel),
            "distinct Cartel cards": len(set(cartel)),
            "workers": workers,
            "crops": sum(self.crops) + self.crop_supply,
            "goods not accounted for": goods,
            "money not accounted for": money,
        }

    #: what conserved() must always equal
    TOTALS = {
        "Narcos and network cards": CARDS,
        "distinct Narcos and network cards": CARDS,
        "Cartel cards": CARTEL_CARDS,
        "distinct Cartel cards": CARTEL_CARDS,
        "workers": START_WORKERS * MAX_PLAYERS,
        "crops": TOTAL_CROPS,
        "goods not accounted for": 0,
        "money not accounted for": 0,
    }
