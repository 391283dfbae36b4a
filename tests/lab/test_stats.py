"""Intervals against published values, and the run summary on hand-made rows."""

import math

import pytest

from contraband.lab.stats import mean_interval, t_value, wilson
from contraband.lab.summary import summarize


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Statistics in
# Medicine 17:857-872, Table I, method 3 (score interval without continuity correction), which is
# also R's prop.test(x, n, correct = FALSE)$conf.int.
@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_matches_newcombes_table(successes, n, low, high):
    got = wilson(successes, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_by_hand_and_edges():
    # 8 of 10 by hand: p=.8, z²/n=.384146, centre=(.8+.192073)/1.384146=.716740,
    # half=1.959964/1.384146*sqrt(.016+.0096037)=.226577
    assert wilson(8, 10) == pytest.approx((0.490162, 0.943318), abs=1e-6)
    assert wilson(10, 10)[1] == 1.0
    # the ends are exact, so the interval always holds the rate (no negative error bars)
    assert all(wilson(n, n)[1] == 1.0 and wilson(0, n)[0] == 0.0 for n in range(1, 2001))
    assert wilson(60, 60)[1] == 1.0  # the formula alone gives 0.9999999999999998
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(2.5, 5) == pytest.approx(wilson(5, 10), abs=0.1)  # shared wins count
    with pytest.raises(ValueError, match="successes <= n"):
        wilson(6, 5)


@pytest.mark.parametrize(
    ("df", "value"),
    [
        (1, 12.7062),
        (2, 4.3027),
        (5, 2.5706),
        (10, 2.2281),
        (30, 2.0423),
        (120, 1.9799),
        (5000, 1.9604),
    ],
)
def test_student_t_quantiles_match_the_tables(df, value):
    assert t_value(df) == pytest.approx(value, abs=1e-4)


def test_mean_interval():
    mean, low, high = mean_interval(list(range(1, 11)))  # sd = 3.02765, se = .957427
    assert mean == 5.5
    assert (low, high) == pytest.approx((5.5 - 2.262157 * 0.957427, 5.5 + 2.262157 * 0.957427))
    assert math.isnan(mean_interval([4.0])[1])
    assert math.isnan(mean_interval([])[0])


def row(game, seat, agent, score, win, decisions=10):
    return {
        "game_index": game,
        "seat": seat,
        "agent": agent,
        "score": score,
        "win": win,
        "rank": 1 if win else 2,
        "decisions": decisions,
        "seconds": 0.01 * decisions,
    }


def test_summary_counts_wins_shares_and_house_wins():
    rows = [
        row(0, 0, "a", 5, 1.0),
        row(0, 1, "b", 3, 0.0),  # a wins from seat 0
        row(1, 0, "b", 4, 0.5),
        row(1, 1, "a", 4, 0.5),  # shared win
        row(2, 0, "a", 0, 0.0, 6),
        row(2, 1, "b", 0, 0.0, 6),  # the house wins
    ]
    summary = summarize(rows, {"players": 2, "agents": ["a", "b"]})
    a, b = summary["agents"]
    assert (a["agent"], a["seats"], a["wins"], a["win_rate"]) == ("a", 3, 1.5, 0.5)
    assert (b["wins"], b["win_rate"]) == (0.5, pytest.approx(1 / 6))
    assert (a["win_low"], a["win_high"]) == wilson(1.5, 3)
    assert a["mean_score"] == pytest.approx(3.0)
    assert a["ms_per_decision"] == pytest.approx(10.0)
    seat0, seat1 = summary["seats"]
    assert (seat0["wins"], seat1["wins"]) == (1.5, 0.5)
    # the fair share of a seat is the seats' mean win rate: 2 wins over 6 seats, the house
    # having taken one game
    assert seat0["fair_share"] == summary["fair_share"] == pytest.approx(1 / 3)
    assert summary["length"]["games"] == 3
    assert (summary["length"]["min"], summary["length"]["max"]) == (12, 20)
    assert summary["games_without_winner"] == 1
    assert summary["games_with_shared_win"] == 1
