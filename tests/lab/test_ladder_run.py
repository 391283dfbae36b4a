"""The sequential ladder (issue 46) on synthetic players: the stopping rule, the pairing choice,
resume, and the intervals' coverage where the ladder stops. A fake backend stands in for the
games: each finishing order is drawn from Plackett-Luce at known strengths."""

from __future__ import annotations

import json
from collections import deque

import numpy as np
import pytest

from contraband.lab.ladder_run import ONE_SIDED_GAMES, Ladder
from contraband.lab.ladder_store import LadderFolder, Setup

#: the contestants' specs (any distinct agents of the game) and their true strengths
SPECS = {
    "random": "random",
    "easy": "easy",
    "medium": "medium:iterations=5",
    "hard": "hard:iterations=7",
    "rules": "rules",
}
TRUTH = {"random": -2.0, "easy": -0.3, "medium": 0.4, "hard": 0.7, "rules": 0.2}


def setup(players: int = 2, seed: int = 0, **changes) -> Setup:
    contestants = changes.pop("contestants", SPECS)
    return Setup("counterfeiters", players, {}, dict(contestants), seed, **changes)


class FakeBackend:
    """Plays a game by drawing its order at TRUTH (no engine); one worker, in order."""

    name = "fake"

    def __init__(
        self,
        rng: np.random.Generator,
        workers: int = 2,
        stop_after: int | None = None,
        truth: dict[str, float] | None = None,
    ):
        self.rng, self.workers, self.stop_after = rng, workers, stop_after
        self.truth = TRUTH if truth is None else truth
        self.queue: deque = deque()
        self.done = 0
        self.aborted = False

    @property
    def pending(self) -> int:
        return len(self.queue)

    def submit(self, config, chunk):
        self.queue.extend((config, index) for index in chunk)

    def next_done(self):
        if self.stop_after is not None and self.done >= self.stop_after:
            raise KeyboardInterrupt
        config, index = self.queue.popleft()
        self.done += 1
        specs = config.seat_agents(index)
        names = {spec: name for name, spec in SPECS.items()}
        left, places = list(range(len(specs))), []
        while left:
            weights = np.exp([self.truth[names[specs[seat]]] for seat in left])
            places.append(left.pop(int(self.rng.choice(len(left), p=weights / weights.sum()))))
        return [
            {"game_index": index, "seat": seat, "agent": specs[seat],
             "rank": places.index(seat) + 1, "seconds": 0.5, "decisions": 10, "score": 0.0}
            for seat in range(len(specs))
        ]  # fmt: skip

    def abort(self):
        self.aborted = True
        self.queue.clear()


def truth_on_scale(ladder: Ladder) -> np.ndarray:
    truth = np.array([TRUTH[name] for name in ladder.names])
    return truth - float(ladder.fitted.weights @ truth)


def test_the_ladder_stops_once_every_interval_is_within_the_target(tmp_path):
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(), resume=False))
    seen: list[tuple[int, float]] = []

    def note(current: Ladder) -> None:
        seen.append((current.games, max(current.widths().values())))

    stop = ladder.run(FakeBackend(np.random.default_rng(1)), 100.0, progress=note)
    assert stop.reached and not stop.interrupted and not stop.capped
    assert max(ladder.widths().values()) <= 100
    # it did not stop early: the fit before the last games was still wider than the target
    assert any(widest > 100 for _, widest in seen)
    # nor play on: after the first fit within the target only the games already under way
    first = next(games for games, widest in seen if widest <= 100)
    assert ladder.games - first <= 2 * 2 * max(ladder.block_size(n) for n in range(10))
    # every table played whole rotations of its seats (the first block) and was stored
    lines = (tmp_path / "l" / "games.jsonl").read_text().splitlines()
    assert len(lines) == ladder.games == stop.played
    assert all(played for played in ladder.played)


def test_the_pairing_goes_where_the_intervals_are_widest(tmp_path):
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(), resume=False))
    ladder.run(FakeBackend(np.random.default_rng(2)), 80.0)
    games = {name: 0 for name in SPECS}
    for (group, _), played in zip(ladder.tables, ladder.played, strict=True):
        for name in group:
            games[name] += len(played)
    # random, far below the rest, holds the least information per game: after the first round
    # (a rotation, 2 games, a table) the ladder spends more of its games on random than on any
    assert min(len(played) for played in ladder.played) >= 2
    assert games["random"] == max(games.values())
    # and most on its closest opponent, easy: their games tell most about random
    played = [len(indices) for indices in ladder.played]
    assert ladder.tables[played.index(max(played))][0] == ("random", "easy")


def test_a_stopped_ladder_resumes_to_the_target_without_replaying_a_game(tmp_path):
    folder = tmp_path / "l"
    first = Ladder(LadderFolder(folder, setup(), resume=False))
    stop = first.run(FakeBackend(np.random.default_rng(3), stop_after=25), 150.0)
    assert stop.interrupted and not stop.reached and first.games == 25
    first.folder.close()
    with (folder / "games.jsonl").open("a") as out:
        out.write('{"table": ["random", "ea')  # a line cut short by a kill
    again = Ladder(LadderFolder(folder, setup(), resume=True))
    assert again.games == 25  # the cut line is dropped
    assert np.allclose(again.fitted.theta, first.fitted.theta)
    stop = again.run(FakeBackend(np.random.default_rng(4)), 150.0)
    assert stop.reached and again.games == 25 + stop.played
    records = [json.loads(line) for line in (folder / "games.jsonl").read_text().splitlines()]
    keys = [(tuple(r["table"]), r["index"]) for r in records]
    assert len(keys) == len(set(keys)) == again.games  # no game twice
    again.folder.close()
    # a third run finds the target reached and plays nothing
    third = Ladder(LadderFolder(folder, setup(), resume=True))
    assert third.run(FakeBackend(np.random.default_rng(5)), 150.0).played == 0


def test_a_folder_is_continued_only_with_its_own_configuration(tmp_path):
    folder = tmp_path / "l"
    LadderFolder(folder, setup(), resume=False).close()
    with pytest.raises(ValueError, match="already holds a ladder; add --resume"):
        LadderFolder(folder, setup(), resume=False)
    with pytest.raises(ValueError, match="seed: the folder has 0, this run 9"):
        LadderFolder(folder, setup(seed=9), resume=True)
    fewer = {name: SPECS[name] for name in ("random", "easy")}
    with pytest.raises(ValueError, match="different ladder.*contestants"):
        LadderFolder(folder, setup(contestants=fewer), resume=True)
    busy = LadderFolder(folder, setup(), resume=True)
    with pytest.raises(ValueError, match="in use by another run"):
        LadderFolder(folder, setup(), resume=True)
    busy.close()
    LadderFolder(folder, setup(), resume=True).close()
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="not empty and holds no ladder"):
        LadderFolder(tmp_path / "other", setup(), resume=False)


def test_a_run_is_recorded_at_the_commit_it_started_from(tmp_path, monkeypatch):
    """A commit made while a ladder plays changes nothing the run has loaded: its session names
    the commit of the run's start."""
    from contraband.lab import ladder_store

    monkeypatch.setattr(ladder_store, "commit", lambda: "1111111")
    folder = LadderFolder(tmp_path / "l", setup(), resume=False)
    monkeypatch.setattr(ladder_store, "commit", lambda: "2222222")
    folder.session({"games": 3, "seconds": 1.0})
    folder.close()
    assert [s["commit"] for s in folder.sessions()] == ["1111111"]


def test_the_projection_foresees_about_the_games_the_ladder_then_plays(tmp_path):
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(), resume=False))
    backend = FakeBackend(np.random.default_rng(8))
    ladder.run(backend, 100.0, max_games=80)
    projected, seconds = ladder.projection(100.0)
    assert seconds == pytest.approx(projected * 2 * (0.5 + 10 * 0.002))  # 2 seats, 10 moves
    stop = ladder.run(backend, 100.0)
    assert stop.reached
    assert 0.5 * projected <= stop.played <= 2 * projected + 24
    assert ladder.projection(100.0) == (0, 0.0)


def test_max_games_caps_the_ladder(tmp_path):
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(), resume=False))
    stop = ladder.run(FakeBackend(np.random.default_rng(6)), 50.0, max_games=30)
    assert stop.capped and not stop.reached and ladder.games == 30


@pytest.mark.parametrize("players", [2, 3])
def test_where_the_ladder_stops_its_intervals_still_cover_the_truth(tmp_path, players):
    """The stopping rule looks at the intervals themselves; they stay honest where it stops."""
    covered = total = 0
    for run in range(8):
        ladder = Ladder(LadderFolder(tmp_path / f"{players}-{run}", setup(players), False))
        stop = ladder.run(FakeBackend(np.random.default_rng(100 * players + run)), 150.0)
        assert stop.reached
        truth = truth_on_scale(ladder)
        sd = ladder.fitted.sd()
        covered += int((np.abs(ladder.fitted.theta - truth) <= 2 * sd).sum())
        total += len(truth)
    assert covered / total >= 0.85, covered / total  # 95% expected; 40 intervals


def test_the_block_is_whole_rotations_of_at_least_a_few_seconds(tmp_path):
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(3), resume=False))
    ladder.run(FakeBackend(np.random.default_rng(7)), 2000.0)  # the first round only
    for number in range(len(ladder.tables)):
        size = ladder.block_size(number)
        assert size % 3 == 0
        assert size * ladder.cost(number) >= 5.0


def test_the_ladder_keeps_the_bot_clock_on_cpu_time_and_gives_the_wall_clock_back():
    import time

    from contraband.lab.ladder_clock import cpu_clock

    wall = time.perf_counter
    with cpu_clock():
        assert time.perf_counter is time.process_time  # what every search deadline reads
    assert time.perf_counter is wall
    with pytest.raises(KeyboardInterrupt), cpu_clock():
        raise KeyboardInterrupt
    assert time.perf_counter is wall


def test_a_contestant_that_never_finishes_ahead_stops_holding_the_ladder_up(tmp_path):
    """Its strength has no lower bound in the data; after ONE_SIDED_GAMES games it is rated as
    one-sided ("below") and the target applies to the others."""
    hopeless = {**TRUTH, "random": -30.0}  # never ahead of anyone
    ladder = Ladder(LadderFolder(tmp_path / "l", setup(), resume=False))
    stop = ladder.run(FakeBackend(np.random.default_rng(9), truth=hopeless), 100.0)
    assert stop.reached
    assert ladder.one_sided() == {"random": "below"}
    assert ladder.seen["random"] >= ONE_SIDED_GAMES
    widths = ladder.widths()
    assert widths["random"] > 100 >= max(w for name, w in widths.items() if name != "random")
    data = ladder.summary(100.0, {})
    assert data["reached"] and data["widest"] <= 100
    by_name = {entry["name"]: entry for entry in data["ratings"]}
    assert by_name["random"]["one_sided"] == "below" and "one_sided" not in by_name["easy"]
    assert by_name["random"]["rating"] == min(entry["rating"] for entry in data["ratings"])
