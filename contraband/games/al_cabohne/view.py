"""What a seat may see, how an AI resamples what it may not, and the text table.

Public: all fields (players' and bosses'), the face-up cards, the whole discard pile in order
(every card reaches it face up; decision A10), coin piles (which beans became coins is seen at
each harvest), hand sizes, the deck size and pass. Hidden: the other player's hand (cards and
order) and the order of the deck.
"""

from __future__ import annotations

import hashlib
import sys
from array import array
from math import comb
from typing import TYPE_CHECKING, Any

from contraband.core.random import Rng
from contraband.games.al_cabohne.actions import GIFT, LEFTOVERS, OVER, PLANTING, TRADING, TRIBUTE
from contraband.games.al_cabohne.beans import (
    BEAN_NAMES,
    BEANOMETER,
    BEANS,
    BOSS_NAMES,
    BOSS_THRESHOLD,
    SOLO_MAFIA_FACTOR,
    VALUE,
)
from contraband.games.al_cabohne.catalog import PHASE_NAME, PHASE_NUMBER
from contraband.games.al_cabohne.harvest import can_buy

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState

PHASE_TEXT = {
    LEFTOVERS: "plants or discards the leftover face-up beans",
    TRIBUTE: "pays tribute to the mafia (or harvests first)",
    PLANTING: "plants from the hand",
    GIFT: "owes a hand card to a boss with an empty field",
    TRADING: "takes face-up beans and may give hand cards to the mafia",
}


def _names(cards: list[int]) -> list[str]:
    return [BEAN_NAMES[b] for b in cards]


def _field(bean: int, count: int) -> dict[str, Any]:
    if count == 0:
        return {"bean": None, "count": 0, "worth": 0, "next_coin_at": None}
    meter = BEANOMETER[bean]
    worth = VALUE[bean][count]
    return {
        "bean": BEAN_NAMES[bean],
        "count": count,
        "worth": worth,
        # cards this field needs for its next coin (None: it pays the most already)
        "next_coin_at": meter[worth] if worth < len(meter) else None,
    }


def piles(cards: list[int]) -> list[dict[str, Any]]:
    """Consecutive equal beans as one pile, in order: ``[{"bean": "Fire", "count": 2}, ...]``."""
    out: list[dict[str, Any]] = []
    for bean in cards:
        name = BEAN_NAMES[bean]
        if out and out[-1]["bean"] == name:
            out[-1]["count"] += 1
        else:
            out.append({"bean": name, "count": 1})
    return out


def view(state: AlCabohneState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` sees. Beans and bosses are named as in the catalog; a seat's ``fields`` are
    numbered 1.. (``number``, as in the labels and the action info); ``hand`` is front first
    (hand position 1 is the first card); ``phase`` is a phase id of the catalog."""
    state._check_seat(seat)
    names = state.seat_names()
    turn = state.turn_player
    players = [
        {
            "seat": s,
            "name": names[s],
            "fields": [
                {"number": f + 1, **_field(state.field_bean[s][f], state.field_count[s][f])}
                for f in range(state.fields_owned[s])
            ],
            "fields_owned": state.fields_owned[s],
            "may_buy_third_field": can_buy(state, s) and s == turn and not state.is_terminal(),
            "coins": len(state.coins[s]),
            "coin_pile": _names(state.coins[s]),
            "cards_in_hand": len(state.hands[s]),
        }
        for s in range(state.players)
    ]
    bosses = [
        {
            "name": BOSS_NAMES[b],
            "harvests_at": BOSS_THRESHOLD[b],
            **_field(state.boss_bean[b], state.boss_count[b]),
            "tribute_paid": bool(state.tribute_paid[b]),
            "gift_due": bool(state.gift_due[b]),
        }
        for b in range(len(state.boss_bean))
    ]
    over = state.phase == OVER
    return {
        "game": state.GAME_ID,
        "seat": seat,
        "current_player": state.current_player,
        "turn_player": turn,
        "phase": state.phase,
        "phase_number": PHASE_NUMBER.get(state.phase),
        "phase_text": PHASE_NAME[state.phase],
        "planted": state.planted,
        "decisions_this_turn": state.turn_step,
        "tribute_paid": list(state.tribute_paid),
        "gift_due": list(state.gift_due),
        "players": players,
        "hand": None if seat is None else _names(state.hands[seat]),
        "bosses": bosses,
        "mafia_coins": len(state.mafia_coins),
        "mafia_coin_pile": _names(state.mafia_coins),
        "mafia_factor": SOLO_MAFIA_FACTOR if state.players == 1 else 1,
        "mafia_total": state.mafia_total(),
        "faceup": _names(state.faceup),
        "faceup_piles": piles(state.faceup),
        "discard": _names(state.discard),
        "discard_top": BEAN_NAMES[state.discard[-1]] if state.discard else None,
        "deck_size": len(state.deck),
        "deck_pass": state.deck_pass,
        "deck_passes": state.options["deck_passes"],
        "last_turn": state.last_turn,
        "result": state.result() if over else None,
    }


def resample(state: AlCabohneState, seat: int, rng: Rng) -> None:
    """Deal the unseen cards anew: the other player's hand and the deck, from one sorted pool
    (so the result never depends on the hidden arrangement it replaces).

    The deal honours what the seat knows of that hand from the position: in phase 5's gift
    step with a gift still due, the player on move holds a card it may give (otherwise
    ``trading.gift_owed`` excuses the gift and the phase moves on), so only such hands are
    dealt, and the guess offers its mover an action as the game did. Every deal that meets
    this is equally likely: a shuffle that misses it is replaced by a deal drawn from those
    that meet it (``_deal_with_one_of``)."""
    if state.players == 2:
        other = 1 - seat
        pool = shuffled(sorted(state.hands[other] + state.deck), rng)
        size = len(state.hands[other])
        giftable = giftable_beans(state, other)
        if giftable and not giftable.intersection(pool[:size]):
            pool = _deal_with_one_of(sorted(pool), size, giftable, rng)
        state.hands[other] = pool[:size]
        state.deck = pool[size:]
    else:
        state.deck = shuffled(sorted(state.deck), rng)


def giftable_beans(state: AlCabohneState, seat: int) -> set[int]:
    """The beans ``seat``'s hand must hold one of (empty: no constraint): while a gift is due
    in phase 5 (only to a boss with an empty field), a bean no boss collects and ``seat`` does
    not grow (the test ``trading.gift_owed`` makes; it reads public fields only)."""
    if state.phase != GIFT or state.turn_player != seat or not any(state.gift_due):
        return set()
    taken = {*state.field_bean[seat], *state.boss_bean}
    return {bean for bean in range(BEANS) if bean not in taken}


def _deal_with_one_of(pool: list[int], size: int, wanted: set[int], rng: Rng) -> list[int]:
    """``pool`` dealt as a hand of ``size`` cards (first) and the deck, uniformly among the
    deals whose hand holds at least one card of a bean in ``wanted``: the number of such cards
    in the hand is drawn with its (conditioned hypergeometric) weight, then which ones and
    every order. A pool without such a card (a position the game never reaches, which loading
    refuses) is simply shuffled."""
    chosen = [bean for bean in pool if bean in wanted]
    others = [bean for bean in pool if bean not in wanted]
    if not chosen:
        return shuffled(pool, rng)
    weights = [
        comb(len(chosen), k) * comb(len(others), size - k)
        for k in range(1, min(len(chosen), size) + 1)
    ]
    pick = rng.below(sum(weights))
    count = 1
    for weight in weights:
        if pick < weight:
            break
        pick -= weight
        count += 1
    chosen, others = shuffled(chosen, rng), shuffled(others, rng)
    hand = shuffled(sorted(chosen[:count] + others[: size - count]), rng)
    return hand + shuffled(sorted(chosen[count:] + others[size - count :]), rng)


_BIG_ENDIAN = sys.byteorder == "big"


def shuffled(beans: list[int], rng: Rng) -> list[int]:
    """A uniformly random order of ``beans`` (small ints), from one draw of ``rng``.

    About three times faster than a Fisher-Yates loop in Python, which matters because AIs
    resample the deck thousands of times per decision: each card gets a random 64-bit key
    (SHAKE-128 stretched from the draw) whose low byte is replaced by the bean, the keys are
    sorted in C, and the beans are read back from the low bytes. Keys are read little-endian on
    every machine, so the result is the same everywhere.
    """
    size = len(beans)
    seed = rng.next64().to_bytes(8, "little")
    raw = bytearray(hashlib.shake_128(seed).digest(8 * size))
    raw[0::8] = bytes(beans)
    keys = array("Q", raw)
    if _BIG_ENDIAN:
        keys.byteswap()
    ordered = array("Q", sorted(keys))
    if _BIG_ENDIAN:
        ordered.byteswap()
    return list(ordered.tobytes()[0::8])


def _piles(cards: list[int]) -> str:
    """Consecutive equal beans as one pile: ``Fire x2, Blue``."""
    if not cards:
        return "none"
    return ", ".join(
        pile["bean"] + (f" x{pile['count']}" if pile["count"] > 1 else "") for pile in piles(cards)
    )


def _field_text(bean: int, count: int) -> str:
    if count == 0:
        return "empty"
    worth = VALUE[bean][count]
    return f"{count} {BEAN_NAMES[bean]} (worth {worth})"


def render(state: AlCabohneState, seat: int | None = None) -> str:
    state._check_seat(seat)
    passes = state.options["deck_passes"]
    top = BEAN_NAMES[state.discard[-1]] if state.discard else "empty"
    lines = [
        f"  Deck: {len(state.deck)} cards, pass {state.deck_pass} of {passes}. "
        f"Discard pile: {len(state.discard)} cards, top {top}.",
    ]
    bosses = "; ".join(
        f"{BOSS_NAMES[b]} (sells at {BOSS_THRESHOLD[b]}): "
        f"{_field_text(state.boss_bean[b], state.boss_count[b])}"
        for b in range(len(state.boss_bean))
    )
    lines.append(f"  Mafia: {bosses}. Mafia coins: {len(state.mafia_coins)}.")
    lines.append(f"  Face-up beans: {_piles(state.faceup)}.")
    names = state.seat_names()
    for s in range(state.players):
        you = " (you)" if s == seat else ""
        fields = "; ".join(
            f"{f + 1}) {_field_text(state.field_bean[s][f], state.field_count[s][f])}"
            for f in range(state.fields_owned[s])
        )
        lines.append(
            f"  {names[s].capitalize()}{you}: {len(state.coins[s])} coins; fields {fields}."
        )
        if s == seat:
            hand = ", ".join(_names(state.hands[s])) or "empty"
            lines.append(f"    hand (front first): {hand}")
        else:
            lines.append(f"    {len(state.hands[s])} cards in hand")
    if state.phase == OVER:
        breakdown = state.result()["breakdown"]
        scores = ", ".join(f"{p['name']}: {p['coins']}" for p in breakdown["players"])
        mafia = breakdown["mafia"]
        doubled = f" ({mafia['coins']} doubled)" if mafia["doubled"] else ""
        winner = "the bean mafia wins" if breakdown["mafia_wins"] else "the winner: "
        if not breakdown["mafia_wins"]:
            winner += " and ".join(names[w] for w in breakdown["winners"])
        lines.append(
            f"  Game over ({scores}; the mafia: {mafia['total']}{doubled}): {winner}. "
            f"{breakdown['why'].capitalize()}."
        )
    else:
        last = " This is the last turn." if state.last_turn else ""
        who = names[state.turn_player].capitalize()
        lines.append(
            f"  {who} is in phase {PHASE_NUMBER[state.phase]}: {PHASE_TEXT[state.phase]}.{last}"
        )
    return "\n".join(lines)
