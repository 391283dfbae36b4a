"""Bosses sell at once when their field is worth their threshold: Al Cabohne 3 coins, Don
Corlebohne 2, Joe Bohnano 1 (solo). Coins go to the common mafia pile, the rest is discarded."""

import pytest

from tests.games.al_cabohne.builder import AL, DON, JOE, boss, names, position


def _turn_one(players, bosses, card):
    hands = [["Puff"]] + [[] for _ in range(players - 1)]
    state = position(players, hands=hands, bosses=bosses, deck=[card, "Kidney", "Broad", "French"])
    state.apply("plant Puff on field 1")  # the hand is empty now: phase 4 follows at once
    return state


@pytest.mark.parametrize(
    ("before", "coins", "discarded"),
    [("7 Blue", 3, 5), ("6 Blue", 0, 0)],
)
def test_al_cabohne_sells_at_three_coins(before, coins, discarded):
    state = _turn_one(2, [before, "1 Fire"], "Blue")
    assert len(state.mafia_coins) == coins
    assert names(state.discard) == ["Blue"] * discarded
    if coins:
        assert boss(state, AL) is None
    else:
        assert boss(state, AL) == "7 Blue"  # 7 Blue are worth 2 coins: not yet


@pytest.mark.parametrize(("before", "coins"), [("3 Runner", 2), ("2 Runner", 0)])
def test_don_corlebohne_sells_at_two_coins(before, coins):
    state = _turn_one(2, ["1 Fire", before], "Runner")
    assert len(state.mafia_coins) == coins
    assert (boss(state, DON) is None) == bool(coins)


@pytest.mark.parametrize(("before", "coins"), [("2 Fire", 1), ("1 Fire", 0)])
def test_joe_bohnano_sells_at_one_coin(before, coins):
    state = _turn_one(1, ["1 Blue", "1 Runner", before], "Fire")
    assert len(state.mafia_coins) == coins
    assert names(state.mafia_coins) == ["Fire"] * coins
    assert (boss(state, JOE) is None) == bool(coins)
