"""Narcos' AI hooks: an evaluation, a stop rule for flipping, and a fast rule-based policy.

Everything is judged in millions of expected final money per seat, turned into win chances:
- the money held (and this turn's sales not yet paid);
- the goods in stock, at a share of a million that falls to 0 when the seat has no turn left
  to sell them (and to little for goods beyond two turns' shipping);
- the network's income per future turn (what ``ACTIONS_PER_TURN`` actions can produce, ship
  and sell with it) times the seat's expected turns left;
- Cartel cards, sicarios and workers at small values, the DEA agents as a cost;
- for the player on turn, the rest of this turn: in phase 1 the model of ``flipmodel`` (the
  best of stopping and flipping on, card by card), in phase 2 the best use of the actions left
  (``plan``), then the sale.

The stop rule (``should_flip``): flip while flipping on is worth more than stopping now.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from contraband.core.action import Action
from contraband.core.heuristic import Heuristic, win_chances
from contraband.core.lookahead import best_move, move_values
from contraband.core.random import Rng
from contraband.games.narcos import deck, flipmodel, flipping, sales
from contraband.games.narcos.board import (
    ADVANCED,
    CARD_KIND,
    DEA_ACTION_CARD,
    FLEE_ACTIONS,
    INVEST,
    MANAGE,
    MAX_CARD_ACTIONS,
    MAX_CARDS,
    PURCHASE,
    RAID,
    SELL,
    WORKER,
)
from contraband.games.narcos.planner import plan, stock
from contraband.games.narcos.worth import (
    ACTION_AGENT_COST,
    CARD_VALUE,
    PHASE_ONE,
    SICARIO_VALUE,
    best_investment,
    income,
    network_of,
    shares,
    turns_left,
    waiting_seat,
    with_holdings,
)

#: the decisions the planner (``NarcosHeuristic.planned``) takes by the evaluation one move
#: ahead; the rule-based policy takes the rest. Investments only with two players: with three
#: or four the evaluation's investments were no better than the policy's (docs/strength.md,
#: "Narcos' planner")
EVALUATED_PHASES = (MANAGE,)
EVALUATED_PHASES_TWO_PLAYERS = (MANAGE, INVEST, PURCHASE)

SCALE_BASE, SCALE_PER_TURN = 2.0, 0.4  # money differences that decide a game, by turns left

_CATEGORY = tuple(
    flipmodel.GUN
    if kind in ("lab", "transport", "storage")
    else flipmodel.DEA
    if kind in ("dea_action", "dea_money")
    else flipmodel.CATEGORIES.index(kind)
    for kind in CARD_KIND
)


def turn_value(state, seat: int, actions: int, extra_buyers: int = 0, left=None) -> float:
    """The value of the rest of the active player's turn with ``actions`` to spend."""
    return planned_turn(turn_key(state, seat, left), actions, extra_buyers)


def turn_key(state, seat: int, left=None) -> tuple:
    """What ``turn_value`` reads of the position, besides the actions and extra buyers."""
    left = turns_left(state) if left is None else left
    lab_share, storage_share = shares(left[seat])
    output, ship, capacity = network_of(state, seat)
    full, outlet = sales.buyer_counts(state, seat)
    basic = state.options.get("mode") != ADVANCED
    lab, storage = state.lab_goods[seat], state.storage_goods[seat]
    return (lab, storage, capacity, ship, output, full, outlet, basic, lab_share, storage_share)


def planned_turn(key: tuple, actions: int, extra_buyers: int = 0) -> float:
    """``turn_value`` from a ``turn_key`` already worked out (the rollout policy asks it of
    several choices of one position)."""
    lab, storage, capacity, ship, output, full, outlet, basic, lab_share, storage_share = key
    buyers = full + extra_buyers
    return plan(
        actions,
        lab,
        storage,
        capacity,
        ship,
        output,
        buyers,
        outlet and not (buyers and basic),
        lab_share,
        storage_share,
    )


@lru_cache(maxsize=20_000)
def _stop_table(key: tuple, agent_cost: float) -> tuple[tuple[float, ...], ...]:
    """``flipmodel``'s values of stopping, by actions (rows) and extra traffickers; a DEA
    agent costs ``agent_cost`` once the actions reach five."""
    stop = []
    for actions in range(MAX_CARD_ACTIONS + 1):
        row = tuple(round(planned_turn(key, actions, t), 1) for t in range(3))
        if agent_cost and actions >= 5:
            row = tuple(v - agent_cost for v in row)
        stop.append(row)
    return tuple(stop)


# -- phase 1 ---------------------------------------------------------------------------------------
def next_card_odds(state, known: bool = False) -> tuple[float, ...]:
    """The chances of each category for a card drawn from the deck (without the top card when
    it is ``known``)."""
    pool = state.deck + (state.top[1:] if known else state.top)
    if not pool:
        return (0.0,) * len(flipmodel.CATEGORIES)
    counts = [0] * len(flipmodel.CATEGORIES)
    for card in pool:
        counts[_CATEGORY[card]] += 1
    return tuple(round(count / len(pool) * 50) / 50 for count in counts)  # (for the cache)


def phase_one(state, seat: int, left=None) -> tuple[float, float]:
    """(stop now, flip on) for the active player in phase 1, by ``flipmodel``."""
    left = turns_left(state) if left is None else left
    agent = state.action_agent != -1 or DEA_ACTION_CARD in state.timeline
    agent_cost = ACTION_AGENT_COST * min(1.0, left[seat]) if agent else 0.0
    stop = _stop_table(turn_key(state, seat, left), agent_cost)
    first = -1
    if state.top and state.top_seen[0] >> seat & 1:
        first = _CATEGORY[state.top[0]]
    wait = sum(1 for c in state.timeline if CARD_KIND[c] in ("police", "military"))
    start = (
        flipping.table_cards(state) - len(state.unpaid),
        flipping.danger(state),
        min(flipping.guns(state), 4),
        0,  # the traffickers already on the table are counted by turn_value
        state.activated,
        0 if state.activated else min(wait, 3),
        min(state.sicarios[seat], 2),
    )
    lab_share = shares(left[seat])[0]
    pay = lab_share if state.lab_goods[seat] else 1.0
    here, on = flipmodel.solve(
        next_card_odds(state, first >= 0), stop, CARD_VALUE, pay, SICARIO_VALUE, start, first
    )
    if state.fled:
        here = turn_value(state, seat, FLEE_ACTIONS, 0, left)
    return here, on


#: with two players the planner invests nothing once its seat expects fewer own turns than this:
#: an upgrade or a crop pays back only if the seat does play another turn, which near the end
#: is one turn or none, not the expected fraction (docs/strength.md, "Narcos: a weaker
#: `medium`, or a `hard` that plays the race?")
LAST_INVESTMENT_TURNS = 1.0


def too_late_to_invest(state) -> bool:
    """Whether the seat on move decides a two-player investment (its own, or a purchase of the
    cards left) while it expects fewer own turns than ``LAST_INVESTMENT_TURNS``."""
    if state.players != 2 or state.phase not in (INVEST, PURCHASE):
        return False
    return turns_left(state)[state.current_player] < LAST_INVESTMENT_TURNS


def should_flip(state, seat: int) -> bool:
    """The stop rule: flip on while that is worth more than stopping now."""
    if flipping.table_cards(state) >= MAX_CARDS or not deck.cards_left(state):
        return False
    here, on = phase_one(state, seat)
    return on > here + 0.05


def _current_turn(state, seat: int, left) -> float:
    """The rest of the active player's turn (before phase 3, which ``best_investment``
    counts)."""
    phase = state.phase
    if phase in PHASE_ONE:
        if state.fled:
            return turn_value(state, seat, FLEE_ACTIONS, 0, left)
        here, on = phase_one(state, seat, left)
        if phase == "start" or not state.flips:
            return on
        if phase == "bonus":
            return here
        return max(here, on)
    if phase == MANAGE:
        return turn_value(state, seat, state.actions, 0, left)
    return turn_value(state, seat, 0, 0, left)  # RAID, SELL, WORKER: the sale


def _turn_in_play(state) -> bool:
    """Whether the active player's turn still holds value not yet in money or stock."""
    if state.phase in PHASE_ONE or state.phase in (MANAGE, RAID, SELL):
        return True
    return state.phase == WORKER and state.resume != "leftover"


class NarcosHeuristic(Heuristic):
    #: rollout steps. Each step fewer searched more iterations a second and played at least as
    #: well at equal iterations (three players, 300 iterations, 60 games, seed 2024, with
    #: bench/ladder.py --game narcos --players 3 --games 60 --seed 2024 --ismcts A --opponent B):
    #: 4 steps held 0.575 [0.449, 0.692] of the wins against 8, and 3 steps 0.575 [0.449,
    #: 0.692] against 4 (3 steps: 4.6-5.1k iterations/s against 3.2-3.9k with 4, bench/ismcts.py
    #: --game narcos --positions 16); 2 steps looked weaker in a short run
    rollout_cutoff = 3
    #: win chances differ by a few hundredths between moves: a smaller constant lets the
    #: search settle (see contraband.core.heuristic)
    exploration = 0.15
    #: the medium level plays one of its three most visited moves on 15% of its searched
    #: decisions: without slips medium (300 iterations, no planner) was too close to hard (the
    #: full search) at every player count; see docs/strength.md for the measured ladder
    level_slips: ClassVar[dict[str, float]] = {"medium": 0.15}

    def expected_money(self, state) -> list[float]:
        left = turns_left(state)
        active = -1 if state.is_terminal() else state.active
        values = []
        for seat in range(state.players):
            if seat != active:
                values.append(waiting_seat(state, seat, left[seat]))
                continue
            value = float(state.money[seat])
            lab_share, storage_share = shares(left[seat])
            output, ship, capacity = network_of(state, seat)
            if _turn_in_play(state):
                value += _current_turn(state, seat, left) + state.pending_income
            else:
                value += state.pending_income
                lab, storage = state.lab_goods[seat], state.storage_goods[seat]
                value += stock(lab, storage, ship, lab_share, storage_share)
            value += left[seat] * income(output, ship, capacity)
            value += best_investment(state, seat, left, (output, ship, capacity))
            action_agent = state.action_agent == seat and DEA_ACTION_CARD not in state.head
            value = with_holdings(
                value,
                left[seat],
                len(state.hands[seat]),
                state.sicarios[seat],
                state.workers[seat],
                on_turn=True,
                money_agent=state.money_agent == seat,
                action_agent=action_agent,
            )
            values.append(value)
        return values

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        expected = self.expected_money(state)
        left = sum(turns_left(state)) / state.players
        return win_chances(expected, SCALE_BASE + SCALE_PER_TURN * left)

    def policy(self, state, rng: Rng) -> Action:
        from contraband.games.narcos.policy import choose

        legal = state._cached_legal()  # read only: legal_actions() would copy it
        if len(legal) == 1:
            return legal[0]
        label = choose(state, [a.label for a in legal], should_flip)
        for action in legal:
            if action.label == label:
                return action
        return rng.choice(legal)

    def planned(self, state, rng: Rng, deadline: float | None = None) -> Action | None:
        """Every decision, without search: phase 2's actions (and with two players the
        investments, none once the seat expects less than a turn of its own) by the evaluation
        one move ahead, the rest by the rule-based policy (the stop rule for flipping).

        The search made weaker decisions than both. Against the rule-based bench player, three
        players, the evaluation deciding phase 2 and the policy the rest held 0.611 of 400
        games, 300 iterations of search deciding phase 2 0.520 of 100, and searching every
        decision 0.455 of 100 (``bench/phase_mix.py --game narcos --players 3``)."""
        legal = state._cached_legal()  # read only
        if len(legal) == 1:
            return legal[0]
        if too_late_to_invest(state):
            for action in legal:
                if action.label in ("invest nothing", "pass"):
                    return action
        evaluated = EVALUATED_PHASES_TWO_PLAYERS if state.players == 2 else EVALUATED_PHASES
        if state.phase in evaluated:
            mover = state.current_player
            return best_move(legal, move_values(state, mover, self, legal), rng)
        return self.policy(state, rng)


HEURISTIC = NarcosHeuristic()
