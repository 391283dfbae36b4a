"""What Al Cabohne's heuristic gives a searching agent: the win blended with the coin margin."""

import pytest

from contraband.core.random import Rng
from contraband.games.al_cabohne.heuristic import HEURISTIC, AlCabohneHeuristic
from tests.games.al_cabohne.builder import GAME, position


def finished(player_coins: list[int], mafia_coins: int):
    """A two-player game that ends on the next planting: the last pass, two cards left."""
    state = position(
        hands=[["Puff"], []],
        bosses=["1 Fire", "1 Broad"],
        deck=["Kidney", "French"],
        coins=[["Blue"] * player_coins[0], ["Runner"] * player_coins[1]],
        mafia_coins=["Kidney"] * mafia_coins,
        deck_pass=3,
        rest="discard",
    )
    state.apply("plant Puff on field 1")
    assert state.is_terminal()
    return state


def test_when_the_mafia_wins_the_player_closer_to_it_still_scores_higher():
    state = finished([6, 2], mafia_coins=9)
    assert state.returns() == [0.0, 0.0]  # the mafia won: nobody's win chance tells them apart
    assert HEURISTIC.evaluate(state) == [0.0, 0.0]
    closer, further = HEURISTIC.search_value(state)
    assert 0.0 < further < closer < 0.5


def test_a_winner_is_valued_above_every_loser():
    state = finished([8, 2], mafia_coins=5)
    assert state.returns() == [1.0, 0.0]
    winner, loser = HEURISTIC.search_value(state)
    assert winner > 0.75 > 0.25 > loser


def test_without_the_margin_the_search_value_is_the_evaluation():
    plain = AlCabohneHeuristic(margin_weight=0.0)
    for players in (1, 2):
        state = GAME.new(players, seed=8)
        rng = Rng(8)
        for _ in range(120):
            if state.is_terminal():
                break
            assert plain.search_value(state) == plain.evaluate(state)
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players", [1, 2])
def test_search_values_stay_between_0_and_1_through_whole_games(players):
    for seed in range(3):
        state = GAME.new(players, seed=seed)
        rng = Rng(seed)
        while True:
            values = HEURISTIC.search_value(state)
            assert len(values) == players
            assert all(0.0 <= value <= 1.0 for value in values)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))


def test_the_solo_margin_counts_the_mafia_twice():
    """Solo: 20 coins against a mafia of 10 coins (20 doubled) is a tie, which the mafia wins;
    21 coins beat it."""
    values = []
    for coins in (20, 21):
        state = position(
            1,
            hands=[["Puff"]],
            fields=[[None, None, None]],
            bosses=["1 Fire", "1 Broad", "1 French"],
            deck=["Kidney", "Runner"],
            coins=[["Kidney"] * 10 + ["Runner"] * (coins - 10)],
            mafia_coins=["Blue"] * 10,
            rest="discard",
        )
        state.apply("plant Puff on field 1")
        state.apply("done trading")
        assert state.is_terminal() and state.result()["mafia_total"] == 20
        values.append(HEURISTIC.search_value(state)[0])
    tie, win = values
    assert tie == pytest.approx(0.5 * 0.5)  # no win; a margin of 0 is half the margin part
    assert win > 0.5 + 0.5 * 0.5
