"""The Nacho Incident's components and numbers, read once from data.toml and shared by every state.

Components are small integers: provinces 0..3 (west to east), foods 0..7, smuggler cards 0..55,
mountie cards 0..11, province cards 0..11 (three per province, in data order).
"""

from __future__ import annotations

from pathlib import Path

from contraband.core.action import action_table
from contraband.core.data import load_data

DATA = load_data(Path(__file__).with_name("data.toml"))

# -- the rulebook's numbers -------------------------------------------------------------------
START_GOLD: int = DATA["start"]["gold"]
HAND_SIZE: int = DATA["start"]["hand_size"]
WAREHOUSE: int = DATA["start"]["warehouse"]
MARKET_PRICE: int = DATA["start"]["market_price"]
ROUNDS: int = DATA["start"]["rounds"]
TURNS_PER_ROUND: int = DATA["start"]["turns_per_round"]
TURNS = ROUNDS * TURNS_PER_ROUND

# -- provinces and foods ----------------------------------------------------------------------
PROVINCES: tuple[str, ...] = tuple(DATA["provinces"]["names"])
SHORT: tuple[str, ...] = tuple(DATA["provinces"]["short"])
NPROV = len(PROVINCES)
SLOTS: int = DATA["provinces"]["slots_per_card"]
PROVINCE_KEYS = tuple(name.lower() for name in PROVINCES)
#: where a smuggler of each flag may go: its own province or a neighbour in the line
REACH: tuple[tuple[int, ...], ...] = tuple(
    tuple(q for q in (p - 1, p, p + 1) if 0 <= q < NPROV) for p in range(NPROV)
)

FOODS: tuple[str, ...] = tuple(DATA["foods"]["names"])
FOOD_KEYS: tuple[str, ...] = tuple(DATA["foods"]["keys"])
FOOD_COLOURS: tuple[str, ...] = tuple(DATA["foods"]["colours"])
NFOOD = len(FOODS)
CUBES_EACH: int = DATA["foods"]["cubes_each"]
CUBES = NFOOD * CUBES_EACH

COLOURS: tuple[str, ...] = tuple(DATA["players"]["colours"])
MAX_PLAYERS = len(COLOURS)

# -- smugglers --------------------------------------------------------------------------------
_RANKS = DATA["smugglers"]["ranks"]
_COST = {int(rank): cost for rank, cost in DATA["smugglers"]["cost"].items()}
SMUGGLER_NAME: tuple[str, ...] = tuple(
    name for key in PROVINCE_KEYS for name in DATA["smugglers"]["names"][key]
)
SMUGGLER_FLAG: tuple[int, ...] = tuple(p for p in range(NPROV) for _ in _RANKS)
SMUGGLER_RANK: tuple[int, ...] = tuple(rank for _ in range(NPROV) for rank in _RANKS)
SMUGGLER_COST: tuple[int, ...] = tuple(_COST[rank] for rank in SMUGGLER_RANK)
SMUGGLERS = len(SMUGGLER_NAME)
SMUGGLER_INDEX = {name: card for card, name in enumerate(SMUGGLER_NAME)}

# -- mounties ---------------------------------------------------------------------------------
MOUNTIE_NAME: tuple[str, ...] = tuple(
    name for key in PROVINCE_KEYS for name in DATA["mounties"]["names"][key]
)
MOUNTIE_FLAG: tuple[int, ...] = tuple(
    p for p, key in enumerate(PROVINCE_KEYS) for _ in DATA["mounties"]["penalties"][key]
)
MOUNTIE_PENALTY: tuple[int, ...] = tuple(
    penalty for key in PROVINCE_KEYS for penalty in DATA["mounties"]["penalties"][key]
)
MOUNTIES = len(MOUNTIE_NAME)

# -- cantinas and province cards --------------------------------------------------------------
BONUS: tuple[int, ...] = tuple(DATA["cantinas"]["bonus"])
#: per province card: its province, and (food, price) for its four slots
CARD_PROVINCE: tuple[int, ...] = ()
CARD_FOODS: tuple[tuple[int, ...], ...] = ()
CARD_PRICES: tuple[tuple[int, ...], ...] = ()
_province, _foods, _prices = [], [], []
for _p, _key in enumerate(PROVINCE_KEYS):
    for _card in DATA["province_cards"][_key]:
        _province.append(_p)
        _foods.append(tuple(FOOD_KEYS.index(food) for food in _card))
        _prices.append(tuple(_card.values()))
CARD_PROVINCE, CARD_FOODS, CARD_PRICES = tuple(_province), tuple(_foods), tuple(_prices)
PROVINCE_CARDS = len(CARD_PROVINCE)
#: "Alberta 1" .. "Quebec 3": each province's cards numbered in data order
CARD_NAME: tuple[str, ...] = tuple(
    f"{PROVINCES[p]} {CARD_PROVINCE[:card].count(p) + 1}" for card, p in enumerate(CARD_PROVINCE)
)
#: per province card, its demands as the log shows them: [[food name, price], ...] (lists, so
#: that a saved and reloaded log compares equal; never mutate them)
CARD_DEMANDS: tuple[list[list], ...] = tuple(
    [[FOODS[f], price] for f, price in zip(foods, prices, strict=True)]
    for foods, prices in zip(CARD_FOODS, CARD_PRICES, strict=True)
)
#: CARD_PRICE_OF[card][food] = price, or 0 when the card does not demand that food
CARD_PRICE_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(dict(zip(foods, prices, strict=True)).get(f, 0) for f in range(NFOOD))
    for foods, prices in zip(CARD_FOODS, CARD_PRICES, strict=True)
)
CARD_SLOT_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(foods.index(f) if f in foods else -1 for f in range(NFOOD)) for foods in CARD_FOODS
)

# -- phases -----------------------------------------------------------------------------------
RESELECT = "reselect"  # optional rule: discard unwanted starting smugglers
HIRE = "hire"  # step 1: secret choice
CARGO = "cargo"  # step 3: which cube (or none; the first player may steal)
DESTINATION = "destination"  # step 3: where the smuggler goes
PICK = "pick mountie"  # step 4: which of several mounties acts
BORED = "bored arrest"  # step 4: the bored mountie's victim among equal ranks
WANDER = "wander"  # step 4: where the wandering mountie goes
GEM = "gem"  # step 5: the gem holder picks among tied lowest scores
REFRESH = "refresh"  # step 5: discard smugglers, then draw back to the hand size
MARKET = "market"  # step 6: sell cubes, then restock
OVER = "over"
PHASES = (RESELECT, HIRE, CARGO, DESTINATION, PICK, BORED, WANDER, GEM, REFRESH, MARKET, OVER)

#: each seat's gold ledger, kept as one list per entry: gold = start + delivered + bonuses +
#: sales - fees - fines
LEDGER = ("delivered", "bonuses", "sales", "fees", "fines")

# pending kinds of a mountie pick
ARREST_HERE, BORED_KIND = 0, 1


# -- every label the game can produce, with its meaning, built once ---------------------------
def _build_labels() -> dict[str, tuple]:
    meaning: dict[str, tuple] = {
        "keep hand": ("keep",),
        "ship nothing": ("cargo", -1, -1),
        "restock": ("restock",),
    }
    for card, name in enumerate(SMUGGLER_NAME):
        meaning[f"hire {name}"] = ("hire", card)
        meaning[f"discard {name}"] = ("discard", card)
        meaning[f"arrest {name}"] = ("bored", card)
    for f, food in enumerate(FOODS):
        meaning[f"ship {food}"] = ("cargo", f, -2)  # -2: from the mover's own warehouse
        meaning[f"sell {food}"] = ("sell", f)
        for seat, colour in enumerate(COLOURS):
            meaning[f"steal {food} from {colour}"] = ("cargo", f, seat)
    for p, province in enumerate(PROVINCES):
        meaning[f"go to {province}"] = ("go", p)
        for seat, colour in enumerate(COLOURS):
            meaning[f"wander to {colour} {province}"] = ("wander", seat, p)
    for m, name in enumerate(MOUNTIE_NAME):
        meaning[f"mountie {name}"] = ("pick", m)
    for seat, colour in enumerate(COLOURS):
        meaning[f"gem to {colour}"] = ("gem", seat)
    return meaning


MEANING = _build_labels()
ACTIONS = action_table(MAX_PLAYERS, list(MEANING))

HIRE_LABEL = tuple(f"hire {name}" for name in SMUGGLER_NAME)
DISCARD_LABEL = tuple(f"discard {name}" for name in SMUGGLER_NAME)
ARREST_LABEL = tuple(f"arrest {name}" for name in SMUGGLER_NAME)
SHIP_LABEL = tuple(f"ship {food}" for food in FOODS)
SELL_LABEL = tuple(f"sell {food}" for food in FOODS)
STEAL_LABEL = tuple(tuple(f"steal {food} from {c}" for c in COLOURS) for food in FOODS)
GO_LABEL = tuple(f"go to {province}" for province in PROVINCES)
WANDER_LABEL = tuple(tuple(f"wander to {c} {province}" for province in PROVINCES) for c in COLOURS)
MOUNTIE_LABEL = tuple(f"mountie {name}" for name in MOUNTIE_NAME)
GEM_LABEL = tuple(f"gem to {c}" for c in COLOURS)

# -- the same actions per seat, indexed by component, for the hot path (legal_actions) ----------
HIRE_ACTION = tuple(tuple(ACTIONS[s][label] for label in HIRE_LABEL) for s in range(MAX_PLAYERS))
DISCARD_ACTION = tuple(
    tuple(ACTIONS[s][label] for label in DISCARD_LABEL) for s in range(MAX_PLAYERS)
)
SHIP_ACTION = tuple(tuple(ACTIONS[s][label] for label in SHIP_LABEL) for s in range(MAX_PLAYERS))
SELL_ACTION = tuple(tuple(ACTIONS[s][label] for label in SELL_LABEL) for s in range(MAX_PLAYERS))
#: STEAL_ACTION[seat][victim][food]
STEAL_ACTION = tuple(
    tuple(tuple(ACTIONS[s][STEAL_LABEL[f][v]] for f in range(NFOOD)) for v in range(MAX_PLAYERS))
    for s in range(MAX_PLAYERS)
)
GO_ACTION = tuple(tuple(ACTIONS[s][label] for label in GO_LABEL) for s in range(MAX_PLAYERS))
NOTHING_ACTION = tuple(ACTIONS[s]["ship nothing"] for s in range(MAX_PLAYERS))
KEEP_ACTION = tuple(ACTIONS[s]["keep hand"] for s in range(MAX_PLAYERS))
RESTOCK_ACTION = tuple(ACTIONS[s]["restock"] for s in range(MAX_PLAYERS))

#: OPEN_FOODS[card][filled] = a bit per food (1 << food) that the card demands in a slot left
#: empty, where bit i of ``filled`` says slot i holds a cube
OPEN_FOODS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sum(1 << food for food in {f for i, f in enumerate(foods) if not filled >> i & 1})
        for filled in range(1 << SLOTS)
    )
    for foods in CARD_FOODS
)


def smuggler_text(card: int) -> str:
    """'Jen (SK 5, $2)': name, flag, rank and hiring cost."""
    return (
        f"{SMUGGLER_NAME[card]} ({SHORT[SMUGGLER_FLAG[card]]} {SMUGGLER_RANK[card]}, "
        f"${SMUGGLER_COST[card]})"
    )


def mountie_text(m: int) -> str:
    return f"{MOUNTIE_NAME[m]} ({SHORT[MOUNTIE_FLAG[m]]} -{MOUNTIE_PENALTY[m]})"
