"""A bot's speed tells nothing the rules hide: every bot decision is submitted its game's pace
after its turn began, whether it was forced, planned or searched, and the search stops at the
game's thinking time, below the pace. Run on a fake clock (no timing asserts)."""

import io
import threading
from types import SimpleNamespace

import pytest

import contraband
import contraband.agents.ismcts as ismcts
from contraband.server.bots import BotWorker, delay
from contraband.server.migrations import upgrade
from contraband.server.policy import CLOCKS, Clock, Policy, bot_agent
from contraband.server.store import Store, connect
from contraband.server.tables import Tables


def test_a_move_appears_at_the_pace_however_long_it_took():
    for elapsed in (0.0, 0.05, 0.3, 0.64):
        assert abs(elapsed + delay(0.85, elapsed) - 0.85) < 1e-12
    assert delay(0.85, 1.2) == 0.0  # a starved worker submits at once (and logs it)


def test_every_game_has_a_clock_whose_search_ends_before_its_pace():
    policy = Policy()
    for info in contraband.games():
        clock = policy.clock(info.id)
        assert 0 < clock.think < clock.pace
    assert set(CLOCKS) == {info.id for info in contraband.games()}


def test_the_clocks_are_settings():
    policy = Policy.from_env({"CONTRABAND_BOT_CLOCKS": "narcos=0.3/0.2"})
    assert policy.clock("narcos") == Clock(0.3, 0.2)
    assert policy.clock("tony-tino") == CLOCKS["tony-tino"]  # the others keep theirs
    assert Policy.from_env({"CONTRABAND_BOT_PACE": "2", "CONTRABAND_BOT_THINK": "1"}).clock(
        "no-such-game"
    ) == Clock(2.0, 1.0)
    for bad in ("narcos=0.2/0.3", "narcos=0.2", "chess=1/0.5", "narcos=inf/1"):
        with pytest.raises(ValueError, match="CONTRABAND_BOT_CLOCKS"):
            Policy.from_env({"CONTRABAND_BOT_CLOCKS": bad})


def test_a_server_bot_searches_the_games_budget_stopped_at_its_thinking_time():
    policy = Policy()
    agent = bot_agent("hard", seed=1, policy=policy, game="tony-tino")
    assert agent.game_budget and agent.max_seconds == CLOCKS["tony-tino"].think
    # a client's own time budget is cut at the clock too, and never above bot_seconds
    agent = bot_agent("ismcts:seconds=3", seed=1, policy=policy, game="al-cabohne")
    assert agent.max_seconds == CLOCKS["al-cabohne"].think
    low = Policy(bot_seconds=0.1)
    assert bot_agent("hard", 1, low, game="tony-tino").max_seconds == 0.1


class FakeClock:
    """The one clock of the worker and of the search: the search's readings move it on by
    ``tick`` (thinking takes time); the worker's only read it."""

    def __init__(self, tick: float) -> None:
        self.now = 1000.0
        self.tick = tick
        self.lock = threading.Lock()

    def read(self) -> float:
        return self.now

    def search(self) -> float:
        with self.lock:
            self.now += self.tick
            return self.now


def test_forced_planned_and_searched_bot_moves_appear_after_the_same_time(tmp_path, monkeypatch):
    """Two `hard` bots play Tony & Tino at the table on a fake clock. Some of their decisions
    are forced (a sole legal action), some the planner's, some searched until the clock stops
    the search; every one is submitted exactly the game's pace after it was claimed."""
    clock = FakeClock(tick=0.05)
    monkeypatch.setattr(ismcts, "time", SimpleNamespace(perf_counter=clock.search))
    engine = connect(f"sqlite:///{tmp_path / 'pace.db'}")
    upgrade(engine)
    tables = Tables(Store(engine), policy=Policy())
    made = tables.create("tony-tino", 2, {}, ["hard", "hard"], seed=11)
    submitted: list[tuple[float, float]] = []  # (seconds from claim to submission, thinking)
    claimed = {}

    moved = threading.Event()

    def later(wait, submit, args):
        submitted.append((clock.read() + wait - claimed["at"], clock.read() - claimed["at"]))
        submit(*args)
        moved.set()

    worker = BotWorker(tables, threads=1, clock=clock.read, later=later)
    tables.announce = worker.poke  # a committed move starts the next turn
    forced = []
    try:
        for _ in range(14):
            live = tables.get(made["id"])
            if live.state.is_terminal():
                break
            forced.append(len(live.state.legal_actions()) == 1)
            claimed["at"] = clock.read()
            moved.clear()
            worker._round()
            assert moved.wait(timeout=120), "the bot did not move"
    finally:
        worker.stop()
    pace, think = CLOCKS["tony-tino"].pace, CLOCKS["tony-tino"].think
    assert len(submitted) == len(forced) >= 10
    assert True in forced and False in forced
    thought = [spent for _, spent in submitted]
    assert any(spent == 0 for spent in thought)  # forced or planned: no search at all
    assert any(think <= spent for spent in thought)  # searched until the clock stopped it
    assert all(spent <= think + 2 * clock.tick + 1e-9 for spent in thought)  # stopped in time
    assert all(abs(after - pace) < 1e-9 for after, _ in submitted)


def test_the_terminal_bots_keep_the_same_clock(monkeypatch):
    """`contraband play`: a searching bot stops at the game's thinking time, and every bot move
    (forced or searched) is shown the game's pace after its turn began when a person watches."""
    from rich.console import Console

    import contraband.terminal.table as table

    players = table.make_players(["hard", "greedy", "human"], "tony-tino")
    assert players[0].max_seconds == CLOCKS["tony-tino"].think
    assert players[0].clock == players[1].clock == CLOCKS["tony-tino"]
    assert players[2] is None
    fake = FakeClock(tick=0.0)
    shown = []

    def sleep(seconds):
        fake.now += seconds

    monkeypatch.setattr(table, "time", SimpleNamespace(monotonic=fake.read, sleep=sleep))
    console = Console(force_terminal=True, file=io.StringIO())
    state = contraband.load("tony-tino").new(2, seed=4)
    bots = table.make_players(["random", "random"], "tony-tino")
    board = table.Table(state, bots, ["random", "random"], console)
    for thinking in (0.0, 0.3, 0.0, 0.5):  # a bot that took that long to choose
        act = bots[state.current_player].act

        def slow(state, seat, act=act, thinking=thinking):
            fake.now += thinking
            return act(state, seat)

        bots[state.current_player].act = slow
        began = fake.now
        board.bot_turn(state.current_player)
        shown.append(fake.now - began)
    assert all(abs(after - CLOCKS["tony-tino"].pace) < 1e-9 for after in shown)


def test_a_slow_turn_setup_shortens_the_search_not_the_pace(monkeypatch):
    """The search ends at the turn's deadline: what a slow claim or setup took comes off the
    thinking time, never off the pace (down to a least search when nothing is left)."""
    import contraband.server.bots as bots

    made = []
    real = bots.bot_agent

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(bots, "bot_agent", spy)
    state = contraband.load("tony-tino").new(2, seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    seat, record = state.current_player, state.record()
    for now, expected in ((10.0, 0.2), (10.19, 0.01), (12.0, bots.LEAST_SEARCH)):
        bots.think(
            record, seat, "medium", Policy(), state=state.clone(), until=10.2, clock=lambda n=now: n
        )
        assert abs(made[-1].max_seconds - expected) < 1e-9
    bots.think(record, seat, "medium", Policy(), state=state.clone(), until=99.0, clock=lambda: 0)
    assert made[-1].max_seconds == CLOCKS["tony-tino"].think  # never longer than the clock
