"""Setup and the turn's flow: which step comes next and whose decision it is.

Each step lives in its own module (choosing, smuggling, arrests, round_end, restock); this hub
dispatches a decision to its step and moves the game on when the step is done. Everything that
needs no decision happens inside ``apply``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from contraband.core.action import Action
from contraband.games.nacho_incident import arrests, choosing, restock, round_end, smuggling
from contraband.games.nacho_incident.board import (
    ACTIONS,
    BORED,
    CARD_DEMANDS,
    CARD_NAME,
    CARD_PROVINCE,
    CARGO,
    CUBES_EACH,
    DESTINATION,
    GEM,
    HIRE,
    LEDGER,
    MARKET,
    MEANING,
    MOUNTIES,
    NFOOD,
    NPROV,
    OVER,
    PICK,
    PROVINCE_CARDS,
    PROVINCES,
    REFRESH,
    RESELECT,
    SLOTS,
    SMUGGLERS,
    START_GOLD,
    TURNS,
    TURNS_PER_ROUND,
    WANDER,
)
from contraband.games.nacho_incident.draw import draw_cubes, draw_smugglers, sample

if TYPE_CHECKING:
    from contraband.games.nacho_incident.state import NachoState


# -- setup ------------------------------------------------------------------------------------
#: each province's cards, and the full bag of cubes, sorted
_DECKS = tuple(
    tuple(c for c in range(PROVINCE_CARDS) if CARD_PROVINCE[c] == p) for p in range(NPROV)
)
_BAG = tuple(f for f in range(NFOOD) for _ in range(CUBES_EACH))


def setup(state: NachoState) -> None:
    n, rng = state.players, state.rng
    state.gold = [START_GOLD] * n
    for name in LEDGER:
        setattr(state, name, [0] * n)
    state.gem = rng.below(n)
    state.note("gem_start", state.gem)
    state.turn = 0
    # province decks: the top card of each is turned face up
    state.prov_up, state.prov_unseen, state.prov_under = [], [], []
    for p in range(NPROV):
        cards = list(_DECKS[p])
        up = sample(cards, rng)
        state.prov_up.append(up)
        state.prov_unseen.append(cards)
        state.prov_under.append([])
        state.note("card_up", PROVINCES[p], CARD_NAME[up], CARD_DEMANDS[up])
    state.slots = [0] * (NPROV * SLOTS)
    state.bag = list(_BAG)
    state.set_aside = []
    state.warehouses = [[] for _ in range(n)]
    for seat in range(n):
        draw_cubes(state, seat)
    state.smuggler_deck = list(range(SMUGGLERS))
    state.smuggler_out = []
    state.hands = [[] for _ in range(n)]
    for seat in range(n):
        draw_smugglers(state, seat)
    state.mountie_pool = list(range(MOUNTIES))
    state.mountie_out = []
    state.mountie_up = -1
    state.cantinas = [[] for _ in range(n * NPROV)]
    state.posts = [[] for _ in range(n * NPROV)]
    state.chosen = [-1] * n
    state.played = [-1] * n
    state.order = []
    state.order_pos = 0
    state.revealed = False
    state.seq = 0
    state.cargo = -1
    state.cargo_from = -1
    state.resolve_prov = 0
    state.pending_mountie = -1
    state.pending_kind = 0
    if state.options.get("reselect_hand"):
        state.phase = RESELECT
        state.current_player = state.gem
    else:
        choosing.start(state)


# -- legal actions ----------------------------------------------------------------------------
def _labelled(labels: Callable[[NachoState], list[str]]) -> Callable[[NachoState], list[Action]]:
    """The actions of a rare step, from its labels."""

    def actions(state: NachoState) -> list[Action]:
        table = ACTIONS[state.current_player]  # type: ignore[index]  # a seat is on move
        return [table[label] for label in labels(state)]

    return actions


#: each step's legal actions (the frequent steps build them from per-seat action tables)
_LEGAL: dict[str, Callable[[NachoState], list[Action]]] = {
    HIRE: choosing.hire_actions,
    CARGO: smuggling.cargo_actions,
    DESTINATION: smuggling.destination_actions,
    PICK: _labelled(arrests.labels),
    BORED: _labelled(arrests.labels),
    WANDER: _labelled(arrests.labels),
    RESELECT: choosing.discard_actions,
    REFRESH: choosing.discard_actions,
    GEM: _labelled(round_end.gem_labels),
    MARKET: restock.market_actions,
    OVER: lambda state: [],
}


def legal_actions(state: NachoState) -> list[Action]:
    return _LEGAL[state.phase](state)


# -- applying a decision ----------------------------------------------------------------------
def _hire(state: NachoState, card: int) -> None:
    if choosing.hire(state, card):
        _begin_smuggler(state, 0)


def _cargo(state: NachoState, meaning: tuple) -> None:
    smuggling.choose_cargo(state, meaning[1], meaning[2])


def _go(state: NachoState, province: int) -> None:
    smuggling.go(state, province)
    arrests.place(state, province)
    _resolve(state)


def _step4(state: NachoState, meaning: tuple) -> None:
    if arrests.decide(state, meaning[0], meaning):
        _resolve(state)


def _keep(state: NachoState, _: object) -> None:
    if choosing.keep(state):
        if state.phase == RESELECT:
            choosing.start(state)
        else:
            _begin_restock(state)


def _gem(state: NachoState, seat: int) -> None:
    round_end.give_gem(state, seat)
    choosing.start_refresh(state)


def _restock(state: NachoState, _: object) -> None:
    if restock.restock(state):
        _next_turn(state)


def _step(meaning: tuple) -> tuple[Callable[[NachoState, Any], None], Any]:
    """What applying an action of this meaning calls, and with what."""
    kind = meaning[0]
    if kind == "hire":
        return _hire, meaning[1]
    if kind == "cargo":
        return _cargo, meaning
    if kind == "go":
        return _go, meaning[1]
    if kind in ("pick", "bored", "wander"):
        return _step4, meaning
    if kind == "discard":
        return choosing.discard, meaning[1]
    if kind == "keep":
        return _keep, None
    if kind == "gem":
        return _gem, meaning[1]
    if kind == "sell":
        return restock.sell, meaning[1]
    assert kind == "restock", kind
    return _restock, None


#: label -> (function, argument): one look-up per decision
_STEPS = {label: _step(meaning) for label, meaning in MEANING.items()}


def apply(state: NachoState, action: Action) -> None:
    step, argument = _STEPS[action[1]]
    step(state, argument)


def _begin_smuggler(state: NachoState, position: int) -> None:
    state.order_pos = position
    state.phase = CARGO
    state.current_player = state.order[position]
    state.cargo = state.cargo_from = -1


def _resolve(state: NachoState) -> None:
    """Step 4's arrests; when they are done, the next player in the order smuggles."""
    if not arrests.resolve(state):
        return  # waiting for the owner's decision
    if state.order_pos + 1 < state.players:
        _begin_smuggler(state, state.order_pos + 1)
        return
    if state.turn % TURNS_PER_ROUND != TURNS_PER_ROUND - 1:
        _begin_restock(state)
        return
    round_end.score(state)
    if state.turn == TURNS - 1:
        state.phase = OVER
        state.current_player = None
        gold = state.gold
        state.note("end", list(gold), state.winners()[0], gold.count(max(gold)) > 1)
        return
    if round_end.offer_gem(state):
        return  # the gem holder chooses among the tied lowest scores
    choosing.start_refresh(state)


def _begin_restock(state: NachoState) -> None:
    restock.full_provinces(state)
    restock.start_market(state)


def _next_turn(state: NachoState) -> None:
    restock.new_round_pool(state)
    state.turn += 1
    choosing.start(state)
