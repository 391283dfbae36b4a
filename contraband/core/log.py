"""The game log: events recorded as small tuples during play, shown to each seat as it may see them.

A game declares its event kinds once (``EVENTS = {kind: EventKind(...)}`` on its state class)
and records ``state.note(kind, *values)`` wherever something happens, decisions and automatic
steps alike. Recording is a tuple append, so random playouts do not pay for the log; the text
is built only when somebody reads it.

Visibility. An event kind may name ``hidden`` fields that only its ``owner`` seat sees:
  - forever (a card drawn into a hand: the others read "red draws a smuggler"), or
  - ``until_reveal``: a secret choice, shown to the others once the game calls
    ``state.reveal_secrets()`` (The Nacho Incident's face-down hires).
A spectator sees what every seat sees. Hidden fields are left out of the structured event, and
the ``masked`` text is used, for whoever may not see them.

Undo support: ``chance`` marks events that resolved chance (a draw, a shuffle) and ``reveals``
those that showed information hidden until then (a reveal, a Police card answered).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from contraband.core.plain import detached

Text = str | Callable[[Mapping[str, Any]], str]


@dataclass(frozen=True)
class EventKind:
    """How one kind of event is described. Templates use ``str.format`` with the fields."""

    fields: tuple[str, ...]
    text: Text
    masked: Text | None = None
    hidden: tuple[str, ...] = ()
    owner: str = "seat"
    until_reveal: bool = False
    chance: bool = False
    reveals: bool = False
    #: fields holding a seat number: the text shows the seat's name, the data keeps the number
    seats: tuple[str, ...] = ("seat",)

    def __post_init__(self) -> None:
        named = [*self.hidden, self.owner] if self.hidden else []
        unknown = [name for name in named if name not in self.fields]
        if unknown:
            raise ValueError(f"event fields {unknown} are not among {self.fields}")
        if self.hidden and self.masked is None:
            raise ValueError("an event kind with hidden fields needs a masked text")


def _format(text: Text, values: Mapping[str, Any]) -> str:
    if callable(text):
        return text(values)
    # a template shows a list as words ("a, b and c"), never as Python's brackets
    return text.format_map(
        _Missing(
            {k: english_list(v) if isinstance(v, list | tuple) else v for k, v in values.items()}
        )
    )


def english_list(items: Sequence[Any]) -> str:
    """``a, b and c`` (nested lists are joined the same way)."""
    words = [english_list(x) if isinstance(x, list | tuple) else str(x) for x in items]
    if len(words) < 2:
        return "".join(words) or "nothing"
    return ", ".join(words[:-1]) + " and " + words[-1]


def can_see(kind: EventKind, values: Sequence[Any], viewer: int | None, revealed: bool) -> bool:
    """Whether ``viewer`` may see every field of this event."""
    if not kind.hidden:
        return True
    fields = kind.fields
    for name in kind.hidden:
        if values[fields.index(name)] is None:  # already masked (a determinization's copy)
            return False
    if kind.until_reveal and revealed:
        return True
    return viewer is not None and values[fields.index(kind.owner)] == viewer


def mask(kind: EventKind, values: tuple[Any, ...]) -> tuple[Any, ...]:
    """The values with the hidden ones blanked: what a determinization may keep of the event."""
    fields = kind.fields
    return tuple(None if name in kind.hidden else v for name, v in zip(fields, values, strict=True))


def describe(
    kinds: Mapping[str, EventKind],
    event: tuple[str, tuple[Any, ...]],
    viewer: int | None,
    revealed: bool,
    names: Sequence[str],
) -> dict[str, Any]:
    """One event as ``viewer`` may see it: its kind, its visible fields, and its text."""
    kind_name, values = event
    kind = kinds[kind_name]
    visible = can_see(kind, values, viewer, revealed)
    data: dict[str, Any] = {"kind": kind_name}
    words: dict[str, Any] = {}
    for name, value in zip(kind.fields, values, strict=True):
        if not visible and name in kind.hidden:
            continue
        data[name] = detached(value)  # the caller's to change: never the game's own list
        if name in kind.seats and isinstance(value, int) and 0 <= value < len(names):
            words[name] = names[value]
        else:
            words[name] = value
    text = kind.text if visible else kind.masked
    data["text"] = _format(text, _Missing(words)) if text is not None else kind_name
    data["masked"] = not visible
    data["chance"] = kind.chance
    data["reveals"] = kind.reveals
    return data


class _Missing(dict):
    """Format values; a field left out of a masked text shows as '?' rather than failing."""

    def __missing__(self, key: str) -> str:
        return "?"


def read_log(state: Any, seat: int | None, since: int) -> list[dict[str, Any]]:
    """``State.log``: the state's events from number ``since`` on, as ``seat`` sees them."""
    kinds, names = state.EVENTS, state.seat_names()
    base_action, base_event = state._offset
    starts, revealed = state._starts, state._revealed[1]
    first = max(0, since - base_event)
    action = _action_of(starts, first)
    entries = []
    events = state._events
    for index in range(first, min(state._count, len(events))):
        while action + 1 < len(starts) and starts[action + 1] <= index:
            action += 1
        entry = describe(kinds, events[index], seat, index < revealed, names)
        entry["index"] = base_event + index
        entry["action"] = base_action + action if action >= 0 else None
        entries.append(entry)
    return entries


def _action_of(starts: list[int], event: int) -> int:
    """The index of the action whose events include ``event`` (-1: the setup)."""
    action = -1
    for index, start in enumerate(starts):
        if start > event:
            break
        action = index
    return action


def last_move(state: Any, seat: int | None) -> dict[str, Any] | None:
    """``view``'s ``last_move``: the last decision as ``seat`` may know it, with its events."""
    if not state.history:
        return None
    last = len(state.history) - 1
    return {
        "index": state._offset[0] + last,
        "seat": state.actors[last],
        "label": state.visible_label(last, seat),
        "events": state.log(seat, since=state._offset[1] + state._starts[last]),
    }


def keep_last_move(state: Any, new: Any, seat: int) -> None:
    """Give ``new``, a determinization of ``state`` for ``seat``, only the last move (or the
    setup) of the log, as ``seat`` saw it: what ``seat`` could not see is masked, and what was
    revealed stays revealed, no more (so the copy shows any other seat at most what that seat
    saw: never ``seat``'s own secrets)."""
    history, kinds = state.history, state.EVENTS
    last = len(history) - 1
    start = state._starts[last] if history else 0
    events, revealed = state._events[start : state._count], state._revealed[1] - start
    for index, (name, values) in enumerate(events):
        kind = kinds[name]
        if kind.hidden and not can_see(kind, values, seat, index < revealed):
            events[index] = (name, mask(kind, values))
    new._events, new._count = events, len(events)
    shown = min(max(revealed, 0), len(events))
    if history:
        new.history = [state.visible_label(last, seat)]
        new.actors = [state.actors[last]]
        new._starts = [0]
        new._offset = (state._offset[0] + last, state._offset[1] + start)
        new._revealed = (1 if state._revealed[0] > last else 0, shown)
    else:
        new.history, new.actors, new._starts = [], [], []
        new._offset = (state._offset[0], state._offset[1])
        new._revealed = (0, shown)
