"""Al Cabohne's evaluation: expected final coins of each player and of the mafia, turned into
win chances.

Everything is counted in coins a field or a boss may still sell for (``outlook``):

- a player's field is worth what it may sell for: its beanometer value with the hand cards of
  its bean still to be planted, and a Poisson share of the unseen cards of its bean that the
  player may still take (the fewer are left, the closer to its value now). An empty field is
  worth nothing by itself: only what it lets the player do (take a face-up group, plant the
  front hand card without selling another field);
- a field growing a bean a boss collects pays tribute next turn, so it is worth what it sells for
  now (a lone card that cannot be sold goes to the boss);
- the mafia: each boss's field is worth what it may bring before he sells (capped at his
  threshold), with the cards of his bean still unseen coming his way, plus what the bosses earn
  after that sale for the rest of the game; a boss with an empty field gets the hand card the
  player would give him (the scarcest bean), so feeding the mafia a card costs what it brings
  his sale closer by;
- a boss's bean in the hand will be fed to him, and a front hand card that fits no field forces
  the sale of the field that loses least.

A state just before phase 4 is judged as after it (in the determinization at hand), so that the
generic greedy agent does not put off turning cards it dislikes.
"""

from __future__ import annotations

import math

from contraband.core.heuristic import Heuristic
from contraband.games.al_cabohne.actions import GIFT, LEFTOVERS, PLANTING, TRADING, TRIBUTE
from contraband.games.al_cabohne.beans import (
    BEAN_COUNTS,
    BEANS,
    DRAWN,
    SOLO_MAFIA_FACTOR,
    TOTAL_CARDS,
    VALUE,
)
from contraband.games.al_cabohne.outlook import NEED, boss_worth, field_worth
from contraband.games.al_cabohne.trading import start
from contraband.games.al_cabohne.turning import turn_up

BEFORE_TURNING = (LEFTOVERS, TRIBUTE, PLANTING)
AFTER_TURNING = (GIFT, TRADING)
DISCARD_PER_PASS = 55  # cards a reshuffled discard pile holds, roughly
CARDS_PER_TURN = (
    5.5  # cards a turn takes from the deck: 3 turned (more when bosses take some), 2 drawn
)
TIE = 1e-4  # coins per decision of the turn: breaks ties between equal positions
SHARE = tuple(count / TOTAL_CARDS for count in BEAN_COUNTS)


def _per_mode(value: float | tuple[float, float]) -> tuple[float, float]:
    return (value, value) if isinstance(value, (int, float)) else tuple(value)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class AlCabohneHeuristic(Heuristic):
    """Weights are in coins; ``remaining`` counts the cards still to come from the deck."""

    #: A turn is a long run of one player's decisions, so random rollout steps mostly judge
    #: whose poor random moves come next (ending the turn early looked best). Evaluating the
    #: search's new leaf at once brought ismcts:iterations=200 from 9-14 coins a game against
    #: greedy's 20-27 (two games) to 15.7 against 16.6 (20 games; see
    #: docs/research/strength-notebook.md).
    rollout_cutoff = 0

    #: The values of one decision's moves differ by a few hundredths (the game is long, the
    #: evaluation cautious), so the default 0.7 spread 200 iterations almost evenly over them.
    #: Against greedy at 200 iterations (40 games each, seats alternating), ismcts finished
    #: ahead of greedy in 0.48 of the games with c = 0.7, 0.53 with 0.2, 0.70 with 0.07, 0.79
    #: with 0.03 and 0.64 with 0 (docs/research/strength-notebook.md).
    exploration = 0.03
    #: a turn is a long run of decisions between draws: greedy's plan stops at a draw, so that
    #: one sampled order of the deck does not choose its sales (tests/games/al_cabohne/
    #: test_heuristic_play.py)
    plan_through_chance = False

    def __init__(
        self,
        # per mode (solo, two players):
        take_share: float | tuple[float, float] = (0.6, 0.5),  # of its bean's unseen cards ...
        horizon: float | tuple[float, float] = (30.0, 30.0),  # ... among the next cards to come
        boss_share: float = 0.7,  # of his bean's unseen cards a boss gets
        boss_rate: float = 0.02,  # a boss's coins per card to come, after his current sale
        empty_boss: float = 0.5,  # where an empty boss's next bean lies from the best to average
        third_field: float = 6.0,  # a third field at the very start (two players)
        misfit: float = 0.5,  # share of the loss of the forced sale a misfit hand card costs
        misfit_later: float = 0.5,  # ... when it is not among the next two cards
        plan_share: float = 0.5,  # share of the worth of a field a new hand bean will start
        feed_share: float = 0.8,  # share of a feeding's cost a boss's bean in the hand costs
        # of what face-up beans add; solo 0.6: greedy beat the mafia in 0.345 and 0.335 of 200
        # deals (two sets) against 0.28 and 0.245 with 0.8, selling fewer fields for nothing
        # (docs/research/strength-notebook.md, "Al Cabohne solo: face-up beans")
        faceup_share: float | tuple[float, float] = (0.6, 0.8),
        left_for_other: float = 0.25,  # a face-up bean matching the other player's field
        player_rate: float = 0.12,  # coins per card to come from fields not started yet
        scale_end: float = 3.0,  # uncertainty of a coin lead at the end of the game ...
        scale_per_card: float = 0.0,  # ... growing with each card still to be drawn
        # share of the search's value that is the coin margin (solo, two players) ...
        margin_weight: float | tuple[float, float] = (0.5, 0.25),
        margin_scale: float = 8.0,  # ... squashed over this many coins
    ) -> None:
        self.take_share = _per_mode(take_share)
        self.horizon = _per_mode(horizon)
        self.boss_share = boss_share
        self.boss_rate = boss_rate
        self.empty_boss = empty_boss
        self.third_field = third_field
        self.misfit = misfit
        self.plan_share = plan_share
        self.misfit_later = misfit_later
        self.feed_share = feed_share
        self.faceup_share = _per_mode(faceup_share)
        self.left_for_other = left_for_other
        self.player_rate = player_rate
        self.scale_end = scale_end
        self.scale_per_card = scale_per_card
        self.margin_weight = _per_mode(margin_weight)
        self.margin_scale = margin_scale

    def evaluate(self, state) -> list[float]:
        state = self.judged(state)
        if state.is_terminal():
            return state.returns()
        return self.chances(state, *self.forecast(state))

    def search_value(self, state) -> list[float]:
        """The win chance blended with the coin margin over the best rival (the mafia or the
        other player): the mafia wins most games, and a search that only counts wins then sees
        every move as worth nothing."""
        state = self.judged(state)
        if state.is_terminal():
            chances = state.returns()
            expected = [float(score) for score in state.scores()]
            mafia = float(state.mafia_total())
        else:
            expected, mafia, scale = self.forecast(state)
            chances = self.chances(state, expected, mafia, scale)
        blend = self.margin_weight[state.players - 1]
        values = []
        for s, chance in enumerate(chances):
            rival = max([mafia] + [expected[o] for o in range(len(expected)) if o != s])
            margin = _sigmoid((expected[s] - rival) / self.margin_scale)
            values.append((1.0 - blend) * chance + blend * margin)
        return values

    def judged(self, state):
        """The state to judge: phase 4 is a chance event, so a state before it is judged as
        after it (in the deck order of this determinization, as the moves that end phase 3 turn
        them), so that a plan is never preferred for putting off the turning of cards whose
        outcome it dislikes. Not at the start of a turn, so that ending a turn is judged like
        the other moves of phase 5."""
        if state.is_terminal() or not (state.turn_step and state.phase in BEFORE_TURNING):
            return state
        state = state.clone()
        if turn_up(state):
            start(state)
            state.phase = GIFT
        return state

    @staticmethod
    def chances(state, expected: list[float], mafia: float, scale: float) -> list[float]:
        """Win chances from the expected final coins: beat the mafia and the other player."""
        if state.players == 1:
            return [_sigmoid((expected[0] - mafia) / scale)]
        return [
            _sigmoid((mine - expected[1 - s]) / scale) * _sigmoid((mine - mafia) / scale)
            for s, mine in enumerate(expected)
        ]

    # -- the forecast ---------------------------------------------------------------------------
    @staticmethod
    def outlook(state) -> tuple[int, list[float]]:
        """The cards still to come after this turn's draw and, per bean, how many unseen cards
        are of that bean: the deck of this determinization, and each bean's share of every later
        pass. Counting the draw as made before it happens keeps the estimate steady when a turn
        ends, so that a plan is not judged by how soon its chain of decisions reaches the draw."""
        passes_left = state.options["deck_passes"] - state.deck_pass
        deck = state.deck
        supply = [float(deck.count(bean)) for bean in range(BEANS)]
        remaining = len(deck)
        if state.phase in AFTER_TURNING:  # this turn's draw is as good as made
            remaining = max(0, remaining - DRAWN)
        if passes_left > 0:
            later = passes_left * DISCARD_PER_PASS
            supply = [s + later * share for s, share in zip(supply, SHARE, strict=True)]
            return remaining + later, supply
        return remaining, supply

    def boss_value(self, boss: int, bean: int, count: int, supply: list[float], remaining: int):
        """What a boss's field of ``count`` ``bean`` brings the mafia by the end: his sale (or
        his field's value at the end) and what he earns after his sale."""
        hoped = self.boss_share * supply[bean]
        worth = boss_worth(boss, bean, count, hoped)
        if hoped > 0.0:
            short = NEED[boss][bean] - count
            if short < hoped:  # he sells before the end, with cards still to come after
                worth += self.boss_rate * remaining * (1.0 - short / hoped)
        return worth

    def forecast(self, state) -> tuple[list[float], float, float]:
        """Each player's expected final coins, the mafia's (doubled in solo) and the spread of a
        coin lead at this point of the game (a state judged as after phase 4)."""
        remaining, supply = self.outlook(state)
        boss_beans = state.boss_bean
        # what each boss brings, and what one more card fed to him costs
        mafia = float(len(state.mafia_coins))
        feed = [0.0] * len(boss_beans)
        empty = []
        for boss, (bean, count) in enumerate(zip(boss_beans, state.boss_count, strict=True)):
            if not count:
                empty.append(boss)
                continue
            now = self.boss_value(boss, bean, count, supply, remaining)
            feed[boss] = self.boss_value(boss, bean, count + 1, supply, remaining) - now
            mafia += now
        if empty:
            mafia += self.empty_bosses(state, empty, supply, remaining)
        expected = []
        for seat in range(state.players):
            worth, fed = self.player(state, seat, supply, remaining, feed)
            expected.append(worth)
            mafia += fed
        # of two ways to the same position, the shorter (a field sold and planted again is not)
        expected[state.turn_player] -= TIE * state.turn_step
        scale = self.scale_end + self.scale_per_card * remaining
        if state.players == 1:
            return expected, SOLO_MAFIA_FACTOR * mafia, scale
        if state.phase != LEFTOVERS and state.faceup:
            other = 1 - state.turn_player
            grown = state.field_bean[other]
            helps = sum(1 for bean in state.faceup if bean in grown)
            expected[other] += self.left_for_other * helps
        return expected, mafia, scale

    def empty_bosses(self, state, empty: list[int], supply: list[float], remaining: int):
        """Bosses with an empty field get a hand card at a phase 5. When the gift is due now,
        the turn player gives the bean that brings the boss least; otherwise the next gift's
        bean is not known yet: a blend of the best and an average bean no other boss collects,
        whatever the hand holds now (a hand whose beans no boss may take only puts the gift
        off)."""
        seat = state.turn_player
        grown = state.field_bean[seat]
        collected = state.boss_bean
        due = state.phase == GIFT
        hand = state.hands[seat]
        total = 0.0
        for boss in empty:
            values = {
                b: self.boss_value(boss, b, 1, supply, remaining)
                for b in range(BEANS)
                if b not in collected
            }
            if not values:
                continue
            if due and state.gift_due[boss]:
                giftable = [values[b] for b in set(hand) if b in values and b not in grown]
                if giftable:
                    total += min(giftable)
                    continue
            best = min(values.values())
            total += best + self.empty_boss * (sum(values.values()) / len(values) - best)
        return total

    def player(
        self, state, seat: int, supply: list[float], remaining: int, feed: list[float]
    ) -> tuple[float, float]:
        """The coins ``seat`` may expect at the end, and the coins its fields and hand will
        feed the mafia.

        The hand is played as it will be: cards of a grown bean go to its field; each new bean
        takes a free field (a field it will start), and when none is left forces the sale of the
        field that loses least; a boss's bean is fed to him."""
        players = state.players
        mode = players - 1
        worth = len(state.coins[seat]) + self.player_rate * remaining
        fed = 0.0
        beans, counts = state.field_bean[seat], state.field_count[seat]
        owned = state.fields_owned[seat]
        boss_beans = state.boss_bean
        hand = state.hands[seat]
        # hand cards planted before the end: one or two a turn
        turns = remaining / (CARDS_PER_TURN * players)
        reach = hand[: int(2 * turns) + 1]
        window = (
            self.take_share[mode] * min(1.0, self.horizon[mode] / remaining) if remaining else 0.0
        )
        free = 0
        big = any(counts[f] > 1 for f in range(owned))
        cheapest = 99.0
        grown = set()
        # the biggest field of a bean is the one that grows
        for f in sorted(range(owned), key=counts.__getitem__, reverse=True):
            count = counts[f]
            if not count:
                free += 1
                continue
            bean = beans[f]
            now = VALUE[bean][count]
            if bean in boss_beans:  # tribute next turn: sell it first, or feed its lone card
                if count == 1 and big:
                    fed += feed[boss_beans.index(bean)]
                worth += now
                cheapest = 0.0
                continue
            if bean in grown:  # a second field of the same bean: its value now
                worth += now
                cheapest = 0.0
                continue
            grown.add(bean)
            value = field_worth(bean, count + reach.count(bean), window * supply[bean])
            worth += value
            cheapest = min(cheapest, value - now)
        # the hand's new beans, in the order they come
        # the front card is planted before it could be given away, unless this is the
        # seat's own phase 5 now
        must_plant = not (state.turn_player == seat and state.phase in AFTER_TURNING)
        planned = []
        for position, bean in enumerate(reach):
            if bean in boss_beans:
                boss = boss_beans.index(bean)
                if position or not must_plant:  # given to him in time
                    fed += self.feed_share * feed[boss]
                    continue
                fed += feed[boss]  # planted, it takes a field and goes to him as tribute
                value = 0.0
            elif bean not in grown:
                grown.add(bean)
                value = field_worth(bean, reach.count(bean), window * supply[bean])
            else:
                continue
            planned.append(value)
            if len(planned) > free:  # no field left for it: another must be sold first,
                # soon (among the next two cards) or later, when much may have changed
                later = 1.0 if position < 2 else self.misfit_later
                worth -= later * self.misfit * cheapest
        worth += self.plan_share * sum(planned)
        if owned == 3 and players == 2:
            worth += self.third_field * min(1.0, remaining / TOTAL_CARDS)
        if state.turn_player == seat and state.phase in AFTER_TURNING and state.faceup:
            spare = free > len(planned)
            displaced = 0.0 if spare or not planned else self.plan_share * planned[free - 1]
            gain = self.plantable(state, beans, counts, free > 0, displaced, reach, window, supply)
            worth += self.faceup_share[mode] * gain
        return worth, fed

    @staticmethod
    def plantable(state, beans, counts, free: bool, displaced: float, reach, window, supply):
        """What the face-up beans would add to the turn player's fields: those matching a
        field, and the best other group if a field is free (less the planned field it would
        displace)."""
        total = 0.0
        best_other = 0.0
        faceup = state.faceup
        boss_beans = state.boss_bean
        for bean in set(faceup):
            if bean in boss_beans:
                continue
            many = faceup.count(bean)
            hoped = window * supply[bean]
            ahead = reach.count(bean)
            if bean in beans:
                count = counts[beans.index(bean)] + ahead
                total += field_worth(bean, count + many, hoped) - field_worth(bean, count, hoped)
            elif free:
                gain = field_worth(bean, many + ahead, hoped) - field_worth(bean, ahead, hoped)
                best_other = max(best_other, gain - displaced)
        return total + best_other


HEURISTIC = AlCabohneHeuristic()
