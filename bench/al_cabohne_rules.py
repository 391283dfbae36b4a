"""Al Cabohne's rule-based bench player (spec ``rules`` in bench/al_cabohne_rules_player.py):
the rulebook's advice as plain rules, reading only a determinization of its own seat."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rule_players import NAME, SeatPlayer  # noqa: E402

from contraband.games.al_cabohne.actions import (  # noqa: E402
    BUY,
    DISCARD,
    DONE,
    END_PLANTING,
    GIFT,
    GIVE_HAND,
    HARVEST,
    KEEP,
    LEFTOVERS,
    MEANING,
    PAY,
    PLANT,
    PLANTING,
    TAKE,
    TRIBUTE,
)
from contraband.games.al_cabohne.beans import (  # noqa: E402
    BEAN_COUNTS,
    BEANOMETER,
    VALUE,
)

RULES = NAME


# -- the rules player ---------------------------------------------------------------------------
def unseen(state, seat: int) -> list[int]:
    """Per bean, the cards ``seat`` has not seen: all of them less every card in sight."""
    left = list(BEAN_COUNTS)
    seen = [*state.discard, *state.faceup, *state.mafia_coins, *state.hands[seat]]
    for s in range(state.players):
        seen += state.coins[s]
        for bean, count in zip(state.field_bean[s], state.field_count[s], strict=True):
            if count:
                left[bean] -= count
    for bean, count in zip(state.boss_bean, state.boss_count, strict=True):
        if count:
            left[bean] -= count
    for bean in seen:
        left[bean] -= 1
    return left


class AlCabohneRulesPlayer(SeatPlayer):
    """The rulebook's advice as plain rules (see the module's docstring)."""

    def decide(self, guess, seat: int, legal: list):
        by_label = {action.label: action for action in legal}
        return by_label[self.choose(guess, seat, list(by_label))]

    # each rule returns a label among ``labels``
    def choose(self, state, seat: int, labels: list[str]) -> str:
        kinds: dict[int, list[tuple[int, ...]]] = {}
        meaning = {}
        for label in labels:
            m = MEANING[label]
            kinds.setdefault(m[0], []).append(m)
            meaning[m] = label
        beans = state.field_bean[seat]
        counts = state.field_count[seat]
        owned = state.fields_owned[seat]
        bosses = state.boss_bean
        harvests = [m[1] for m in kinds.get(HARVEST, [])]

        def worth(f: int) -> int:
            return VALUE[beans[f]][counts[f]] if counts[f] else 0

        # a field that pays the most its beanometer allows gains nothing by waiting
        for f in harvests:
            if counts[f] >= BEANOMETER[beans[f]][-1]:
                return meaning[(HARVEST, f)]
        phase = state.phase
        if phase == TRIBUTE:
            pays = kinds.get(PAY, [])
            for m in pays:
                f = m[2]
                if f in harvests and (worth(f) > 0 or counts[f] > 1):
                    return meaning[(HARVEST, f)]  # sell it rather than feed the boss
            return meaning[pays[0]]
        if phase == PLANTING:
            plants = kinds.get(PLANT, [])
            if not plants and state.planted:
                return meaning[(END_PLANTING,)]
            if not plants:  # forced: the front card fits no field
                return meaning[(HARVEST, self._cheapest_sale(state, seat, harvests))]
            bean = plants[0][1]
            matching = [m for m in plants if beans[m[2]] == bean]
            if matching:
                return meaning[matching[0]]
            if state.planted == 0 or bean not in bosses:
                return meaning[plants[0]]  # the first card must go somewhere; a new bean may
            return meaning[(END_PLANTING,)]
        if phase == LEFTOVERS:
            keeps = kinds.get(KEEP, [])
            for m in keeps:
                if beans[m[2]] == m[1] and m[1] not in bosses:
                    return meaning[m]
            groups = {}
            for m in keeps:
                if m[1] not in bosses:
                    groups[m[1]] = m
            if groups:
                best = max(groups, key=state.faceup.count)
                if state.faceup.count(best) >= 2:
                    return meaning[groups[best]]
            return meaning[kinds[DISCARD][0]]
        if phase == GIFT:
            left = unseen(state, seat)
            hand = state.hands[seat]

            def scarcity(m: tuple[int, ...]) -> tuple[int, int]:
                bean = m[3]
                return (left[bean] + hand.count(bean) - 1, m[1])

            return meaning[min(kinds[GIVE_HAND], key=scarcity)]
        # phase 5: take face-up beans for own fields, give boss beans about to be planted
        takes = kinds.get(TAKE, [])
        for m in takes:
            if beans[m[2]] == m[1] and m[1] not in bosses:
                return meaning[m]
        new = [m for m in takes if counts[m[2]] == 0 and m[1] not in bosses]
        if new:
            best = max(new, key=lambda m: (self._group(state, m[1]), -m[1]))
            if self._group(state, best[1]) >= 2:
                return meaning[best]
        for m in kinds.get(GIVE_HAND, []):
            position, boss, bean = m[1], m[2], m[3]
            if position < 2 and bosses[boss] == bean:
                return meaning[m]
        # room for a big face-up group: sell a field that pays (never one for nothing)
        if not any(counts[f] == 0 for f in range(owned)):
            groups = [b for b in set(state.faceup) if b not in bosses and b not in beans]
            if groups:
                big = max(groups, key=state.faceup.count)
                size = state.faceup.count(big)
                paying = [f for f in harvests if worth(f) > 0]
                if size >= 3 and paying:
                    return meaning[(HARVEST, max(paying, key=worth))]
        if BUY in kinds and state.players == 2 and state.deck_pass == 1:
            return meaning[(BUY,)]
        return meaning[(DONE,)]

    @staticmethod
    def _group(state, bean: int) -> int:
        return state.faceup.count(bean)

    @staticmethod
    def _cheapest_sale(state, seat: int, harvests: list[int]) -> int:
        """The field to sell when forced: the one paying the most; then the one with the fewest
        cards (the least thrown away)."""
        beans, counts = state.field_bean[seat], state.field_count[seat]
        return max(harvests, key=lambda f: (VALUE[beans[f]][counts[f]], -counts[f]))
