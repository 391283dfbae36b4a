"""The designed component data respects the constraints of the rules notes."""

from collections import Counter

from contraband.games.nacho_incident import board
from contraband.games.nacho_incident.board import DATA


def test_every_designed_table_is_marked_assumed():
    for table in ("smugglers", "mounties", "cantinas", "province_cards", "players"):
        assert DATA[table]["source"] == "assumed"


def test_56_named_smugglers_14_per_flag_costs_rise_with_rank():
    assert board.SMUGGLERS == 56 and len(set(board.SMUGGLER_NAME)) == 56
    assert Counter(board.SMUGGLER_FLAG) == {p: 14 for p in range(4)}
    ranks = Counter(board.SMUGGLER_RANK)
    assert set(ranks) == set(range(1, 10))
    assert ranks[5] > ranks[1] and ranks[5] > ranks[9]
    pairs = sorted(set(zip(board.SMUGGLER_RANK, board.SMUGGLER_COST, strict=True)))
    assert all(a[1] <= b[1] for a, b in zip(pairs, pairs[1:], strict=False))
    assert board.SMUGGLER_COST[board.SMUGGLER_RANK.index(1)] == 0
    assert max(board.SMUGGLER_COST) == 4
    jen = board.SMUGGLER_INDEX["Jen"]
    assert board.PROVINCES[board.SMUGGLER_FLAG[jen]] == "Saskatchewan"
    assert board.SMUGGLER_COST[jen] == 2


def test_12_mounties_3_per_flag_six_of_each_penalty():
    assert board.MOUNTIES == 12
    assert Counter(board.MOUNTIE_FLAG) == {p: 3 for p in range(4)}
    assert Counter(board.MOUNTIE_PENALTY) == {3: 6, 4: 6}


def test_12_province_cards_each_food_demanded_six_times():
    assert board.PROVINCE_CARDS == 12
    assert Counter(board.CARD_PROVINCE) == {p: 3 for p in range(4)}
    for foods, prices in zip(board.CARD_FOODS, board.CARD_PRICES, strict=True):
        assert len(set(foods)) == 4
        assert all(3 <= price <= 9 for price in prices)
    assert Counter(f for foods in board.CARD_FOODS for f in foods) == {f: 6 for f in range(8)}
    salsa = board.FOODS.index("salsa")
    assert board.CARD_PRICE_OF[0][salsa] == 7 and board.CARD_PROVINCE[0] == 0


def test_cantina_bonuses_and_geography():
    assert all(4 <= bonus <= 7 for bonus in board.BONUS) and len(board.BONUS) == 4
    assert board.REACH == ((0, 1), (0, 1, 2), (1, 2, 3), (2, 3))
    assert board.CUBES == 32
