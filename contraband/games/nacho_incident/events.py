"""The Nacho Incident's game log: every kind of event the rules record with ``state.note``.

Values are names a person and a client can read (seats as numbers, shown by colour; smugglers,
mounties, foods, provinces and province cards by their catalog names). Texts are built only when
the log is read. Only two things are hidden: a face-down hire (from the other seats until the
hires are revealed) and the smugglers drawn into a hand (from the other seats for good).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contraband.core.log import EventKind
from contraband.games.nacho_incident.board import COLOURS, HAND_SIZE, TURNS


def _join(items: list[Any]) -> str:
    items = [str(item) for item in items]
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _colours(seats: list[int]) -> list[str]:
    return [COLOURS[s] if isinstance(s, int) and 0 <= s < len(COLOURS) else "?" for s in seats]


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _card_up(w: Mapping[str, Any]) -> str:
    demands = ", ".join(f"{food} {price}" for food, price in w["demands"])
    return f"{w['province']} turns up {w['card']}: {demands}"


def _card_back(w: Mapping[str, Any]) -> str:
    demands = ", ".join(f"{food} {price}" for food, price in w["demands"])
    return f"{w['province']}'s deck has no unseen card: {w['card']} comes back up: {demands}"


def _cubes(w: Mapping[str, Any]) -> str:
    foods, wanted = w["foods"], w["wanted"]
    text = f"{w['seat']} draws {_join(foods)} from the bag"
    return text + (" (the bag is now empty)" if len(foods) < wanted else "")


def _draw(w: Mapping[str, Any]) -> str:
    return f"{w['seat']} draws {_join(w['smugglers'])}"


def _reveal(w: Mapping[str, Any]) -> str:
    hires = [
        f"{colour} {name} (rank {rank})"
        for colour, name, rank in zip(_colours(w["order"]), w["hires"], w["ranks"], strict=False)
    ]
    return "the hires are revealed, in playing order: " + ", ".join(hires)


def _hand_over(w: Mapping[str, Any]) -> str:
    if not w["foods"]:
        return f"{w['seat']} has no cubes of their own to give {w['victim']}"
    return f"{w['seat']} gives {w['victim']} all their own cubes: {_join(w['foods'])}"


def _majority(w: Mapping[str, Any]) -> str:
    retired = w["retired"]
    verb = "retires" if len(retired) == 1 else "retire"
    return (
        f"{w['seat']} runs the best cantina in {w['province']}: +{w['gold']} gold; "
        f"{_join(retired)} {verb}"
    )


def _tie(w: Mapping[str, Any]) -> str:
    return (
        f"no bonus in {w['province']}: {_join(_colours(w['seats']))} tie for the most holders "
        f"({w['count']} each)"
    )


def _fine(w: Mapping[str, Any]) -> str:
    mounties = w["mounties"]
    word = "mountie" if len(mounties) == 1 else "mounties"
    return f"{w['seat']} pays {w['gold']} gold for {word} {_join(mounties)} at their cantinas"


def _gem(w: Mapping[str, Any]) -> str:
    if w["giver"] == w["seat"]:
        return f"the gem stays with {w['seat']} (the lowest score)"
    return f"{w['giver']} passes the gem to {w['seat']} (the lowest score)"


def _keep(w: Mapping[str, Any]) -> str:
    return f"{w['seat']} keeps {_plural(w['count'], 'smuggler')} and draws back to {HAND_SIZE}"


def _sold_back(w: Mapping[str, Any]) -> str:
    return f"the cubes sold on the market go back into the bag: {_join(w['foods'])}"


def _mounties_back(w: Mapping[str, Any]) -> str:
    return f"random mounties: {_join(w['mounties'])} are shuffled back for the next rounds"


def _end(w: Mapping[str, Any]) -> str:
    gold = ", ".join(f"{c} {g}" for c, g in zip(COLOURS, w["final"], strict=False))
    text = f"the game ends after {TURNS} turns with {gold} gold: {w['winner']} wins"
    return text + (" (ties go to the gem holder or nearest clockwise)" if w["tie"] else "")


EVENTS: dict[str, EventKind] = {
    # -- setup and the start of each turn
    "gem_start": EventKind(("seat",), "{seat} gets the gem", chance=True),
    "card_up": EventKind(("province", "card", "demands"), _card_up, chance=True),
    "card_back": EventKind(("province", "card", "demands"), _card_back),
    "cubes": EventKind(("seat", "foods", "wanted"), _cubes, chance=True),
    "bag_empty": EventKind(("seat",), "{seat} draws no cube: the bag is empty"),
    "draw": EventKind(
        ("seat", "count", "smugglers"),
        _draw,
        masked=lambda w: f"{w['seat']} draws {_plural(w['count'], 'smuggler')}",
        hidden=("smugglers",),
        chance=True,
    ),
    "reshuffle": EventKind(
        ("count",),
        "the smuggler deck is empty: the {count} removed smugglers become the new deck",
        chance=True,
        seats=(),
    ),
    "turn": EventKind(
        ("turn", "round"), f"turn {{turn}} of {TURNS} begins (round {{round}})", seats=()
    ),
    "mountie_up": EventKind(
        ("mountie", "flag", "penalty"),
        "mountie {mountie} ({flag}, penalty {penalty}) is turned up",
        chance=True,
        seats=(),
    ),
    "mountie_face_down": EventKind(
        (), "this turn's mountie stays face down (blind smuggling)", seats=()
    ),
    # -- steps 1 and 2: the face-down hires, the reveal, the first player's mountie
    "hire": EventKind(
        ("seat", "smuggler"),
        "{seat} hires {smuggler} face down",
        masked="{seat} hires a smuggler face down",
        hidden=("smuggler",),
        until_reveal=True,
    ),
    "reveal": EventKind(("order", "hires", "ranks"), _reveal, reveals=True, seats=()),
    "first": EventKind(
        ("seat", "mountie", "province"),
        "{seat} goes first and puts mountie {mountie} on their {province} cantina",
    ),
    # -- step 3: cargo, destination, delivery, the thief's hand-over, the fee
    "ship": EventKind(("seat", "food"), "{seat} ships {food}"),
    "ship_nothing": EventKind(("seat",), "{seat} ships nothing"),
    "steal": EventKind(
        ("seat", "food", "victim"), "{seat} steals {food} from {victim}", seats=("seat", "victim")
    ),
    "go": EventKind(("seat", "smuggler", "province"), "{seat} sends {smuggler} to {province}"),
    "deliver": EventKind(
        ("seat", "food", "province", "gold"),
        "{seat} delivers {food} to {province} for {gold} gold",
    ),
    "hand_over": EventKind(("seat", "victim", "foods"), _hand_over, seats=("seat", "victim")),
    "fee": EventKind(("seat", "smuggler", "gold"), "{seat} pays {smuggler}'s fee of {gold} gold"),
    # -- step 4: the cantina and the arrests
    "cantina": EventKind(
        ("seat", "smuggler", "province"), "{smuggler} opens a cantina for {seat} in {province}"
    ),
    "pick": EventKind(
        ("seat", "mountie", "province"),
        "{seat} chooses mountie {mountie} to act at their {province} cantina",
    ),
    "arrest": EventKind(
        ("seat", "mountie", "smuggler", "province"),
        "mountie {mountie} arrests {seat}'s {smuggler} in {province}; both leave the game",
    ),
    "bored": EventKind(
        ("seat", "mountie", "province"),
        "two mounties and no smuggler at {seat}'s {province} cantina: mountie {mountie} gets bored",
    ),
    "wander": EventKind(
        ("seat", "mountie", "province", "target", "to"),
        "{seat} has no cantina holder to arrest: mountie {mountie} wanders from their "
        "{province} cantina to {target}'s {to} cantina",
        seats=("seat", "target"),
    ),
    # -- step 5: the end of a round
    "round_end": EventKind(
        ("round",), "round {round} ends: cantina majorities and mountie penalties", seats=()
    ),
    "majority": EventKind(("seat", "province", "gold", "retired"), _majority),
    "tie": EventKind(("province", "seats", "count"), _tie, seats=()),
    "fine": EventKind(("seat", "mounties", "gold"), _fine),
    "gem": EventKind(("giver", "seat"), _gem, seats=("giver", "seat")),
    "discard": EventKind(("seat", "smuggler"), "{seat} discards {smuggler}", reveals=True),
    "keep": EventKind(("seat", "count"), _keep),
    "end": EventKind(("final", "winner", "tie"), _end, seats=("winner",)),
    # -- step 6: full province cards, the market, new food, the next mountie
    "full": EventKind(
        ("province", "card"),
        "{province}'s card {card} is full: its cubes go back to the bag and it goes under the deck",
        seats=(),
    ),
    "sell": EventKind(
        ("seat", "food", "gold"), "{seat} sells {food} on the Mexican market for {gold} gold"
    ),
    "restock": EventKind(("seat",), "{seat} is done at the market and restocks"),
    "sold_back": EventKind(("foods",), _sold_back, seats=()),
    "mounties_back": EventKind(("mounties",), _mounties_back, chance=True, seats=()),
}
