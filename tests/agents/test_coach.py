"""The coach: hints and reviews from the strong search, from the seat's own knowledge only."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.agents.coach import HINT_CHOICES, analyse, decisions, hint, review
from contraband.core.random import Rng, derive_seed
from tests.agents.test_fair_play import position
from tests.contract.cases import CASES, IDS

seeds = st.integers(min_value=0, max_value=2**40)


def choice_position(game_id, players, seed, choice_seed=1):
    """A running position whose mover has at least two legal moves."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(choice_seed)
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state


def random_record(game_id, players, seed):
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(
    seed=seeds,
    choice_seed=seeds,
    steps=st.integers(min_value=0, max_value=300),
    coach_seed=seeds,
    guess_seed=seeds,
)
def test_analysis_is_the_same_on_the_truth_and_on_any_determinization(
    game_id, players, seed, choice_seed, steps, coach_seed, guess_seed
):
    state = position(game_id, players, seed, choice_seed, steps)
    if state is None:
        return
    seat = state.current_player
    before = state.to_json()
    guess = state.determinize(seat, Rng(guess_seed))
    on_truth = analyse(state, seat, iterations=12, seed=coach_seed)
    assert on_truth == analyse(guess, seat, iterations=12, seed=coach_seed)
    assert hint(state, seat, iterations=12, seed=coach_seed) == hint(
        guess, seat, iterations=12, seed=coach_seed
    )
    assert state.to_json() == before, "the coach must not change the state it is given"
    # every legal move once, each with a win chance in [0, 1]
    labels = [choice.label for choice in on_truth.choices]
    assert sorted(labels) == sorted(action.label for action in state.legal_actions())
    assert all(0.0 <= choice.win <= 1.0 for choice in on_truth.choices)
    if len(labels) > 1:
        assert on_truth.iterations == 12
        assert on_truth.best.visits == max(choice.visits for choice in on_truth.choices)


@pytest.mark.parametrize(("game_id", "players"), [("tony-tino", 2), ("nacho-incident", 3)])
def test_only_the_seat_on_move_can_be_analysed(game_id, players):
    state = choice_position(game_id, players, seed=4)
    other = (state.current_player + 1) % players
    with pytest.raises(ValueError, match=f"seat {state.current_player}'s decision"):
        analyse(state, other, iterations=8)
    with pytest.raises(ValueError, match="seat must be 0"):
        analyse(state, players, iterations=8)
    with pytest.raises(ValueError, match="seat must be an integer"):
        hint(state, True, iterations=8)
    with pytest.raises(ValueError, match="iterations must be"):
        analyse(state, state.current_player, iterations=0)
    with pytest.raises(ValueError, match="seconds must be"):
        analyse(state, state.current_player, seconds=-1.0)


def test_a_finished_game_has_nothing_to_analyse():
    record = random_record("tony-tino", 2, seed=2)
    state = contraband.load("tony-tino").replay(record)
    with pytest.raises(ValueError, match="game is over"):
        analyse(state, 0, iterations=8)


def test_a_forced_move_is_answered_without_search():
    state = contraband.load("tony-tino").new(2, seed=5)
    rng = Rng(5)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    analysis = analyse(state, seat, iterations=500)
    assert analysis.iterations == 0
    assert [choice.label for choice in analysis.choices] == [state.legal_actions()[0].label]
    assert 0.0 <= analysis.best.win <= 1.0


def test_a_hint_is_the_analysis_top_three_with_descriptions():
    state = choice_position("counterfeiters", 3, seed=8)
    seat = state.current_player
    analysis = analyse(state, seat, iterations=60, seed=3)
    given_hint = hint(state, seat, iterations=60, seed=3)
    top = analysis.choices[:HINT_CHOICES]
    assert [c["label"] for c in given_hint["choices"]] == [c.label for c in top]
    assert [c["win"] for c in given_hint["choices"]] == [c.win for c in top]
    for item in given_hint["choices"]:
        assert item["text"] == state.action_info(item["label"])
    assert given_hint["seat"] == seat and given_hint["iterations"] == 60


def test_the_keeping_move_is_best_and_the_tempting_one_costs():
    """Tony & Tino's constructed endgame (tests/agents/test_forced_wins): the spy on A1 wins,
    the 3 on A1 loses; the analysis ranks the winning move first and values it above."""
    from tests.agents.test_forced_wins import tony_tino_endgame

    state = tony_tino_endgame()
    analysis = analyse(state, 0, iterations=300, seed=1)
    assert analysis.best.label == "place 0 on A1"
    assert analysis.best.win > analysis.choice("place 3 on A1").win


@pytest.mark.parametrize(("game_id", "players"), [("tony-tino", 2), ("narcos", 3)])
def test_review_analyses_each_decision_with_a_choice(game_id, players):
    record = random_record(game_id, players, seed=11)
    seat = 1
    calls = []
    result = review(record, seat, iterations=10, seed=4, progress=lambda d, t: calls.append((d, t)))
    found = decisions(record, seat)
    assert result["seat"] == seat and result["decisions"] == len(found)
    assert calls == [(n, len(found)) for n in range(len(found) + 1)]
    assert [p["index"] for p in result["points"]] == [index for index, _, _ in found]
    for point, (index, state, label) in zip(result["points"], found, strict=True):
        assert record["seats"][index] == seat and record["actions"][index] == label
        assert point["label"] == label
        analysis = analyse(state, seat, iterations=10, seed=derive_seed(4, "review", index))
        assert point["best"] == analysis.best.label
        assert point["win"] == analysis.choice(label).win
        expected = (
            0.0 if label == analysis.best.label else max(0.0, analysis.best.win - point["win"])
        )
        assert point["cost"] == expected
    costs = sorted((p["cost"] for p in result["points"] if p["cost"] > 0), reverse=True)
    assert [c["cost"] for c in result["costliest"]] == costs[:3]
    for entry in result["costliest"]:
        assert entry["label"] != entry["best"]
        assert entry["best_text"]["label"] == entry["best"]


def test_review_refuses_a_bad_record_or_seat():
    record = random_record("tony-tino", 2, seed=3)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        review(record, 2, iterations=4)
    with pytest.raises(ValueError, match="game record"):
        review({"players": 2}, 0, iterations=4)
    with pytest.raises(ValueError, match="unknown game"):
        review({**record, "game": "chess"}, 0, iterations=4)
