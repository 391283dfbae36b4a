"""Counterfeiters' game log: every kind of event the rules record with ``state.note``.

Values are plain data a person and a client can read: seats as numbers (shown by colour), cards
by their catalog names ("printer (A1)"), spaces by their names, qualities as stars, money in
dollars. What crosses the table in the open is logged for everyone (DESIGN.md, D17): cards
bought and their price, notes printed and sold with their qualities and the cash received, tax
fraud, passes, the police, each Godfather payment, diners, lottery payouts, lawyer moves. A
flight shows only that the player flew (and the fare); its direction and amount are hidden from
the other seats for good. The texts are built only when somebody reads the log, and they never
fail on odd values (a saved log is checked, but a text must not be what breaks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from contraband.core.log import EventKind
from contraband.games.counterfeiters.board import COLOURS, STARS


def _items(value: Any) -> list:
    return list(value) if isinstance(value, list) else [value]


def _join(items: Any) -> str:
    words = [str(item) for item in _items(items)]
    if len(words) < 2:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


def _stars(q: Any) -> str:
    return STARS[q] if isinstance(q, int) and 0 <= q < len(STARS) else "?"


def _colour(seat: Any) -> str:
    return COLOURS[seat] if isinstance(seat, int) and 0 <= seat < len(COLOURS) else str(seat)


def _notes(counts: Any) -> str:
    """[1, 0, 2] -> '1 ★ and 2 ★★★'."""
    parts = [
        f"{count} {_stars(q)}"
        for q, count in enumerate(_items(counts))
        if isinstance(count, int) and count > 0
    ]
    return _join(parts) if parts else "none"


def _print(w: Mapping[str, Any]) -> str:
    text = f"{w['seat']} prints {_count(w['count'], _stars(w['quality']))}"
    if w["count"] != w["wanted"]:
        text += f" (the supply had only {w['count']} of the {w['wanted']} they could print)"
    return text


def _sold(w: Mapping[str, Any]) -> str:
    return f"{w['seat']} sells {_notes(w['counts'])} at the {w['place']} for ${w['cash']}"


def _count(count: Any, stars: str) -> str:
    return f"{count} {stars} note" + ("" if count == 1 else "s")


def _pick(w: Mapping[str, Any]) -> str:
    notes = _count(w["count"], _stars(w["quality"]))
    return f"{w['seat']} puts {notes} on the counter at the {w['place']}"


def _fly(w: Mapping[str, Any]) -> str:
    if w["fare"]:
        return f"{w['seat']} flies to the Caribbean on a commercial flight and pays ${w['fare']}"
    return f"{w['seat']} flies to the Caribbean by private jet"


def _move(w: Mapping[str, Any]) -> str:
    if w["direction"] == "to offshore":
        return f"{w['seat']} moves ${w['amount']} from cash to the offshore account"
    return f"{w['seat']} moves ${w['amount']} from the offshore account to cash"


def _market(w: Mapping[str, Any]) -> str:
    cards = _items(w["cards"])
    shown = [f"{slot + 1}: {card or '-'}" for slot, card in enumerate(cards)]
    return "the black market now reads " + "; ".join(shown)


def _reveal(w: Mapping[str, Any]) -> str:
    return (
        f"{w['seat']} reveals ${w['cash']} in cash and ${w['offshore']} offshore "
        f"(fake notes, worth nothing: {_notes(w['fakes'])})"
    )


def _end(w: Mapping[str, Any]) -> str:
    scores = ", ".join(f"{_colour(s)} ${score}" for s, score in enumerate(_items(w["scores"])))
    winners = [_colour(s) for s in _items(w["winners"])]
    if len(winners) == 1:
        return f"the game is over: {scores}; {winners[0]} wins"
    return (
        f"the game is over: {scores}; {_join(winners)} share the win (the rulebook would have "
        "them play again)"
    )


def _round_limit(w: Mapping[str, Any]) -> str:
    return (
        f"round {w['round']} was the last the program allows: the game ends with the lottery "
        "payouts and the count"
    )


EVENTS: dict[str, EventKind] = {
    # -- setup
    "start_player": EventKind(("seat",), "{seat} is the start player and takes the marker"),
    "start_cash": EventKind(("seat", "cash"), "{seat} takes ${cash} from the bank"),
    "deal": EventKind(
        ("seat", "printer", "component"),
        "{seat} gets {printer} and {component} from the starting cards, face up",
        chance=True,
    ),
    "unused": EventKind(
        ("players", "cards"),
        lambda w: f"cards not used with {w['players']} players leave the game: {_join(w['cards'])}",
        seats=(),
    ),
    "undealt": EventKind(
        ("cards",),
        lambda w: f"the undealt starting cards leave the game: {_join(w['cards'])}",
        seats=(),
    ),
    "deck": EventKind(
        ("count",),
        "the {count} component cards are shuffled by category and stacked A on top, D at the "
        "bottom",
        chance=True,
        seats=(),
    ),
    "pawn_start": EventKind(
        ("space",), "the police pawn starts on space {space} of the police track", seats=()
    ),
    "fill": EventKind(
        ("card", "slot"), "{card} is laid in black-market slot {slot}", chance=True, seats=()
    ),
    "deck_empty": EventKind(
        ("slot",), "the deck is empty: black-market slot {slot} stays empty", seats=()
    ),
    "round": EventKind(("round", "seat"), "round {round} begins; {seat} places first"),
    # -- placements and the actions
    "place": EventKind(("seat", "space"), "{seat} places a henchman on {space}"),
    "pass": EventKind(("seat",), "{seat} passes and lays a henchman down for the round"),
    "buy": EventKind(
        ("seat", "card", "slot", "price"),
        "{seat} buys {card} from black-market slot {slot} for ${price} and lays it face up",
    ),
    "print": EventKind(("seat", "count", "quality", "wanted"), _print),
    "pick": EventKind(("seat", "count", "quality", "place"), _pick),
    "sold": EventKind(("seat", "counts", "place", "cash"), _sold),
    "tax": EventKind(("seat", "amount"), "{seat} commits tax fraud and takes ${amount}"),
    "marker": EventKind(
        ("seat",), "{seat} takes the start-player marker and will begin the next round"
    ),
    "marker_late": EventKind(("seat",), "{seat} takes the start-player marker (no round follows)"),
    "fly": EventKind(("seat", "fare"), _fly),
    "direction": EventKind(
        ("seat", "direction"),
        "{seat} chooses to move money {direction}",
        masked="{seat} chooses, in secret, which way the money goes",
        hidden=("direction",),
    ),
    "move": EventKind(
        ("seat", "direction", "amount"),
        _move,
        masked="{seat} moves a secret amount between cash and the offshore account",
        hidden=("direction", "amount"),
    ),
    # -- the police
    "police": EventKind(("space",), "the police pawn moves to space {space}", seats=()),
    "godfather": EventKind(
        (), "the Godfather: everyone pays half of their cash, rounded up to $10", seats=()
    ),
    "tribute": EventKind(("seat", "paid"), "{seat} pays the Godfather ${paid}", reveals=True),
    "investigation": EventKind(
        ("quality",),
        lambda w: (
            f"police investigation {_stars(w['quality'])}: from now on the supermarket refuses "
            f"{_stars(w['quality'])} notes and every lower quality"
        ),
        seats=(),
    ),
    "strike": EventKind(
        (), "air-traffic strike: nobody can fly while the pawn stands here", seats=()
    ),
    "strike_over": EventKind((), "the pawn moves on: the air-traffic strike is over", seats=()),
    "end_trigger": EventKind(
        ("seat",),
        "the police reach the last space: the game ends after {seat}'s action; everyone with a "
        "henchman left places one more",
    ),
    # -- the end of a round
    "round_end": EventKind(
        ("round",), "round {round} ends: every henchman goes back to its owner", seats=()
    ),
    "trash": EventKind(
        ("card", "slot"), "{card} on black-market slot {slot} is thrown out of the game", seats=()
    ),
    "market": EventKind(("cards",), _market, seats=()),
    "diner": EventKind(
        ("seat", "quality", "card"),
        lambda w: f"{w['seat']}'s {w['card']} turns a {_stars(w['quality'])} note into a real $50",
    ),
    # -- the end of the game
    "lawyer": EventKind(
        ("seat", "lawyer", "space"), "{seat} uses the {lawyer}: the henchman on {space} moves"
    ),
    "no_lawyer": EventKind(("seat", "lawyer"), "{seat} does not use the {lawyer}"),
    "lottery": EventKind(
        ("seat", "card", "amount"), "{seat}'s {card} pays ${amount} in real money"
    ),
    "round_limit": EventKind(("round",), _round_limit, seats=()),
    "reveal": EventKind(("seat", "cash", "offshore", "fakes"), _reveal, reveals=True),
    "end": EventKind(("scores", "winners"), _end, seats=()),
}
