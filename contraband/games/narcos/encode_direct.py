"""Narcos' version-1 observation written straight from the state, without building the view.

``direct_v1(layout, players)`` returns ``fill(state, seat, out)``, which writes into ``out`` (a
zeroed float32 ``array.array`` as long as the layout) the nonzero slots that the compiled walk of
``contraband.envs.plan`` writes for ``peek(state, seat)``, except the last move's (written by
``contraband.envs.direct`` for every game). It reads what ``view.view`` shows the seat and
nothing else: the top cards by name only where the seat has seen them, the cards being ordered
with Chivatazo only for the active seat (a count for the others), and only the seat's own Cartel
hand and face-down cards. Each value is computed as the walk computes it (``value * scale`` or
``log1p(value) * scale`` in double precision, a text's count as the repeated sum of its scale);
``tests/envs/test_direct.py`` checks the vectors bit for bit over random play and that hidden
information changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from math import log1p
from typing import TYPE_CHECKING, Any

from contraband.games.narcos import deck, flipping, network, sales
from contraband.games.narcos.board import (
    ADVANCED,
    CARD_CAPACITY,
    CARD_NAME,
    CARD_SIDE,
    CARTEL_NAMES,
    CARTEL_OF,
    DEA_ACTION_CARD,
    DEA_MONEY_CARD,
    NCITY,
    TOKENS,
)
from contraband.games.narcos.encoding import CONTACTS, FIELDS, LOG_SCALED

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

Fill = Callable[[Any, int, Any], None]
#: the layout's factor of a declared place (``layout.scale``: what version 1 multiplies by)
Scale = Callable[[str], float]
#: as many items of a list as version 1 encodes (``contraband.envs.seen``)
POSITIONS = 64


#: the numbers of a player's view, in the order ``fill`` reads them
PLAYER_NUMBERS = (
    "money",
    "workers",
    "sicarios",
    "crops",
    "output",
    "workers_spent",
    "cartel_cards",
    "face_down",
    "lab.goods",
    "storage.goods",
    "transport.capacity",
    "storage.capacity",
)
#: the view's numbers at its top, in the order ``fill`` reads them
NUMBERS = ("round", "turn", "deck", "reserve", "danger", "guns", "cards", "flips", "actions")
NUMBERS_MORE = ("actions_done", "pending_income", "cartel.deck")


def _rel(offset: int) -> str:
    return "me" if offset == 0 else f"+{offset}"


class _Bag:
    """A list of texts: its length slot and each text's count slot, read from the ids the
    texts name (``of``: the text of each id)."""

    def __init__(self, at: dict[str, int], scale: Scale, place: str, of: tuple[str, ...]) -> None:
        self.length = at[f"{place}.len"]
        self.scale = scale(place)
        slots = {name: at[f"{place}#{name}"] for name in dict.fromkeys(of)}
        self.slot_of = tuple(slots[name] for name in of).__getitem__
        self.sums = [0.0]
        for _ in range(POSITIONS * 2):
            self.sums.append(self.sums[-1] + self.scale)

    def write(self, o: Any, ids: list[int]) -> None:
        if not ids:
            return
        o[self.length] = len(ids) * self.scale
        sums = self.sums
        slots = list(map(self.slot_of, ids))
        for slot in set(slots):
            o[slot] = sums[slots.count(slot)]


def direct_v1(layout: Any, players: int) -> Fill | None:
    """The direct fill for ``layout``, or None when its slot names are not the ones expected."""
    if getattr(layout, "version", None) != 1:
        return None
    at = {name: slot for slot, name in enumerate(layout.names)}
    try:
        return _make(at, players, layout.scale)
    except KeyError:
        return None


def _make(at: dict[str, int], players: int, scale: Scale) -> Fill:  # noqa: PLR0915
    def text(place: str, texts: tuple[str, ...]) -> dict[str, int]:
        return {t: at[f"{place}={t}"] for t in texts if f"{place}={t}" in at}

    def number(place: str, key: str | None = None) -> tuple[int, float, bool]:
        return at[key or place], scale(place), place in LOG_SCALED

    names = FIELDS["top[]"][1]
    card_names = tuple(dict.fromkeys(CARD_NAME))
    current = at.get("current_player=none", -1), at["current_player=me"]
    active_me = at["active=me"]
    phase_at = text("phase", FIELDS["phase"][1])
    scalars = [number(key) for key in NUMBERS + NUMBERS_MORE]
    flags = {key: at[key] for key in ("forced", "fled", "outlet_used", "over")}
    top_len, top_scale = at["top.len"], scale("top")
    tops = [(at[f"top[{i}]=none"], text(f"top[{i}]", names)) for i in range(POSITIONS)]
    seen_len, seen_scale = at["top_seen_by.len"], scale("top_seen_by")
    seen_item_scale = scale("top_seen_by[]")
    seen = [
        (at[f"top_seen_by[{i}].len"], [at[f"top_seen_by[{i}][{j}]=me"] for j in range(4)])
        for i in range(POSITIONS)
    ]
    discards = _Bag(at, scale, "discards", CARD_NAME)
    removed = _Bag(at, scale, "removed", CARD_NAME)
    head, pay_queue = _Bag(at, scale, "head", CARD_NAME), _Bag(at, scale, "pay_queue", CARD_NAME)
    traffickers = _Bag(at, scale, "traffickers", CARD_NAME)
    looking = _Bag(at, scale, "looking", CARD_NAME)
    line_len, line_scale = at["timeline.len"], scale("timeline")
    line = [
        (
            text(f"timeline[{i}].card", names),
            text(f"timeline[{i}].side", FIELDS["timeline[].side"][1]),
            at[f"timeline[{i}].unpaid"],
            at[f"timeline[{i}].used"],
        )
        for i in range(FIELDS["timeline"][1])
    ]
    pending = at["pending=none"], text("pending", names)
    permanent = at["permanent=none"], text("permanent", names)
    contact = at["contact=none"], text("contact", CONTACTS)
    asking_len, asking_scale = at["asking.len"], scale("asking")
    asking = [at[f"asking[{j}]=me"] for j in range(FIELDS["asking"][1])]
    places = FIELDS["dea.action"][2]
    dea = [
        (text(f"dea.{k}", places), at[f"dea.{k}=me"], f"{k}_agent", card)
        for k, card in (("action", DEA_ACTION_CARD), ("money", DEA_MONEY_CARD))
    ]
    cartel_of = tuple(CARTEL_NAMES[kind] for kind in CARTEL_OF)
    cartel_discard = _Bag(at, scale, "cartel.discard", cartel_of)
    hand, face_down = _Bag(at, scale, "hand", cartel_of), _Bag(at, scale, "face_down", cartel_of)
    per_seat = []
    for offset in range(players):
        p = f"players[{_rel(offset)}]"
        per_seat.append(
            (
                [number(f"players[].{key}", f"{p}.{key}") for key in PLAYER_NUMBERS],
                [text(f"{p}.{key}.card", card_names) for key in ("lab", "transport", "storage")],
                at[f"{p}.cities.len"],
                [at[f"{p}.cities[{c}]"] for c in range(NCITY)],
            )
        )
    player_cities = scale("players[].cities"), scale("players[].cities[]")
    cities_none, cities_len = at["cities=none"], at["cities.len"]
    cities_scale, city_workers = scale("cities"), scale("cities[].workers[]")
    cities = [
        (
            text(f"cities[{c}].token", TOKENS),
            [at[f"cities[{c}].workers[{_rel(k)}]"] for k in range(players)],
        )
        for c in range(NCITY)
    ]
    warehouse_none = at["warehouse=none"]
    warehouse = [number(f"warehouse.{key}") for key in ("goods", "money")]

    def put(o: Any, spec: tuple[int, float, bool], value: Any) -> None:
        slot, scale, log = spec
        if value:
            o[slot] = log1p(value) * scale if log else value * scale

    def agent(o: Any, spec: tuple[dict[str, int], int, str, int], state: Any, seat: int) -> None:
        vocab, me, attribute, card = spec
        where = getattr(state, attribute)
        if where >= 0:
            o[me + (where - seat) % players] = 1.0
        elif where == -2:
            o[vocab["watching beside the deck"]] = 1.0
        elif card in state.timeline:
            o[vocab["on the timeline"]] = 1.0
        else:
            o[vocab["not yet seen"]] = 1.0

    def fill(state: NarcosState, seat: int, o: Any) -> None:
        mover = state.current_player
        if mover is None:
            if current[0] >= 0:
                o[current[0]] = 1.0
        else:
            o[current[1] + (mover - seat) % players] = 1.0
        o[active_me + (state.active - seat) % players] = 1.0
        slot = phase_at.get(state.phase)
        if slot is not None:
            o[slot] = 1.0
        values = (
            state.round,
            state.turn + 1,
            deck.cards_left(state),
            len(state.reserve),
            flipping.danger(state),
            flipping.guns(state),
            flipping.table_cards(state),
            state.flips,
            state.actions,
            state.actions_done,
            state.pending_income,
            len(state.cartel_deck),
        )
        for (slot, scale, log), value in zip(scalars, values, strict=True):
            if value:
                o[slot] = log1p(value) * scale if log else value * scale
        for key, value in (
            ("forced", state.forced),
            ("fled", state.fled),
            ("outlet_used", state.outlet_used),
            ("over", state.is_terminal()),
        ):
            if value:
                o[flags[key]] = value * 1.0
        # the top cards: named only where this seat has seen them
        top, top_seen = state.top, state.top_seen
        o[top_len] = len(top) * top_scale
        for (none, vocab), card, bits in zip(tops, top, top_seen, strict=False):
            if bits >> seat & 1:
                slot = vocab.get(CARD_NAME[card])
                if slot is not None:
                    o[slot] = 1.0
            else:
                o[none] = 1.0
        o[seen_len] = len(top_seen) * seen_scale
        for (length, firsts), bits in zip(seen, top_seen, strict=False):
            who = [s for s in range(players) if bits >> s & 1]
            o[length] = len(who) * seen_item_scale
            for first, s in zip(firsts, who, strict=False):
                o[first + (s - seat) % players] = 1.0
        discards.write(o, state.discards)
        removed.write(o, state.removed)
        head.write(o, state.head)
        pay_queue.write(o, state.pay_queue)
        traffickers.write(o, sales.unused_traffickers(state))
        if seat == state.active:  # the active seat sees the cards it orders; others a count
            looking.write(o, state.looking)
        elif state.looking:
            o[looking.length] = len(state.looking) * looking.scale
        timeline = state.timeline
        o[line_len] = len(timeline) * line_scale
        for (cards, sides, unpaid, used), c in zip(line, timeline, strict=False):
            slot = cards.get(CARD_NAME[c])
            if slot is not None:
                o[slot] = 1.0
            slot = sides.get(CARD_SIDE[c])
            if slot is not None:
                o[slot] = 1.0
            if c in state.unpaid:
                o[unpaid] = 1.0
            if c in state.used:
                o[used] = 1.0
        for (none, vocab), card in ((pending, state.pending), (permanent, state.permanent)):
            if card < 0:
                o[none] = 1.0
            else:
                slot = vocab.get(CARD_NAME[card])
                if slot is not None:
                    o[slot] = 1.0
        where = state.contact
        if where < 0:
            o[contact[0]] = 1.0
        else:
            o[contact[1][CONTACTS[where] if where < NCITY else CONTACTS[-1]]] = 1.0
        ask = state.ask
        o[asking_len] = len(ask) * asking_scale
        for first, s in zip(asking, ask, strict=False):
            o[first + (s - seat) % players] = 1.0
        agent(o, dea[0], state, seat)
        agent(o, dea[1], state, seat)
        cartel_discard.write(o, state.cartel_discard)
        hand.write(o, state.hands[seat])
        face_down.write(o, state.backs[seat])
        for offset in range(players):
            s = (seat + offset) % players
            numbers, card_slots, cities_at, city_slots = per_seat[offset]
            cards = (state.lab_card[s], state.transport_card[s], state.storage_card[s])
            values = (
                state.money[s],
                state.workers[s],
                state.sicarios[s],
                state.crops[s],
                network.output(state, s),
                state.workers_spent[s],
                len(state.hands[s]),
                len(state.backs[s]),
                state.lab_goods[s],
                state.storage_goods[s],
                CARD_CAPACITY[cards[1]],
                CARD_CAPACITY[cards[2]],
            )
            for (slot, scale, log), value in zip(numbers, values, strict=True):
                if value:
                    o[slot] = log1p(value) * scale if log else value * scale
            for vocab, card in zip(card_slots, cards, strict=True):
                slot = vocab.get(CARD_NAME[card])
                if slot is not None:
                    o[slot] = 1.0
            o[cities_at] = NCITY * player_cities[0]
            for slot, c in zip(city_slots, range(NCITY), strict=True):
                value = state.city_workers[s * NCITY + c]
                if value:
                    o[slot] = value * player_cities[1]
        if state.options.get("mode") != ADVANCED:
            o[cities_none] = 1.0
            o[warehouse_none] = 1.0
            return
        o[cities_len] = NCITY * cities_scale
        for c, (tokens, workers) in enumerate(cities):
            slot = tokens.get(TOKENS[state.tokens[c]])
            if slot is not None:
                o[slot] = 1.0
            for offset, slot in enumerate(workers):
                value = state.city_workers[(seat + offset) % players * NCITY + c]
                if value:
                    o[slot] = value * city_workers
        put(o, warehouse[0], state.warehouse_goods)
        put(o, warehouse[1], state.warehouse_money)

    return fill
