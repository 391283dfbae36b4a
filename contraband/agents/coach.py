"""The AI coach: what plays best in the game, on a seat's decision, for hints and reviews.

One call, ``analyse``, measures every move of the seat on move several times and says which
differences are real (``coach_noise``): a move is "costly" beside the best only when the
difference is larger than the analysis's own noise at that budget; otherwise the two are "about
even".

- Where ``hard`` searches, the analysis is ``runs`` independent full searches (``ISMCTSAgent``
  with every decision searched: no planner, no tree kept, no early stop, no slip), each with its
  own seed; a move's value in each is the search's mean return for it (the estimated win chance;
  in Al Cabohne the search's blend of win and score margin), or for a move that search never
  tried the game's evaluation on one determinization. The best move is the most visited over
  all runs (``hard``'s own choice at that budget).
- Where ``hard`` follows the game's planner (``coach_planner``: every Narcos decision, The Nacho
  Incident's hires and refreshes, Tony & Tino's card play), the planner's votes and values.

It reads only what the seat knows: every search draws a determinization of the seat
(``state.determinize(seat, rng)``) every iteration, and so does the planner; so with an
iteration budget and a seed the analysis of the true state equals the analysis of any
determinization of it for that seat (tests/agents/test_coach.py). A wall-clock cap
(``seconds``) stops each search wherever the clock says, so only iteration budgets are
reproducible.

``hint`` is the analysis's top three with each move's description and verdict; ``review``
(``coach_review``) analyses every decision of one seat in a game record.
"""

from __future__ import annotations

import math
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from statistics import fmean
from typing import Any

from contraband.agents import coach_planner
from contraband.agents.coach_noise import Gap, gap
from contraband.agents.ismcts import ISMCTSAgent
from contraband.core.action import Action
from contraband.core.random import Rng, derive_seed
from contraband.core.registry import game_of
from contraband.core.state import State
from contraband.core.variants import variant_game

#: how many choices a hint shows
HINT_CHOICES = 3
#: independent searches per analysis: a review's each get the full budget; a hint shares its
#: budget (and its clock) between them
REVIEW_RUNS = 4
HINT_RUNS = 3

#: verdicts: the best move, a move about even with it, one clearly worse
BEST, EVEN, COSTLY = "best", "even", "costly"


@dataclass(frozen=True)
class Choice:
    """One legal move as the analysis saw it: its mean value in [0, 1] (the estimated win
    chance), its value in each measurement (``samples``), the iterations through it over all
    searches (0: never tried) and how often the planner chose it (``votes``)."""

    label: str
    win: float
    visits: int
    samples: tuple[float, ...] = ()
    votes: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "win": self.win, "visits": self.visits}


@dataclass(frozen=True)
class Analysis:
    """A seat's decision analysed: the moves, best first (``choices``), the iterations searched
    in all (0 for the planner or a forced move), how the moves were measured (``method``:
    ``search``, ``planner`` or ``forced``) and how many measurements each has (``runs``)."""

    seat: int
    choices: list[Choice]
    iterations: int
    method: str = "search"
    runs: int = 1

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def choice(self, label: str) -> Choice | None:
        """The entry for ``label``, or None when it is not a legal move here (or, with the
        planner, not one valued)."""
        return next((c for c in self.choices if c.label == label), None)

    def gap(self, label: str) -> Gap:
        """How much better the best move measured than ``label``, and the noise's margin."""
        chosen = self.choice(label)
        if chosen is None:
            raise ValueError(f"{label!r} is not a move this analysis valued")
        if chosen is self.best or self.method == "forced":
            return Gap(0.0, 0.0)
        return gap(self.best.samples, chosen.samples)

    def verdict(self, label: str) -> str:
        """``best``; ``even`` (within the noise of the best, or a move the planner itself
        makes on some deals); or ``costly`` (worse than the best beyond the noise)."""
        if label == self.best.label or self.method == "forced":
            return BEST
        chosen = self.choice(label)
        if chosen is not None and chosen.votes > 0:
            return EVEN
        return COSTLY if self.gap(label).clear else EVEN


def _check_seat(state: State, seat: Any) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise ValueError(f"seat must be an integer, got {str(seat)[:20]!r}")
    if not 0 <= seat < state.players:
        raise ValueError(f"seat must be 0..{state.players - 1}, got {seat}")
    if state.is_terminal():
        raise ValueError("the game is over: there is no decision to analyse")
    if state.current_player != seat:
        raise ValueError(
            f"it is seat {state.current_player}'s decision, not seat {seat}'s: only the seat on "
            "move can be analysed"
        )


def _check_budget(iterations: Any, seconds: Any, runs: Any = 2) -> None:
    if iterations is not None and (
        isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1
    ):
        raise ValueError(f"iterations must be a whole number of at least 1, got {iterations!r}")
    if seconds is not None and (
        isinstance(seconds, bool)
        or not isinstance(seconds, int | float)
        or not 0 < seconds < float("inf")
    ):
        raise ValueError(f"seconds must be a positive number, got {seconds!r}")
    if isinstance(runs, bool) or not isinstance(runs, int) or not 2 <= runs <= 64:
        raise ValueError(f"runs must be a whole number from 2 to 64, got {runs!r}")


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


def _searched(
    state: State, seat: int, legal: list[Action], budget: int, seconds: float | None, seed: int,
    runs: int,
) -> Analysis:  # fmt: skip
    """``runs`` independent searches; each move's value in each (``Choice.samples``)."""
    heuristic = game_of(state).heuristic
    samples: dict[str, list[float]] = {action.label: [] for action in legal}
    visits: Counter[str] = Counter()
    searched = 0
    for run in range(runs):
        agent = ISMCTSAgent(
            iterations=budget,
            plan=False,
            reuse=False,
            early=False,
            slip=0.0,
            seed=derive_seed(seed, "coach", "run", run),
            max_seconds=seconds,
        )
        agent.act(state, seat)
        root = agent.last_root
        assert root is not None  # act always leaves its tree
        searched += agent.last_iterations
        missing = [action for action in legal if action not in root.children]
        guessed: dict[Action, float] = {}
        if missing:  # never tried: the game's evaluation on a determinization of the seat
            guess = state.determinize(seat, Rng(derive_seed(seed, "coach", "unsearched", run)))
            guessed = dict(zip(missing, heuristic.action_values(guess, missing), strict=True))
        for action in legal:
            child = root.children.get(action)
            value = child.mean() if child is not None else guessed[action]
            samples[action.label].append(_clamp(value))
            visits[action.label] += child.visits if child is not None else 0
    choices = [
        Choice(label, fmean(values), visits[label], tuple(values))
        for label, values in samples.items()
    ]
    # the most visited first (the search's choice), then by value; ties keep the legal order
    best = max(choices, key=lambda c: (c.visits, c.win))
    rest = sorted((c for c in choices if c is not best), key=lambda c: (-c.win, -c.visits))
    return Analysis(seat, [best, *rest], searched, "search", runs)


def _planned(
    state: State,
    seat: int,
    legal: list[Action],
    seed: int,
    ask: str | None,
    seconds: float | None,
    share: float,
) -> Analysis:
    """The planner's votes and values (``coach_planner``), within ``seconds`` if given, on
    ``share`` of its deals (a budget below the game's own asks for a cheaper analysis)."""
    deadline = time.perf_counter() + seconds if seconds is not None else None
    heuristic = game_of(state).heuristic
    ballots = max(coach_planner.MIN_VOTES, round(coach_planner.VOTES * share))
    deals = max(coach_planner.MIN_SAMPLES, round(coach_planner.SAMPLES * share))
    voted = coach_planner.votes(state, seat, heuristic, seed, ballots, deadline)
    moves = coach_planner.compared(state, seat, heuristic, legal, voted, ask, seed)
    valued = coach_planner.values(state, seat, heuristic, moves, seed, deadline, deals)
    choices = [
        Choice(label, fmean(values), 0, tuple(values), voted[label])
        for label, values in valued.items()
    ]
    # the planner's most frequent move first, then its other moves, then by value
    choices.sort(key=lambda c: (-c.votes, -c.win))
    return Analysis(seat, choices, 0, "planner", len(choices[0].samples))


def analyse(
    state: State,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    runs: int = REVIEW_RUNS,
    ask: str | None = None,
) -> Analysis:
    """What plays best in this game on ``seat``'s decision at ``state``: the moves, best first,
    each with its value in every measurement.

    Where ``hard`` searches: ``runs`` searches of ``iterations`` each (default the game's
    ``Heuristic.search_iterations``), each stopped after ``seconds`` of wall clock if given;
    every legal move is in ``choices``. Where ``hard`` follows the game's planner: the
    planner's moves, ``ask`` (a move to value in any case) and a few the evaluation likes,
    played on fewer sampled deals when ``seconds * runs`` run out or ``iterations`` is below
    the game's budget (in proportion; at least ``coach_planner.MIN_SAMPLES``).
    Raises ValueError when ``seat`` is not the seat on move or a budget is not a number.
    """
    _check_seat(state, seat)
    _check_budget(iterations, seconds, runs)
    heuristic = game_of(state).heuristic
    legal = state.legal_actions(seat)
    if ask is not None and ask not in {action.label for action in legal}:
        raise ValueError(f"{ask[:60]!r} is not a legal move of seat {seat} here")
    if len(legal) == 1:  # forced: nothing to compare, so no search; the evaluation's estimate
        guess = state.determinize(seat, Rng(derive_seed(seed, "coach", "unsearched")))
        value = _clamp(heuristic.action_values(guess, legal)[0])
        return Analysis(seat, [Choice(legal[0].label, value, 0, (value,))], 0, "forced", 1)
    budget = iterations if iterations is not None else heuristic.search_iterations
    if coach_planner.planner_decides(state, seat, heuristic, seed):
        # the planner gets the time the searches would have had together, and as many of its
        # deals as the budget is a share of the game's own
        clock = seconds * runs if seconds is not None else None
        share = min(1.0, budget / heuristic.search_iterations)
        return _planned(state, seat, legal, seed, ask, clock, share)
    return _searched(state, seat, legal, budget, seconds, seed, runs)


def hint(
    state: State,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """The top three moves of an analysis that shares the budget (``iterations`` and
    ``seconds``) between ``HINT_RUNS`` searches, each with the game's description of the move
    (``action_info``) and its verdict beside the best: ``{"seat", "choices": [{"label",
    "text", "win", "visits", "verdict"}], "clear", "method", "iterations"}``. ``verdict`` is
    ``best``, ``even`` (about as good: the analysis cannot tell them apart) or ``worse``;
    ``clear`` says the best is clearly best (every other legal move measured worse)."""
    _check_budget(iterations, seconds, HINT_RUNS)
    budget = iterations or game_of(state).heuristic.search_iterations
    analysis = analyse(
        state,
        seat,
        iterations=max(1, budget // HINT_RUNS),
        seconds=seconds / HINT_RUNS if seconds is not None else None,
        seed=seed,
        runs=HINT_RUNS,
    )
    words = {BEST: "best", EVEN: "even", COSTLY: "worse"}
    verdicts = [words[analysis.verdict(choice.label)] for choice in analysis.choices]
    return {
        "seat": seat,
        "choices": [
            {**choice.to_dict(), "text": state.action_info(choice.label), "verdict": verdict}
            for choice, verdict in zip(
                analysis.choices[:HINT_CHOICES], verdicts[:HINT_CHOICES], strict=True
            )
        ],
        "clear": len(verdicts) > 1 and all(v == "worse" for v in verdicts[1:]),
        "method": analysis.method,
        "iterations": analysis.iterations,
    }


def decisions(record: Mapping[str, Any], seat: int) -> list[tuple[int, State, str]]:
    """Each decision of ``seat`` in the record that had more than one legal move: the index of
    the action in the history, the position before it, and the label chosen."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise ValueError("a game record is a JSON object naming its game ('game'), players, ...")
    game = variant_game(record["game"], record.get("variant"))
    final = game.replay(record)  # checks the whole record first, with its clear errors
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < final.players:
        raise ValueError(f"seat must be 0..{final.players - 1}, got {str(seat)[:20]!r}")
    state = game.new(final.players, seed=final.seed, options=final.options)
    found = []
    for index, (label, actor) in enumerate(zip(final.history, final.actors, strict=True)):
        if actor == seat and len(state.legal_actions(seat)) > 1:
            found.append((index, state.clone(), label))
        state.apply(label, seat=actor)
    return found


def review(record: Mapping[str, Any], seat: int, **options: Any) -> dict[str, Any]:
    """``coach_review.review``: every decision of ``seat`` with a choice, analysed."""
    from contraband.agents.coach_review import review as reviewed

    return reviewed(record, seat, **options)


def finite(value: float) -> float | None:
    """A number for JSON: None for an infinite margin (one measurement: no noise known)."""
    return value if math.isfinite(value) else None
