"""The AI coach: the strong search's opinion of a seat's decision, for hints and post-game reviews.

One call, ``analyse``, runs the full search (``ISMCTSAgent`` with every decision searched: no
planner, no tree kept, no early stop, no slip) for the seat on move and reports every legal move
with the search's mean return for it (the estimated win chance; in games whose evaluation blends
in the score margin, such as Al Cabohne's, it is that blend) and its visits, best first.

It reads only what the seat knows: the search draws a determinization of the seat
(``state.determinize(seat, rng)``) every iteration, and a move the search never tried is valued
by the game's evaluation on one more determinization. So with an iteration budget and a seed,
the analysis of the true state equals the analysis of any determinization of it for that seat
(tests/agents/test_coach.py). A wall-clock cap (``seconds``) stops the search wherever the clock
says, so only iteration budgets are reproducible.

``hint`` is the top three of an analysis with each move's description; ``review`` replays a
finished (or unfinished) game record and analyses every decision of one seat that had a choice,
returning data for a chart and the three costliest decisions (the web and the terminal word it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from contraband.agents.ismcts import ISMCTSAgent
from contraband.agents.tree import most_visited
from contraband.core.game import load
from contraband.core.random import Rng, derive_seed
from contraband.core.state import State

#: how many choices a hint shows, and how many decisions a review calls costliest
HINT_CHOICES = 3
COSTLIEST = 3


@dataclass(frozen=True)
class Choice:
    """One legal move as the search saw it: its mean return in [0, 1] (the estimated win
    chance) and how many iterations went through it (0: never tried; valued by the game's
    evaluation instead)."""

    label: str
    win: float
    visits: int

    def to_dict(self) -> dict[str, Any]:
        return {"label": self.label, "win": self.win, "visits": self.visits}


@dataclass(frozen=True)
class Analysis:
    """A seat's decision analysed: every legal move, best first, and the iterations searched
    (0 for a forced move, which is not searched)."""

    seat: int
    choices: list[Choice]
    iterations: int

    @property
    def best(self) -> Choice:
        return self.choices[0]

    def choice(self, label: str) -> Choice | None:
        """The entry for ``label``, or None when it is not a legal move here."""
        return next((c for c in self.choices if c.label == label), None)


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


def _check_budget(iterations: Any, seconds: Any) -> None:
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


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, float(value)))


def analyse(
    state: State,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> Analysis:
    """The strong search's view of ``seat``'s decision at ``state``: every legal move with its
    estimated win chance and visits, best (most visited) first.

    ``iterations`` defaults to the game's ``Heuristic.search_iterations``; ``seconds`` caps the
    search's wall-clock time. Raises ValueError when ``seat`` is not the seat on move.
    """
    _check_seat(state, seat)
    _check_budget(iterations, seconds)
    heuristic = load(state.GAME_ID).heuristic
    legal = state.legal_actions(seat)
    rng = Rng(derive_seed(seed, "coach", "unsearched"))
    if len(legal) == 1:  # forced: nothing to compare, so no search; the evaluation's estimate
        guess = state.determinize(seat, rng)
        value = heuristic.action_values(guess, legal)[0]
        return Analysis(seat, [Choice(legal[0].label, _clamp(value), 0)], 0)
    budget = iterations if iterations is not None else heuristic.search_iterations
    agent = ISMCTSAgent(
        iterations=budget,
        plan=False,
        reuse=False,
        early=False,
        slip=0.0,
        seed=seed,
        max_seconds=seconds,
    )
    agent.act(state, seat)
    root = agent.last_root
    assert root is not None  # act always leaves its tree
    choices = []
    for action in most_visited(root, legal):
        child = root.children.get(action)
        if child is not None:
            choices.append(Choice(action.label, _clamp(child.mean()), child.visits))
    missing = [action for action in legal if action not in root.children]
    if missing:  # never tried: the game's evaluation on a determinization of the seat
        values = heuristic.action_values(state.determinize(seat, rng), missing)
        unsearched = sorted(
            zip(missing, values, strict=True), key=lambda pair: -pair[1]
        )  # stable: ties keep the legal order
        choices += [Choice(action.label, _clamp(value), 0) for action, value in unsearched]
    return Analysis(seat, choices, agent.last_iterations)


def hint(
    state: State,
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
) -> dict[str, Any]:
    """The top three moves of ``analyse`` with the game's description of each (``action_info``):
    ``{"seat", "choices": [{"label", "text", "win", "visits"}], "iterations"}``, where ``text``
    is the action's ``action_info`` (kind and components, data to word)."""
    analysis = analyse(state, seat, iterations=iterations, seconds=seconds, seed=seed)
    return {
        "seat": seat,
        "choices": [
            {**choice.to_dict(), "text": state.action_info(choice.label)}
            for choice in analysis.choices[:HINT_CHOICES]
        ],
        "iterations": analysis.iterations,
    }


def decisions(record: Mapping[str, Any], seat: int) -> list[tuple[int, State, str]]:
    """Each decision of ``seat`` in the record that had more than one legal move: the index of
    the action in the history, the position before it, and the label chosen."""
    if not isinstance(record, Mapping) or not isinstance(record.get("game"), str):
        raise ValueError("a game record is a JSON object naming its game ('game'), players, ...")
    game = load(record["game"])
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


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Every decision of ``seat`` with a choice, analysed from what the seat knew then.

    ``progress(done, total)`` is called before the first analysis and after each. The result:
    ``{"seat", "game", "decisions", "points": [{"decision", "index", "label", "best", "win",
    "best_win", "cost"}], "costliest": [{"decision", "index", "label", "best", "cost", "win",
    "best_win", "label_text", "best_text"}], "iterations", "searched"}``: ``index`` is the
    action's place in the game's history, ``win`` the chosen move's estimated win chance,
    ``best_win`` the best move's (the position's worth before the decision), ``cost`` their
    difference (0 when the chosen move is the best); ``costliest`` holds the (at most) three
    decisions with the largest positive cost, largest first, with the game's ``action_info`` of
    both moves; ``iterations`` is the budget per decision (the game's when not given),
    ``searched`` the iterations run in all.
    """
    _check_budget(iterations, seconds)
    found = decisions(record, seat)
    total = len(found)
    if progress is not None:
        progress(0, total)
    points = []
    searched = 0
    for number, (index, state, label) in enumerate(found):
        analysis = analyse(
            state,
            seat,
            iterations=iterations,
            seconds=seconds,
            seed=derive_seed(seed, "review", index),
        )
        searched += analysis.iterations
        best = analysis.best
        chosen = analysis.choice(label)
        chosen_win = chosen.win if chosen is not None else 0.0
        cost = 0.0 if best.label == label else max(0.0, best.win - chosen_win)
        points.append(
            {
                "decision": number,
                "index": index,
                "label": label,
                "best": best.label,
                "win": chosen_win,
                "best_win": best.win,
                "cost": cost,
                "label_text": state.action_info(label),
                "best_text": state.action_info(best.label),
            }
        )
        if progress is not None:
            progress(number + 1, total)
    ranked = sorted((p for p in points if p["cost"] > 0), key=lambda p: (-p["cost"], p["index"]))
    return {
        "seat": seat,
        "game": record["game"],
        "decisions": total,
        "points": [
            {key: p[key] for key in ("decision", "index", "label", "best", "win", "best_win")}
            | {"cost": p["cost"]}
            for p in points
        ],
        "costliest": ranked[:COSTLIEST],
        "iterations": iterations or load(record["game"]).heuristic.search_iterations,
        "searched": searched,
    }
