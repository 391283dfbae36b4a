"""The ladder's rating model (issue 46): the fit on synthetic players of known strengths, its
intervals' coverage, and the information that picks the next table."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from contraband.lab import ladder_fit

NAMES = ("a", "b", "c", "d", "e")
#: synthetic strengths (Elo points 1500 + 174 * theta): a spread like the levels'
TRUTH = np.array([-1.6, -0.5, 0.3, 0.8, 1.0])


def draw(rng: np.random.Generator, table: tuple[str, ...], truth: np.ndarray) -> ladder_fit.Outcome:
    """One Plackett-Luce finishing order of ``table`` under ``truth``."""
    left, order = list(table), []
    while left:
        weights = np.exp([truth[NAMES.index(name)] for name in left])
        order.append(left.pop(int(rng.choice(len(left), p=weights / weights.sum()))))
    return tuple((name,) for name in order)


def centred(truth: np.ndarray, fitted: ladder_fit.Fit) -> np.ndarray:
    """The truth on the fit's scale (centred with the fit's weights)."""
    return truth - float(fitted.weights @ truth)


@pytest.mark.parametrize(("players", "repeats", "games"), [(2, 60, 24), (3, 40, 12)])
def test_the_intervals_cover_the_true_strengths_about_95_percent_of_the_time(
    players, repeats, games
):
    rng = np.random.default_rng(46 + players)
    covered = total = 0
    errors, spreads = [], []
    for _ in range(repeats):
        outcomes = Counter(
            draw(rng, table, TRUTH)
            for table in itertools.combinations(NAMES, players)
            for _ in range(games)
        )
        fitted = ladder_fit.fit(outcomes, NAMES)
        truth = centred(TRUTH, fitted)
        sd = fitted.sd()
        covered += int((np.abs(fitted.theta - truth) <= 2 * sd).sum())
        total += len(NAMES)
        errors.append(fitted.theta - truth)
        spreads.append(sd)
    share = covered / total
    # two standard deviations hold 95.4% of a normal; the binomial spread of 200-300 intervals
    # is about 1.3 points
    assert 0.91 <= share <= 0.985, share
    # and the estimates are hardly biased: each mean error is small beside the intervals
    bias = np.abs(np.mean(errors, axis=0)) / np.mean(spreads, axis=0)
    assert bias.max() < 0.4, bias


def test_ties_share_a_rating_and_the_winner_rises():
    outcome = ladder_fit.outcome_of({"a": 1, "b": 1, "c": 3})
    assert outcome == (("a", "b"), ("c",))
    fitted = ladder_fit.fit([outcome] * 6 + [ladder_fit.outcome_of({"c": 1, "a": 2, "b": 3})] * 2,
                            ("a", "b", "c"))  # fmt: skip
    ratings = fitted.ratings()
    assert ratings["a"][0] > ratings["c"][0]
    # a and b tie six times; c split them twice, once each way would be symmetric: here a ahead
    assert ratings["a"][0] > ratings["b"][0]


@settings(max_examples=25, deadline=None)
@given(st.lists(st.permutations(["a", "b", "c"]), min_size=1, max_size=12))
def test_a_contestant_first_in_every_game_is_rated_highest(orders):
    games = [((("z",),) + tuple((name,) for name in order)) for order in orders]
    fitted = ladder_fit.fit(games, ("a", "b", "c", "z"))
    rated = fitted.ratings()
    assert all(rated["z"][0] > rated[name][0] for name in "abc")


def test_more_games_narrow_the_interval_as_one_over_the_root():
    few = ladder_fit.fit(Counter({(("a",), ("b",)): 20, (("b",), ("a",)): 20}), ("a", "b"))
    many = ladder_fit.fit(Counter({(("a",), ("b",)): 80, (("b",), ("a",)): 80}), ("a", "b"))
    assert many.widths()[0] == pytest.approx(few.widths()[0] / 2, rel=0.02)
    # two even players, 160 games: each is +-1/sqrt(160 * 1/4) strength units from the centre,
    # halved (the centre is their mean), on the Elo scale: 2 * 173.7 * 0.079 = 27.5... per side
    expected = 2 * ladder_fit.ELO * 0.5 / np.sqrt(160 * 0.25)
    assert many.widths()[0] == pytest.approx(expected, rel=0.02)


def test_a_contestant_that_never_wins_stays_wide_however_many_games():
    """Its strength has no lower bound in the data: the interval says so instead of narrowing."""
    names = ("weak", "x")
    widths = [
        ladder_fit.fit(Counter({(("x",), ("weak",)): games}), names).widths()[0]
        for games in (100, 1000)
    ]
    assert min(widths) > 400
    assert widths[1] > 0.8 * widths[0]  # ten times the games; a won game would narrow by 3
    # and the other contestant is not made wide by it: the centre leans on the informative
    mixed = Counter({(("x",), ("weak",)): 300, (("x",), ("y",)): 150, (("y",), ("x",)): 150})
    fitted = ladder_fit.fit(mixed, ("weak", "x", "y"))
    assert fitted.widths()[1] < 100 < fitted.widths()[0]


def test_a_pairing_holds_most_information_between_close_strengths():
    fitted = ladder_fit.fit(Counter({(("b",), ("a",)): 30, (("c",), ("b",)): 30,
                                     (("a",), ("b",)): 10, (("b",), ("c",)): 10}),
                            ("a", "b", "c"))  # fmt: skip
    close = ladder_fit.expected_information(("a", "b"), fitted)
    chance = 1 / (1 + np.exp(fitted.theta[0] - fitted.theta[1]))  # b over a
    assert close[0, 0] == pytest.approx(chance * (1 - chance))
    assert close[0, 1] == pytest.approx(-close[0, 0])
    far = ladder_fit.expected_information(("a", "c"), fitted)
    assert far[0, 0] < close[0, 0]
    # a three-player game holds the two-player information of each of its draws
    three = ladder_fit.expected_information(("a", "b", "c"), fitted)
    assert np.allclose(three.sum(axis=1), 0)
    assert three[0, 0] > close[0, 0]


def test_the_choice_narrows_the_widest_interval_per_second_and_stops_at_the_target():
    outcomes = Counter({(("b",), ("a",)): 3, (("a",), ("b",)): 2, (("c",), ("b",)): 40,
                        (("b",), ("c",)): 40})  # fmt: skip
    fitted = ladder_fit.fit(outcomes, ("a", "b", "c"))
    widths = fitted.widths()
    assert widths.argmax() == 0  # a has the fewest games
    tables = [("a", "b"), ("a", "c"), ("b", "c")]
    # at equal cost: a table with a, the widest
    assert ladder_fit.choose(tables, fitted, 50, [2, 2, 2], [1.0, 1.0, 1.0]) in (0, 1)
    # a's games ten times dearer with b than with c: c's table, though it informs a little less
    assert ladder_fit.choose(tables, fitted, 50, [2, 2, 2], [10.0, 1.0, 1.0]) == 1
    # games already under way count: with many of a's games pending, nothing is left to do
    pending = 1000 * ladder_fit.expected_information(("a", "b"), fitted)
    pending += 1000 * ladder_fit.expected_information(("b", "c"), fitted)
    assert ladder_fit.choose(tables, fitted, 50, [2, 2, 2], [1.0] * 3, pending) is None
    # every interval within the target: stop
    assert ladder_fit.choose(tables, fitted, widths.max() + 1, [2] * 3, [1.0] * 3) is None


def test_an_outcome_naming_a_stranger_is_refused():
    with pytest.raises(ValueError, match="zed"):
        ladder_fit.fit([(("a",), ("zed",))], ("a", "b"))
