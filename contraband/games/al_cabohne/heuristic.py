"""Al Cabohne's evaluation: expected final coins of each player and of the mafia, turned into
win chances.

A field is worth its coins now plus what its cards may still become (cards times the bean's best
coins per card, plus a bonus per card that keeps fields from being sold off for nothing); that
part fades as the game nears its end, where every field is sold for its beanometer value. A field
growing a bean a boss collects loses a card to the mafia next turn; a third field is worth more
the longer the game still runs; face-up beans count for the turn player who may still plant them
and for the other player whose fields they match. Drifts per card left in the deck keep the
estimate steady across the automatic phases, and a state just before phase 4 is judged as after
it, so that the generic greedy agent does not put off turning cards it dislikes.
"""

from __future__ import annotations

import math

from contraband.core.heuristic import Heuristic
from contraband.games.al_cabohne.actions import GIFT, LEFTOVERS, PLANTING, TRADING, TRIBUTE
from contraband.games.al_cabohne.beans import (
    BEANOMETER,
    SOLO_MAFIA_FACTOR,
    TOTAL_CARDS,
    VALUE,
)
from contraband.games.al_cabohne.trading import start
from contraband.games.al_cabohne.turning import turn_up

BEFORE_TURNING = (LEFTOVERS, TRIBUTE, PLANTING)
AFTER_TURNING = (GIFT, TRADING)
KEEP = 0.8  # share of a field's cards-times-rate worth credited while the game runs
DISCARD_PER_PASS = 55  # cards a reshuffled discard pile holds, roughly


#: the best coins per card each bean pays
RATE = tuple(max(level / need for level, need in enumerate(m, start=1)) for m in BEANOMETER)


def _potential_table() -> tuple[tuple[float, ...], ...]:
    """What a field may still become beyond its value now: its cards times the bean's best
    coins per card (discounted by KEEP), less its value now, never below 0."""
    table = []
    for bean, meter in enumerate(BEANOMETER):
        rate = RATE[bean]
        row = []
        for count in range(TOTAL_CARDS + 1):
            hoped = min(count, meter[-1]) * rate * KEEP
            row.append(max(0.0, hoped - VALUE[bean][count]))
        table.append(tuple(row))
    return tuple(table)


POTENTIAL = _potential_table()


def _per_mode(value: float | tuple[float, float]) -> tuple[float, float]:
    return (value, value) if isinstance(value, (int, float)) else tuple(value)


def _sigmoid(x: float) -> float:
    if x < -30:
        return 0.0
    if x > 30:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


class AlCabohneHeuristic(Heuristic):
    """Weights are in coins; ``left`` (1 at the start, 0 at the end) fades what is not yet sold.

    ``*_rate`` are coins expected per card still in the deck: they keep the estimate steady
    while cards are turned and drawn, so that a plan is not judged by how soon its chain of
    decisions reaches the next draw.
    """

    #: A turn is a long run of one player's decisions, so random rollout steps mostly judge
    #: whose poor random moves come next (ending the turn early looked best). Evaluating the
    #: search's new leaf at once brought ismcts:iterations=200 from 9-14 coins a game against
    #: greedy's 20-27 (two games) to 15.7 against 16.6 (20 games; see docs/strength.md).
    rollout_cutoff = 0

    def __init__(
        self,
        tribute_loss: float = 1.0,  # share of the worth of a card a field gives a boss next turn
        third_field: float = 6.0,  # a third field at the very start
        # per mode (solo, two players), tuned by play against the mafia and against random:
        card_bonus: tuple[float, float] = (3.0, 0.5),  # a field card, beyond its coins
        boss_card: float = 0.0,  # each card in a boss's field, beyond its share of coins
        misfit: float = 0.9,  # share of the cheapest field's potential lost to a forced harvest
        hand_card: float = 0.0,  # a card in hand, to be planted later
        hand_cap: int = 8,  # hand cards beyond this many are worth nothing more
        left_for_other: float = 0.25,  # a face-up bean matching the other player's field
        faceup_share: tuple[float, float] = (0.5, 0.8),  # of a plantable face-up bean's worth
        player_rate: float = 0.12,
        mafia_rate: float = 0.12,
        scale_end: float = 1.0,  # uncertainty of a coin lead at the end of the game ...
        scale_per_card: float = 0.03,  # ... growing with each card still to be drawn
    ) -> None:
        self.tribute_loss = tribute_loss
        self.third_field = third_field
        self.card_bonus = _per_mode(card_bonus)
        self.boss_card = boss_card
        self.misfit = misfit
        self.hand_card = hand_card
        self.hand_cap = hand_cap
        self.left_for_other = left_for_other
        self.faceup_share = _per_mode(faceup_share)
        self.player_rate = player_rate
        self.mafia_rate = mafia_rate
        self.scale_end = scale_end
        self.scale_per_card = scale_per_card

    def evaluate(self, state) -> list[float]:
        if state.is_terminal():
            return state.returns()
        if state.turn_step and state.phase in BEFORE_TURNING:
            # Phase 4 is a chance event: judge a state before it as after it (the deck of this
            # determinization is known), so that a plan is never preferred for putting off the
            # turning of cards whose outcome it dislikes. Not at the start of a turn, so that
            # ending a turn is judged like the other moves of phase 5.
            state = state.clone()
            if not turn_up(state):
                return state.returns()
            start(state)
            state.phase = GIFT
        passes = state.options["deck_passes"]
        remaining = len(state.deck) + (passes - state.deck_pass) * DISCARD_PER_PASS
        left = min(1.0, remaining / TOTAL_CARDS)
        boss_beans = state.boss_bean
        expected = [self.player(state, s, left, remaining) for s in range(state.players)]
        mafia = len(state.mafia_coins) + self.mafia_rate * remaining
        for bean, count in zip(boss_beans, state.boss_count, strict=True):
            if count:
                mafia += VALUE[bean][count] + left * (
                    POTENTIAL[bean][count] + self.boss_card * count
                )
        scale = self.scale_end + self.scale_per_card * remaining
        if state.players == 1:
            return [_sigmoid((expected[0] - SOLO_MAFIA_FACTOR * mafia) / scale)]
        if state.phase != LEFTOVERS and state.faceup:
            other = 1 - state.turn_player
            grown = state.field_bean[other]
            helps = sum(1 for bean in state.faceup if bean in grown)
            expected[other] += self.left_for_other * helps
        chances = []
        for s in range(2):
            mine = expected[s]
            chances.append(
                _sigmoid((mine - expected[1 - s]) / scale) * _sigmoid((mine - mafia) / scale)
            )
        return chances

    def player(self, state, seat: int, left: float, remaining: int) -> float:
        """The coins ``seat`` may expect at the end."""
        worth = len(state.coins[seat]) + self.player_rate * remaining
        bonus = self.card_bonus[state.players - 1]
        beans, counts = state.field_bean[seat], state.field_count[seat]
        boss_beans = state.boss_bean
        owned = state.fields_owned[seat]
        free = False
        cheapest = 99.0
        for f in range(owned):
            count = counts[f]
            if not count:
                free = True
                continue
            bean = beans[f]
            potential = left * (POTENTIAL[bean][count] + bonus * count)
            worth += VALUE[bean][count] + potential
            cheapest = min(cheapest, potential)
            if bean in boss_beans:
                less = count - 1
                worth -= self.tribute_loss * (
                    VALUE[bean][count]
                    + potential
                    - VALUE[bean][less]
                    - left * (POTENTIAL[bean][less] + bonus * less)
                )
        if owned == 3:
            worth += self.third_field * left
        if state.turn_player == seat and state.phase in AFTER_TURNING and state.faceup:
            share = self.faceup_share[state.players - 1]
            worth += share * left * self.plantable(state, beans, counts, free, bonus)
        hand = state.hands[seat]
        worth += self.hand_card * min(len(hand), self.hand_cap)
        if hand and not free and hand[0] not in beans:
            worth -= self.misfit * cheapest
        return worth

    @staticmethod
    def plantable(state, beans: list[int], counts: list[int], free: bool, bonus: float) -> float:
        """The worth the face-up beans would add to the turn player's fields: those matching a
        field, and the biggest other group if a field is free."""
        grown = [beans[f] for f in range(len(counts)) if counts[f]]
        total = 0.0
        best_other = 0.0
        for bean in set(state.faceup):
            many = state.faceup.count(bean)
            worth = many * (RATE[bean] * KEEP + bonus)
            if bean in grown:
                total += worth
            elif worth > best_other:
                best_other = worth
        return total + (best_other if free else 0.0)


HEURISTIC = AlCabohneHeuristic()
