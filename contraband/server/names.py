"""Players' display names at a table: chosen by each player for their seat (the host may preset
one), shown wherever the seat's colour is. A name is not an identity and proves nothing: it is
bounded, trimmed, printable, and unique at its table (ignoring case), and it is always shown as
text, never as markup.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Any

from contraband.server.held import Refused

#: the longest name, in characters
LONGEST = 24


class BadName(ValueError):
    """A name that cannot be used; the message says why and what is allowed, ``code`` and
    ``params`` the same for a client that words it itself (see ``held.Refused``)."""

    def __init__(self, message: str, code: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params

    def refusal(self) -> Refused:
        """The request's refusal (422) that says this."""
        return Refused(422, str(self), self.code, **self.params)


def clean(text: object) -> str:
    """The name as it will be shown: spaces trimmed and runs of spaces made one; a BadName if
    it is empty, too long or holds characters that are not printable."""
    if not isinstance(text, str):
        raise BadName("name: give the name as text", "name_text")
    name = " ".join(text.split())
    if not name:
        raise BadName(f"name: give 1 to {LONGEST} characters", "name_length", most=LONGEST)
    if len(name) > LONGEST:
        raise BadName(
            f"name: at most {LONGEST} characters, got {len(name)}", "name_length", most=LONGEST
        )
    for char in name:
        if unicodedata.category(char)[0] in "CZ" and char != " ":
            raise BadName("name: letters, digits, spaces and punctuation only", "name_characters")
    return name


def check_unique(name: str, others: Iterable[str | None]) -> None:
    """A BadName if another seat at the table has this name already (ignoring case)."""
    folded = name.casefold()
    if any(other is not None and other.casefold() == folded for other in others):
        raise BadName(
            f"name: {name!r} is taken at this table; choose another", "name_taken", name=name
        )
