"""What belongs in a game's design notes and never on a player's rules page: the developers'
words (English and Dutch), decision numbers and repository files. Shared by the rules source's
tests, the browser's and the documentation site's."""

from __future__ import annotations

import re

DEVELOPER_WORDS = ("decision log", "beslissingenlogboek", "data.toml", "simulation", "simulatie",
                   "tuning", "tuned", "afgesteld", "afstellen", "assumed", "shared/rules",
                   "rules notes", "regelnotities", "tie_rule", "breakdown")  # fmt: skip
#: a decision's number (D12, A6, T3) or a file of the repository, outside the typed labels
DEVELOPER_PATTERNS = (
    r"\b[ADT]\d{1,2}\b",
    r"[\w/-]+\.(?:md|py|toml|json|csv)\b",
    r"\b(?:research|bench|shared)/",
)


def developer_words(text: str) -> list[str]:
    """The developers' words found in ``text`` (any case)."""
    return [word for word in DEVELOPER_WORDS if word in text.lower()]


def developer_material(text: str) -> list[str]:
    """The developers' words and patterns in ``text``; typed labels (in backticks) aside, where
    a point such as `D4` is a label, not a decision."""
    prose = re.sub(r"`[^`]*`", "", text)
    found = developer_words(text)
    return found + [hit for pattern in DEVELOPER_PATTERNS for hit in re.findall(pattern, prose)]
