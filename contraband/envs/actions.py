"""A fixed action space per game: every label the game can ever produce, with a stable id.

The labels come from the game's own data. Every game builds a table of all its labels and what
each means once, at import, from the names and counts in its ``data.toml`` (card names, board
spaces, seat colours, counts); its legal actions are looked up in that table, so the table is
complete by construction and grows by itself when a game gains a label. A label the table does
not hold (Counterfeiters' flight amounts, "move $N", read from the label itself) is declared
below as a pattern, one line per pattern.

Ids follow the order of the game's table, then the declared patterns. They are stable for a given
version of the game's data; ``ActionSpace.digest`` names that version, so a trained policy can
check that it is used with the space it was trained on.
"""

from __future__ import annotations

import hashlib
import importlib
from array import array
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from contraband import State, load

#: where each game keeps the table of every label it can produce (``MEANING``: label -> meaning)
LABEL_TABLES: dict[str, str] = {
    "tony-tino": "contraband.games.tony_tino.labels",
    "al-cabohne": "contraband.games.al_cabohne.actions",
    "nacho-incident": "contraband.games.nacho_incident.board",
    "counterfeiters": "contraband.games.counterfeiters.labels",
    "narcos": "contraband.games.narcos.board",
}


@dataclass(frozen=True)
class Pattern:
    """Labels a game reads from their text instead of its table: ``template`` with ``{n}`` for
    each number of ``numbers()`` (a function of the game's data)."""

    template: str
    numbers: Callable[[], Iterable[int]]
    why: str = ""

    def labels(self) -> list[str]:
        return [self.template.format(n=n) for n in self.numbers()]


def _counterfeiters_amounts() -> range:
    """Every amount a Counterfeiters flight can move: $0 up to the most real money a seat can
    ever hold (the game's ``encoding.most_money``), in the game's money unit."""
    from contraband.games.counterfeiters import board
    from contraband.games.counterfeiters.encoding import most_money

    return range(0, most_money() + 1, board.UNIT)


#: labels outside the games' tables, one pattern a line
PATTERNS: dict[str, tuple[Pattern, ...]] = {
    "counterfeiters": (
        Pattern("move ${n}", _counterfeiters_amounts, "a flight's amount, in $10 notes"),
    ),
}


@dataclass(frozen=True)
class ActionSpace:
    """The fixed action space of one game: ``labels[id]`` and ``ids[label]``."""

    game: str
    labels: tuple[str, ...]
    #: how many ids come from the game's own table (the rest from ``PATTERNS``)
    from_table: int
    ids: dict[str, int] = field(repr=False, compare=False)
    #: the mask's bytes, all zero
    _zeros: bytes = field(default=b"", repr=False, compare=False)

    @property
    def size(self) -> int:
        return len(self.labels)

    @property
    def digest(self) -> str:
        """A short fingerprint of the labels and their order (the same space, the same digest)."""
        text = "\n".join((self.game, *self.labels))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def id(self, label: str) -> int:
        found = self.ids.get(label)
        if found is None:
            raise ValueError(f"{label[:60]!r} is not an action label of {self.game}")
        return found

    def label(self, action_id: object) -> str:
        """The label of an id (an int or a NumPy integer); a clear error for anything else."""
        if isinstance(action_id, (bool, np.bool_)) or not isinstance(action_id, (int, np.integer)):
            raise ValueError(
                f"an action of {self.game} is an integer id in 0..{self.size - 1}, "
                f"got {type(action_id).__name__} {str(action_id)[:40]}"
            )
        if not 0 <= action_id < self.size:
            raise ValueError(
                f"action id {int(action_id)} is out of range: {self.game} has ids "
                f"0..{self.size - 1}"
            )
        return self.labels[int(action_id)]

    def legal_ids(self, state: State, seat: int) -> list[int]:
        """The ids of ``seat``'s legal actions (none when it is not on move)."""
        ids = self.ids
        try:
            return [ids[action.label] for action in state.legal_actions(seat)]
        except KeyError as missing:
            raise RuntimeError(
                f"{self.game} offered the label {missing.args[0]!r}, which its action space "
                "lacks: add its pattern to contraband.envs.actions.PATTERNS"
            ) from None

    def mask(self, state: State, seat: int) -> np.ndarray:
        """1 for each legal id of ``seat``, else 0 (int8, the action space's size; a new array
        the caller may keep)."""
        # set in a zeroed array.array and viewed by NumPy without a copy: a handful of legal ids
        # costs less so than a NumPy fancy-index assignment
        mask = array("b", self._zeros)
        for action_id in self.legal_ids(state, seat):
            mask[action_id] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def kinds(self) -> dict[str, int]:
        """How many ids each kind of label has (its first word), for documentation."""
        counts: dict[str, int] = {}
        for label in self.labels:
            kind = label.split(" ", 1)[0]
            counts[kind] = counts.get(kind, 0) + 1
        return counts


@cache
def action_space(game: str) -> ActionSpace:
    """The fixed action space of ``game`` (a game id), built once per process."""
    load(game)  # a clear error for an unknown game id
    module = LABEL_TABLES.get(game)
    if module is None:
        raise ValueError(
            f"{game!r} has no action space yet: name its label table in "
            "contraband.envs.actions.LABEL_TABLES"
        )
    table = list(importlib.import_module(module).MEANING)
    extra = [label for pattern in PATTERNS.get(game, ()) for label in pattern.labels()]
    labels = tuple(dict.fromkeys([*table, *extra]))
    ids = {label: i for i, label in enumerate(labels)}
    return ActionSpace(game, labels, len(table), ids, bytes(len(labels)))
