"""Counterfeiters' components and numbers, read once from data.toml and shared by every state.

Components are small integers: cards 0..41 (in data order: S, then A to D), qualities 0..2 (one
to three stars), seats 0..3. A board side lists its spaces: the black-market slots first (left,
dearest, to right, cheapest), then the action spaces; a space is named by its label
("market 3", "print 2", "private jet 1").
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Final

from contraband.core.data import load_data

DATA = load_data(Path(__file__).with_name("data.toml"))

# -- money and notes (rulebook) ---------------------------------------------------------------
_MONEY = DATA["money"]
START_CASH: tuple[int, ...] = tuple(_MONEY["start"])
HENCHMEN: int = _MONEY["henchmen"]
SUPERMARKET_NOTES: int = _MONEY["supermarket_notes"]
SUPERMARKET_PAYS: int = _MONEY["supermarket_pays"]
FENCE_NOTES: int = _MONEY["fence_notes"]
FENCE_RATES: tuple[int, ...] = tuple(_MONEY["fence_rates"])
TAX_FRAUD: int = _MONEY["tax_fraud"]
FARE: int = _MONEY["fare"]
NOTES_PER_PRINTER: int = _MONEY["notes_per_printer"]
DINER_PAYS: int = _MONEY["diner_pays"]
SUPPLY: tuple[int, ...] = tuple(DATA["fakes"]["supply"])
QUALITIES = len(SUPPLY)
STARS: tuple[str, ...] = tuple("★" * (q + 1) for q in range(QUALITIES))
#: the words of the labels (ASCII, easy to type)
QUALITY_WORDS: tuple[str, ...] = ("one-star", "two-star", "three-star")
UNIT: int = DATA["units"]["money_unit"]
ROUND_LIMIT: int = DATA["units"]["round_limit"]
#: a bound for saved amounts of money (far above anything a game reaches)
MONEY_MAX = 1_000_000

# -- the police track (board photo; the 2-player start is ours) -------------------------------
_TRACK = DATA["track"]
TRACK: int = _TRACK["length"]
GODFATHER: frozenset[int] = frozenset(_TRACK["godfather"])
INVESTIGATION: tuple[int, ...] = tuple(_TRACK["investigation"])
STRIKE: int = _TRACK["strike"]
PAWN_START: dict[int, int] = {
    int(k): v
    for table in (_TRACK["start"], _TRACK["start_two"])
    for k, v in table.items()
    if k != "source"
}


@cache
def detected(pawn: int) -> int:
    """How many qualities the supermarket refuses (0..3): the investigations the pawn has reached.

    The pawn moves one space at a time from a start before every special space, so it has
    landed on each investigation space it has reached.
    """
    return sum(1 for space in INVESTIGATION if pawn >= space)


# -- cards ------------------------------------------------------------------------------------
_CARDS = DATA["cards"]["list"]
CARD_CODE: tuple[str, ...] = tuple(card["code"] for card in _CARDS)
CARD_KIND: tuple[str, ...] = tuple(card["kind"] for card in _CARDS)
CARD_VALUE: tuple[int, ...] = tuple(card.get("value", 0) for card in _CARDS)
CARD_MARK: tuple[str, ...] = tuple(card.get("mark", "") for card in _CARDS)
CARD_CATEGORY: tuple[str, ...] = tuple(code[0] for code in CARD_CODE)
CARDS = len(CARD_CODE)
assert DATA["cards_in_box"]["count"] == CARDS
CATEGORIES = ("A", "B", "C", "D")
CATEGORY_OF: tuple[int, ...] = tuple(
    CATEGORIES.index(c) if c in CATEGORIES else -1 for c in CARD_CATEGORY
)
#: the deck is kept sorted by id and draws from its top category (market.py): ids must run A..D
assert [c for c in CATEGORY_OF if c >= 0] == sorted(c for c in CATEGORY_OF if c >= 0)
START_CARDS: tuple[int, ...] = tuple(c for c in range(CARDS) if CARD_CATEGORY[c] == "S")
COMPONENT_KINDS = ("ink", "paper", "hologram")
COMPONENT_OF: tuple[int, ...] = tuple(
    COMPONENT_KINDS.index(kind) if kind in COMPONENT_KINDS else -1 for kind in CARD_KIND
)
#: the cards of each kind, for quick membership tests
PRINTERS = frozenset(c for c, kind in enumerate(CARD_KIND) if kind == "printer")
JETS = frozenset(c for c, kind in enumerate(CARD_KIND) if kind == "jet")
LAWYERS: tuple[int, ...] = (CARD_KIND.index("great lawyer"), CARD_KIND.index("bad lawyer"))
LAWYER_NAMES = ("Great Lawyer", "Bad Lawyer")
_KIND_TITLE = {
    "printer": "printer",
    "ink": "ink",
    "paper": "paper",
    "hologram": "hologram",
    "diner": "diner",
    "jet": "private jet",
    "lottery": "lottery ticket",
    "great lawyer": "Great Lawyer",
    "bad lawyer": "Bad Lawyer",
}


def _card_name(c: int) -> str:
    title = _KIND_TITLE[CARD_KIND[c]]
    if CARD_KIND[c] == "lottery":
        title += f" ${CARD_VALUE[c]}"
    return f"{title} ({CARD_CODE[c]})"


#: "printer (A1)", "lottery ticket $50 (C7)": how logs and views name a card
CARD_NAME: tuple[str, ...] = tuple(_card_name(c) for c in range(CARDS))


def in_game(card: int, players: int) -> bool:
    """Whether a card's mark lets it into a game of ``players``."""
    mark = CARD_MARK[card]
    return not mark or players >= int(mark.rstrip("+"))


# -- actions and board sides ------------------------------------------------------------------
# Final literals: the compiled rules (contraband.compiled) read them as constants
MARKET: Final = 0
SUPERMARKET: Final = 1
FENCE: Final = 2
PRINT: Final = 3
TAX: Final = 4
COMMERCIAL: Final = 5
JET: Final = 6
ACTION_NAMES = (
    "black market",
    "supermarket",
    "fence",
    "print",
    "tax fraud",
    "commercial flight",
    "private jet",
)


@dataclass(frozen=True)
class Side:
    """One side of the board: its spaces (market slots first) and what each one is."""

    key: str
    source: str
    slots: int
    names: tuple[str, ...]
    action: tuple[int, ...]
    cap: tuple[bool, ...]
    sunglasses: tuple[bool, ...]
    price: tuple[int, ...]  # market slots only (0 elsewhere)
    trash: tuple[bool, ...]
    min_players: tuple[int, ...]
    index: dict[str, int]
    #: spaces that are interchangeable share a class; only the first free one is offered
    klass: tuple[int, ...]
    #: the classes of the spaces that are not market slots (each slot is a class of its own):
    #: (its spaces, their action), in the order of their first space
    others: tuple[tuple[tuple[int, ...], int], ...]
    #: the market slots open at each player count (index: the count)
    opened: tuple[tuple[int, ...], ...]

    @property
    def spaces(self) -> int:
        return len(self.names)

    def open_slots(self, players: int) -> tuple[int, ...]:
        return self.opened[players]


def _side(key: str) -> Side:
    table = DATA[key]
    prices = table["market_prices"]
    slots = len(prices)
    names = [f"market {i + 1}" for i in range(slots)]
    action, cap, sun = [MARKET] * slots, [False] * slots, [False] * slots
    for space in table["spaces"]:
        names.append(space["name"])
        action.append(ACTION_NAMES.index(space["action"]))
        cap.append(bool(space.get("cap", False)))
        sun.append(bool(space.get("sunglasses", False)))
    n = len(names)
    classes: dict[tuple, int] = {}
    klass = []
    for i in range(n):
        key_i = ("slot", i) if i < slots else (action[i], cap[i], sun[i])
        klass.append(classes.setdefault(key_i, len(classes)))
    return Side(
        key=key,
        source=table["source"],
        slots=slots,
        names=tuple(names),
        action=tuple(action),
        cap=tuple(cap),
        sunglasses=tuple(sun),
        price=tuple(prices) + (0,) * (n - slots),
        trash=tuple(table["market_trash"]) + (False,) * (n - slots),
        min_players=tuple(table["market_min_players"]) + (1,) * (n - slots),
        index={name: i for i, name in enumerate(names)},
        klass=tuple(klass),
        others=tuple(
            (members, action[members[0]])
            for members in (
                tuple(i for i in range(slots, n) if klass[i] == k) for k in range(len(classes))
            )
            if members
        ),
        opened=tuple(
            tuple(i for i in range(slots) if players >= table["market_min_players"][i])
            for players in range(len(DATA["seats"]["colours"]) + 1)
        ),
    )


SIDES = {"2": _side("board_2"), "34": _side("board_34")}


def side(players: int) -> Side:
    return SIDES["2"] if players == 2 else SIDES["34"]


COLOURS: tuple[str, ...] = tuple(DATA["seats"]["colours"])
MAX_PLAYERS = len(COLOURS)
