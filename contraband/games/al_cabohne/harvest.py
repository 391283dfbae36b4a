"""Fields and coins: planting, harvesting (players and bosses), the third field, final scoring.

A harvest turns as many cards of the field into coins (face-down cards on the owner's coin pile)
as the beanometer pays; the rest of the field goes to the discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from contraband.games.al_cabohne.actions import OVER
from contraband.games.al_cabohne.beans import (
    BEAN_NAMES,
    BOSS_NAMES,
    BOSS_THRESHOLD,
    EMPTY,
    MOST_FIELDS,
    SOLO_MAFIA_FACTOR,
    THIRD_FIELD_COST,
    VALUE,
)

if TYPE_CHECKING:
    from contraband.games.al_cabohne.state import AlCabohneState


# -- player fields ----------------------------------------------------------------------------
def harvestable(state: AlCabohneState, seat: int) -> list[int]:
    """Fields the seat may harvest: a one-card field only when no field holds more than one."""
    counts = state.field_count[seat]
    big, single = [], []
    for f in range(state.fields_owned[seat]):
        count = counts[f]
        if count > 1:
            big.append(f)
        elif count == 1:
            single.append(f)
    return big or single


def harvest(state: AlCabohneState, seat: int, field: int, kind: str = "harvest") -> None:
    """Sell a field: ``kind`` names the log event (``end_harvest`` for the final sales)."""
    bean = state.field_bean[seat][field]
    count = state.field_count[seat][field]
    coins = VALUE[bean][count]
    pile = state.coins[seat]
    pile.extend([bean] * coins)
    state.discard.extend([bean] * (count - coins))
    state.field_bean[seat][field] = EMPTY
    state.field_count[seat][field] = 0
    state.note(kind, seat, field + 1, BEAN_NAMES[bean], count, coins, len(pile))


def plant_targets(state: AlCabohneState, seat: int, bean: int) -> list[int]:
    """Fields that may take ``bean``: those growing it, and the first empty field.

    Empty fields are interchangeable, so only the lowest-numbered one is offered (decision A6).
    """
    return targets_on(state.field_bean[seat], state.fields_owned[seat], bean)


def targets_on(beans: Sequence[int], owned: int, bean: int) -> list[int]:
    """The fields of ``owned`` growing ``beans`` where ``bean`` may go: those growing it, then
    the first empty one."""
    targets = []
    empty_offered = False
    for f in range(owned):
        grown = beans[f]
        if grown == bean:
            targets.append(f)
        elif grown == EMPTY and not empty_offered:
            targets.append(f)
            empty_offered = True
    return targets


def plant(state: AlCabohneState, seat: int, field: int, bean: int) -> None:
    state.field_bean[seat][field] = bean
    state.field_count[seat][field] += 1


def can_buy(state: AlCabohneState, seat: int) -> bool:
    return state.fields_owned[seat] < MOST_FIELDS and len(state.coins[seat]) >= THIRD_FIELD_COST


def buy_field(state: AlCabohneState, seat: int) -> None:
    """Pay the top coins of the pile; they go to the discard pile (decision A9)."""
    pile = state.coins[seat]
    paid = pile[-THIRD_FIELD_COST:]
    del pile[-THIRD_FIELD_COST:]
    state.discard.extend(paid)
    state.fields_owned[seat] += 1
    state.note("buy", seat, THIRD_FIELD_COST, len(pile))


# -- the mafia --------------------------------------------------------------------------------
def collector(state: AlCabohneState, bean: int) -> int:
    """The boss collecting ``bean`` (its field holds that bean), or -1."""
    boss_bean = state.boss_bean
    for boss in range(len(boss_bean)):
        if boss_bean[boss] == bean:
            return boss
    return -1


def boss_accepts(state: AlCabohneState, boss: int, bean: int) -> bool:
    """A boss takes its own bean, or any bean no other boss collects into an empty field."""
    grown = state.boss_bean[boss]
    if grown == EMPTY:
        return bean not in state.boss_bean
    return grown == bean


def give_to_boss(state: AlCabohneState, boss: int, bean: int) -> None:
    """Add a card to a boss's field; the boss harvests at once at its threshold."""
    state.boss_bean[boss] = bean
    count = state.boss_count[boss] = state.boss_count[boss] + 1
    if VALUE[bean][count] >= BOSS_THRESHOLD[boss]:
        boss_harvest(state, boss)


def boss_harvest(state: AlCabohneState, boss: int, kind: str = "boss_sale") -> None:
    """A boss sells his field into the mafia's pile (``end_sale``: at the end of the game)."""
    bean = state.boss_bean[boss]
    if bean == EMPTY:
        return
    count = state.boss_count[boss]
    coins = VALUE[bean][count]
    state.mafia_coins.extend([bean] * coins)
    state.discard.extend([bean] * (count - coins))
    state.boss_bean[boss] = EMPTY
    state.boss_count[boss] = 0
    state.note(kind, BOSS_NAMES[boss], BEAN_NAMES[bean], count, coins, len(state.mafia_coins))


# -- the end ----------------------------------------------------------------------------------
def final_harvest(state: AlCabohneState) -> None:
    """Every field of every player and boss is sold for its beanometer value (decision 1)."""
    for seat in range(state.players):
        for field in range(state.fields_owned[seat]):
            if state.field_count[seat][field]:
                harvest(state, seat, field, "end_harvest")
    for boss in range(len(state.boss_bean)):
        boss_harvest(state, boss, "end_sale")


def end_game(state: AlCabohneState, reason: str = "deck") -> None:
    """The game ends: ``reason`` is ``deck`` (a card was needed after the last pass) or
    ``last_turn`` (solo: the turn in which the last card was drawn is over)."""
    state.note("game_end", reason)
    final_harvest(state)
    state.phase = OVER
    state.current_player = None
    note_scores(state)


def note_scores(state: AlCabohneState) -> None:
    """The final scoring in the log: each player's coins, the mafia's, and who wins (D2)."""
    scores = state.scores()
    for seat, score in enumerate(scores):
        state.note("score", seat, score)
    factor = SOLO_MAFIA_FACTOR if state.players == 1 else 1
    total = state.mafia_total()
    state.note("mafia_score", len(state.mafia_coins), factor, total)
    winners = state.winners()
    if not winners:
        state.note("mafia_win", total, max(scores))
    for seat in winners:
        state.note("win", seat, scores[seat], len(winners) > 1)
