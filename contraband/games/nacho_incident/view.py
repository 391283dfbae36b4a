"""What a seat may see, how an AI resamples what it may not, and the text table."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from contraband.core.random import Rng
from contraband.games.nacho_incident.board import (
    ARREST_HERE,
    BONUS,
    BORED,
    CARD_FOODS,
    CARD_NAME,
    CARD_PRICES,
    COLOURS,
    FOODS,
    HIRE,
    LEDGER,
    MOUNTIE_NAME,
    MOUNTIE_PENALTY,
    NPROV,
    PICK,
    PROVINCES,
    SHORT,
    SLOTS,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    TURNS,
    TURNS_PER_ROUND,
    WANDER,
    mountie_text,
    smuggler_text,
)

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


def _province(state: NachoState, p: int) -> dict[str, Any]:
    card = state.prov_up[p]
    return {
        "name": PROVINCES[p],
        "card": card,
        "card_name": CARD_NAME[card],
        "slots": [
            {"food": FOODS[f], "price": price, "filled": bool(state.slots[p * SLOTS + i])}
            for i, (f, price) in enumerate(zip(CARD_FOODS[card], CARD_PRICES[card], strict=True))
        ],
        "cards_never_seen": len(state.prov_unseen[p]),
        "cards_under": list(state.prov_under[p]),
        "bonus": BONUS[p],
    }


def _chosen(state: NachoState, seat: int | None, s: int) -> str | None:
    card = state.chosen[s]
    if card < 0:
        return None
    if state.revealed or seat == s:
        return SMUGGLER_NAME[card]
    return "face down"


def _resolving(state: NachoState) -> dict[str, Any] | None:
    """Step 4's open decision: whose cantina, and which mountie (once one has been chosen)."""
    if state.phase not in (PICK, BORED, WANDER):
        return None
    pending = state.pending_mountie
    return {
        "seat": state.current_player,
        "province": PROVINCES[state.resolve_prov],
        "arrest": "here" if state.phase == PICK and state.pending_kind == ARREST_HERE else "bored",
        "mountie": MOUNTIE_NAME[pending] if pending >= 0 else None,
    }


def view(state: NachoState, seat: int | None) -> dict[str, Any]:
    """Every component is named as in the catalog (smugglers, mounties, foods, provinces by
    name; province cards by id and name), so a client looks attributes up there."""
    state._check_seat(seat)
    seats = [
        {
            "colour": COLOURS[s],
            "gold": state.gold[s],
            "ledger": {name: getattr(state, name)[s] for name in LEDGER},
            "warehouse": [FOODS[f] for f in state.warehouses[s]],
            "hand_size": len(state.hands[s]),
            "chosen": _chosen(state, seat, s),
            "played": SMUGGLER_NAME[state.played[s]] if state.played[s] >= 0 else None,
            "cantinas": [
                {
                    "province": PROVINCES[p],
                    "holders": [SMUGGLER_NAME[c] for c in state.cantinas[s * NPROV + p]],
                    "mounties": [MOUNTIE_NAME[m] for m in state.posts[s * NPROV + p]],
                }
                for p in range(NPROV)
            ],
        }
        for s in range(state.players)
    ]
    up = state.mountie_up
    return {
        "game": state.GAME_ID,
        "seat": seat,
        "current_player": state.current_player,
        "phase": state.phase,
        "turn": state.turn + 1,
        "turns": TURNS,
        "round": state.turn // TURNS_PER_ROUND + 1,
        "gem": state.gem,
        "mountie_up": MOUNTIE_NAME[up] if up >= 0 else None,
        "mounties_unseen": len(state.mountie_pool),
        "mounties_out": [MOUNTIE_NAME[m] for m in state.mountie_out],
        "order": list(state.order),
        "order_pos": state.order_pos if state.revealed else None,
        "cargo": FOODS[state.cargo] if state.cargo >= 0 else None,
        "cargo_from": state.cargo_from if state.cargo >= 0 else None,
        "resolving": _resolving(state),
        "provinces": [_province(state, p) for p in range(NPROV)],
        "bag": len(state.bag),
        "set_aside": [FOODS[f] for f in state.set_aside],
        "smuggler_deck": len(state.smuggler_deck),
        "smugglers_out": [SMUGGLER_NAME[c] for c in state.smuggler_out],
        "seats": seats,
        "hand": None if seat is None else [SMUGGLER_NAME[c] for c in state.hands[seat]],
    }


def resample(state: NachoState, seat: int, rng: Rng) -> None:
    """Resample what ``seat`` cannot see: the other seats' hands and, before the reveal, their
    face-down choices, dealt from the unseen smugglers (the deck and those hands, sorted).

    Piles without an order (bag, decks, mountie pool, unseen province cards) need nothing:
    their future draws come from the state's generator, which determinize reseeds. Only the
    cards dealt are shuffled into place (a partial Fisher-Yates), which keeps this cheap.
    """
    hidden_choice = not state.revealed
    hands, chosen = state.hands, state.chosen
    others = [s for s in range(state.players) if s != seat]
    pool = list(state.smuggler_deck)
    need = 0
    for s in others:
        pool += hands[s]
        need += len(hands[s])
        if hidden_choice and chosen[s] >= 0:
            pool.append(chosen[s])
            need += 1
    pool.sort()
    size = len(pool)
    next64 = rng.next64
    bits = 0
    for i in range(need):  # two 32-bit draws per 64-bit number; the bias is below 2**-26
        if i & 1 == 0:
            bits = next64()
            half = bits & 0xFFFFFFFF
        else:
            half = bits >> 32
        j = i + ((half * (size - i)) >> 32)
        pool[i], pool[j] = pool[j], pool[i]
    at = 0
    for s in others:
        count = len(hands[s])
        hand = pool[at : at + count]
        hand.sort()
        hands[s] = hand
        at += count
        if hidden_choice and chosen[s] >= 0:
            chosen[s] = pool[at]
            at += 1
    deck = pool[need:]
    deck.sort()
    state.smuggler_deck = deck


# -- the text table ---------------------------------------------------------------------------
#: the longest line of the text table: it fits an 80-column terminal without wrapping
WIDTH = 79


def _packed(head: str, items: list[tuple[str, str]], indent: str) -> list[str]:
    """``head`` then the items (each a text and the separator after it), wrapped between items,
    never inside one; continuation lines start with ``indent``."""
    lines, line, on_line = [], head, 0
    for number, (text, separator) in enumerate(items):
        piece = text if number == len(items) - 1 else text + separator
        if on_line and len((line + piece).rstrip()) > WIDTH:
            lines.append(line.rstrip())
            line, on_line = indent, 0
        line += piece
        on_line += 1
    lines.append(line.rstrip())
    return lines


def _province_line(state: NachoState, p: int) -> str:
    card = state.prov_up[p]
    slots = []
    for i, (f, price) in enumerate(zip(CARD_FOODS[card], CARD_PRICES[card], strict=True)):
        mark = "x" if state.slots[p * SLOTS + i] else " "
        slots.append(f"[{mark}] {FOODS[f]} {price}")
    return f"  {PROVINCES[p]:<12} +{BONUS[p]}  " + "  ".join(slots)


def _cantina_items(state: NachoState, s: int) -> list[tuple[str, str]]:
    """The occupied cantinas, "AB: Moe 4, MOUNTIE Steele -3; QC: ...": each holder's rank (what
    arrests and majorities look at) and each posted mountie's penalty."""
    items: list[tuple[str, str]] = []
    for p in range(NPROV):
        index = s * NPROV + p
        parts = [f"{SMUGGLER_NAME[c]} {SMUGGLER_RANK[c]}" for c in state.cantinas[index]]
        parts += [f"MOUNTIE {MOUNTIE_NAME[m]} -{MOUNTIE_PENALTY[m]}" for m in state.posts[index]]
        for number, part in enumerate(parts):
            text = f"{SHORT[p]}: {part}" if number == 0 else part
            items.append((text, ", " if number < len(parts) - 1 else "; "))
    return items


def _seat_lines(state: NachoState, seat: int | None, s: int) -> list[str]:
    you = " (you)" if s == seat else ""
    gem = " [gem]" if s == state.gem else ""
    house = ", ".join(FOODS[f] for f in state.warehouses[s]) or "empty"
    choice = _chosen(state, seat, s)
    items = [
        (f"{COLOURS[s]}{you}{gem}: {state.gold[s]} gold", "; "),
        (f"warehouse: {house}", "; "),
        (f"{len(state.hands[s])} in hand", "; "),
    ]
    if choice:
        items.append((f"chose {choice}", "; "))
    lines = _packed("  ", items, "     ")
    cantinas = _cantina_items(state, s)
    if cantinas:
        lines += _packed("     cantinas ", cantinas, "       ")
    return lines


def render(state: NachoState, seat: int | None = None) -> str:
    """The table in lines under 80 columns, wrapped only between items. The events are not
    repeated here: the log (``log``) tells them."""
    state._check_seat(seat)
    up = state.mountie_up
    if up >= 0:
        mountie = mountie_text(up)
    elif state.phase == HIRE and state.options.get("blind_smuggling"):
        mountie = "face down (blind smuggling)"
    else:
        mountie = "taken"
    lines = _packed(
        "",
        [
            (
                f"Turn {state.turn + 1} of {TURNS} (round {state.turn // TURNS_PER_ROUND + 1})",
                "; ",
            ),
            (f"gem: {COLOURS[state.gem]}", "; "),
            (f"mountie: {mountie}", "; "),
            (f"bag: {len(state.bag)} cubes", "; "),
        ],
        "  ",
    )
    lines.append("Provinces (+ cantina bonus; [ ] open slot at its price in gold, [x] delivered)")
    lines += [_province_line(state, p) for p in range(NPROV)]
    for s in range(state.players):
        lines += _seat_lines(state, seat, s)
    if seat is not None:
        hand = [(smuggler_text(c), ", ") for c in state.hands[seat]] or [("empty", "")]
        lines += _packed("Your hand: ", hand, "  ")
    if state.is_terminal():
        winner = state.winners()[0]
        lines.append(f"Game over: {COLOURS[winner]} wins with {state.gold[winner]} gold.")
    else:
        lines.append(f"{COLOURS[state.current_player]} to decide ({state.phase}).")
    return "\n".join(lines)
