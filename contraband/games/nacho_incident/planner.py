"""The Nacho Incident's planner: the hire (step 1) and the hand refresh (step 5) judged by plain
rules rather than searched.

The rule-based player (rules_player.py) takes both decisions from here and makes the others
by its own rules. A searching agent takes its hand refreshes from here
(``NachoHeuristic.planned``) and its hires from ``foresight``, which plays each hire's turn
out and expects the other seats to hire by ``hire_value``. Measured
(docs/research/strength-notebook.md, "The Nacho planner"): the evaluation, one ply ahead, hired and
discarded worse than these rules (greedy with the rules' hires and discards held 0.575 and 0.560 of
400 games against the rules player, seeds 2025 and 2026, where greedy alone held 0.495 and 0.427),
and the search at 300 iterations with them 0.583 of 120 against 0.517 without.

- **Hiring.** Each smuggler in hand: its best delivery and cantina within reach, with prices
  discounted when an opponent who likely moves earlier holds the same food; less the fee; the
  chance of moving first (from a fixed idea of what opponents hire, and the gem for ties) times
  the mountie's cost (a holder lost in its province, or its penalty) and with the chance to
  steal; less a little for keeping cheap, wide-reaching smugglers for later turns.
- **Hand refresh.** Discard every smuggler that is not clearly better than an average draw
  (in effect: fees of 2 or more, high ranks; cheap, wide-reaching ones stay).

``Look`` works out, once per decision, the numbers these rules read (open prices, cantina
majorities, the mountie's cost); it reads a determinization of the deciding seat, never more.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.games.nacho_incident.board import (
    BONUS,
    COLOURS,
    FOODS,
    HIRE,
    MEANING,
    MOUNTIE_FLAG,
    MOUNTIE_PENALTY,
    NPROV,
    REACH,
    REFRESH,
    RESELECT,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    TURNS,
    TURNS_PER_ROUND,
)
from contraband.games.nacho_incident.outlook import HIRE_PRIOR, NFOOD, OUTRANKED, open_prices

#: the share of smugglers (by flag) that can reach each province: ends two flags, middle three
REACH_SHARE = tuple(sum(p in REACH[f] for f in range(NPROV)) / NPROV for p in range(NPROV))
#: a kept cube is worth this share of the best open price for it (the evaluation, which also
#: counts the refill and the market, uses less: outlook.CUBE_SHARE)
KEPT_CUBE_SHARE = 0.45
DENIAL = 1.0  # an opponent's lost majority chance, shared among the opponents, counts as a gain
KEEP = 0.25  # share of a smuggler's general quality it keeps worth in hand for later turns
DISCARD_MARGIN = -0.75  # discard below an average draw's quality less this (< 0: above it)
SPREAD = 0.25  # how much each opponent move still to come flattens the majority ramp
CLAIM = 0.6  # chance that an earlier opponent holding the food and reaching the slot takes it
#: the decisions taken here
PLANNED = (HIRE, REFRESH, RESELECT)


def plan(state) -> Action | None:
    """The planner's move for the seat on move, or None when the decision is not one of
    ``PLANNED`` (``state`` is that seat's determinization)."""
    if state.phase not in PLANNED:
        return None
    legal = state._cached_legal()
    if len(legal) == 1:
        return legal[0]
    look = Look(state, state.current_player)
    if state.phase == HIRE:
        return max(legal, key=lambda action: hire_value(look, MEANING[action.label][1]))
    labels = [action.label for action in legal]
    return legal[labels.index(refresh(look, labels))]


def card_quality(card: int) -> float:
    """How good a smuggler is to hold in general: reach, less its fee, less the trouble a high
    rank brings (it goes first and takes the mountie)."""
    rank = SMUGGLER_RANK[card]
    return 0.5 * len(REACH[SMUGGLER_FLAG[card]]) - SMUGGLER_COST[card] - 0.4 * max(0, rank - 6)


class Look:
    """The numbers every rule reads, worked out once per decision from the determinization."""

    def __init__(self, state, seat: int) -> None:
        self.s, self.seat, self.n = state, seat, state.players
        self.turn = state.turn
        self.turns_after = TURNS - 1 - state.turn  # whole turns after this one in the game
        self.in_round_after = TURNS_PER_ROUND - 1 - state.turn % TURNS_PER_ROUND
        self.rounds_after = (TURNS - 1 - state.turn) // TURNS_PER_ROUND
        #: open price per province and food, and per food the best of them
        self.price, self.best = open_prices(state)
        self.counts = [
            [len(state.cantinas[s * NPROV + p]) for p in range(NPROV)] for s in range(self.n)
        ]
        self.kv = [self.cube_value(f) for f in range(NFOOD)]
        bag = state.bag
        self.refill = sum(self.kv[f] for f in bag) / len(bag) if bag and self.turns_after else 0.0

    # -- cubes --------------------------------------------------------------------------------
    def cube_value(self, food: int) -> float:
        """A cube kept for later turns: a share of its best open price (1 when no card wants
        it now: a card may turn up), nothing once no turn is left to ship it."""
        if self.turns_after == 0:
            return 0.0
        best = self.best[food]
        share = KEPT_CUBE_SHARE if self.turns_after >= 2 else 0.35
        return share * best if best else 1.0

    def kept(self, food: int) -> float:
        """A kept cube can always be sold for 1 and replaced from the bag."""
        if self.turns_after == 0:
            return 0.0
        return max(self.kv[food], 1.0 + self.refill)

    # -- cantinas -----------------------------------------------------------------------------
    def moves_left(self, later_now: int) -> float:
        """Opponent moves still to come before the round ends."""
        return self.in_round_after * (self.n - 1) + later_now

    @staticmethod
    def win_chance(mine: int, lead: int, moves_left: float) -> float:
        """Chance that ``mine`` holders with ``lead`` over the best rival hold a strict
        majority at the round's end: a ramp in the lead, flatter while moves remain."""
        if mine <= 0:
            return 0.0
        slope = 0.5 / (0.5 + SPREAD * moves_left)
        return min(1.0, max(0.0, 0.5 + (lead - 0.5) * slope))

    def lead(self, s: int, p: int, extra: tuple[int, int] = (-1, 0)) -> tuple[int, int]:
        """Seat ``s``'s holders in ``p`` and its lead over the best other seat, with
        ``extra = (seat, holders)`` added to one seat."""
        row = [self.counts[o][p] + (extra[1] if o == extra[0] else 0) for o in range(self.n)]
        return row[s], row[s] - max(row[o] for o in range(self.n) if o != s)

    def burden(self, penalty: float) -> float:
        """What a mountie left on an empty cantina of ours costs: its penalty at this round's
        end (less when turns remain to feed it a smuggler), and some for later rounds."""
        now = penalty if self.in_round_after == 0 else 0.7 * penalty
        return now + (1.0 if self.rounds_after else 0.0)

    def holder_loss(self, s: int, p: int, moves: float) -> float:
        """Bonus chance seat ``s`` loses in ``p`` when one of its holders there goes."""
        mine, lead = self.lead(s, p)
        after = self.win_chance(mine - 1, lead - 1, moves)
        return BONUS[p] * (self.win_chance(mine, lead, moves) - after)

    def cantina(self, p: int, later_now: int) -> float:
        """What our smuggler opening (or feeding) our cantina in ``p`` is worth."""
        seat, s = self.seat, self.s
        posts = s.posts[seat * NPROV + p]
        moves = self.moves_left(later_now)
        if posts:  # the newcomer is arrested and the mountie that acts leaves the game
            value = self.burden(max(MOUNTIE_PENALTY[m] for m in posts))
            if len(posts) >= 2 and not self.counts[seat][p]:  # spares a holder elsewhere
                value += max(self.holder_loss(seat, q, moves) for q in range(NPROV))
            return value
        mine, lead = self.lead(seat, p)
        gain = BONUS[p] * (
            self.win_chance(mine + 1, lead + 1, moves) - self.win_chance(mine, lead, moves)
        )
        share = DENIAL / (self.n - 1)  # an opponent's loss counts for part of a gain
        for o in range(self.n):
            if o == seat or self.counts[o][p] <= mine:
                continue
            o_mine, o_lead = self.lead(o, p)
            _, o_after = self.lead(o, p, (seat, 1))
            lost = self.win_chance(o_mine, o_lead, moves) - self.win_chance(o_mine, o_after, moves)
            gain += share * BONUS[p] * lost
        return gain

    # -- deliveries ---------------------------------------------------------------------------
    def options(self, flag: int, later_now: int, steal: bool, open_odds=None) -> list[tuple]:
        """(value, cargo label, province) for every delivery of a smuggler of ``flag``.

        ``open_odds(p, f)``: the chance the slot is still open when we move (hire time)."""
        seat, s = self.seat, self.s
        mine = s.warehouses[seat]
        cantina = {p: self.cantina(p, later_now) for p in REACH[flag]}
        found = [(cantina[p], "ship nothing", p) for p in REACH[flag]]
        sources = [(seat, f) for f in sorted(set(mine))]
        if steal:
            sources += [(o, f) for o in range(self.n) if o != seat for f in set(s.warehouses[o])]
        give = sum(self.kept(f) for f in mine)
        for owner, f in sources:
            if owner == seat:
                label, swap = f"ship {FOODS[f]}", self.refill - self.kept(f)
            else:  # our cubes go to the victim; we refill the warehouse from the bag
                label = f"steal {FOODS[f]} from {COLOURS[owner]}"
                gift = (give - self.kept(f)) / (self.n - 1)
                swap = len(mine) * self.refill - give - gift
            for p in REACH[flag]:
                price = self.price[p][f]
                if not price:
                    continue
                odds = open_odds(p, f) if open_odds else 1.0
                found.append((odds * price + swap + cantina[p], label, p))
        return found

    # -- moving first -------------------------------------------------------------------------
    def before_me(self, card: int) -> list[float]:
        """Per seat, the chance it moves before us when we hire ``card``."""
        rank, seat, gem, n = SMUGGLER_RANK[card], self.seat, self.s.gem, self.n
        higher = OUTRANKED[rank]
        chances = [0.0] * n
        for o in range(n):
            if o != seat:
                ties_first = (o - gem) % n < (seat - gem) % n
                chances[o] = higher + (HIRE_PRIOR[rank] if ties_first else 0.0)
        return chances

    def mountie_cost(self) -> float:
        """What taking this turn's mountie would cost us."""
        mountie = self.s.mountie_up
        moves = self.moves_left(self.n - 1)
        if mountie < 0:  # blind smuggling: an average mountie somewhere
            return self.burden(3.5)
        flag, penalty = MOUNTIE_FLAG[mountie], MOUNTIE_PENALTY[mountie]
        seat = self.seat
        if self.counts[seat][flag]:  # it arrests our best holder there at once
            return self.holder_loss(seat, flag, moves) + 0.5
        if self.s.posts[seat * NPROV + flag]:  # two idle mounties: a bored arrest, one stays
            worst = max(self.holder_loss(seat, q, moves) for q in range(NPROV))
            return worst + self.burden(penalty)
        return self.burden(penalty)


def hire_value(look: Look, card: int) -> float:
    """Expected delivery and cantina, less the fee, the mountie risk and the card's worth
    kept in hand."""
    seat, s = look.seat, look.s
    flag = SMUGGLER_FLAG[card]
    before = look.before_me(card)
    first = 1.0
    for chance in before:
        first *= 1.0 - chance

    def open_odds(p: int, f: int) -> float:
        odds = 1.0
        for o in range(look.n):
            if o != seat and f in s.warehouses[o]:
                odds *= 1.0 - before[o] * REACH_SHARE[p] * CLAIM
        return odds

    later = round(sum(1.0 - b for o, b in enumerate(before) if o != seat))
    usual = max(v for v, _, _ in look.options(flag, later, False, open_odds))
    leading = max(v for v, _, _ in look.options(flag, look.n - 1, True))
    value = first * (leading - look.mountie_cost()) + (1.0 - first) * usual
    keep = KEEP * card_quality(card) if look.turns_after else 0.0
    return value - SMUGGLER_COST[card] - keep


def refresh(look: Look, labels: list[str]) -> str:
    """Discard the worst smuggler while it is not clearly better than an average draw: a
    fresh card is as likely to be cheap as the kept one, and the fees add up (measured)."""
    s = look.s
    pool = s.smuggler_deck or s.smuggler_out
    hand = s.hands[look.seat]
    if not pool or not hand:
        return "keep hand"
    average = sum(card_quality(c) for c in pool) / len(pool)
    worst = min(hand, key=lambda c: (card_quality(c), -SMUGGLER_RANK[c]))
    label = f"discard {SMUGGLER_NAME[worst]}"
    if card_quality(worst) < average - DISCARD_MARGIN and label in labels:
        return label
    return "keep hand"
