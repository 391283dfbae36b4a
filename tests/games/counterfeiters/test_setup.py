"""Setup: seat money, starting cards, cards left out by the player count, the A-to-D deck, the
police pawn's start space and the black market filled from its cheapest slot."""

import pytest

from contraband.games.counterfeiters.board import (
    CARD_CATEGORY,
    CARD_KIND,
    CARD_MARK,
    CATEGORY_OF,
    START_CARDS,
    side,
)
from tests.games.counterfeiters.builder import check_totals, labels, new, texts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_money_runs_clockwise_from_the_start_player(players):
    state = new(players, seed=4)
    assert state.cash == [20, 30, 40, 50][:players]
    assert state.offshore == [0] * players
    assert state.marker == state.current_player == 0
    assert state.left == [3] * players


def test_a_random_start_player_gets_20_and_the_next_clockwise_30():
    starts = set()
    for seed in range(12):
        state = new(4, seed=seed, random_start=True)
        first = state.marker
        starts.add(first)
        assert state.current_player == first
        for k, amount in enumerate([20, 30, 40, 50]):
            assert state.cash[(first + k) % 4] == amount
    assert len(starts) > 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_gets_a_printer_and_one_ink_or_paper_and_the_other_s_cards_leave(players):
    state = new(players, seed=7)
    for seat in range(players):
        kinds = sorted(CARD_KIND[c] for c in state.owned[seat])
        assert len(kinds) == 2 and "printer" in kinds
        assert kinds[0] in ("ink", "paper") or kinds[1] in ("ink", "paper")
        assert all(CARD_CATEGORY[c] == "S" for c in state.owned[seat])
    undealt = [c for c in START_CARDS if not any(c in owned for owned in state.owned)]
    assert all(c in state.out for c in undealt)
    assert not any(CARD_CATEGORY[c] == "S" for c in state.deck)
    check_totals(state)


def test_the_starting_component_is_random():
    dealt = {tuple(new(2, seed=seed).owned[0]) for seed in range(20)}
    assert len(dealt) > 1


@pytest.mark.parametrize(("players", "deck_and_market"), [(2, 27), (3, 31), (4, 34)])
def test_marked_cards_are_used_only_with_enough_players(players, deck_and_market):
    state = new(players, seed=2)
    in_play = state.deck + [c for c in state.market if c >= 0]
    assert len(in_play) == deck_and_market
    for c in in_play:
        mark = CARD_MARK[c]
        assert mark == "" or (mark == "3+" and players >= 3) or (mark == "4" and players == 4)
    removed = [c for c in state.out if CARD_MARK[c]]
    assert len(removed) == 34 - deck_and_market
    check_totals(state)


def test_the_deck_is_stacked_a_on_top_so_the_market_starts_with_a_cards():
    for seed in range(5):
        state = new(4, seed=seed)
        market = [c for c in state.market if c >= 0]
        assert all(CARD_CATEGORY[c] == "A" for c in market)
        # 9 A cards: two remain for the first refill, then B
        assert sum(1 for c in state.deck if CARD_CATEGORY[c] == "A") == 2


def test_draws_take_the_top_category_first():
    from contraband.games.counterfeiters.market import draw

    state = new(4, seed=3)
    drawn = [draw(state) for _ in range(len(state.deck))]
    categories = [CATEGORY_OF[c] for c in drawn]
    assert categories == sorted(categories)


@pytest.mark.parametrize(("players", "start"), [(2, 6), (3, 4), (4, 1)])
def test_the_police_pawn_starts_on_the_space_for_the_player_count(players, start):
    state = new(players, seed=1)
    assert state.pawn == start
    assert f"the police pawn starts on space {start} of the police track" in texts(state)


def test_the_market_is_filled_from_the_cheapest_slot():
    state = new(4, seed=9)
    fills = [e for e in state.log(None) if e["kind"] == "fill"]
    assert [e["slot"] for e in fills] == [7, 6, 5, 4, 3, 2, 1]
    assert all(c >= 0 for c in state.market)


def test_three_players_close_the_four_player_market_slot():
    state = new(3, seed=9)
    board = side(3)
    assert board.price[:2] == (60, 60)
    assert state.market[0] == -1 and all(c >= 0 for c in state.market[1:])
    fills = [e["slot"] for e in state.log(None) if e["kind"] == "fill"]
    assert fills == [7, 6, 5, 4, 3, 2]
    state.cash[0] = 200
    state.cash_hi[0] = state.cash_lo[0] = 200
    assert "market 1" not in labels(state)
    assert "market 2" in labels(state)
    assert "1: $60 closed with 3 players" in state.render(0)


def test_the_two_player_board_is_the_designed_side():
    board = side(2)
    assert board.price[: board.slots] == (50, 40, 30, 20, 10)
    assert board.source == "assumed"
    assert side(3).source == side(4).source == "research"
