"""Reading a human's answer: a number, a label, or a unique start of one, in any case."""

from __future__ import annotations

from dataclasses import dataclass

HELP_WORDS = ("?", "help")
QUIT_WORDS = ("quit", "exit")


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
        "or the start of one; '?' explains the decision."
    )
