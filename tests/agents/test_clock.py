"""The search's wall clock, on a fake clock (no timing asserts): ``max_seconds`` stops a search
at its deadline whatever its iteration budget, the budget stays the upper bound, and a search on
iterations alone (the lab's) never reads the clock, so its runs are reproducible."""

from types import SimpleNamespace

import pytest

import contraband
import contraband.agents.ismcts as ismcts
from contraband.agents import ISMCTSAgent, from_spec
from contraband.core.state import State

GAMES = [info.id for info in contraband.games()]


class FakeClock:
    """Each reading is ``tick`` seconds after the one before."""

    def __init__(self, tick: float) -> None:
        self.tick = tick
        self.now = 100.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += self.tick
        return self.now


def no_clock() -> float:
    raise AssertionError("a search on iterations read the clock")


def a_choice(game: str, seed: int = 5) -> State:
    """A two-player position of ``game`` where the seat on move has several legal actions."""
    state = contraband.load(game).new(2, seed=seed)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("budget", [10**9, 20_000])
def test_the_search_stops_at_its_deadline_whatever_the_budget(monkeypatch, game, budget):
    clock = FakeClock(tick=0.1)
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=clock))
    state = a_choice(game)
    agent = ISMCTSAgent(iterations=budget, max_seconds=0.35, plan=False, early=False, seed=1)
    agent.act(state, state.current_player)
    # the deadline is read once, then the clock after every block of CHECK_EVERY iterations:
    # 0.1, 0.2, 0.3 are before it, 0.4 is past it, so exactly four blocks ran
    assert clock.readings == 5
    assert agent.last_iterations == 4 * ismcts.CHECK_EVERY


@pytest.mark.parametrize("game", GAMES)
def test_the_iteration_budget_stays_the_upper_bound(monkeypatch, game):
    clock = FakeClock(tick=0.0)  # the deadline never comes
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=clock))
    state = a_choice(game)
    agent = ISMCTSAgent(iterations=70, max_seconds=0.35, plan=False, early=False, seed=1)
    agent.act(state, state.current_player)
    assert agent.last_iterations == 70


def test_the_server_cap_on_the_game_budget_keeps_the_budget_as_the_bound(monkeypatch):
    """``hard`` with a cap (what the table runs): the game's own budget, stopped sooner by the
    clock; with a clock that never reaches the deadline it searches no more than the budget."""
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=FakeClock(tick=0.0)))
    state = a_choice("tony-tino")
    capped = from_spec("hard", seed=2, max_seconds=0.5, early=False, plan=False)
    capped.act(state, state.current_player)
    budget = contraband.load("tony-tino").heuristic.search_iterations
    assert capped.last_iterations == budget
    # readings 0.2 (deadline 0.7), then 0.4, 0.6, 0.8 after each block: three blocks
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=FakeClock(tick=0.2)))
    other = a_choice("tony-tino", seed=6)
    capped.act(other, other.current_player)
    assert capped.last_iterations == 3 * ismcts.CHECK_EVERY


@pytest.mark.parametrize("game", GAMES)
def test_a_search_on_iterations_never_reads_the_clock(monkeypatch, game):
    """The lab's agents (``hard``, ``medium``, ``ismcts:iterations=N``) search exact budgets:
    the clock is never read, and the same seed gives the same decisions and iterations."""
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=no_clock))
    for spec in ("ismcts:iterations=60", "medium"):
        runs = []
        for _ in range(2):
            state = a_choice(game)
            agent = from_spec(spec, seed=9)
            chosen = []
            for _ in range(4):
                if state.is_terminal():
                    break
                seat = state.current_player
                action = agent.act(state, seat) if seat == 0 else state.legal_actions()[0]
                chosen.append((action.label, agent.last_iterations if seat == 0 else None))
                state.apply(action)
            runs.append(chosen)
        assert runs[0] == runs[1]


def test_a_clocked_planner_stops_at_the_decisions_deadline(monkeypatch):
    """The Nacho hire planner plays each hire out on 16 deals; a bot on the clock (``hard``
    with ``max_seconds``) stops trying deals once the decision's deadline has passed, after
    the least number; the lab's unclocked hard tries them all."""
    from contraband.games.nacho_incident import foresight
    from contraband.games.nacho_incident.board import HIRE

    tried = []
    planner = foresight.planned_hire
    monkeypatch.setattr(foresight, "planned_hire", lambda w, s: tried.append(s) or planner(w, s))
    state = contraband.load("nacho-incident").new(2, seed=3)
    assert state.phase == HIRE and len(state.legal_actions()) > 1
    seat = state.current_player

    clock = FakeClock(tick=1.0)  # every reading a second later: the deadline passes at once
    monkeypatch.setattr(ismcts.time, "perf_counter", clock)
    monkeypatch.setattr(foresight.time, "perf_counter", clock)
    from_spec("hard", seed=1, max_seconds=0.5).act(state, seat)
    assert len(tried) == foresight.MIN_SAMPLES

    tried.clear()
    monkeypatch.setattr(ismcts.time, "perf_counter", no_clock)
    monkeypatch.setattr(foresight.time, "perf_counter", no_clock)
    from_spec("hard", seed=1).act(state, seat)
    assert len(tried) == foresight.HIRE_SAMPLES
