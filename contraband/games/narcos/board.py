"""Narcos' components and numbers, read once from data.toml and shared by every state.

Cards are small integers. Narcos deck cards come first (0..67, in data order: the network
types, the traffickers city by city, then the dangers), then the starting network cards
(68..79: per seat a basic lab, a truck and a storage 6). Cartel cards are 0..19, two of each
kind in data order. Cities are 0..3.
"""

from __future__ import annotations

from pathlib import Path

from contraband.core.data import load_data

DATA = load_data(Path(__file__).with_name("data.toml"))

# -- the rulebook's numbers -------------------------------------------------------------------
_S, _F, _E = DATA["start"], DATA["flipping"], DATA["economy"]
START_MONEY: int = _S["money"]
START_WORKERS: int = _S["workers"]
START_SICARIOS: int = _S["sicarios"]
START_CROPS: int = _S["crops"]
START_GOODS: int = _S["lab_goods"]
START_CARTEL: int = _S["cartel_cards"]

MAX_CARDS: int = _F["max_cards"]
FLEE_SIRENS: int = _F["flee_sirens"]
ACTIVE_DANGER: int = _F["active_danger"]
FLEE_ACTIONS: int = _F["flee_actions"]
MAX_CARD_ACTIONS: int = _F["max_card_actions"]
POLICE_PAY: int = _F["police_pay"]
MILITARY_PAY: int = _F["military_pay"]
BONUS_GUNS: int = _F["bonus_guns"]
BONUS_CARDS: int = _F["bonus_cards"]
CHOICE_GUNS: int = _F["choice_guns"]
CHOICE_CARDS: int = _F["choice_cards"]
CHOICE_SICARIOS: int = _F["choice_sicarios"]
DEA_ACTIONS: int = _F["dea_actions"]

PRICE: int = _E["price_per_unit"]
COMMISSION: int = _E["permanent_commission"]
SICARIO_COST: int = _E["worker_to_sicario"]
SURCHARGE: int = _E["leftover_surcharge"]
CITY_BONUS: int = _E["city_worker_bonus"]

CROP_SLOTS: int = DATA["plantation"]["slots"]
CROP_PRICES: tuple[int, ...] = tuple(DATA["plantation"]["prices"])
COLOURS: tuple[str, ...] = tuple(DATA["players"]["colours"])
MAX_PLAYERS = len(COLOURS)
TOTAL_CROPS = CROP_SLOTS * MAX_PLAYERS

CITIES: tuple[str, ...] = tuple(DATA["cities"]["names"])
NCITY = len(CITIES)
TRAFFICKERS_EACH: int = DATA["cities"]["traffickers_each"]

_T = DATA["tokens"]
TOKENS: tuple[str, ...] = tuple(_T["names"])
OUTLET, BOAT_TOKEN, PLANE_TOKEN, BIG_TOKEN = range(4)
TOKEN_BONUS = (0, _T["boat_bonus"], _T["plane_bonus"], _T["big_sale_bonus"])
BIG_SALE: int = _T["big_sale"]

# -- the Narcos cards -------------------------------------------------------------------------
GUN, SIREN = "gun", "siren"
NETWORK_KINDS = ("lab", "transport", "storage")
DANGER_KINDS = ("press", "sapo", "police", "military", "dea_action", "dea_money")

#: one entry per card type: (name, kind, count, round, cost, capacity, produce, start)
_types: list[tuple] = []
for _t in DATA["types"]["card"]:
    _types.append(
        (
            _t["name"],
            _t["kind"],
            _t.get("count", 0),
            _t.get("round", 0),
            _t["cost"],
            _t.get("capacity", 0),
            tuple(_t.get("produce", ())),
            bool(_t.get("start", False)),
        )
    )
for _c, _city in enumerate(CITIES):
    _types.append((f"{_city} trafficker", "trafficker", TRAFFICKERS_EACH, 1, 0, 0, (), False))
_DANGER_NAMES = {
    "press": "press",
    "sapo": "sapo",
    "police": "police",
    "military": "military",
    "dea_action": "DEA action agent",
    "dea_money": "DEA money agent",
}
for _kind in DANGER_KINDS:
    _count, _round = DATA["dangers"][_kind]
    _types.append((_DANGER_NAMES[_kind], _kind, _count, _round, 0, 0, (), False))

TYPE_NAME: tuple[str, ...] = tuple(t[0] for t in _types)
TYPE_KIND: tuple[str, ...] = tuple(t[1] for t in _types)
TYPE_COUNT: tuple[int, ...] = tuple(t[2] for t in _types)
TYPE_ROUND: tuple[int, ...] = tuple(t[3] for t in _types)
TYPE_COST: tuple[int, ...] = tuple(t[4] for t in _types)
TYPE_CAPACITY: tuple[int, ...] = tuple(t[5] for t in _types)
TYPE_PRODUCE: tuple[tuple[int, ...], ...] = tuple(t[6] for t in _types)
TYPE_START: tuple[bool, ...] = tuple(t[7] for t in _types)
TYPE_SIDE: tuple[str, ...] = tuple(SIREN if k in DANGER_KINDS else GUN for k in TYPE_KIND)
TYPE_CITY: tuple[int, ...] = tuple(
    CITIES.index(n[: -len(" trafficker")]) if k == "trafficker" else -1
    for n, k in zip(TYPE_NAME, TYPE_KIND, strict=True)
)
TYPE_INDEX = {name: t for t, name in enumerate(TYPE_NAME)}
START_TYPES = tuple(t for t in range(len(_types)) if TYPE_START[t])  # basic lab, truck, storage 6

#: card id -> type; deck cards first, then the starting cards seat by seat
_card_types = [t for t in range(len(_types)) if not TYPE_START[t] for _ in range(TYPE_COUNT[t])]
DECK_CARDS = len(_card_types)
for _seat in range(MAX_PLAYERS):
    _card_types.extend(START_TYPES)
CARD_TYPE: tuple[int, ...] = tuple(_card_types)
CARDS = len(CARD_TYPE)
CARD_NAME: tuple[str, ...] = tuple(TYPE_NAME[t] for t in CARD_TYPE)
CARD_KIND: tuple[str, ...] = tuple(TYPE_KIND[t] for t in CARD_TYPE)
CARD_SIDE: tuple[str, ...] = tuple(TYPE_SIDE[t] for t in CARD_TYPE)
CARD_ROUND: tuple[int, ...] = tuple(TYPE_ROUND[t] for t in CARD_TYPE)
CARD_COST: tuple[int, ...] = tuple(TYPE_COST[t] for t in CARD_TYPE)
CARD_CAPACITY: tuple[int, ...] = tuple(TYPE_CAPACITY[t] for t in CARD_TYPE)
CARD_PRODUCE: tuple[tuple[int, ...], ...] = tuple(TYPE_PRODUCE[t] for t in CARD_TYPE)
CARD_CITY: tuple[int, ...] = tuple(TYPE_CITY[t] for t in CARD_TYPE)
IS_SIREN: tuple[bool, ...] = tuple(side == SIREN for side in CARD_SIDE)
IS_UPGRADE: tuple[bool, ...] = tuple(kind in NETWORK_KINDS for kind in CARD_KIND)
IS_TRAFFICKER: tuple[bool, ...] = tuple(kind == "trafficker" for kind in CARD_KIND)
#: police and military: the cards that take a payment once two sirens are out
IS_PAYER: tuple[bool, ...] = tuple(kind in ("police", "military") for kind in CARD_KIND)
#: an upgrade card's cost, and a price nobody can pay for any other card (a min() skips them)
UPGRADE_COST: tuple[int, ...] = tuple(
    cost if upgrade else 1 << 30 for cost, upgrade in zip(CARD_COST, IS_UPGRADE, strict=True)
)
PLANE = TYPE_INDEX["plane"]
BOAT = TYPE_INDEX["boat"]
DEA_ACTION_CARD = CARD_KIND.index("dea_action")
DEA_MONEY_CARD = CARD_KIND.index("dea_money")
#: the removal price in sicarios, by kind (0: cannot be removed)
REMOVAL = {
    "police": _F["remove_police"],
    "military": _F["remove_military"],
    "press": _F["remove_press"],
}
CARD_REMOVAL: tuple[int, ...] = tuple(REMOVAL.get(kind, 0) for kind in CARD_KIND)


def start_cards(seat: int) -> tuple[int, int, int]:
    """A seat's starting lab, transport and storage card ids."""
    base = DECK_CARDS + len(START_TYPES) * seat
    return base, base + 1, base + 2


def _check_deck() -> None:
    deck = DATA["deck"]
    kinds = [CARD_KIND[c] for c in range(DECK_CARDS)]
    for key, kind in (("labs", "lab"), ("transports", "transport"), ("storages", "storage")):
        assert kinds.count(kind) == deck[key], f"data.toml: {key} do not add up"
    assert kinds.count("trafficker") == deck["traffickers"]
    for kind in ("press", "sapo", "police", "military"):
        assert kinds.count(kind) == deck[kind], f"data.toml: {kind} does not add up"
    assert kinds.count("dea_action") + kinds.count("dea_money") == deck["dea"]
    late = [CARD_KIND[c] for c in range(DECK_CARDS) if CARD_ROUND[c] == 2]
    r2 = deck["round2"]
    assert late.count("transport") == r2["transports"] and late.count("storage") == r2["storages"]
    assert late.count("military") == r2["military"] and late.count("dea_money") == r2["dea"]


_check_deck()

# -- the Cartel cards -------------------------------------------------------------------------
_CARTEL = DATA["cartel"]
CARTEL_KEYS: tuple[str, ...] = tuple(c["key"] for c in _CARTEL["card"])
CARTEL_NAMES: tuple[str, ...] = tuple(c["name"] for c in _CARTEL["card"])
CARTEL_KIND = {key: k for k, key in enumerate(CARTEL_KEYS)}
CARTEL_MONEY: tuple[int, ...] = tuple(c["money"] for c in _CARTEL["card"])
CARTEL_SICARIOS: tuple[int, ...] = tuple(c["sicarios"] for c in _CARTEL["card"])
CARTEL_WHEN: tuple[str, ...] = tuple(c["when"] for c in _CARTEL["card"])
CARTEL_AMOUNT: tuple[int, ...] = tuple(c.get("amount", 0) for c in _CARTEL["card"])
CARTEL_ADVANCED: tuple[bool, ...] = tuple(bool(c.get("advanced")) for c in _CARTEL["card"])
COPIES: int = _CARTEL["copies"]
BACK_ACTIONS: int = _CARTEL["back_actions"]
CARTEL_CARDS = len(CARTEL_KEYS) * COPIES
#: Cartel card id -> kind
CARTEL_OF: tuple[int, ...] = tuple(k for k in range(len(CARTEL_KEYS)) for _ in range(COPIES))
(
    FUMIGACION,
    SABOTAJE,
    ROBO,
    SOBORNO,
    CHIVATAZO,
    PRESION,
    CONTACTO,
    HORAS,
    RECLUTAMIENTO,
    ASALTO,
) = (
    CARTEL_KIND[k]
    for k in (
        "fumigacion",
        "sabotaje",
        "robo",
        "soborno",
        "chivatazo",
        "presion",
        "contacto",
        "horas",
        "reclutamiento",
        "asalto",
    )
)
#: cards usable on other players' turns, and the attacks among them (which name a rival)
ANY_TIME = tuple(k for k in range(len(CARTEL_KEYS)) if CARTEL_WHEN[k] == "any")
ATTACKS = (FUMIGACION, SABOTAJE, ROBO)

# -- phases -----------------------------------------------------------------------------------
START = "start"  # the turn's first decision: flip (or a card, or round 2 now)
FLIP = "flip"  # after a card: stop or flip on
REMOVE = "remove"  # a police, military or press just appeared: send sicarios or not
PAY = "pay"  # a police or military takes its payment: which goods, or a bribe
PEEK = "peek"  # the sapo: place the peeked card or decline it
ORDER = "order"  # Chivatazo: put the top cards back in order
BONUS = "bonus"  # four guns: a sicario or two Cartel cards
PRESSURE = "pressure"  # another player may play Presión after a flip
MANAGE = "manage"  # phase 2: spend actions
RAID = "raid"  # before the end sale, other players may play any-time cards
SELL = "sell"  # the end sale
WORKER = "worker"  # advanced: send a worker to the city of a sale
LEFTOVER = "leftover"  # other players sell to the traffickers left
INVEST = "invest"  # phase 3
PURCHASE = "purchase"  # other players buy the upgrade cards left, at +1 million
OVER = "over"
PHASES = (
    START,
    FLIP,
    REMOVE,
    PAY,
    PEEK,
    ORDER,
    BONUS,
    PRESSURE,
    MANAGE,
    RAID,
    SELL,
    WORKER,
    LEFTOVER,
    INVEST,
    PURCHASE,
    OVER,
)
BASIC, ADVANCED = "basic", "advanced"
#: OTHERS[players][seat]: the other seats in turn order from ``seat`` (copy before changing)
OTHERS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n))
    for n in range(MAX_PLAYERS + 1)
)
MODES = (BASIC, ADVANCED)

# -- buyers: who takes a sale -----------------------------------------------------------------
#: a buyer is a city (0..3: a trafficker card of that city), PERMANENT (basic) / the "-2" city's
#: outlet (advanced), or CONTACT (the Contacto card)
PERMANENT, CONTACT = NCITY, NCITY + 1
BUYER_NAME = tuple(f"the {city} trafficker" for city in CITIES) + (
    "the permanent trafficker",
    "the contact",
)
OUTLET_NAME = tuple(f"{city} at -2" for city in CITIES)


# -- every label the game can produce, with its meaning, built once ---------------------------
def _build_labels() -> dict[str, tuple]:
    m: dict[str, tuple] = {
        "flip": ("flip",),
        "stop": ("stop",),
        "start round 2": ("round2",),
        "pay from the lab": ("pay", "lab"),
        "pay from storage": ("pay", "storage"),
        "pay 1 million": ("pay", "money"),
        "leave it unpaid": ("pay", "unpaid"),
        "place the peeked card": ("peek", True),
        "decline the peeked card": ("peek", False),
        "take a sicario": ("bonus", "sicario"),
        "take 2 Cartel cards": ("bonus", "cards"),
        "hire a sicario": ("hire",),
        "pass": ("pass",),
        "produce": ("produce",),
        "transport": ("transport",),
        "spend a worker": ("worker_action",),
        "end actions": ("end_actions",),
        "keep the goods": ("keep_goods",),
        "keep the worker": ("keep_worker",),
        "plant a crop": ("crop",),
        "invest nothing": ("invest_nothing",),
    }
    for kind in REMOVAL:
        m[f"remove the {kind}"] = ("remove", True)
        m[f"keep the {kind}"] = ("remove", False)
    for kind in ("police", "military"):
        m[f"bribe the {kind}"] = ("bribe",)
    for b, name in enumerate(BUYER_NAME):
        m[f"sell early to {name}"] = ("sell", b, True)
        m[f"sell to {name}"] = ("sell", b, False)
    for c, name in enumerate(OUTLET_NAME):
        m[f"sell early in {name}"] = ("sell", PERMANENT, True, c)
        m[f"sell in {name}"] = ("sell", PERMANENT, False, c)
    for c, city in enumerate(CITIES):
        m[f"send a worker to {city}"] = ("send", c)
        m[f"play Contacto for {city}"] = ("cartel", CONTACTO, c)
    for t, name in enumerate(TYPE_NAME):
        if TYPE_KIND[t] in NETWORK_KINDS:
            m[f"buy {name}"] = ("buy", t)
        m[f"put {name} next"] = ("order", t)
    for k, name in enumerate(CARTEL_NAMES):
        m[f"play {name} face down"] = ("back", k)
        if k in ATTACKS:
            for seat, colour in enumerate(COLOURS):
                m[f"play {name} on {colour}"] = ("cartel", k, seat)
        elif k not in (SOBORNO, CONTACTO):
            m[f"play {name}"] = ("cartel", k, -1)
    m["play Contacto"] = ("cartel", CONTACTO, -1)
    return m


MEANING = _build_labels()
#: every label standing for itself: the ``table`` of a function that builds a phase's actions
#: (``network.actions``), for the labels alone
LABEL: dict[str, str] = {label: label for label in MEANING}
#: labels whose choice the other seats may not learn: which Cartel card is spent face down, and
#: the order of the cards seen with Chivatazo
SECRET_LABELS = frozenset(
    label for label, meaning in MEANING.items() if meaning[0] in ("back", "order")
)


def fmt_million(amount: int) -> str:
    return f"{amount} million"
