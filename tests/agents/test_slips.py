"""A searching agent's slips (the ``medium`` level in games where a short search plays nearly
as well as the full one): now and then one of its few most visited moves, never a worse one."""

import pytest

import contraband
from contraband.agents import LEVEL_NAMES, LEVELS, from_spec
from contraband.agents.tree import Node, most_visited
from contraband.core.action import Action
from tests.agents.test_ismcts import running_position


def test_moves_rank_by_visits_then_mean_then_legal_order():
    root = Node(0)
    legal = [Action(0, label) for label in ("a", "b", "c", "d", "e")]
    visits_and_totals = zip((5, 9, 5, 5, 0), (1.0, 2.0, 4.0, 1.0, 0.0), strict=True)
    for action, (visits, total) in zip(legal, visits_and_totals, strict=True):
        if visits:
            child = root.children[action] = Node(0)
            child.visits, child.total = visits, total
    assert [a.label for a in most_visited(root, legal)] == ["b", "c", "a", "d"]
    assert most_visited(Node(0), legal) == legal


def choices(spec: str, state, seeds=range(12)) -> list[tuple[str, list[str]]]:
    """Per seed, the agent's move and its own ranking of the searched moves."""
    seat = state.current_player
    found = []
    for seed in seeds:
        agent = from_spec(spec, seed=seed, reuse=False)
        move = agent.act(state, seat)
        ranked = [a.label for a in most_visited(agent.last_root, state.legal_actions())]
        found.append((move.label, ranked))
    return found


def test_a_slip_takes_one_of_the_few_most_visited_moves():
    state = running_position("tony-tino", 2, seed=4)
    always = choices("ismcts:iterations=200,plan=false,slip=1,among=2", state)
    assert all(move in ranked[:2] for move, ranked in always)
    assert any(move != ranked[0] for move, ranked in always)
    never = choices("ismcts:iterations=200,plan=false,slip=0", state)
    assert all(move == ranked[0] for move, ranked in never)


def test_the_game_sets_a_levels_slip_unless_the_spec_does(monkeypatch):
    heuristic = contraband.load("tony-tino").heuristic
    monkeypatch.setattr(type(heuristic), "level_slips", {"medium": 1.0})
    state = running_position("tony-tino", 2, seed=4)
    medium = choices("ismcts:iterations=200,plan=false,level=medium", state)
    assert any(move != ranked[0] for move, ranked in medium)
    for spec in (
        "ismcts:iterations=200,plan=false",
        "medium:slip=0",
        "ismcts:plan=false,level=hard",
    ):
        assert all(move == ranked[0] for move, ranked in choices(spec, state, range(4)))


def test_the_medium_level_plays_its_games_slips():
    assert tuple(LEVELS) == LEVEL_NAMES
    assert from_spec("medium").level == "medium"
    assert from_spec("hard").level == ""


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("ismcts:slip=1.5", "slip must be a share"),
        ("ismcts:among=1", "among must be at least 2"),
        ("ismcts:level=expert", "level must be one of easy, medium, hard"),
    ],
)
def test_bad_slips_name_what_is_allowed(spec, message):
    with pytest.raises(ValueError, match=message):
        from_spec(spec)
