"""Seat rotation and seeds: every agent sits in every seat equally often."""

import json
from collections import Counter

import pytest

import contraband
from contraband.agents import from_spec
from contraband.core.random import derive_seed
from contraband.lab.runner import COLUMNS, RunConfig, make_config, play_game


@pytest.mark.parametrize(
    ("agents", "players"),
    [
        (["a"], 2),
        (["a", "b"], 2),
        (["a", "b"], 3),
        (["a", "b", "c"], 2),
        (["a", "b", "c"], 3),
        (["a", "b", "c", "d"], 3),
        (["a", "b"], 1),
    ],
)
def test_every_agent_sits_in_every_seat_equally_often(agents, players):
    config = RunConfig("any", players, tuple(agents), games=6 * len(agents))
    seats = Counter()
    for index in range(config.games):
        lineup = config.seat_agents(index)
        assert len(lineup) == players
        seats.update((seat, agent) for seat, agent in enumerate(lineup))
    expected = config.games // len(agents)
    wanted = {(seat, agent): expected for seat in range(players) for agent in agents}
    assert seats == Counter(wanted)


def test_two_agents_swap_seats_every_game():
    config = make_config("tony-tino", 2, ["random", "greedy"], games=4)
    assert [config.seat_agents(i) for i in range(4)] == [
        ["random", "greedy"],
        ["greedy", "random"],
        ["random", "greedy"],
        ["greedy", "random"],
    ]


def test_seeds_derive_from_the_master_seed_and_game_index():
    config = make_config("tony-tino", 2, ["random", "random:seed=9"], seed=41, games=3)
    rows = play_game(config, 2)
    assert {row["seed"] for row in rows} == {derive_seed(41, "game", 2)}
    assert config.agent_seed(2, 1, "random") == derive_seed(41, "agent", 2, 1)
    # an explicit seed in the spec replaces the master seed for that agent only
    assert config.agent_seed(2, 1, "random:seed=9") == derive_seed(9, "agent", 2, 1)
    other = make_config("tony-tino", 2, ["random", "random:seed=9"], seed=42, games=3)
    assert play_game(other, 2)[0]["seed"] != rows[0]["seed"]


def test_a_game_row_per_seat_with_rank_and_win_share():
    config = make_config("tony-tino", 2, ["greedy", "random"], seed=5, games=1)
    rows = play_game(config, 0)
    assert [tuple(row) for row in rows] == [COLUMNS, COLUMNS]
    assert [row["seat"] for row in rows] == [0, 1]
    assert [row["agent"] for row in rows] == ["greedy", "random"]
    best = max(row["score"] for row in rows)
    for row in rows:
        assert row["rank"] == (1 if row["score"] == best else 2)
        assert row["decisions"] > 0 and row["seconds"] >= 0
        assert row["options"] == config.options_json
        assert row["game"] == "tony-tino" and row["players"] == 2
    assert sum(row["win"] for row in rows) == pytest.approx(1.0)


def test_when_the_house_wins_nobody_gets_a_win(house_game):
    config = make_config(house_game, 3, ["random"], seed=0, games=40)
    rows = [row for index in range(config.games) for row in play_game(config, index)]
    chosen = {r["game_index"] for r in rows if r["seat"] == 0 and r["score"] == 0}
    house = [row for row in rows if row["game_index"] in chosen]
    assert house and all(row["win"] == 0.0 for row in house)
    claimed = [row for row in rows if row["seat"] == 0 and row["score"] == 1]
    assert claimed and all(row["win"] == 1.0 and row["rank"] == 1 for row in claimed)


def test_a_solo_game_has_one_seat(house_game):
    config = make_config(house_game, 1, ["random", "greedy"], games=2)
    assert [config.seat_agents(i) for i in range(2)] == [["random"], ["greedy"]]


def test_the_detail_column_holds_the_games_own_result_detail():
    """Al Cabohne's rows carry the mafia's total, which the scores alone do not show."""
    config = make_config("al-cabohne", 1, ["random"], seed=3, games=1)
    (row,) = play_game(config, 0)
    state = contraband.load("al-cabohne").new(1, seed=row["seed"])
    agent = from_spec("random", seed=config.agent_seed(0, 0, "random"))
    while not state.is_terminal():
        state.apply(agent.act(state, 0))
    detail = json.loads(row["detail"])
    result = state.result()
    assert detail["mafia_total"] == result["mafia_total"]
    assert detail["mafia_wins"] == (row["win"] == 0.0)
    assert not {"scores", "winners", "final"} & detail.keys()
