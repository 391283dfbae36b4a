"""Reading a human's answer: a number, a label, or a unique start of one, in any case."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from contraband.core.state import State

HELP_WORDS = ("?", "help")
QUIT_WORDS = ("quit", "exit")
HINT_WORDS = ("hint",)
#: the wall-clock limit of a hint's search at the terminal (the game's budget is the other)
HINT_SECONDS = 2.0


@dataclass(frozen=True)
class Answer:
    """What a typed line means: a chosen ``label``, a ``command``, or a ``problem`` to explain."""

    label: str | None = None
    command: str | None = None
    problem: str | None = None


def read_answer(text: str, labels: list[str]) -> Answer:
    answer = " ".join(text.split())
    lowered = answer.lower()
    if not answer:
        return Answer(problem="Please type a choice: its number, its label or the start of it.")
    if lowered in HELP_WORDS:
        return Answer(command="help")
    if lowered in QUIT_WORDS:
        return Answer(command="quit")
    if lowered in HINT_WORDS and lowered not in (label.lower() for label in labels):
        return Answer(command="hint")
    if answer.isdigit():
        number = int(answer)
        if 1 <= number <= len(labels):
            return Answer(label=labels[number - 1])
        return Answer(
            problem=f"There is no choice {number}: pick a number from 1 to {len(labels)}."
        )
    exact = [label for label in labels if label.lower() == lowered]
    if exact:
        return Answer(label=exact[0])
    starting = [label for label in labels if label.lower().startswith(lowered)]
    if len(starting) == 1:
        return Answer(label=starting[0])
    shown = answer if len(answer) <= 40 else answer[:40] + "..."
    if starting:
        some = ", ".join(starting[:6]) + (", ..." if len(starting) > 6 else "")
        return Answer(problem=f"{shown!r} could be {len(starting)} choices ({some}); type more.")
    return Answer(
        problem=f"{shown!r} is not a choice here. Type a number from 1 to {len(labels)}, a label "
        "or the start of one; '?' explains the decision, 'hint' asks the coach."
    )


def hint_text(hint: dict[str, Any]) -> str:
    """The coach's top choices (``contraband.agents.coach.hint``) as lines for the terminal."""
    choices = hint["choices"]
    if len(choices) == 1:
        return f"The coach: {choices[0]['label']!r} is your only choice."
    lines = ["The coach's best choices, in order (judged from what you can see):"]
    width = max(len(choice["label"]) for choice in choices)
    first = "clearly best" if hint.get("clear") else "best, but not by much"
    words = {"even": "about as good", "worse": "worse"}
    for number, choice in enumerate(choices, start=1):
        chance = f"{choice['win']:.0%}"
        word = first if number == 1 else words.get(choice.get("verdict", ""), "")
        lines.append(
            f"  {number}) {choice['label']:<{width}}  win chance about {chance:>4}  {word}".rstrip()
        )
    lines.append("  ('about as good': closer than the coach can tell apart)")
    return "\n".join(lines)


def coach_hint(state: State, seat: int) -> str:
    """The coach's hint for ``seat``'s decision (the strong search from its own view, within
    ``HINT_SECONDS``), as text."""
    from contraband.agents.coach import hint  # the search loads only when a hint is asked

    return hint_text(hint(state, seat, seconds=HINT_SECONDS, seed=len(state.history)))
