"""The Nacho Incident's rule-based bench player (spec ``rules``, see bench/rule_players.py).

It plays as a careful human who has read the rulebook, from a determinization of its own seat
(its own hand, the public board and the public warehouses; never another seat's hidden hand or
face-down hire). No search: every decision scores its options with a few simple counts.

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
- **Hiring.** Each smuggler in hand: its best delivery and cantina within reach, with prices
  discounted when an opponent who likely moves earlier holds the same food; less the fee; the
  chance of moving first (from a fixed idea of what opponents hire, and the gem for ties) times
  the mountie's cost (a holder lost in its province, or its penalty) and with the chance to
  steal; less a little for keeping cheap, wide-reaching smugglers for later turns.
- **Hand refresh.** Discard every smuggler that is not clearly better than an average draw
  (in effect: fees of 2 or more, high ranks; cheap, wide-reaching ones stay).
- **Mounties.** Of two, the pricier one acts and leaves; a bored mountie takes the holder whose
  loss hurts least; a wandering one goes where it hurts the richest opponent most.
- **Gem.** Kept when we are among the lowest, for the final tie-break.

Measure it with the ladder (one process on a busy machine):

    nice -n 10 .venv/bin/python bench/ladder.py --game nacho-incident --players 3 \
        --ismcts rules --opponent greedy --opponent random --games 60 --workers 1 --seed 2024

Measured so (400 games each, --seed 2024): win share against greedy 0.63 at two players, 0.69
at three and 0.77 at four; against random 1.00 (60 games each).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rule_players import SeatPlayer  # noqa: E402

from contraband.games.nacho_incident.board import (  # noqa: E402
    BONUS,
    BORED,
    CARD_PRICE_OF,
    CARD_SLOT_OF,
    CARGO,
    COLOURS,
    DESTINATION,
    FOODS,
    GEM,
    HIRE,
    MARKET,
    MEANING,
    MOUNTIE_FLAG,
    MOUNTIE_PENALTY,
    NPROV,
    PICK,
    REACH,
    SLOTS,
    SMUGGLER_COST,
    SMUGGLER_FLAG,
    SMUGGLER_NAME,
    SMUGGLER_RANK,
    TURNS,
    TURNS_PER_ROUND,
    WANDER,
)

NFOOD = len(CARD_PRICE_OF[0])
#: our idea of how often an opponent hires each rank (mostly cheap and middle ranks)
HIRE_PRIOR = {1: 0.12, 2: 0.12, 3: 0.22, 4: 0.22, 5: 0.16, 6: 0.1, 7: 0.035, 8: 0.015, 9: 0.01}
#: the share of smugglers (by flag) that can reach each province: ends two flags, middle three
REACH_SHARE = tuple(sum(p in REACH[f] for f in range(NPROV)) / NPROV for p in range(NPROV))
CUBE_SHARE = 0.45  # a kept cube is worth this share of the best open price for it
SELL_MARGIN = 0.05  # a cube is sold when a fresh cube and the sale beat it by this much
DENIAL = 1.0  # an opponent's lost majority chance, shared among the opponents, counts as a gain
KEEP = 0.25  # share of a smuggler's general quality it keeps worth in hand for later turns
DISCARD_MARGIN = -0.75  # discard below an average draw's quality less this (< 0: above it)
SPREAD = 0.25  # how much each opponent move still to come flattens the majority ramp
CLAIM = 0.6  # chance that an earlier opponent holding the food and reaching the slot takes it


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
        self.price = [[0] * NFOOD for _ in range(NPROV)]  # open price per province and food
        for p in range(NPROV):
            card = state.prov_up[p]
            for f in range(NFOOD):
                slot = CARD_SLOT_OF[card][f]
                if slot >= 0 and not state.slots[p * SLOTS + slot]:
                    self.price[p][f] = CARD_PRICE_OF[card][f]
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
        best = max(self.price[p][food] for p in range(NPROV))
        share = CUBE_SHARE if self.turns_after >= 2 else 0.35
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
        higher = sum(w for r, w in HIRE_PRIOR.items() if r > rank)
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


class NachoRulesPlayer(SeatPlayer):
    """Plain rules for The Nacho Incident (see the module's docstring)."""

    def decide(self, guess, seat: int, legal: list):
        labels = [action.label for action in legal]
        label = self.choose(Look(guess, seat), labels)
        return legal[labels.index(label)]

    def choose(self, look: Look, labels: list[str]) -> str:
        phase = look.s.phase
        if phase == HIRE:
            return max(labels, key=lambda label: self.hire_value(look, MEANING[label][1]))
        if phase == CARGO:
            return self.cargo(look, labels)
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
            return min(labels, key=lambda label: self.victim_loss(look, MEANING[label][1]))
        if phase == WANDER:
            return max(labels, key=lambda label: self.wander_harm(look, MEANING[label]))
        if phase == GEM:
            mine = f"gem to {COLOURS[look.seat]}"
            return mine if mine in labels else labels[0]
        if phase == MARKET:
            return self.market(look, labels)
        return self.refresh(look, labels)  # refresh or the optional reselection

    # -- step 1 -------------------------------------------------------------------------------
    def hire_value(self, look: Look, card: int) -> float:
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

    # -- step 3 -------------------------------------------------------------------------------
    def cargo(self, look: Look, labels: list[str]) -> str:
        s = look.s
        flag = SMUGGLER_FLAG[s.chosen[look.seat]]
        later = look.n - 1 - s.order_pos
        legal = set(labels)
        found = [o for o in look.options(flag, later, s.order_pos == 0) if o[1] in legal]
        return max(found, key=lambda option: option[0])[1]

    # -- step 4 -------------------------------------------------------------------------------
    @staticmethod
    def victim_loss(look: Look, card: int) -> float:
        """The bonus chance we lose when the bored mountie takes ``card``."""
        seat, s = look.seat, look.s
        for p in range(NPROV):
            if card in s.cantinas[seat * NPROV + p]:
                return look.holder_loss(seat, p, look.moves_left(look.n - 1 - s.order_pos))
        return 0.0

    @staticmethod
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

    # -- step 5 and 6 -------------------------------------------------------------------------
    @staticmethod
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

    @staticmethod
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
