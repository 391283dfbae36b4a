"""Rated levels (issue 34): the ladder's tables, the openskill fit, the command and its JSON."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from contraband.cli import app
from contraband.lab import ratings

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, ["ladder", *args])


def test_a_tiny_ladder_prints_a_table_with_intervals_and_writes_the_json_the_server_reads(
    tmp_path,
):
    out = tmp_path / "ratings" / "tony-tino-2p.json"
    result = invoke(
        "tony-tino", "--levels", "random", "--levels", "easy", "--levels", "rules",
        "--games-per-pair", "4", "--workers", "1", "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "± (2σ)" in result.output
    for name in ("random", "easy", "rules"):
        assert name in result.output
    data = json.loads(out.read_text())
    assert (data["game"], data["players"], data["games"]) == ("tony-tino", 2, 12)
    assert data["tables"] == [["random", "easy"], ["random", "rules"], ["easy", "rules"]]
    names = [entry["name"] for entry in data["ratings"]]
    assert sorted(names) == ["easy", "random", "rules"]
    mus = [entry["mu"] for entry in data["ratings"]]
    assert mus == sorted(mus, reverse=True)  # strongest first
    for entry in data["ratings"]:
        assert entry["games"] == 8  # two tables of four
        assert 0 < entry["sigma"] < ratings.SIGMA0  # played games narrow the interval
        assert (entry["rating"], entry["interval"]) == ratings.display(entry["mu"], entry["sigma"])
    # a random player does not out-rate the rule-based player over eight games
    by_name = {entry["name"]: entry for entry in data["ratings"]}
    assert by_name["rules"]["mu"] > by_name["random"]["mu"]
    assert data["command"].startswith("contraband ladder tony-tino --players 2")
    served = ratings.packaged(out.parent)
    assert set(served) == {"tony-tino"}
    assert served["tony-tino"]["2"]["rules"] == {
        "rating": by_name["rules"]["rating"],
        "interval": by_name["rules"]["interval"],
    }


def test_the_same_seed_gives_the_same_ladder(tmp_path):
    outputs = []
    for name in ("a.json", "b.json"):
        result = invoke(
            "counterfeiters", "-p", "2", "-l", "random", "-l", "rules", "--games-per-pair", "2",
            "--seed", "5", "--workers", "1", "--out", str(tmp_path / name),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        data = json.loads((tmp_path / name).read_text())
        outputs.append((data["ratings"], data["command"]))
    assert outputs[0] == outputs[1]


@pytest.mark.parametrize("players", [3, 4])
def test_every_pair_meets_at_as_many_tables_and_seats_rotate(players):
    tables = ratings.plan("counterfeiters", players, games=5, iterations=50)
    assert len(tables) == len(list(itertools.combinations(ratings.CONTESTANTS, players)))
    pairs = Counter(pair for t in tables for pair in itertools.combinations(t.names, 2))
    assert len(pairs) == 10 and len(set(pairs.values())) == 1
    for table in tables:
        config = table.config
        assert config.games % players == 0 and config.games >= 5
        seats = Counter(
            (seat, spec) for index in range(config.games)
            for seat, spec in enumerate(config.seat_agents(index))
        )  # fmt: skip
        assert set(seats.values()) == {config.games // players}


def test_the_iteration_cap_touches_only_the_searching_levels():
    assert ratings.contestant_spec("hard", 40) == "hard:iterations=40"
    assert ratings.contestant_spec("medium", 40) == "medium:iterations=40"
    assert ratings.contestant_spec("medium", 5000) == "medium:iterations=300"  # its own is less
    assert ratings.contestant_spec("rules", 40) == "rules"
    assert ratings.contestant_spec("hard") == "hard"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["tony-tino", "--levels", "grandmaster"], "unknown contestant 'grandmaster'"),
        (["tony-tino", "--levels", "easy", "--levels", "easy"], "listed once"),
        (["tony-tino", "--levels", "easy"], "needs at least 2 contestants"),
        (["narcos", "-p", "4", "-l", "easy", "-l", "hard", "-l", "rules"], "at least 4"),
        (["al-cabohne", "--players", "1"], "no opponents"),
        (["tony-tino", "--games-per-pair", "0"], "--games-per-pair must be a positive"),
        (["tony-tino", "--hard-iterations", "0"], "--hard-iterations must be a positive"),
        (["no-such-game"], "no-such-game"),
        (["tony-tino", "--options", "{nope"], "--options must be a JSON object"),
        (["tony-tino", "--out", "."], "is a directory"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(args, message):
    result = invoke(*args)
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_out_file_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = invoke("tony-tino", "--out", str(blocker / "ratings.json"))
    assert result.exit_code == 2
    assert "cannot create its directory" in result.output
    assert "games" not in result.output  # nothing was played


def test_tied_contestants_share_their_rating_and_the_winner_rises():
    games = [{"a": 1, "b": 1, "c": 3}] * 6
    fitted = ratings.fit(games, ("a", "b", "c"))
    assert fitted["a"] == pytest.approx(fitted["b"])
    assert fitted["a"][0] > ratings.MU0 > fitted["c"][0]
    assert all(sigma < ratings.SIGMA0 for _, sigma in fitted.values())


@settings(max_examples=30, deadline=None)
@given(st.lists(st.permutations(["a", "b", "c"]), min_size=1, max_size=12))
def test_a_contestant_first_in_every_game_is_rated_highest(orders):
    # whatever the other two do, "z" wins every game it plays and is rated above them
    games = [{"z": 1, **{name: place + 2 for place, name in enumerate(order)}} for order in orders]
    fitted = ratings.fit(games, ("a", "b", "c", "z"))
    assert all(fitted["z"][0] > fitted[name][0] for name in "abc")


def test_the_display_scale_starts_at_1500_and_keeps_elo_odds():
    assert ratings.display(ratings.MU0, ratings.SIGMA0) == (1500, 491)
    # 400 display points are 10:1 odds under the model's logistic (beta * sqrt 2 per unit)
    mu_gap = 400 / ratings.SCALE
    assert mu_gap / (ratings.BETA * 2**0.5) == pytest.approx(2.302585, rel=1e-6)


def test_packaged_ratings_skip_files_of_the_wrong_shape(tmp_path):
    good = {"game": "narcos", "players": 3, "ratings": [{"name": "hard", "rating": 1650,
                                                          "interval": 40}]}  # fmt: skip
    (tmp_path / "narcos-3p.json").write_text(json.dumps(good))
    (tmp_path / "broken.json").write_text("{not json")
    (tmp_path / "odd.json").write_text(json.dumps({"game": "x", "ratings": "none"}))
    assert ratings.packaged(tmp_path) == {"narcos": {"3": {"hard": {"rating": 1650,
                                                                    "interval": 40}}}}  # fmt: skip
    assert ratings.packaged(tmp_path / "missing") == {}


def test_the_server_serves_the_packaged_ladders(tmp_path, monkeypatch):
    from fastapi.testclient import TestClient

    from contraband.server.app import create_app

    table = {"game": "narcos", "players": 2, "ratings": [{"name": "easy", "rating": 1480,
                                                           "interval": 120}]}  # fmt: skip
    folder = tmp_path / "ratings"
    folder.mkdir()
    (folder / "narcos-2p.json").write_text(json.dumps(table))
    monkeypatch.setattr(ratings, "RATINGS_DIR", folder)
    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", bot_threads=1, bot_pace=0)
    with TestClient(app) as client:
        answer = client.get("/api/ratings")
    assert answer.status_code == 200
    assert answer.json() == {"narcos": {"2": {"easy": {"rating": 1480, "interval": 120}}}}


def test_every_packaged_ladder_rates_every_contestant_of_its_game():
    for path in sorted(ratings.RATINGS_DIR.glob("*.json")):
        data = json.loads(path.read_text())
        assert path.name == f"{data['game']}-{data['players']}p.json"
        assert {entry["name"] for entry in data["ratings"]} == set(ratings.CONTESTANTS)
        assert data["command"].startswith(f"contraband ladder {data['game']} ")
    served = ratings.packaged()
    for path in ratings.RATINGS_DIR.glob("*.json"):
        game, _, players = path.stem.rpartition("-")
        assert set(served[game][players.removesuffix("p")]) == set(ratings.CONTESTANTS)
