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

    #: The values of one decision's moves differ by a few hundredths (the game is long, the
    #: evaluation cautious), so the default 0.7 spread 200 iterations almost evenly over them.
    #: Against greedy at 200 iterations (40 games each, seats alternating), ismcts finished
    #: ahead of greedy in 0.48 of the games with c = 0.7, 0.53 with 0.2, 0.70 with 0.07, 0.79
    #: with 0.03 and 0.64 with 0 (docs/strength.md).
    exploration = 0.03

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
        # share of the search's value that is the coin margin (solo, two players) ...
        margin_weight: tuple[float, float] = (0.5, 0.25),
        margin_scale: float = 8.0,  # ... squashed over this many coins
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

    @staticmethod
    def judged(state):
        """The state to judge: phase 4 is a chance event, so a state before it is judged as
        after it (the deck of this determinization is known), so that a plan is never preferred
        for putting off the turning of cards whose outcome it dislikes. Not at the start of a
        turn, so that ending a turn is judged like the other moves of phase 5."""
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

    def forecast(self, state) -> tuple[list[float], float, float]:
        """Each player's expected final coins, the mafia's (doubled in solo) and the spread of a
        coin lead at this point of the game (a state judged as after phase 4)."""
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
            return expected, SOLO_MAFIA_FACTOR * mafia, scale
        if state.phase != LEFTOVERS and state.faceup:
            other = 1 - state.turn_player
            grown = state.field_bean[other]
            helps = sum(1 for bean in state.faceup if bean in grown)
            expected[other] += self.left_for_other * helps
        return expected, mafia, scale

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
