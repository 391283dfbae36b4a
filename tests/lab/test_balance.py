"""``contraband balance``: its figures against a hand count of the same seeded games.

The hand count plays each game of the run again in the test, with the run's seeds and agents,
and counts what the report claims straight from the states: who moved first, the scores after
every decision, the kinds of the actions, the rulebook breakdown of the result. It shares no
code with the balance modules, only the engine and the lab's seeding.
"""

from __future__ import annotations

import json
import math

import pytest
import typer
from typer.testing import CliRunner

import contraband
from contraband.agents import from_spec
from contraband.lab.backends import LocalBackend
from contraband.lab.balance import balance, read_records
from contraband.lab.balance_command import balance_command
from contraband.lab.balance_trace import BalanceLocal, half_leader, lead_changes, score_parts
from contraband.lab.runner import make_config, play_game, run_chunk
from contraband.lab.stats import wilson

GAMES = 12


def hand_count(config):
    """Every game of the run replayed in the test: one dict of plain counts per game."""
    counted = []
    game = contraband.load(config.game_id)
    for index in range(config.games):
        state = game.new(config.players, seed=config.game_seed(index), options=config.options)
        specs = config.seat_agents(index)
        agents = [
            from_spec(spec, seed=config.agent_seed(index, seat, spec))
            for seat, spec in enumerate(specs)
        ]
        movers, kinds, tops = [], [], []
        while not state.is_terminal():
            seat = state.current_player
            action = agents[seat].act(state, seat)
            movers.append(seat)
            kinds.append((seat, state.action_info(action)["kind"]))
            state.apply(action)
            scores = state.scores()
            tops.append([s for s in range(config.players) if scores[s] == max(scores)])
        first = []
        for seat in movers:
            if seat not in first:
                first.append(seat)
        counted.append(
            {
                "scores": list(state.scores()),
                "win": list(state.returns()),
                "winners": list(state.winners()),
                "first": first,
                "kinds": kinds,
                "tops": tops,
                "breakdown": state.result()["breakdown"],
            }
        )
    return counted


@pytest.fixture(scope="module")
def played():
    config = make_config("nacho-incident", 3, ["rules", "random"], seed=5, games=GAMES)
    with BalanceLocal(workers=1) as backend:
        summary, records, run = balance(config, backend)
    return config, summary, records, hand_count(config)


def test_the_records_are_the_labs_own_games(played):
    config, _, records, _ = played
    rows = run_chunk(config, list(range(GAMES)))
    assert len(records) == GAMES
    for record in records:
        own = [row for row in rows if row["game_index"] == record["game_index"]]
        assert [row["score"] for row in own] == record["scores"]
        assert [row["win"] for row in own] == record["win"]
        assert [row["decisions"] for row in own] == record["decisions"]
    assert play_game(config, 3)[0]["seed"] == records[3]["seed"]


def test_win_shares_by_seat_and_turn_order(played):
    config, summary, _, counted = played
    for seat in range(3):
        wins = sum(game["win"][seat] for game in counted)
        entry = summary["seats"][seat]
        assert entry["value"] == pytest.approx(wins / GAMES)
        assert (entry["low"], entry["high"]) == pytest.approx(wilson(wins, GAMES))
    # nacho's first player is drawn: turn order is not the seat order in every game
    assert any(game["first"] != [0, 1, 2] for game in counted)
    for position in range(3):
        wins = sum(game["win"][game["first"][position]] for game in counted)
        assert summary["order"][position]["value"] == pytest.approx(wins / GAMES)
    fair = sum(sum(game["win"]) for game in counted) / (3 * GAMES)
    advantage = summary["first_player_advantage"]
    assert advantage["value"] == pytest.approx(summary["order"][0]["value"] - fair)


def test_margins_length_and_lead_changes(played):
    _, summary, _, counted = played
    margins = [sorted(g["scores"])[-1] - sorted(g["scores"])[-2] for g in counted]
    assert summary["margin"]["value"] == pytest.approx(sum(margins) / GAMES)
    mean = sum(margins) / GAMES
    sd = math.sqrt(sum((m - mean) ** 2 for m in margins) / (GAMES - 1))
    assert summary["margin"]["sd"] == pytest.approx(sd)
    lengths = [len(g["kinds"]) for g in counted]
    assert summary["length"]["value"] == pytest.approx(sum(lengths) / GAMES)
    assert summary["length"]["min"] == min(lengths)
    changes, kept, led = [], 0, 0
    for game in counted:
        alone = [top[0] for top in game["tops"] if len(top) == 1]
        changes.append(sum(1 for a, b in zip(alone, alone[1:], strict=False) if a != b))
        half = game["tops"][math.ceil(len(game["tops"]) / 2) - 1]
        if len(half) == 1:
            led += 1
            kept += game["winners"] == half
    assert summary["lead_changes"]["value"] == pytest.approx(sum(changes) / GAMES)
    assert summary["halftime_leader_wins"]["n"] == led
    assert summary["halftime_leader_wins"]["value"] == pytest.approx(kept / led)


def test_parts_of_the_score_and_action_kinds(played):
    _, summary, _, counted = played
    decided = [game for game in counted if len(game["winners"]) == 1]
    parts = {entry["part"]: entry for entry in summary["parts"]}
    assert "start" not in parts  # the same for every seat: it decides nothing
    for name in ("deliveries", "cantina_bonuses", "market", "smuggler_fees"):
        tops = 0
        for game in decided:
            values = [entry[name] for entry in game["breakdown"]]
            tops += values[game["winners"][0]] == max(values)
        assert parts[name]["winner_tops"]["value"] == pytest.approx(tops / len(decided))
    kinds = {entry["kind"]: entry for entry in summary["kinds"]}
    used = {kind for game in decided for _, kind in game["kinds"]}
    assert set(kinds) == used and "hire" in used
    for name in used:
        winner = [
            sum(1 for seat, kind in g["kinds"] if kind == name and seat == g["winners"][0])
            for g in decided
        ]
        others = [
            sum(1 for seat, kind in g["kinds"] if kind == name and seat == other)
            for g in decided
            for other in range(3)
            if other != g["winners"][0]
        ]
        assert kinds[name]["winner"]["value"] == pytest.approx(sum(winner) / len(winner))
        assert kinds[name]["others"]["value"] == pytest.approx(sum(others) / len(others))


def test_the_pieces():
    assert lead_changes([-1, 0, 0, -1, 0, 1, -1, 1, 0]) == 2
    assert lead_changes([]) == 0
    assert half_leader([0, 1, 1, -1]) == 1
    assert half_leader([]) == -1
    detail = {"cash": [3, 4], "offshore": [1, 0], "rounds": 9, "names": ["a", "b"]}
    assert score_parts(detail, 2) == {"cash": [3.0, 4.0], "offshore": [1.0, 0.0]}
    coins = {"breakdown": {"players": [{"seat": 0, "coins": 2}, {"seat": 1, "coins": 5}]}}
    assert score_parts(coins, 2) == {"coins": [2.0, 5.0]}


def test_the_command_writes_the_report_and_records(tmp_path):
    app = typer.Typer()
    app.command("balance")(balance_command)
    app.command("other")(lambda: None)  # two commands: balance is a subcommand
    out = tmp_path / "run"
    result = CliRunner().invoke(
        app,
        ["balance", "counterfeiters", "-p", "2", "-n", "6", "-w", "1", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "first-player advantage" in result.output
    assert "cash" in result.output and "offshore" in result.output  # the parts of its score
    records = read_records(out / "games.jsonl")
    assert [record["game_index"] for record in records] == list(range(6))
    figures = json.loads((out / "balance.json").read_text())
    wins = sum(record["win"][0] for record in records)
    assert figures["summaries"][0]["seats"][0]["value"] == pytest.approx(wins / 6)
    page = (out / "report.html").read_text()
    assert page.count("data:image/png;base64,") == 4  # seats, distributions, parts, kinds
    bad = CliRunner().invoke(app, ["balance", "counterfeiters", "-p", "9", "--out", str(out)])
    assert bad.exit_code == 2 and "players" in bad.output


def test_plain_backends_still_play_rows():
    config = make_config("counterfeiters", 2, ["rules"], seed=1, games=2)
    with LocalBackend(workers=1) as backend:
        backend.submit(config, [0, 1])
        rows = backend.next_done()

    def timeless(rows):
        return [{k: v for k, v in row.items() if k != "seconds"} for row in rows]

    assert timeless(rows) == timeless(run_chunk(config, [0, 1]))


def test_vs_plays_both_variants_on_the_same_deals(tmp_path):
    app = typer.Typer()
    app.command("balance")(balance_command)
    app.command("other")(lambda: None)
    out = tmp_path / "vs"
    args = ["balance", "counterfeiters", "-p", "2", "-n", "10", "-w", "1", "--out", str(out)]
    result = CliRunner().invoke(app, [*args, "--vs", "track.start_two.2=9"])
    assert result.exit_code == 0, result.output
    a, b = read_records(out / "games.jsonl"), read_records(out / "games-b.jsonl")
    assert [r["seed"] for r in a] == [r["seed"] for r in b]
    figures = json.loads((out / "balance.json").read_text())
    lengths = [sum(sum(r["decisions"]) for r in own) / len(own) for own in (a, b)]
    summaries = figures["summaries"]
    assert [s["length"]["value"] for s in summaries] == pytest.approx(lengths)
    assert summaries[1]["run"]["variant"] == {"track.start_two.2": 9}
    comparison = figures["comparison"]
    firsts = [(x["win"][x["order"][0]], y["win"][y["order"][0]]) for x, y in zip(a, b, strict=True)]
    assert comparison["wins"] == sum(1 for x, y in firsts if x > y)
    assert comparison["losses"] == sum(1 for x, y in firsts if x < y)
    same = CliRunner().invoke(app, [*args, "--vs", "track.start_two.2=6"])
    assert same.exit_code == 2 and "changes nothing" in same.output
    bad = CliRunner().invoke(app, [*args, "--set", "track.start_two.2=-4"])
    assert bad.exit_code == 2 and "track.start_two.2" in bad.output


def test_the_contraband_command_has_balance_and_tune():
    from contraband.cli import app

    names = {command.name for command in app.registered_commands}
    assert {"balance", "tune"} <= names
