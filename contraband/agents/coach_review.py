"""The post-game review: every decision of one seat analysed from what the seat knew then.

Each decision with a choice gets its own analysis (``coach.analyse``: ``REVIEW_RUNS`` full
searches where ``hard`` searches, the planner's votes and values where ``hard`` follows it), and
a verdict: ``best`` (the analysis's choice), ``even`` (about as good: within the analysis's
noise, or a move the planner makes itself on some deals), ``costly`` (worse beyond the noise) or
``taught`` (a weak move a guided game asked for on purpose, ``coach_lessons``). The chart and
the list of costly decisions come from the same verdicts, so they always agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from contraband.agents import coach_lessons
from contraband.agents.coach import (
    COSTLY,
    REVIEW_RUNS,
    _check_budget,
    analyse,
    decisions,
    finite,
)
from contraband.core.random import derive_seed
from contraband.core.variants import variant_game

#: how many of the costly decisions ``costliest`` keeps (the largest first)
COSTLIEST = 3
TAUGHT = "taught"
#: a move's own steps told with it, each way (a Tony & Tino card and its two targets)
STEPS = 2
#: the fields of a point that the chart needs (the costly ones carry the moves' descriptions too)
POINT_FIELDS = ("decision", "index", "label", "best", "win", "best_win", "cost", "margin",
                "verdict", "method", "lesson")  # fmt: skip


def review(
    record: Mapping[str, Any],
    seat: int,
    *,
    iterations: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    runs: int = REVIEW_RUNS,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Every decision of ``seat`` with a choice, analysed from what the seat knew then.

    ``progress(done, total)`` is called before the first analysis and after each. The result:
    ``{"seat", "game", "decisions", "points", "costly", "costliest", "taught", "lesson",
    "iterations", "runs", "searched"}``. Each point: ``decision`` (its number among the seat's
    decisions with a choice), ``index`` (the action's place in the game's history), ``label``
    (the move chosen), ``best`` (the analysis's best move), ``win`` and ``best_win`` (their
    mean values: the estimated win chance), ``cost`` (how much better the best measured, 0 for
    the best), ``margin`` (the difference the analysis's noise allows; null when unknown),
    ``verdict`` (``best``, ``even``, ``costly`` or ``taught``), ``method`` (``search`` or
    ``planner``) and ``lesson`` (whether a guided game's step asked for this move).
    ``costly`` lists every point whose verdict is ``costly``, the largest cost first, with the
    game's ``action_info`` of both moves (``label_text``, ``best_text``) and of the seat's own
    actions just before and after it (``context``, ``after``: a move made in steps, such as a
    card and its targets, is told whole from them); ``costliest`` its
    first three; ``taught`` the taught points, likewise described; ``lesson`` whether the record
    is a guided game that the seat followed; ``iterations`` the search budget per run;
    ``searched`` the iterations run in all.
    """
    _check_budget(iterations, seconds, runs)
    found = decisions(record, seat)
    steps = coach_lessons.followed(record, seat)
    weak = coach_lessons.taught(steps)
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
            runs=runs,
            ask=label,
        )
        searched += analysis.iterations
        chosen = analysis.choice(label)
        assert chosen is not None  # ``ask`` makes sure the chosen move is valued
        measured = analysis.gap(label)
        verdict = analysis.verdict(label)
        if verdict == COSTLY and index in weak:
            verdict = TAUGHT
        points.append(
            {
                "decision": number,
                "index": index,
                "label": label,
                "best": analysis.best.label,
                "win": chosen.win,
                "best_win": analysis.best.win,
                "cost": measured.cost,
                "margin": finite(measured.margin),
                "verdict": verdict,
                "method": analysis.method,
                "lesson": index in steps,
                "label_text": state.action_info(label),
                "best_text": state.action_info(analysis.best.label),
            }
        )
        if progress is not None:
            progress(number + 1, total)
    costly = sorted(
        (p for p in points if p["verdict"] == COSTLY), key=lambda p: (-p["cost"], p["index"])
    )
    taught = [p for p in points if p["verdict"] == TAUGHT]
    _add_steps(record, [*costly, *taught])
    return {
        "seat": seat,
        "game": record["game"],
        "decisions": total,
        "points": [{key: p[key] for key in POINT_FIELDS} for p in points],
        "costly": costly,
        "costliest": costly[:COSTLIEST],
        "taught": taught,
        "lesson": bool(steps),
        "iterations": iterations or _game(record).heuristic.search_iterations,
        "runs": runs,
        "searched": searched,
    }


def _add_steps(record: Mapping[str, Any], entries: list[dict[str, Any]]) -> None:
    """Give each entry the ``action_info`` of the same seat's actions just before and just
    after it (at most ``STEPS`` each way, none past another seat's action)."""
    wanted: dict[int, list[tuple[dict[str, Any], str]]] = {}
    actors, labels = record["seats"], record["actions"]
    for entry in entries:
        index = entry["index"]
        entry["context"], entry["after"] = [], []
        for way, key in ((-1, "context"), (1, "after")):
            at = index + way
            seat = actors[index]
            while 0 <= at < len(actors) and abs(at - index) <= STEPS and actors[at] == seat:
                wanted.setdefault(at, []).append((entry, key))
                at += way
    if not wanted:
        return
    game = _game(record)
    final = game.replay(record)
    state = game.new(final.players, seed=final.seed, options=final.options)
    for at, (label, actor) in enumerate(zip(labels, actors, strict=True)):
        for entry, key in wanted.get(at, []):
            entry[key].append(state.action_info(label))
        state.apply(label, seat=actor)


def _game(record: Mapping[str, Any]) -> Any:
    """The game of a record: its rule variant's, when it has one (contraband.core.variants)."""
    return variant_game(record["game"], record.get("variant"))
