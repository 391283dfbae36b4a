"""Police, military and press: removal by sicarios and "plata o plomo" (rulebook pages 6-7).

Removal is possible only the moment the card appears: 1 sicario for a police or a press, 2 for
a military (a worker may be hired as a sicario, or Reclutamiento played, right then). Once two
sirens are out, each police on the timeline takes 1 goods cube (from the lab or the storage,
the player's choice) or 1 million without goods, and each military 1 million; an unpaid card
gives no action and stops the flipping. Soborno lets one card off its payment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from contraband.games.narcos import cartel
from contraband.games.narcos.board import (
    CARD_KIND,
    CARD_NAME,
    MILITARY_PAY,
    PAY,
    POLICE_PAY,
    SICARIO_COST,
    SOBORNO,
)
from contraband.games.narcos.ledger import spend

if TYPE_CHECKING:
    from contraband.games.narcos.state import NarcosState

LAB, STORAGE, MONEY, BRIBE, UNPAID = "lab", "storage", "money", "bribe", "unpaid"
PAY_LABEL = {
    LAB: "pay from the lab",
    STORAGE: "pay from storage",
    MONEY: "pay 1 million",
    UNPAID: "leave it unpaid",
}


def can_remove(state: NarcosState, seat: int, cost: int) -> bool:
    """Whether the removal decision is asked: when the player has or can hire the sicarios,
    or holds Cartel cards (one of which might be Reclutamiento: asking depends only on public
    facts, D59)."""
    if state.hands[seat]:
        return True
    return (
        state.sicarios[seat] + min(state.workers[seat], state.money[seat] // SICARIO_COST) >= cost
    )


def options(state: NarcosState, card: int) -> list[str]:
    """How the active player may settle ``card``'s payment."""
    seat = state.active
    found = []
    if CARD_KIND[card] == "police":
        if state.lab_goods[seat] > 0:
            found.append(LAB)
        if state.storage_goods[seat] > 0:
            found.append(STORAGE)
        if not found and state.money[seat] >= POLICE_PAY:
            found.append(MONEY)
    elif state.money[seat] >= MILITARY_PAY:
        found.append(MONEY)
    if not found:
        found.append(UNPAID)
    if cartel.count(state, seat, SOBORNO) and cartel.affordable(state, seat, SOBORNO):
        found.insert(0, BRIBE)
    return found


def labels(state: NarcosState) -> list[str]:
    card = state.pay_queue[0]
    return [
        f"bribe the {CARD_KIND[card]}" if how == BRIBE else PAY_LABEL[how]
        for how in options(state, card)
    ]


def pay_next(state: NarcosState) -> bool:
    """Settle the queued payments; False when the player must choose (phase PAY)."""
    while state.pay_queue:
        found = options(state, state.pay_queue[0])
        if len(found) > 1 or state.hands[state.active]:  # (a hand might hold Soborno: D59)
            state.phase = PAY
            state.current_player = state.active
            return False
        settle(state, found[0])
    return True


def settle(state: NarcosState, how: str) -> None:
    """The first queued police or military is paid ``how``."""
    seat = state.active
    card = state.pay_queue.pop(0)
    name = CARD_NAME[card]
    if how == BRIBE:
        cartel.pay_and_discard(state, seat, SOBORNO)
        state.note("bribe", seat, name)
    elif how == LAB:
        state.lab_goods[seat] -= POLICE_PAY
        state.seized_goods += POLICE_PAY
        state.note("pay_goods", seat, name, "laboratory")
    elif how == STORAGE:
        state.storage_goods[seat] -= POLICE_PAY
        state.seized_goods += POLICE_PAY
        state.note("pay_goods", seat, name, "storage")
    elif how == MONEY:
        if CARD_KIND[card] == "police":
            state.money[seat] -= POLICE_PAY
            state.seized_money += POLICE_PAY
        else:
            spend(state, seat, MILITARY_PAY)
        state.note(
            "pay_money", seat, name, POLICE_PAY if CARD_KIND[card] == "police" else MILITARY_PAY
        )
    else:
        state.unpaid.append(card)
        state.note("unpaid", seat, name)
