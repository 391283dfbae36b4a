"""The coach: hints and reviews from what plays best in each game, from the seat's own knowledge
only, and honest about its noise."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import contraband
from contraband.agents import coach_planner
from contraband.agents.coach import (
    HINT_CHOICES,
    HINT_RUNS,
    Analysis,
    Choice,
    analyse,
    decisions,
    hint,
    review,
)
from contraband.agents.coach_noise import MIN_GAP, gap
from contraband.core.random import Rng, derive_seed
from tests.agents.test_fair_play import position
from tests.contract.cases import cases_in_tiers

seeds = st.integers(min_value=0, max_value=2**40)


@pytest.fixture(autouse=True)
def small_planner(monkeypatch):
    """The planner's analysis on few deals, so that every test stays quick."""
    monkeypatch.setattr(coach_planner, "VOTES", 2)
    monkeypatch.setattr(coach_planner, "SAMPLES", 3)
    monkeypatch.setattr(coach_planner, "HORIZON", 1)


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


# Nacho at three and four players are the dearest: in the long tier
@pytest.mark.parametrize(
    ("game_id", "players"), cases_in_tiers({"nacho-incident-3p", "nacho-incident-4p"})
)
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
    # each move once, each with a win chance in [0, 1]; a search values every legal move
    labels = [choice.label for choice in on_truth.choices]
    legal = sorted(action.label for action in state.legal_actions())
    assert len(set(labels)) == len(labels) and set(labels) <= set(legal)
    assert all(0.0 <= choice.win <= 1.0 for choice in on_truth.choices)
    if on_truth.method == "search":
        assert sorted(labels) == legal
        assert on_truth.iterations == 12 * on_truth.runs
        assert on_truth.best.visits == max(choice.visits for choice in on_truth.choices)
    else:
        assert on_truth.method == ("forced" if len(legal) == 1 else "planner")


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


def test_a_hint_is_the_analysis_top_three_with_descriptions_and_verdicts():
    """A hint shares its budget between its searches: 60 iterations are three of 20."""
    state = choice_position("counterfeiters", 3, seed=8)
    seat = state.current_player
    analysis = analyse(state, seat, iterations=20, seed=3, runs=HINT_RUNS)
    given_hint = hint(state, seat, iterations=60, seed=3)
    top = analysis.choices[:HINT_CHOICES]
    assert [c["label"] for c in given_hint["choices"]] == [c.label for c in top]
    assert [c["win"] for c in given_hint["choices"]] == [c.win for c in top]
    words = {"best": "best", "even": "even", "costly": "worse"}
    for item in given_hint["choices"]:
        assert item["text"] == state.action_info(item["label"])
        assert item["verdict"] == words[analysis.verdict(item["label"])]
    others = [analysis.verdict(c.label) for c in analysis.choices[1:]]
    assert given_hint["clear"] == all(v == "costly" for v in others)
    assert given_hint["seat"] == seat and given_hint["iterations"] == 60


def test_the_keeping_move_is_best_and_the_tempting_one_costs():
    """Tony & Tino's constructed endgame (tests/agents/test_forced_wins): the spy on A1 wins,
    the 3 on A1 loses; the analysis ranks the winning move first and values it above."""
    from tests.agents.test_forced_wins import tony_tino_endgame

    state = tony_tino_endgame()
    analysis = analyse(state, 0, iterations=300, seed=1)
    assert analysis.best.label == "place 0 on A1"
    assert analysis.best.win > analysis.choice("place 3 on A1").win
    assert analysis.verdict("place 3 on A1") == "costly"  # a clearly losing move is flagged
    assert hint(state, 0, iterations=300, seed=1)["clear"]


def test_two_moves_of_equal_value_are_about_even():
    """The same endgame with Tony far ahead: either figure wins, so neither costs anything."""
    from tests.agents.test_forced_wins import tony_tino_endgame

    state = tony_tino_endgame()
    state.money = [200000, 100000]
    analysis = analyse(state, 0, iterations=300, seed=1)
    assert {analysis.verdict(c.label) for c in analysis.choices[1:]} == {"even"}
    given = hint(state, 0, iterations=300, seed=1)
    assert not given["clear"] and given["choices"][1]["verdict"] == "even"


def test_a_difference_within_the_noise_is_not_flagged_and_one_beyond_it_is():
    """Moves measured with the same true value but noisy measurements are rarely called
    different (the rule's 2.5% one-sided error, and never below MIN_GAP); a move truly 0.2
    lower is nearly always flagged; one measurement alone shows no noise, so flags nothing."""
    rng = Rng(7)

    def noisy(mean):
        return tuple(min(1.0, max(0.0, mean + 0.08 * (rng.random() - 0.5))) for _ in range(4))

    def verdict(best, other):
        analysis = Analysis(0, [Choice("a", 0.5, 9, best), Choice("b", 0.5, 1, other)], 8)
        return analysis.verdict("b")

    same = [verdict(noisy(0.5), noisy(0.5)) for _ in range(400)]
    lower = [verdict(noisy(0.5), noisy(0.3)) for _ in range(400)]
    assert same.count("costly") / len(same) <= 0.05
    assert lower.count("costly") / len(lower) >= 0.95
    assert not gap((0.9,), (0.1,)).clear
    assert gap((0.5, 0.5, 0.5), (0.49, 0.49, 0.49)).margin == MIN_GAP


def test_the_planner_judges_where_hard_follows_it(monkeypatch):
    """Narcos (every decision), Tony & Tino's card play and The Nacho Incident's hires are
    analysed by the planner, not by the search; hard's own move there is never costly."""
    from contraband.agents import from_spec

    monkeypatch.setattr(coach_planner, "VOTES", 8)
    seen = {}
    for game_id, players in (("narcos", 3), ("tony-tino", 2), ("nacho-incident", 3)):
        for seed in range(12):
            state = position(game_id, players, seed, seed, steps=7 * seed)
            if state is None or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player
            analysis = analyse(state, seat, iterations=30, seed=seed)
            seen.setdefault((game_id, analysis.method), state.phase)
            if analysis.method == "planner":
                assert analysis.iterations == 0
                assert analysis.best.votes == max(c.votes for c in analysis.choices)
                move = from_spec("hard", seed=seed).act(state, seat).label
                assert analyse(state, seat, seed=seed, ask=move).verdict(move) != "costly"
    assert ("narcos", "planner") in seen and ("narcos", "search") not in seen
    assert ("tony-tino", "planner") in seen and ("tony-tino", "search") in seen
    assert ("nacho-incident", "planner") in seen


@pytest.mark.parametrize(
    ("game_id", "players"),
    [("tony-tino", 2), pytest.param("narcos", 3, marks=pytest.mark.slow)],  # Narcos: long tier
)
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
        analysis = analyse(
            state, seat, iterations=10, seed=derive_seed(4, "review", index), ask=label
        )
        assert point["best"] == analysis.best.label
        assert point["win"] == analysis.choice(label).win
        assert point["cost"] == analysis.gap(label).cost
        assert point["verdict"] == analysis.verdict(label)
        assert point["method"] == analysis.method
        assert not point["lesson"]
    if game_id == "narcos":
        assert {p["method"] for p in result["points"]} == {"planner"}
    # the list of costly decisions is exactly the points flagged costly, the largest first
    flagged = [p for p in result["points"] if p["verdict"] == "costly"]
    assert sorted(c["index"] for c in result["costly"]) == sorted(p["index"] for p in flagged)
    costs = [c["cost"] for c in result["costly"]]
    assert costs == sorted(costs, reverse=True) and result["costliest"] == result["costly"][:3]
    for entry in result["costly"]:
        assert entry["label"] != entry["best"] and entry["cost"] > entry["margin"]
        assert entry["best_text"]["label"] == entry["best"]


def test_review_refuses_a_bad_record_or_seat():
    record = random_record("tony-tino", 2, seed=3)
    with pytest.raises(ValueError, match="seat must be 0..1"):
        review(record, 2, iterations=4)
    with pytest.raises(ValueError, match="game record"):
        review({"players": 2}, 0, iterations=4)
    with pytest.raises(ValueError, match="unknown game"):
        review({**record, "game": "chess"}, 0, iterations=4)
