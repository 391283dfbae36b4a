"""The evaluation: win chances from expected final money, and a seat not on turn valued by its
own position alone (``worth.waiting_seat``, which a search meets again and again)."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.core.random import Rng
from contraband.games.narcos import heuristic, worth

HEURISTIC = heuristic.HEURISTIC


def positions(seed: int, players: int, mode: str, count: int = 12):
    """States met in random play, a few decisions apart."""
    state = contraband.load("narcos").new(players, seed=seed, options={"mode": mode})
    rng = Rng(seed)
    found = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        if step % 7 == 3:
            found.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    return found


def waiting(state) -> list[int]:
    return [seat for seat in range(state.players) if seat != state.active]


def edited(state, change):
    copy = state.clone()
    change(copy)
    copy._legal = None
    return copy


settings_ = settings(max_examples=15, deadline=None)
games = {
    "seed": st.integers(0, 2**31 - 1),
    "players": st.sampled_from([2, 3, 4]),
    "mode": st.sampled_from(["basic", "advanced"]),
}


@settings_
@given(**games)
def test_a_waiting_seat_is_valued_by_its_own_position_alone(seed, players, mode):
    """Another seat's money and goods change nothing of a waiting seat's value."""
    checked = 0
    for state in positions(seed, players, mode):
        before = HEURISTIC.expected_money(state)
        for seat in waiting(state):
            for other in range(players):
                if other == seat:
                    continue

                def richer(s, other=other):
                    s.money[other] += 5
                    s.storage_goods[other] += 2

                after = HEURISTIC.expected_money(edited(state, richer))
                assert after[seat] == before[seat]
                checked += 1
    assert checked


@settings_
@given(**games)
def test_a_waiting_seat_gains_at_least_what_it_earns(seed, players, mode):
    """A million more is worth a million or more (it also brings the next crop closer)."""
    for state in positions(seed, players, mode):
        before = HEURISTIC.expected_money(state)
        for seat in waiting(state):

            def paid(s, seat=seat):
                s.money[seat] += 1

            after = HEURISTIC.expected_money(edited(state, paid))
            assert after[seat] >= before[seat] + 1 - 1e-9


@settings_
@given(**games)
def test_the_dea_money_agent_costs_the_seat_that_holds_it(seed, players, mode):
    for state in positions(seed, players, mode):
        for seat in waiting(state):
            if state.money_agent == seat:
                continue
            turns = worth.turns_left(state)[seat]

            def watched(s, seat=seat):
                s.money_agent = seat

            before = HEURISTIC.expected_money(state)[seat]
            after = HEURISTIC.expected_money(edited(state, watched))[seat]
            expected_cost = worth.MONEY_AGENT_COST * min(turns, 3.0)
            assert math.isclose(before - after, expected_cost, abs_tol=1e-9)


@settings_
@given(**games)
def test_the_evaluation_is_a_share_of_the_win(seed, players, mode):
    for state in positions(seed, players, mode):
        chances = HEURISTIC.evaluate(state)
        assert len(chances) == players
        assert all(0.0 <= c <= 1.0 for c in chances)
        assert math.isclose(sum(chances), 1.0)


def test_a_finished_game_is_judged_by_its_result():
    state = contraband.load("narcos").new(2, seed=4)
    rng = Rng(4)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert HEURISTIC.evaluate(state) == state.returns()


@settings_
@given(**games)
def test_on_its_last_turn_a_seat_values_a_million_at_a_million(seed, players, mode):
    """A crop the seat can no longer plant before the game ends adds nothing: the next crop
    goes in at the end of the seat's next turn, and pays only over the turns after that."""
    checked = 0
    for state in positions(seed, players, mode):
        for seat in waiting(state):

            def paid(s, seat=seat, more=10):
                s.money[seat] += more

            before = worth.waiting_seat(state, seat, 1.0)
            after = worth.waiting_seat(edited(state, paid), seat, 1.0)
            assert math.isclose(after, before + 10)
            with_turns = worth.waiting_seat(edited(state, paid), seat, 6.0)
            checked += with_turns > worth.waiting_seat(state, seat, 6.0) + 10
    assert checked  # with turns to spare, the money also buys a crop that pays
