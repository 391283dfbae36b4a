"""The guided first games teach good moves: the review does not flag a step's expected choice,
unless the step says the move is weak on purpose (``weak = true``), and then the review of the
guided game marks it "taught"."""

from __future__ import annotations

import dataclasses

import pytest

import contraband
from contraband.agents import coach_lessons, coach_review
from contraband.agents.coach import COSTLY, Analysis, Choice, analyse
from contraband.core.random import derive_seed
from contraband.games import tutorial

GAMES = [game_id for game_id in contraband.game_ids() if tutorial.has_tutorial(game_id)]


def lesson_record(script: tutorial.Tutorial) -> tuple[dict, list[tuple[int, tutorial.Step]], int]:
    """The guided game played to the script's end, each step with the history index of the
    learner's decision it spoke to, and the index of the first such decision with a choice."""
    steps = []
    state = None
    first = None
    for step, state in tutorial.walk(script):  # the walk applies each step's choice after it
        steps.append((len(state.history), step))
        if first is None and step.expect != tutorial.ANY and len(state.legal_actions()) > 1:
            first = len(state.history)
    assert state is not None and first is not None
    return state.record(), steps, first


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_expected_choice_is_one_the_review_does_not_flag(game_id):
    """At each step, the review's own analysis (full budget, its runs; the planner where hard
    follows one) of the position the learner is in: the expected choice is never costly unless
    the step marks it weak, and the step's text then says so."""
    script = tutorial.load(game_id)
    flagged = []
    for number, (step, state) in enumerate(tutorial.walk(script), start=1):
        if step.expect == tutorial.ANY or len(state.legal_actions(script.seat)) < 2:
            continue
        seed = derive_seed(0, "review", len(state.history))
        analysis = analyse(state, script.seat, seed=seed, ask=step.expect)
        verdict = analysis.verdict(step.expect)
        if step.weak:
            assert any(word in step.en.lower() for word in ("weak", "not the best", "on purpose"))
        elif verdict == COSTLY:
            cost = analysis.gap(step.expect)
            flagged.append(
                f"step {number} {step.expect!r}: {analysis.best.label!r} better by "
                f"{cost.cost:.2f} (noise {cost.margin:.2f})"
            )
    assert not flagged, f"{game_id}: " + "; ".join(flagged)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_review_knows_a_guided_game_and_marks_its_weak_step_taught(game_id, monkeypatch):
    """The review recognises a record that followed the lesson (the script's deal, the
    learner's seat, its moves the steps' choices); a step marked weak whose move the analysis
    finds costly is "taught", not costly. Another seat, or a game that left the lesson at its
    first step, is no lesson."""
    script = tutorial.load(game_id)
    record, steps, index = lesson_record(script)
    followed = coach_lessons.followed(record, script.seat)
    assert sorted(followed) == [index for index, _ in steps]
    if script.players > 1:
        assert coach_lessons.followed(record, (script.seat + 1) % script.players) == {}
    expected = dict(steps)[index].expect  # the first step with a choice: leave the lesson there
    left = dict(record)
    state = contraband.load(game_id).new(script.players, seed=script.seed, options=script.options)
    for label, actor in zip(record["actions"][:index], record["seats"][:index], strict=True):
        state.apply(label, seat=actor)
    other = next(a.label for a in state.legal_actions(script.seat) if a.label != expected)
    left["actions"] = [*record["actions"][:index], other]
    left["seats"] = record["seats"][: index + 1]
    assert index not in coach_lessons.followed(left, script.seat)

    # the step with a choice made weak on purpose, and an analysis that finds it costly
    weak_at = index
    marked = [dataclasses.replace(step, weak=True) if i == weak_at else step for i, step in steps]
    monkeypatch.setattr(
        coach_lessons,
        "followed",
        lambda rec, seat: {i: s for (i, _), s in zip(steps, marked, strict=True)},
    )

    def costly_analysis(state, seat, **options):
        labels = [a.label for a in state.legal_actions(seat)]
        ask = options.get("ask")
        best = next(label for label in labels if label != ask)
        choices = [Choice(best, 0.9, 10, (0.9, 0.9, 0.9, 0.9))]
        choices += [Choice(ask, 0.1, 1, (0.1, 0.1, 0.1, 0.1))] if ask != best else []
        return Analysis(seat, choices, 4, "search", 4)

    monkeypatch.setattr(coach_review, "analyse", costly_analysis)
    result = coach_review.review(record, script.seat, iterations=4)
    assert result["lesson"]
    verdicts = {p["index"]: p["verdict"] for p in result["points"]}
    assert verdicts[weak_at] == "taught"
    weak = {i for (i, _), step in zip(steps, marked, strict=True) if step.weak and i in verdicts}
    assert sorted(p["index"] for p in result["taught"]) == sorted(weak)
    assert not weak & {p["index"] for p in result["costly"]}
    assert all(p["lesson"] for p in result["points"] if p["index"] in dict(steps))
