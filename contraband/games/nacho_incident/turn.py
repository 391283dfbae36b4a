"""Setup and the turn's flow: which step comes next and whose decision it is.

Each step lives in its own module (choosing, smuggling, arrests, round_end, restock); this hub
dispatches a decision to its step and moves the game on when the step is done. Everything that
needs no decision happens inside ``apply``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

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
        cards = [c for c in range(PROVINCE_CARDS) if CARD_PROVINCE[c] == p]
        up = sample(cards, rng)
        state.prov_up.append(up)
        state.prov_unseen.append(cards)
        state.prov_under.append([])
        state.note("card_up", PROVINCES[p], CARD_NAME[up], CARD_DEMANDS[up])
    state.slots = [0] * (NPROV * SLOTS)
    state.bag = [f for f in range(NFOOD) for _ in range(CUBES_EACH)]
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
def legal_actions(state: NachoState) -> list[Action]:
    phase = state.phase
    table = ACTIONS[state.current_player]
    if phase == HIRE:
        labels = choosing.hire_labels(state)
    elif phase == CARGO:
        labels = smuggling.cargo_labels(state)
    elif phase == DESTINATION:
        labels = smuggling.destination_labels(state)
    elif phase in (PICK, BORED, WANDER):
        labels = arrests.labels(state)
    elif phase in (RESELECT, REFRESH):
        labels = choosing.discard_labels(state)
    elif phase == GEM:
        labels = round_end.gem_labels(state)
    elif phase == MARKET:
        labels = restock.market_labels(state)
    else:
        return []
    return [table[label] for label in labels]


# -- applying a decision ----------------------------------------------------------------------
def apply(state: NachoState, action: Action) -> None:
    meaning = MEANING[action.label]
    kind = meaning[0]
    if kind == "hire":
        if choosing.hire(state, meaning[1]):
            _begin_smuggler(state, 0)
    elif kind == "cargo":
        smuggling.choose_cargo(state, meaning[1], meaning[2])
    elif kind == "go":
        smuggling.go(state, meaning[1])
        arrests.place(state, meaning[1])
        _resolve(state)
    elif kind in ("pick", "bored", "wander"):
        if arrests.decide(state, kind, meaning):
            _resolve(state)
    elif kind == "discard":
        choosing.discard(state, meaning[1])
    elif kind == "keep":
        if choosing.keep(state):
            if state.phase == RESELECT:
                choosing.start(state)
            else:
                _begin_restock(state)
    elif kind == "gem":
        round_end.give_gem(state, meaning[1])
        choosing.start_refresh(state)
    elif kind == "sell":
        restock.sell(state, meaning[1])
    elif kind == "restock" and restock.restock(state):
        _next_turn(state)


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
