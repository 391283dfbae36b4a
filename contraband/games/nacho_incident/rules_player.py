"""The Nacho Incident's rule-based player (the ``rules`` agent in this game).

It plays as a careful human who has read the rulebook, from a determinization of its own seat
(its own hand, the public board and the public warehouses; another seat's hidden hand or
face-down hire only as resampled). No search: every decision scores its options with a few
simple counts.

- **Cubes.** A cube is worth about half the best price an open slot offers for it now, nothing
  on the last turn. At the market a cube is sold when a fresh cube from the bag plus the gold of
  the sale is worth more; before the last turn only the best cube is kept.
- **Delivery.** Cargo and destination together: the price, less what the cube would still be
  worth kept, plus what a refill brings, plus the cantina. The first player steals a cube only
  when it beats its own options after handing over its cubes (and the gift to the victim).
- **Cantinas.** A holder is worth the change in the chance of a strict majority at the round's
  end (a ramp in the lead that flattens with the opponents' moves still to come), plus a share
  of the leader's loss when it breaks an opponent's lead. A cantina holding one of our mounties
  is fed instead: the newcomer is arrested and the mountie leaves, which saves its penalty.
- **Hiring and hand refresh.** By the game's planner (``planner.py``, which the search uses for
  them too, and whose ``Look`` works out the numbers every rule here reads).
- **Mounties.** Of two, the pricier one acts and leaves; a bored mountie takes the holder whose
  loss hurts least; a wandering one goes where it hurts the richest opponent most.
- **Gem.** Kept when we are among the lowest, for the final tie-break.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.nacho_incident.board import (
    BORED,
    CARGO,
    COLOURS,
    DESTINATION,
    FOODS,
    GEM,
    HIRE,
    MARKET,
    MEANING,
    MOUNTIE_PENALTY,
    NPROV,
    PICK,
    SMUGGLER_FLAG,
    WANDER,
)
from contraband.games.nacho_incident.planner import NFOOD, Look, hire_value, refresh

SELL_MARGIN = 0.05  # a cube is sold when a fresh cube and the sale beat it by this much


def decide(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """One of ``legal``, judged on ``state`` (a determinization for ``seat``)."""
    labels = [action.label for action in legal]
    return legal[labels.index(choose(Look(state, seat), labels))]


def choose(look: Look, labels: list[str]) -> str:
    """The label among ``labels`` that the rules pick (see the module's docstring)."""
    phase = look.s.phase
    if phase == HIRE:
        return max(labels, key=lambda label: hire_value(look, MEANING[label][1]))
    if phase == CARGO:
        return cargo(look, labels)
    if phase == DESTINATION:
        later = look.n - 1 - look.s.order_pos
        food = look.s.cargo

        def worth(label: str) -> float:
            p = MEANING[label][1]
            return (look.price[p][food] if food >= 0 else 0) + look.cantina(p, later)

        return max(labels, key=worth)
    if phase == PICK:  # the one that acts leaves the game: let the pricier one act
        return max(labels, key=lambda label: MOUNTIE_PENALTY[MEANING[label][1]])
    if phase == BORED:
        return min(labels, key=lambda label: victim_loss(look, MEANING[label][1]))
    if phase == WANDER:
        return max(labels, key=lambda label: wander_harm(look, MEANING[label]))
    if phase == GEM:
        mine = f"gem to {COLOURS[look.seat]}"
        return mine if mine in labels else labels[0]
    if phase == MARKET:
        return market(look, labels)
    return refresh(look, labels)  # refresh or the optional reselection


def cargo(look: Look, labels: list[str]) -> str:
    """The cargo of the best delivery (cargo and destination judged together)."""
    s = look.s
    flag = SMUGGLER_FLAG[s.chosen[look.seat]]
    later = look.n - 1 - s.order_pos
    legal = set(labels)
    found = [o for o in look.options(flag, later, s.order_pos == 0) if o[1] in legal]
    return max(found, key=lambda option: option[0])[1]


def victim_loss(look: Look, card: int) -> float:
    """The bonus chance we lose when the bored mountie takes ``card``."""
    seat, s = look.seat, look.s
    for p in range(NPROV):
        if card in s.cantinas[seat * NPROV + p]:
            return look.holder_loss(seat, p, look.moves_left(look.n - 1 - s.order_pos))
    return 0.0


def wander_harm(look: Look, meaning: tuple) -> float:
    """Harm to the target: a lost holder (it arrests at their next move) or its penalty on
    an empty cantina; aimed at the richest opponent first, never at ourselves."""
    target, p = meaning[1], meaning[2]
    if target == look.seat:
        return -10.0 - look.counts[target][p]
    s = look.s
    if look.counts[target][p]:
        harm = look.holder_loss(target, p, look.moves_left(0)) + 0.5
    else:
        harm = 0.8 * look.burden(3.5)
    return harm + 0.05 * (s.gold[target] - max(s.gold))


def market(look: Look, labels: list[str]) -> str:
    """Sell a cube that the gold of the sale and a fresh cube beat; before the last turn
    keep only the single best cube (one delivery is left)."""
    house = look.s.warehouses[look.seat]
    if not house:
        return "restock"
    last = look.turns_after == 1  # the coming turn is the game's last
    best = [max(look.price[p][f] for p in range(NPROV)) for f in range(NFOOD)]
    if last:
        keep = max(house, key=lambda f: best[f])
        spare = [f for f in house if f != keep or not best[f]]
        if house.count(keep) > 1 and best[keep]:
            spare.append(keep)
        if spare:
            return f"sell {FOODS[min(spare, key=lambda f: best[f])]}"
        return "restock"
    fresh = 1.0 + look.refill if look.s.bag else 1.0
    weakest = min(house, key=lambda f: look.kv[f])
    if look.kv[weakest] < fresh - SELL_MARGIN:
        return f"sell {FOODS[weakest]}"
    return "restock"
