"""compare: the tally of A against B and the early stop."""

import pytest

from contraband.lab.backends import LocalBackend
from contraband.lab.runner import make_config
from contraband.lab.sequential import MIN_DECISIVE, Comparison, compare, next_batch


def game_rows(game, a_share, b_share, players=2):
    """Rows of one game where A sits where (game + seat) is even."""
    rows = []
    for seat in range(players):
        a_seat = (game + seat) % 2 == 0
        rows.append({"game_index": game, "seat": seat, "win": a_share if a_seat else b_share})
    return rows


def test_wins_losses_and_draws_are_counted_from_either_seat():
    tally = Comparison("a", "b")
    tally.add(game_rows(0, 1.0, 0.0) + game_rows(1, 1.0, 0.0))  # A wins from seat 0 and seat 1
    tally.add(game_rows(2, 0.0, 1.0))
    tally.add(game_rows(3, 0.5, 0.5) + game_rows(4, 0.0, 0.0))  # a tie and a house win
    assert (tally.wins, tally.losses, tally.draws, tally.decisive) == (2, 1, 2, 3)
    assert tally.rate == pytest.approx(2 / 3)


def test_decided_only_when_the_interval_excludes_half_with_enough_games():
    tally = Comparison("a", "b", wins=MIN_DECISIVE - 1)
    assert tally.interval[0] > 0.5 and not tally.decided  # too few decisive games
    tally.wins += 1
    assert tally.decided and tally.verdict().startswith("a beats b")
    even = Comparison("a", "b", wins=30, losses=30, draws=5)
    assert not even.decided and even.verdict().startswith("no significant difference")
    worse = Comparison("a", "b", wins=2, losses=20)
    assert worse.decided and worse.verdict().startswith("b beats a")


def test_batches_are_even_and_grow():
    sizes = [next_batch(played, 2) for played in (0, 10, 100, 1000)]
    assert all(size % 2 == 0 for size in sizes)
    assert sizes[0] >= 10 and sizes[-1] >= 250


def test_a_strong_agent_is_found_stronger_early():
    config = make_config("tony-tino", 2, ["greedy", "random"], seed=1, games=400)
    with LocalBackend(1) as backend:
        tally, run = compare(config, backend)
    assert tally.decided and tally.interval[0] > 0.5
    assert tally.games < 400 and tally.to_dict()["stopped_early"]
    assert run.games_done == tally.games


def test_every_game_is_played_while_it_stays_unclear(monkeypatch):
    monkeypatch.setattr(Comparison, "decided", property(lambda self: False))
    looks = []
    add = Comparison.add

    def counting(self, rows):
        looks.append(len({row["game_index"] for row in rows}))
        add(self, rows)

    monkeypatch.setattr(Comparison, "add", counting)
    config = make_config("tony-tino", 2, ["random", "random"], seed=2, games=45)
    with LocalBackend(1) as backend:
        tally, run = compare(config, backend)
    assert tally.games == run.games_done == 45
    assert sorted({row["game_index"] for row in run.rows}) == list(range(45))
    assert looks == [10, 10, 10, 10, 5]  # even batches, the last one cut at --games
