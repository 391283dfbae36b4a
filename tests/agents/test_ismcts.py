"""The ismcts agent's budgets, determinism, tree reuse and parameters."""

import time

import pytest

import contraband
from contraband.agents import from_spec
from contraband.agents.ismcts import ISMCTSAgent
from contraband.agents.tree import Node, sprout
from contraband.core.action import Action
from contraband.core.random import Rng
from tests.contract.cases import CASES, IDS, cases_in_tiers


def running_position(game_id, players, seed, steps=15):
    """A position after some random play where the mover has at least two choices."""
    state = contraband.load(game_id).new(players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_iteration_budget_is_exact_and_search_is_reproducible(game_id, players):
    state = running_position(game_id, players, seed=11)
    seat = state.current_player
    first = from_spec("ismcts:iterations=40,seed=5,early=false,plan=false")
    second = from_spec("ismcts:iterations=40,seed=5,early=false,plan=false")
    action = first.act(state, seat)
    assert first.last_iterations == 40
    assert first.last_root.visits == 40
    assert sum(visits for visits, _ in first.root_stats().values()) == 40
    assert second.act(state, seat) == action
    assert second.root_stats() == first.root_stats()
    assert action in state.legal_actions()


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=IDS)
def test_stopping_early_chooses_what_the_whole_budget_would(game_id, players):
    for seed in range(6):
        state = running_position(game_id, players, seed=seed)
        seat = state.current_player
        if len(state.legal_actions()) == 1:
            continue
        early = from_spec("ismcts:iterations=300,plan=false", seed=seed)
        whole = from_spec("ismcts:iterations=300,early=false,plan=false", seed=seed)
        assert early.act(state, seat) == whole.act(state, seat)
        assert early.last_iterations <= whole.last_iterations == 300
        # the leader was out of reach when the search stopped
        visits = sorted((v for v, _ in early.root_stats().values()), reverse=True) + [0, 0]
        assert early.last_iterations == 300 or visits[0] - visits[1] > 300 - early.last_iterations


# Nacho's three- and four-player games are the dearest: in the long tier
@pytest.mark.parametrize(
    ("game_id", "players"), cases_in_tiers({"nacho-incident-3p", "nacho-incident-4p"})
)
def test_whole_games_between_ismcts_agents_are_legal_and_reproducible(game_id, players):
    """Every seat searched (solo, 2 to 4 players, secret choices, reactions, chance in apply);
    the same seeds replay the same game."""
    records = []
    for _ in range(2):
        state = contraband.load(game_id).new(players, seed=3)
        agents = [from_spec("ismcts:iterations=8,cutoff=4", seed=seat) for seat in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            state.apply(agents[seat].act(state, seat))  # apply raises if the action is illegal
        records.append(state.record())
    assert records[0] == records[1]


def test_seconds_budget_runs_until_time_is_up():
    state = running_position("tony-tino", 2, seed=4)
    agent = ISMCTSAgent(seconds=0.2, seed=1, plan=False)
    start = time.perf_counter()
    agent.act(state, state.current_player)
    elapsed = time.perf_counter() - start
    assert agent.last_iterations >= 1
    assert agent.last_root.visits == agent.last_iterations
    assert elapsed < 5 * 0.2 + 5.0  # generous: the machine is shared


def test_iterations_cap_a_seconds_budget():
    state = running_position("tony-tino", 2, seed=4)
    agent = ISMCTSAgent(seconds=60.0, iterations=7, seed=1, plan=False)
    agent.act(state, state.current_player)
    assert agent.last_iterations == 7


def test_a_single_legal_action_is_returned_without_search():
    state = contraband.load("tony-tino").new(2, seed=1)
    rng = Rng(2)
    while len(state.legal_actions()) != 1:
        state.apply(rng.choice(state.legal_actions()))
    agent = ISMCTSAgent(iterations=50)
    assert agent.act(state, state.current_player) == state.legal_actions()[0]
    assert agent.last_iterations == 0


def own_consecutive_decisions(game_id, players, seed, reuse=True):
    """Play ismcts in seat 0 against random; after each own decision yield the agent and
    whether the decision before it was the agent's too."""
    state = contraband.load(game_id).new(players, seed=seed)
    agent = ISMCTSAgent(iterations=30, cutoff=2, seed=seed, reuse=reuse, plan=False)
    rng = Rng(seed)
    previous_was_ours = False
    while not state.is_terminal():
        seat = state.current_player
        if seat == 0:
            state.apply(agent.act(state, 0))
            yield agent, previous_was_ours
            previous_was_ours = True
        else:
            state.apply(rng.choice(state.legal_actions()))
            previous_was_ours = False


def test_tree_is_reused_only_right_after_the_agents_own_move():
    reused = 0
    for agent, after_own_move in own_consecutive_decisions("tony-tino", 2, seed=8):
        if agent.last_reused:
            assert after_own_move
            reused += 1
            # the kept statistics are there before the new iterations are added
            assert agent.last_root.visits > agent.last_iterations
    assert reused > 0


def test_tree_is_not_reused_in_another_game_or_when_disabled():
    state = running_position("tony-tino", 2, seed=21)
    agent = ISMCTSAgent(iterations=30, seed=2)
    agent.act(state, state.current_player)
    other = running_position("tony-tino", 2, seed=22)
    agent.act(other, other.current_player)
    assert not agent.last_reused
    consecutive = 0
    for agent, after_own_move in own_consecutive_decisions("tony-tino", 2, seed=8, reuse=False):
        assert not agent.last_reused
        consecutive += after_own_move
    assert consecutive > 0


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:iterations=0", "iterations"),
        ("ismcts:rollout=smart", "rollout"),
        ("ismcts:cutoff=-2", "cutoff"),
        ("ismcts:c=-1", "c must"),
        ("ismcts:seconds=-1", "seconds"),
        ("ismcts:iterations=many", "iterations"),
        ("ismcts:depth=3", "no parameter"),
        ("ismcts:prior=-1", "prior must"),
    ],
)
def test_bad_parameters_name_what_is_allowed(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec)


@pytest.mark.parametrize(("game_id", "players"), [("al-cabohne", 2), ("tony-tino", 2)])
def test_the_exploration_constant_defaults_to_the_games_own(game_id, players):
    """Without ``c`` in the spec the search explores as the game's heuristic says (Al Cabohne's
    values are compressed, so it explores far less than the generic 0.7)."""
    state = running_position(game_id, players, seed=21)
    seat = state.current_player
    own = contraband.load(game_id).heuristic.exploration
    default = from_spec("ismcts:iterations=80,seed=2")
    explicit = from_spec(f"ismcts:iterations=80,seed=2,c={own}")
    assert default.act(state, seat) == explicit.act(state, seat)
    assert default.root_stats() == explicit.root_stats()
    if own != 0.7:
        generic = from_spec("ismcts:iterations=80,seed=2,c=0.7")
        generic.act(state, seat)
        assert generic.root_stats() != default.root_stats()


def hire_position(seed: int):
    """A Nacho position where a seat after the first chooses its face-down hire."""
    state = contraband.load("nacho-incident").new(3, seed=seed)
    rng = Rng(seed)
    while not (state.phase == "hire" and state.seq >= 1 and len(state.legal_actions()) > 1):
        state.apply(rng.choice(state.legal_actions()))
    return state


def searched(spec: str, state) -> dict:
    agent = from_spec(spec, seed=5, reuse=False)
    agent.act(state, state.current_player)
    return agent.root_stats()


@pytest.mark.parametrize(("game_id", "multi"), [("nacho-incident", True), ("tony-tino", False)])
def test_the_game_decides_between_one_tree_and_one_per_seat_unless_the_spec_says(game_id, multi):
    """Nacho searches a tree per seat by default (stronger at equal iterations); a spec may
    still choose either way. (The hire is searched only with ``plan=false``: Nacho's planner
    takes it otherwise.)"""
    state = hire_position(4) if game_id == "nacho-incident" else running_position(game_id, 2, 4)
    default = searched("ismcts:iterations=120,plan=false", state)
    assert default == searched(
        f"ismcts:iterations=120,plan=false,multi={str(multi).lower()}", state
    )
    if game_id == "nacho-incident":
        assert default != searched("ismcts:iterations=120,plan=false,multi=false", state)


def test_without_a_budget_the_game_sets_the_iterations(monkeypatch):
    """``ismcts`` and ``hard`` with no budget spend the game's ``search_iterations`` (Tony &
    Tino's iterations are cheap, so it sets more than the usual 3000); a spec's own
    ``iterations`` or ``seconds`` still wins."""
    heuristic = contraband.load("tony-tino").heuristic
    assert heuristic.search_iterations > ISMCTSAgent().iterations == 3000
    monkeypatch.setattr(type(heuristic), "search_iterations", 40)
    state = running_position("tony-tino", 2, seed=4)
    seat = state.current_player
    unset = ISMCTSAgent(seed=1, plan=False, early=False)
    unset.act(state, seat)
    assert unset.last_iterations == 40
    given = ISMCTSAgent(iterations=25, seed=1, plan=False, early=False)
    given.act(state, seat)
    assert given.last_iterations == 25
    hard = from_spec("hard:plan=false,early=false,seed=1")
    hard.act(state, seat)
    assert hard.last_iterations == 40


def test_a_prior_counts_the_evaluations_value_as_visits_already_made():
    """With ``prior`` a new child starts with that many visits at the value widening gave its
    move; without a value (no widening asked for one) or with weight 0 it starts empty."""
    parent = Node(0)
    liked, other, unvalued = (Action(0, label) for label in ("liked", "other", "unvalued"))
    parent.priors = {liked: 0.8, other: 0.25}
    child = sprout(parent, liked, 4)
    assert (child.visits, child.total, child.player) == (4, pytest.approx(3.2), 0)
    assert parent.children[liked] is child
    assert sprout(parent, unvalued, 4).visits == 0
    assert sprout(parent, other, 0).visits == 0


@pytest.mark.parametrize(("game_id", "players"), [("nacho-incident", 3), ("tony-tino", 2)])
def test_the_prior_weight_shapes_the_search_and_defaults_to_the_games(game_id, players):
    state = hire_position(4) if game_id == "nacho-incident" else running_position(game_id, 2, 4)
    own = contraband.load(game_id).heuristic.prior_visits
    default = searched("ismcts:iterations=120,early=false,plan=false", state)
    assert default == searched(f"ismcts:iterations=120,early=false,plan=false,prior={own}", state)
    weighted = searched(f"ismcts:iterations=120,early=false,plan=false,prior={own + 20}", state)
    assert weighted != default
    # the root's children carry their prior visits on top of the 120 real ones
    assert sum(visits for visits, _ in weighted.values()) == 120 + 20 * len(weighted)
