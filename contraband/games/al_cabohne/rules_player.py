"""Al Cabohne's rule-based player (the ``rules`` agent in this game): the rulebook's advice as
plain rules, as a careful person would play from the rulebook alone.

- It never sells a field for nothing unless it must (the front hand card has nowhere to go, or
  the field grows a bean a boss collects and would pay tribute).
- It does not start fields of beans a boss collects: such a card is given to its boss from the
  hand when it is about to be planted.
- The compulsory gift points the empty boss at the scarcest bean it may take (the fewest unseen
  cards left, counting its own hand cards of that bean, which it would have to feed him).
- It feeds the mafia nothing else (no face-up bean ever goes to a boss).
- It takes face-up beans that match its fields, and the biggest other group into an empty field.
- It plants the second hand card when it matches a field or an empty field can take it.
- It sells a field that pays the most its beanometer allows, and otherwise only when forced, then
  the field that pays the most.

It is handed a determinization of its own seat and reads nothing else.
"""

from __future__ import annotations

from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.core.state import State
from contraband.games.al_cabohne.actions import (
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
from contraband.games.al_cabohne.beans import BEAN_COUNTS, BEANOMETER, VALUE


def decide(state: State, seat: int, legal: list[Action], rng: Rng) -> Action:
    """One of ``legal``, judged on ``state`` (a determinization for ``seat``)."""
    by_label = {action.label: action for action in legal}
    return by_label[choose(state, seat, list(by_label))]


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


def choose(state, seat: int, labels: list[str]) -> str:
    """The label among ``labels`` that the rules pick (see the module's docstring)."""
    kinds: dict[int, list[tuple[int, ...]]] = {}
    meaning = {}
    for label in labels:
        m = MEANING[label]
        kinds.setdefault(m[0], []).append(m)
        meaning[m] = label
    beans = state.field_bean[seat]
    counts = state.field_count[seat]
    harvests = [m[1] for m in kinds.get(HARVEST, [])]
    # a field that pays the most its beanometer allows gains nothing by waiting
    for f in harvests:
        if counts[f] >= BEANOMETER[beans[f]][-1]:
            return meaning[(HARVEST, f)]
    phase = state.phase
    if phase == TRIBUTE:
        for m in kinds.get(PAY, []):
            f = m[2]
            worth = VALUE[beans[f]][counts[f]] if counts[f] else 0
            if f in harvests and (worth > 0 or counts[f] > 1):
                return meaning[(HARVEST, f)]  # sell it rather than feed the boss
        return meaning[kinds[PAY][0]]
    if phase == PLANTING:
        return meaning[_planting(state, seat, kinds, harvests)]
    if phase == LEFTOVERS:
        return meaning[_leftovers(state, seat, kinds)]
    if phase == GIFT:
        left = unseen(state, seat)
        hand = state.hands[seat]

        def scarcity(m: tuple[int, ...]) -> tuple[int, int]:
            bean = m[3]
            return (left[bean] + hand.count(bean) - 1, m[1])

        return meaning[min(kinds[GIVE_HAND], key=scarcity)]
    return meaning[_trading(state, seat, kinds, harvests)]


def _planting(state, seat: int, kinds: dict, harvests: list[int]) -> tuple[int, ...]:
    beans = state.field_bean[seat]
    plants = kinds.get(PLANT, [])
    if not plants and state.planted:
        return (END_PLANTING,)
    if not plants:  # forced: the front card fits no field
        return (HARVEST, _cheapest_sale(state, seat, harvests))
    bean = plants[0][1]
    matching = [m for m in plants if beans[m[2]] == bean]
    if matching:
        return matching[0]
    if state.planted == 0 or bean not in state.boss_bean:
        return plants[0]  # the first card must go somewhere; a new bean may
    return (END_PLANTING,)


def _leftovers(state, seat: int, kinds: dict) -> tuple[int, ...]:
    beans, bosses = state.field_bean[seat], state.boss_bean
    keeps = kinds.get(KEEP, [])
    for m in keeps:
        if beans[m[2]] == m[1] and m[1] not in bosses:
            return m
    groups = {m[1]: m for m in keeps if m[1] not in bosses}
    if groups:
        best = max(groups, key=state.faceup.count)
        if state.faceup.count(best) >= 2:
            return groups[best]
    return kinds[DISCARD][0]


def _trading(state, seat: int, kinds: dict, harvests: list[int]) -> tuple[int, ...]:
    """Phase 5: take face-up beans for own fields, give boss beans about to be planted."""
    beans, counts, bosses = state.field_bean[seat], state.field_count[seat], state.boss_bean
    takes = kinds.get(TAKE, [])
    for m in takes:
        if beans[m[2]] == m[1] and m[1] not in bosses:
            return m
    new = [m for m in takes if counts[m[2]] == 0 and m[1] not in bosses]
    if new:
        best = max(new, key=lambda m: (state.faceup.count(m[1]), -m[1]))
        if state.faceup.count(best[1]) >= 2:
            return best
    for m in kinds.get(GIVE_HAND, []):
        position, boss, bean = m[1], m[2], m[3]
        if position < 2 and bosses[boss] == bean:
            return m
    # room for a big face-up group: sell a field that pays (never one for nothing)
    if not any(counts[f] == 0 for f in range(state.fields_owned[seat])):
        groups = [b for b in set(state.faceup) if b not in bosses and b not in beans]
        if groups:
            big = max(groups, key=state.faceup.count)

            def worth(f: int) -> int:
                return VALUE[beans[f]][counts[f]] if counts[f] else 0

            paying = [f for f in harvests if worth(f) > 0]
            if state.faceup.count(big) >= 3 and paying:
                return (HARVEST, max(paying, key=worth))
    if BUY in kinds and state.players == 2 and state.deck_pass == 1:
        return (BUY,)
    return (DONE,)


def _cheapest_sale(state, seat: int, harvests: list[int]) -> int:
    """The field to sell when forced: the one paying the most; then the one with the fewest
    cards (the least thrown away)."""
    beans, counts = state.field_bean[seat], state.field_count[seat]
    return max(harvests, key=lambda f: (VALUE[beans[f]][counts[f]], -counts[f]))
