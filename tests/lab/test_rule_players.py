"""The rule-based players: the agent spec ``rules``, one player per game (``Game.rules_player``).

They are the strength ladder's yardstick (bench/ladder.py --opponent rules). Fair play (the same
action from the truth as from a determinization) is checked for every registered agent, this
one included, in tests/agents/test_fair_play.py; here: every game has one, the agent hands it
only a determinization of its seat, its games end, it is a spec anyone can pick from the
command line, and Narcos' player never plays an action its policy does not name.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import contraband
from contraband.agents import catalog, from_spec
from contraband.cli import app
from contraband.core.action import Action
from contraband.core.random import Rng
from contraband.games.narcos import rules_player as narcos_rules
from contraband.lab.results import read_results
from tests.contract.cases import CASES, IDS

seeds = st.integers(min_value=0, max_value=2**40)


def random_position(game_id, players, seed, steps):
    """A running position after ``steps`` random moves, or None when the game ended first."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(seed + 1)
    for _ in range(steps):
        if state.is_terminal():
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def test_every_game_has_a_rules_player():
    for game_id in contraband.game_ids():
        assert callable(contraband.load(game_id).rules_player), game_id


def test_rules_is_an_agent_anyone_can_pick():
    entry = next(entry for entry in catalog() if entry["spec"] == "rules")
    assert entry["kind"] == "agent" and "rule" in entry["help"]
    assert from_spec("rules:seed=3").seed == 3
    with pytest.raises(ValueError, match="agent 'rules' has no parameter 'iterations'"):
        from_spec("rules:iterations=5")


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=10, deadline=None)
@given(seed=seeds, steps=st.integers(0, 300))
def test_the_player_is_handed_a_determinization_never_the_truth(game_id, players, seed, steps):
    state = random_position(game_id, players, seed, steps)
    if state is None:
        return
    game = contraband.load(game_id)
    player, handed = game.rules_player, []

    def spy(guess, seat, legal, rng):
        handed.append((guess, seat, legal))
        return player(guess, seat, legal, rng)

    seat = state.current_player
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(game), "rules_player", staticmethod(spy))
        action = from_spec("rules", seed=seed).act(state, seat)
    assert action in state.legal_actions()
    if len(state.legal_actions()) == 1:
        assert handed == []  # a forced move needs no judgement
        return
    ((guess, handed_seat, legal),) = handed
    assert guess is not state and guess.seed is None  # a determinization has no seed
    assert handed_seat == seat and legal == state.legal_actions()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_rules_players_finish_a_game(game_id, players):
    state = contraband.load(game_id).new(players, seed=11)
    agents = [from_spec("rules", seed=seat) for seat in range(players)]
    for _ in range(5000):
        if state.is_terminal():
            break
        seat = state.current_player
        state.apply(agents[seat].act(state, seat))
    assert state.is_terminal()


def test_a_game_without_a_rules_player_is_refused_by_name(monkeypatch):
    game = contraband.load("tony-tino")
    monkeypatch.setattr(type(game), "rules_player", None)
    state = game.new(seed=1)
    with pytest.raises(ValueError, match="tony-tino has no rule-based player"):
        from_spec("rules").act(state, state.current_player)


@settings(max_examples=25, deadline=None)
@given(seed=seeds, steps=st.integers(0, 400), players=st.integers(2, 4))
def test_narcos_player_ignores_actions_its_policy_does_not_know(seed, steps, players):
    state = random_position("narcos", players, seed, steps)
    if state is None:
        return
    seat = state.current_player
    legal = state.legal_actions()
    unknown = Action(seat, "convert a worker into a sicario")  # not a label of this version
    guess = state.determinize(seat, Rng(seed))
    chosen = narcos_rules.decide(guess, seat, [*legal, unknown], Rng(seed))
    assert chosen in legal


@pytest.mark.parametrize("legal_labels", [["flip", "pass"], ["produce", "end actions"], ["a"]])
def test_narcos_player_declines_when_its_policy_names_no_legal_action(monkeypatch, legal_labels):
    monkeypatch.setattr(narcos_rules, "choose", lambda state, labels, rule: "a renamed action")
    legal = [Action(0, label) for label in legal_labels]
    chosen = narcos_rules.decide(None, 0, legal, Rng(1))
    declines = [label for label in narcos_rules.DECLINE if label in legal_labels]
    assert chosen.label == (declines[0] if declines else legal_labels[0])


def test_simulate_and_play_take_the_rules_spec(tmp_path):
    runner = CliRunner()
    out = tmp_path / "run"
    args = ["simulate", "tony-tino", "--agent", "rules", "--agent", "random", "-n", "2"]
    result = runner.invoke(app, [*args, "-w", "1", "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = read_results(out / "results.parquet")
    assert {row["agent"] for row in rows} == {"rules", "random"}
    played = runner.invoke(app, ["play", "tony-tino", "--seat", "rules", "--seat", "random"])
    assert played.exit_code == 0, played.output
    assert "Game over" in played.output
