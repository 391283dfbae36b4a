"""Which decisions of a game record a guided first game asked for (``contraband.games.tutorial``).

A guided game is an ordinary game on the script's deal: the web table creates it with the
script's game, players, seed, options and bots, and the learner plays the script's seat, step
*i* speaking to the learner's *i*-th decision (forced ones included). So a record followed the
lesson when it has the script's deal and the reviewed seat is the learner's, and it keeps
following it for as long as each of that seat's decisions is the step's expected choice (a step
expecting ``any`` accepts every move). The review marks those decisions: a step whose move is
weak on purpose (``weak = true`` in ``tutorial.toml``: the lesson shows a rule at a cost, and its
text says so) is "taught" instead of costly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import contraband


def followed(record: Mapping[str, Any], seat: int) -> dict[int, Any]:
    """The steps the record followed, by the history index of the seat's decision each spoke
    to (empty when the record is not the guided game of its game or left it at once)."""
    from contraband.games import tutorial  # scripts are read only for a review

    game_id = record.get("game")
    if not isinstance(game_id, str) or not tutorial.has_tutorial(game_id):
        return {}
    script = tutorial.load(game_id)
    lesson = contraband.load(game_id).new(script.players, seed=script.seed, options=script.options)
    same_deal = (
        record.get("players") == script.players
        and record.get("seed") == script.seed
        and dict(record.get("options") or {}) == dict(lesson.options)
    )
    if not same_deal or seat != script.seat:
        return {}
    mine = [i for i, actor in enumerate(record.get("seats", [])) if actor == seat]
    steps: dict[int, Any] = {}
    for step, index in zip(script.steps, mine, strict=False):
        if step.expect != tutorial.ANY and record["actions"][index] != step.expect:
            break  # the learner left the lesson here
        steps[index] = step
    return steps


def taught(steps: Mapping[int, Any]) -> set[int]:
    """The history indices of the steps that show a weak move on purpose."""
    return {index for index, step in steps.items() if getattr(step, "weak", False)}
