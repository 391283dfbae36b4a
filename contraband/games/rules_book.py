"""Each game's rules as sections with stable ids: one source for ``contraband rules``, the web
and the documentation site.

A game has two books. The **rules** (``RULES.md`` in English, ``RULES.nl.md`` in Dutch, same
structure) are for players: the game in its order, our answers to the rulebook's gaps stated as
plain rules. The **design notes** (``DESIGN.md``, ``DESIGN.nl.md``) are for the curious and for
developers: the decision log with its reasons, the designed numbers, simulation figures and
tuning. ``rules.toml`` adds which drawings illustrate a rules section and which section explains
each action kind of ``action_info``. Every ``##`` and ``###`` heading ends in an explicit id,
``{#police}``, the same in both languages, so a link to a section survives translation. The id is
stripped when the text is shown (``plain_markdown``).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt

LANGUAGES = ("en", "nl")
HERE = Path(__file__).parent
_HEADING = re.compile(r"^(#{1,3})\s+(.*?)\s*(?:\{#([a-z0-9-]+)\})?\s*$")
_ANCHOR = re.compile(r"\s*\{#[a-z0-9-]+\}\s*$")
_DECISION = re.compile(r"^- \*\*([A-Z]\d+)\b", re.MULTILINE)
#: a book of a game: its file's stem
PARTS = {"rules": "RULES", "design": "DESIGN"}


class RulesError(ValueError):
    """A game without rules in that language, or a rules file that breaks the structure."""


@dataclass
class Section:
    id: str
    level: int
    title: str
    body: str
    illustrations: list[str] = field(default_factory=list)

    @property
    def decisions(self) -> list[str]:
        return _DECISION.findall(self.body)


@dataclass
class RulesBook:
    game: str
    lang: str
    title: str
    intro: str
    sections: list[Section]
    kinds: dict[str, str]
    part: str = "rules"

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise RulesError(f"no section {section_id!r}; sections: {', '.join(self.ids())}")

    def ids(self) -> list[str]:
        return [s.id for s in self.sections]

    def decisions(self) -> list[str]:
        return [d for s in self.sections for d in s.decisions]

    def to_dict(self) -> dict[str, Any]:
        """The web page's JSON: each section's text as HTML (no raw HTML passes through)."""
        md = MarkdownIt("commonmark", {"html": False}).enable("table")
        return {
            "game": self.game,
            "part": self.part,
            "lang": self.lang,
            "title": self.title,
            "intro": md.render(self.intro),
            "sections": [
                {
                    "id": s.id,
                    "level": s.level,
                    "title": s.title,
                    "html": md.render(s.body),
                    "illustrations": s.illustrations,
                    "decisions": s.decisions,
                }
                for s in self.sections
            ],
            "kinds": dict(self.kinds),
        }


def game_dir(game: str) -> Path:
    """The package folder of a registry id (``tony-tino`` lives in ``tony_tino``)."""
    folder = HERE / game.replace("-", "_")
    if not folder.is_dir() or not (folder / "RULES.md").exists():
        raise RulesError(f"no rules for game {game!r}")
    return folder


def _check(lang: str, part: str) -> None:
    if lang not in LANGUAGES:
        raise RulesError(f"unknown language {lang!r}; choose one of {', '.join(LANGUAGES)}")
    if part not in PARTS:
        raise RulesError(f"unknown part {part!r}; choose one of {', '.join(PARTS)}")


def source_path(game: str, lang: str = "en", part: str = "rules") -> Path:
    """The file of a game's rules (``part="rules"``) or design notes (``"design"``)."""
    _check(lang, part)
    stem = PARTS[part]
    name = f"{stem}.md" if lang == "en" else f"{stem}.{lang}.md"
    path = game_dir(game) / name
    if not path.exists():
        what = "rules" if part == "rules" else "design notes"
        raise RulesError(f"no {lang} {what} for game {game!r} yet")
    return path


def plain_markdown(text: str) -> str:
    """The text as readers see it in the terminal: the heading ids removed."""
    return "\n".join(
        _ANCHOR.sub("", line) if line.startswith("#") else line for line in text.split("\n")
    )


def _meta(game: str) -> dict[str, Any]:
    path = game_dir(game) / "rules.toml"
    return tomllib.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def load(game: str, lang: str = "en", part: str = "rules") -> RulesBook:
    """Parse a game's rules (or design notes) in one language into titled sections with ids."""
    text = source_path(game, lang, part).read_text(encoding="utf-8")
    meta = _meta(game) if part == "rules" else {}
    pictures: dict[str, list[str]] = meta.get("illustrations", {})
    title, intro, sections = "", [], []
    current: Section | None = None
    fence = False
    for line in text.split("\n"):
        if line.startswith("```"):
            fence = not fence
        match = None if fence else _HEADING.match(line)
        if match is None:
            if current is None:
                intro.append(line)
            else:
                current.body += line + "\n"
            continue
        hashes, heading, anchor = match.groups()
        if len(hashes) == 1:
            title = heading
            continue
        if anchor is None:
            raise RulesError(f"{game} ({lang}): heading {heading!r} has no {{#id}}")
        current = Section(anchor, len(hashes), heading, "", list(pictures.get(anchor, [])))
        sections.append(current)
    ids = [s.id for s in sections]
    if len(set(ids)) != len(ids):
        raise RulesError(f"{game} ({lang}): a section id is used twice")
    intro_text = "\n".join(intro).strip()
    return RulesBook(game, lang, title, intro_text, sections, meta.get("kinds", {}), part)


def load_page(game: str, lang: str = "en", part: str = "rules") -> dict[str, Any]:
    """The web page's JSON in ``lang``, or in English while that translation is not written
    (``lang`` in the answer says which; ``requested`` what was asked)."""
    _check(lang, part)
    try:
        page = load(game, lang, part).to_dict()
    except RulesError:
        if lang == "en":
            raise
        page = load(game, "en", part).to_dict()
    page["requested"] = lang
    return page
