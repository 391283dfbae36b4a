"""Rated levels (issues 34 and 46): the command, its JSON, the levels' specs and the packaged
ratings the server serves."""

from __future__ import annotations

import json

import pytest
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
    folder = tmp_path / "ladder"
    result = invoke(
        "tony-tino", "--levels", "random", "--levels", "easy", "--levels", "rules",
        "--target", "1500", "--workers", "1", "--dir", str(folder), "--out", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "± (2σ)" in result.output
    for name in ("random", "easy", "rules"):
        assert name in result.output
    data = json.loads(out.read_text())
    assert data == json.loads((folder / "ratings.json").read_text())
    assert (data["game"], data["players"], data["format"]) == ("tony-tino", 2, 2)
    assert data["tables"] == [["random", "easy"], ["random", "rules"], ["easy", "rules"]]
    # the first round: every table one block of whole seat rotations, then the target held
    assert data["reached"] and data["widest"] <= 1500
    assert all(games > 0 and games % 2 == 0 for games in data["games_per_table"])
    assert data["games"] == sum(data["games_per_table"])
    assert len((folder / "games.jsonl").read_text().splitlines()) == data["games"]
    names = [entry["name"] for entry in data["ratings"]]
    assert sorted(names) == ["easy", "random", "rules"]
    mus = [entry["mu"] for entry in data["ratings"]]
    assert mus == sorted(mus, reverse=True)  # strongest first
    for entry in data["ratings"]:
        assert (entry["rating"], entry["interval"]) == ratings.display(entry["mu"], entry["sigma"])
        assert entry["interval"] <= 1500
    by_name = {entry["name"]: entry for entry in data["ratings"]}
    assert by_name["rules"]["rating"] > by_name["random"]["rating"]
    assert data["command"].startswith("contraband ladder tony-tino --players 2 --dir ")
    assert data["sessions"] == 1 and data["worker_seconds"] > 0
    served = ratings.packaged(out.parent)
    assert set(served) == {"tony-tino"}
    assert served["tony-tino"]["2"]["rules"] == {
        "rating": by_name["rules"]["rating"],
        "interval": by_name["rules"]["interval"],
    }
    # rerun: refused without --resume, refused with another configuration, else it continues
    again = ["tony-tino", "-l", "random", "-l", "easy", "-l", "rules", "--dir", str(folder)]
    refused = invoke(*again, "--target", "1500")
    assert refused.exit_code == 2 and "add --resume" in refused.output
    other = invoke(*again, "--seed", "3", "--resume")
    assert other.exit_code == 2 and "seed: the folder has 0, this run 3" in other.output
    narrower = invoke(*again, "--target", "1", "--max-games", str(data["games"]), "--resume",
                      "--out", str(tmp_path / "narrow.json"))  # fmt: skip
    assert narrower.exit_code == 0, narrower.output
    assert "not written" in narrower.output and not (tmp_path / "narrow.json").exists()
    resumed = invoke(*again, "--target", "1500", "--resume", "--workers", "1")
    assert resumed.exit_code == 0, resumed.output
    assert f"{data['games']} games stored" in " ".join(resumed.output.split())
    assert json.loads((folder / "ratings.json").read_text())["games"] == data["games"]


def test_the_levels_play_on_their_games_bot_clock_as_at_the_table():
    from contraband.server.policy import CLOCKS

    think = CLOCKS["tony-tino"].think
    assert ratings.contestant_spec("hard", game_id="tony-tino") == (
        f"hard:seconds={think:g},iterations=9000"  # Tony & Tino's own budget as the bound
    )
    assert ratings.contestant_spec("medium", game_id="narcos") == (
        f"medium:seconds={CLOCKS['narcos'].think:g}"  # its 300 iterations stay the bound
    )
    for name in ("easy", "rules", "random"):  # they never read a clock
        assert ratings.contestant_spec(name, game_id="narcos") == name
    assert ratings.contestant_spec("hard", game_id="narcos", clocked=False) == "hard"


def test_the_iteration_cap_touches_only_the_searching_levels():
    assert ratings.contestant_spec("hard", 40, "narcos") == "hard:iterations=40"
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
        (["tony-tino", "--target", "0"], "--target must be a positive"),
        (["tony-tino", "--max-games", "0"], "--max-games must be a positive"),
        (["tony-tino", "--hard-iterations", "0"], "--hard-iterations must be a positive"),
        (["no-such-game"], "no-such-game"),
        (["tony-tino", "--options", "{nope"], "--options must be a JSON object"),
        (["tony-tino", "--backend", "cloud"], "unknown backend 'cloud'"),
        (["tony-tino", "--out", "."], "is a directory"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_code_2(args, message, tmp_path):
    result = invoke(*args, "--dir", str(tmp_path / "ladder"))
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_an_out_file_that_cannot_be_written_is_refused_before_any_game(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    result = invoke("tony-tino", "--dir", str(tmp_path / "l"), "--out", str(blocker / "r.json"))
    assert result.exit_code == 2
    assert "cannot create its directory" in result.output
    assert not (tmp_path / "l" / "games.jsonl").exists()  # nothing was played


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
