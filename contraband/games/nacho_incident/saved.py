"""What a saved Nacho Incident position may hold: the ``SCHEMA`` of every field, and the checks
across fields that a schema cannot express (``check``, ``check_log``: run by the engine's
``_check_position`` hook), so that ``from_json`` accepts the positions the game produces and
refuses anything else with a ValueError naming the field.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from contraband.core.schema import Bool, Context, Int, List, Maybe, OneOf, Seat, Spec
from contraband.games.nacho_incident.board import (
    BONUS,
    BORED,
    CARD_FOODS,
    CARD_NAME,
    CARD_PRICES,
    CARD_PROVINCE,
    CARGO,
    CUBES,
    CUBES_EACH,
    DESTINATION,
    FOODS,
    GEM,
    HAND_SIZE,
    HIRE,
    LEDGER,
    MARKET,
    MARKET_PRICE,
    MOUNTIE_NAME,
    MOUNTIE_PENALTY,
    MOUNTIES,
    NFOOD,
    NPROV,
    OVER,
    PHASES,
    PICK,
    PROVINCE_CARDS,
    PROVINCES,
    REFRESH,
    RESELECT,
    ROUNDS,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    SMUGGLERS,
    START_GOLD,
    TURNS,
    TURNS_PER_ROUND,
    WANDER,
    WAREHOUSE,
)

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState

# -- the most each ledger entry can reach in a game -------------------------------------------
MOST = {
    "delivered": TURNS * max(max(prices) for prices in CARD_PRICES),  # one delivery per turn
    "bonuses": ROUNDS * sum(BONUS),  # every majority in every round
    "sales": (TURNS - 1) * CUBES * MARKET_PRICE,  # no market after the last turn
    "fees": TURNS * max(SMUGGLER_COST),
    "fines": ROUNDS * sum(MOUNTIE_PENALTY),  # every mountie on the seat's cantinas
}
GOLD_LOW = START_GOLD - MOST["fees"] - MOST["fines"]
GOLD_HIGH = START_GOLD + MOST["delivered"] + MOST["bonuses"] + MOST["sales"]

SMUGGLER = Int(0, SMUGGLERS - 1)
MOUNTIE = Int(0, MOUNTIES - 1)
FOOD = Int(0, NFOOD - 1)
CARD = Int(0, PROVINCE_CARDS - 1)
PER_SEAT = "players"


def _cantinas(ctx) -> int:
    return ctx.players * NPROV


SCHEMA = {
    "gold": List(Int(GOLD_LOW, GOLD_HIGH), length=PER_SEAT),
    **{name: List(Int(0, MOST[name]), length=PER_SEAT) for name in LEDGER},
    "gem": Seat(),
    "turn": Int(0, TURNS - 1),
    "prov_up": List(CARD, length=NPROV),
    "prov_unseen": List(List(CARD, max_length=PROVINCE_CARDS // NPROV - 1), length=NPROV),
    "prov_under": List(List(CARD, max_length=PROVINCE_CARDS // NPROV - 1), length=NPROV),
    "slots": List(Int(0, 1), length=NPROV * SLOTS),
    "bag": List(FOOD, max_length=CUBES),
    "set_aside": List(FOOD, max_length=CUBES),
    "warehouses": List(List(FOOD, max_length=CUBES), length=PER_SEAT),
    "smuggler_deck": List(SMUGGLER, max_length=SMUGGLERS),
    "smuggler_out": List(SMUGGLER, max_length=SMUGGLERS),
    "hands": List(List(SMUGGLER, max_length=HAND_SIZE), length=PER_SEAT),
    "mountie_pool": List(MOUNTIE, max_length=MOUNTIES),
    "mountie_out": List(MOUNTIE, max_length=MOUNTIES),
    "mountie_up": Int(-1, MOUNTIES - 1),
    "cantinas": List(List(SMUGGLER, max_length=SMUGGLERS), length=_cantinas),
    "posts": List(List(MOUNTIE, max_length=MOUNTIES), length=_cantinas),
    "chosen": List(Int(-1, SMUGGLERS - 1), length=PER_SEAT),
    "played": List(Int(-1, SMUGGLERS - 1), length=PER_SEAT),
    "order": List(Seat(), max_length=PER_SEAT),
    "order_pos": Int(0, "seat"),
    "revealed": Bool(),
    "seq": Int(0, "players"),
    "cargo": Int(-1, NFOOD - 1),
    "cargo_from": Int(-1, "seat"),
    "resolve_prov": Int(0, NPROV),
    "pending_mountie": Int(-1, MOUNTIES - 1),
    "pending_kind": Int(0, 1),
    "phase": OneOf(*PHASES),
    "current_player": Maybe(Seat()),
}

#: piles the game always keeps sorted (a sorted pile has no hidden order)
SORTED = ("smuggler_deck", "smuggler_out", "mountie_pool", "mountie_out", "bag", "set_aside")
SORTED_PER_ENTRY = ("hands", "warehouses", "cantinas", "posts", "prov_unseen")


# -- the log: what each event field may hold (the same name means the same thing everywhere) --
class Pair(Spec):
    """A [food, price] demand of a province card."""

    def check(self, value: Any, where: str, ctx: Context) -> None:
        if not isinstance(value, list) or len(value) != 2:
            self.fail(value, where, ctx)
        FOOD_NAME.check(value[0], f"{where}[0]", ctx)
        Int(1, 9).check(value[1], f"{where}[1]", ctx)

    def allowed(self, ctx: Context) -> str:
        return "a [food, price] pair"


SMUGGLER_NAMES = OneOf(*SMUGGLER_NAME)
MOUNTIE_NAMES = OneOf(*MOUNTIE_NAME)
FOOD_NAME = OneOf(*FOODS)
PROVINCE = OneOf(*PROVINCES)
GOLD = Int(0, max(MOST.values()))
EVENT_FIELDS: dict[str, Spec] = {
    "seat": Seat(),
    "giver": Seat(),
    "victim": Seat(),
    "target": Seat(),
    "winner": Seat(),
    "seats": List(Seat(), max_length=PER_SEAT),
    "order": List(Seat(), max_length=PER_SEAT),
    "count": Int(0, SMUGGLERS),
    "wanted": Int(1, WAREHOUSE),
    "turn": Int(1, TURNS),
    "round": Int(1, ROUNDS),
    "tie": Bool(),
    "gold": GOLD,
    "penalty": Int(0, max(MOUNTIE_PENALTY)),
    "final": List(Int(GOLD_LOW, GOLD_HIGH), length=PER_SEAT),
    "ranks": List(Int(1, max(SMUGGLER_RANK)), max_length=PER_SEAT),
    # hidden values are null in a determinization's copy of the log
    "smuggler": Maybe(SMUGGLER_NAMES),
    "smugglers": Maybe(List(SMUGGLER_NAMES, max_length=HAND_SIZE)),
    "hires": List(SMUGGLER_NAMES, max_length=PER_SEAT),
    "retired": List(SMUGGLER_NAMES, max_length=SMUGGLERS),
    "mountie": MOUNTIE_NAMES,
    "mounties": List(MOUNTIE_NAMES, max_length=MOUNTIES),
    "food": FOOD_NAME,
    "foods": List(FOOD_NAME, max_length=CUBES),
    "province": PROVINCE,
    "flag": PROVINCE,
    "to": PROVINCE,
    "card": OneOf(*CARD_NAME),
    "demands": List(Pair(), length=SLOTS),
}


def check_log(state: NachoState) -> None:
    """Every logged value must be what its field holds in a real game, so that reading the log
    of a loaded state never trips over a damaged value (the engine checks kinds and counts)."""
    ctx = Context(state.players, state.options)
    kinds = state.EVENTS
    for index, (kind, values) in enumerate(state.events()):
        for name, value in zip(kinds[kind].fields, values, strict=True):
            EVENT_FIELDS[name].check(value, f"log.events[{index}].{name}", ctx)


def check(state: NachoState) -> None:
    """Cross-field consistency of a loaded position; a ValueError names the field at fault."""
    for name in SORTED:
        if getattr(state, name) != sorted(getattr(state, name)):
            raise ValueError(f"state.{name} must be sorted (a face-down pile holds no order)")
    for name in SORTED_PER_ENTRY:
        for index, pile in enumerate(getattr(state, name)):
            if pile != sorted(pile):
                raise ValueError(f"state.{name}[{index}] must be sorted")
    _check_components(state)
    _check_ledger(state)
    _check_turn(state)


def _check_components(state: NachoState) -> None:
    smugglers = [*state.smuggler_deck, *state.smuggler_out, *(c for c in state.chosen if c >= 0)]
    for pile in (*state.hands, *state.cantinas):
        smugglers += pile
    if sorted(smugglers) != list(range(SMUGGLERS)):
        raise ValueError(
            "state.hands, cantinas, chosen, smuggler_deck and smuggler_out must hold every "
            f"smuggler exactly once ({len(smugglers)} cards, {len(set(smugglers))} different)"
        )
    mounties = [*state.mountie_pool, *state.mountie_out]
    mounties += [state.mountie_up] if state.mountie_up >= 0 else []
    for pile in state.posts:
        mounties += pile
    if sorted(mounties) != list(range(MOUNTIES)):
        raise ValueError(
            "state.posts, mountie_pool, mountie_out and mountie_up must hold every mountie "
            "exactly once"
        )
    for p in range(NPROV):
        cards = sorted([state.prov_up[p], *state.prov_unseen[p], *state.prov_under[p]])
        if cards != [c for c in range(PROVINCE_CARDS) if CARD_PROVINCE[c] == p]:
            raise ValueError(
                f"state.prov_up, prov_unseen and prov_under must hold province {p}'s own cards "
                "exactly once"
            )
    cubes = Counter(state.bag) + Counter(state.set_aside)
    for house in state.warehouses:
        cubes.update(house)
    for p in range(NPROV):
        foods = CARD_FOODS[state.prov_up[p]]
        cubes.update(foods[i] for i in range(SLOTS) if state.slots[p * SLOTS + i])
    if any(cubes[f] != CUBES_EACH for f in range(NFOOD)):
        raise ValueError(
            f"state.bag, set_aside, warehouses and slots must hold {CUBES_EACH} cubes of each food"
        )


def _check_ledger(state: NachoState) -> None:
    for seat in range(state.players):
        income = state.delivered[seat] + state.bonuses[seat] + state.sales[seat]
        if state.gold[seat] != START_GOLD + income - state.fees[seat] - state.fines[seat]:
            raise ValueError(
                f"state.gold[{seat}] must equal {START_GOLD} + delivered + bonuses + sales - "
                "fees - fines"
            )


def _check_turn(state: NachoState) -> None:
    n, phase, seat = state.players, state.phase, state.current_player
    if state.revealed != bool(state.order):
        raise ValueError("state.order is set exactly when the hires are revealed (state.revealed)")
    if state.order and sorted(state.order) != list(range(n)):
        raise ValueError("state.order must name every seat once")
    blind = state.options.get("blind_smuggling")
    if (state.mountie_up >= 0) != (phase == HIRE and not blind):
        raise ValueError("state.mountie_up is face up only while the hires are chosen")
    _check_pool(state)
    in_turn = (state.gem + state.seq) % n
    if phase == HIRE:
        if state.revealed or state.seq >= n or seat != in_turn:
            raise ValueError("state.seq and current_player must follow the gem holder clockwise")
        hired = {(state.gem + k) % n for k in range(state.seq)}
        if {s for s in range(n) if state.chosen[s] >= 0} != hired:
            raise ValueError("state.chosen must hold a face-down hire for each seat that chose")
    elif phase in (RESELECT, REFRESH, MARKET):
        if seat != in_turn or state.seq >= n:
            raise ValueError("state.seq and current_player must follow the gem holder clockwise")
    elif phase == GEM:
        if seat != state.gem:
            raise ValueError("state.current_player must be the gem holder choosing")
    elif phase != OVER:
        _check_smuggler_turn(state)
    if phase != HIRE and any(c >= 0 for c in state.chosen) and not state.revealed:
        raise ValueError("state.chosen holds hires only once the turn has begun")
    travelling = phase == DESTINATION and state.cargo >= 0
    if not travelling and (state.cargo >= 0 or state.cargo_from >= 0):
        raise ValueError("state.cargo and cargo_from are set only while a cargo travels")
    if phase not in (BORED, WANDER) and state.pending_mountie >= 0:
        raise ValueError("state.pending_mountie is set only while a bored mountie waits")


def _check_pool(state: NachoState) -> None:
    """Enough unseen mounties for the turns still to come (a turn draws one)."""
    waiting = state.phase in (HIRE, RESELECT) and state.mountie_up < 0  # this turn's not drawn
    turns_left = TURNS - state.turn - (0 if waiting else 1)
    if state.options.get("random_mounties"):  # the removed mounties come back between rounds
        turns_left = TURNS_PER_ROUND - 1 - state.turn % TURNS_PER_ROUND + (1 if waiting else 0)
        enough = len(state.mountie_pool) >= turns_left
    else:
        enough = len(state.mountie_pool) == turns_left
    if not enough:
        raise ValueError(
            f"state.mountie_pool must hold a mountie for each turn still to come ({turns_left})"
        )


def _check_smuggler_turn(state: NachoState) -> None:
    """Steps 3 and 4: the player in order smuggles, or decides an arrest at their cantina."""
    seat = state.current_player
    if not state.revealed or seat != state.order[state.order_pos]:
        raise ValueError("state.current_player must be the seat at state.order_pos")
    phase = state.phase
    if phase in (CARGO, DESTINATION):
        if state.chosen[seat] < 0:
            raise ValueError("state.chosen must hold the smuggler of the seat on move")
        if phase == DESTINATION and state.cargo >= 0:
            source = state.cargo_from
            if source < 0 or state.cargo not in state.warehouses[source]:
                raise ValueError("state.cargo must come from the warehouse state.cargo_from")
        return
    if state.resolve_prov >= NPROV or not state.posts[seat * NPROV + state.resolve_prov]:
        raise ValueError("state.resolve_prov must name a cantina of the mover with a mountie")
    post = state.posts[seat * NPROV + state.resolve_prov]
    if phase in (BORED, WANDER) and state.pending_mountie not in post:
        raise ValueError("state.pending_mountie must stand on the cantina being resolved")
    if phase == PICK and len(post) < 2:
        raise ValueError("state.posts: a mountie pick needs two mounties on the cantina")
