"""The sequential ladder: play the tables that narrow the intervals most until every interval is
within the target (issue 46).

Every table (each set of ``players`` contestants) first plays one rotation of its seats, which
measures its speed and ties every contestant into the fit. Then, whenever a worker is about to
idle, the ladder refits the games so far and ``ladder_fit.choose`` picks the table whose next
block reduces most, per second of play, the intervals still above the target (the information
of the games under way counted as if played, so parallel workers do not all chase one
interval). A block is whole rotations of the table's seats (every contestant in every seat
equally often), at least ``BLOCK_SECONDS`` of play. The ladder stops when every interval is
within the target (its stopping rule, checked on finished games only), at ``max_games``, or
when stopped; every finished game is stored at once (``ladder_store``), so a rerun continues
where it ended.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from contraband.lab import ladder_fit, ratings
from contraband.lab.ladder_store import LadderFolder, Setup

#: the least play (seconds, at the measured speed) a block of one table holds
BLOCK_SECONDS = 5.0
#: the most games in a block
MAX_BLOCK = 200
#: engine time per decision added to the agents' thinking time in a table's cost
DECISION_SECONDS = 0.002
#: games after which a contestant that never finished ahead of another (or never behind one)
#: no longer holds the ladder up: its strength has no bound on that side in the data
ONE_SIDED_GAMES = 100


@dataclass
class Stop:
    """How a session of the ladder ended."""

    reached: bool  # every interval within the target
    interrupted: bool = False  # Ctrl-C or SIGTERM
    capped: bool = False  # max_games reached first
    played: int = 0  # games this session


class Ladder:
    """The games of a ladder folder, their fit and the choice of the next block."""

    def __init__(
        self,
        folder: LadderFolder | None,
        setup: Setup | None = None,
        records: list[dict[str, Any]] | None = None,
    ) -> None:
        """The ladder of ``folder``; without one, a read-only view of ``setup`` and its game
        ``records`` (as ``games.jsonl`` holds them), which cannot play."""
        self.folder = folder
        self.setup = folder.setup if folder is not None else setup
        assert self.setup is not None
        self.names = tuple(self.setup.contestants)
        self.tables = self.setup.tables()
        self.table_of = {group: number for number, (group, _) in enumerate(self.tables)}
        self.by_specs = {
            frozenset(config.agents): number for number, (_, config) in enumerate(self.tables)
        }
        self.outcomes: Counter[ladder_fit.Outcome] = Counter()
        self.played: list[set[int]] = [set() for _ in self.tables]
        self.costs: list[list[float]] = [[] for _ in self.tables]
        #: games in which each contestant finished ahead of another, and behind another
        self.ahead: Counter[str] = Counter()
        self.behind: Counter[str] = Counter()
        self.seen: Counter[str] = Counter()  # games of each contestant
        for record in folder.games if folder is not None else records or []:
            self._count(self.table_of[tuple(record["table"])], record["index"], record["rows"])
        self.fitted = ladder_fit.fit(self.outcomes, self.names)

    # -- bookkeeping ----------------------------------------------------------------------------
    def _count(self, number: int, index: int, rows: list[dict[str, Any]]) -> None:
        group, config = self.tables[number]
        name_of = dict(zip(config.agents, group, strict=True))
        outcome = ladder_fit.outcome_of({name_of[r["agent"]]: r["rank"] for r in rows})
        self.outcomes[outcome] += 1
        self.ahead.update(name for group in outcome[:-1] for name in group)
        self.behind.update(name for group in outcome[1:] for name in group)
        self.seen.update(name for group in outcome for name in group)
        self.played[number].add(index)
        thinking = sum(float(r["seconds"]) + DECISION_SECONDS * int(r["decisions"]) for r in rows)
        self.costs[number].append(thinking)

    def record(self, rows: list[dict[str, Any]]) -> int:
        """Store and count one finished game (its rows); the number of its table."""
        number = self.by_specs[frozenset(row["agent"] for row in rows)]
        index = int(rows[0]["game_index"])
        assert self.folder is not None, "a read-only view of a ladder cannot play"
        self.folder.add(self.tables[number][0], index, rows)
        self._count(number, index, rows)
        return number

    def refit(self) -> None:
        self.fitted = ladder_fit.fit(self.outcomes, self.names, start=self.fitted.theta)

    @property
    def games(self) -> int:
        return sum(len(played) for played in self.played)

    def cost(self, number: int) -> float:
        """Seconds of play a game of table ``number`` takes (the mean of its games so far; of
        all tables' before it has played)."""
        own = self.costs[number]
        if own:
            return max(sum(own) / len(own), 1e-3)
        every = [value for costs in self.costs for value in costs]
        return max(sum(every) / len(every), 1e-3) if every else 1.0

    def block_size(self, number: int) -> int:
        """Games in the table's next block: whole rotations, at least BLOCK_SECONDS of play;
        one rotation while the table's speed is unknown."""
        players = self.setup.players
        if not self.costs[number]:
            return players
        rotations = max(1, math.ceil(BLOCK_SECONDS / (players * self.cost(number))))
        return min(rotations * players, max(players, MAX_BLOCK // players * players))

    def block(self, number: int, busy: set[int], size: int) -> list[int]:
        """The ``size`` lowest game indices of the table neither played nor under way."""
        taken = self.played[number] | busy
        found: list[int] = []
        index = 0
        while len(found) < size:
            if index not in taken:
                found.append(index)
            index += 1
        return found

    def widths(self) -> dict[str, float]:
        return {name: width for name, (_, width) in self.fitted.ratings().items()}

    def one_sided(self) -> dict[str, str]:
        """The contestants with ONE_SIDED_GAMES games or more that never finished ahead of
        another ("below": no lower bound in the data) or never behind one ("above")."""
        found = {}
        for name in self.names:
            if self.seen[name] >= ONE_SIDED_GAMES and not self.ahead[name]:
                found[name] = "below"
            elif self.seen[name] >= ONE_SIDED_GAMES and not self.behind[name]:
                found[name] = "above"
        return found

    def counted(self) -> np.ndarray:
        """The mask of the contestants whose intervals the target applies to (not one-sided)."""
        sided = self.one_sided()
        return np.array([name not in sided for name in self.names])

    def within(self, target: float) -> bool:
        """Is every counted interval within ``target``? (the stopping rule)"""
        sided = self.one_sided()
        return all(w <= target for name, w in self.widths().items() if name not in sided)

    def next_table(self, target: float, busy: list[set[int]]) -> int | None:
        """The table to play next (a table never played first), or None when the games
        finished and under way are expected to bring every interval within ``target``."""
        for number in range(len(self.tables)):
            if not self.played[number] and not busy[number]:
                return number
        pending = np.zeros_like(self.fitted.information)
        for number, indices in enumerate(busy):
            if indices:
                group = self.tables[number][0]
                pending += len(indices) * ladder_fit.expected_information(group, self.fitted)
        groups = [group for group, _ in self.tables]
        sizes = [self.block_size(number) for number in range(len(self.tables))]
        costs = [self.cost(number) for number in range(len(self.tables))]
        return ladder_fit.choose(groups, self.fitted, target, sizes, costs, pending, self.counted())

    def projection(self, target: float, limit: int = 10**6) -> tuple[int, float]:
        """(games, seconds of play) still needed for every interval to reach ``target``, if
        the fitted strengths are the truth and every game brings its expected information:
        the choice of ``run`` repeated on paper (at most ``limit`` games; a contestant that
        never won or lost a game makes the projection large, as it is)."""
        groups = [group for group, _ in self.tables]
        sizes = [self.block_size(number) for number in range(len(self.tables))]
        costs = [self.cost(number) for number in range(len(self.tables))]
        each = [ladder_fit.expected_information(group, self.fitted) for group in groups]
        added = np.zeros_like(self.fitted.information)
        games, seconds = 0, 0.0
        counted = self.counted()
        while games < limit:
            number = ladder_fit.choose(groups, self.fitted, target, sizes, costs, added, counted)
            if number is None:
                break
            # a twentieth of the games so far at once: the projection takes few steps
            blocks = max(1, games // 20 // sizes[number])
            added = added + blocks * sizes[number] * each[number]
            games += blocks * sizes[number]
            seconds += blocks * sizes[number] * costs[number]
        return games, seconds

    # -- playing --------------------------------------------------------------------------------
    def run(
        self,
        backend: Any,
        target: float,
        max_games: int | None = None,
        progress: Callable[[Ladder], None] | None = None,
    ) -> Stop:
        """Play until every interval is within ``target`` (display points, two standard
        deviations), ``max_games`` games are stored, or Ctrl-C."""
        busy: list[set[int]] = [set() for _ in self.tables]
        stop = Stop(reached=False)
        capped = False
        try:
            while True:
                while not capped and backend.pending <= backend.workers:
                    under_way = sum(len(indices) for indices in busy)
                    room = None if max_games is None else max_games - self.games - under_way
                    if room is not None and room <= 0:
                        capped = True
                        break
                    number = self.next_table(target, busy)
                    if number is None:
                        break
                    size = self.block_size(number)
                    indices = self.block(
                        number, busy[number], size if room is None else min(size, room)
                    )
                    config = self.tables[number][1]
                    for index in indices:  # one game a chunk: every worker gets a share
                        backend.submit(config, [index])
                        busy[number].add(index)
                if not backend.pending:
                    break
                rows = backend.next_done()
                number = self.record(rows)
                busy[number].discard(int(rows[0]["game_index"]))
                stop.played += 1
                if backend.pending <= backend.workers:  # a choice is coming: fit what is known
                    self.refit()
                if progress is not None:
                    progress(self)
        except KeyboardInterrupt:
            stop.interrupted = True
            backend.abort()
        self.refit()
        stop.reached = self.within(target)
        stop.capped = capped and not stop.reached
        return stop

    # -- the result -----------------------------------------------------------------------------
    def summary(self, target: float, meta: dict[str, Any]) -> dict[str, Any]:
        """The ladder's JSON: what was rated, how, and one entry per contestant, strongest
        first (the packaged ratings' shape, which ``ratings.packaged`` reads)."""
        fitted = self.fitted.ratings()
        counts = self.seen
        firsts = Counter(name for outcome in self.outcomes.elements() for name in outcome[0])
        sided = self.one_sided()
        entries = []
        for name, spec in self.setup.contestants.items():
            entries.append(
                ratings.entry(name, spec, *fitted[name], games=counts[name], firsts=firsts[name])
            )
            if name in sided:  # never ahead of another ("below") or never behind ("above")
                entries[-1]["one_sided"] = sided[name]
        entries.sort(key=lambda item: (-item["mu"], ratings.CONTESTANTS.index(item["name"])))
        widest = max(width for name, (_, width) in fitted.items() if name not in sided)
        thinking = sum(sum(costs) for costs in self.costs)
        return {
            "format": ratings.FORMAT,
            "game": self.setup.game,
            "players": self.setup.players,
            "options": self.setup.options,
            "games": self.games,
            "tables": [list(group) for group, _ in self.tables],
            "games_per_table": [len(played) for played in self.played],
            "seconds_per_game": [round(self.cost(n), 3) for n in range(len(self.tables))],
            "model": "Plackett-Luce, maximum a posteriori (ties: Breslow), Laplace intervals",
            "scale": (
                f"rating = {ladder_fit.CENTRE} + {ladder_fit.ELO:.2f} * (strength - centre); "
                "centre = the contestants' strengths weighted by their games' information; "
                f"interval = 2 sd; prior sd {ladder_fit.PRIOR_SD:g} points"
            ),
            "target": target,
            "reached": widest <= target,
            "widest": round(widest, 1),  # of the contestants the target applies to
            "one_sided_games": ONE_SIDED_GAMES,
            "play_seconds": round(thinking, 1),
            "projected": dict(zip(("games", "play_seconds"), self.projection(target), strict=True)),
            **meta,
            "ratings": entries,
        }
