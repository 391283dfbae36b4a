"""MkDocs hooks for the documentation site.

- Each game's rules page (``rules/<game>``) and design notes page (``design/<game>``) are
  generated from the same sources as the table's pages and ``contraband rules [--design]``
  (``contraband.games.rules_book``), so the three cannot drift. The rules page ends with a link
  to the design notes, which begin with a link back.
- The worked example's plots (``examples/*.png``) are published beside the pages that show them.
- A link from a page to a repository file outside ``docs/`` (a script, the research README)
  becomes the file's repository path, since the site has no copy of it.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

import contraband
from contraband.games import rules_book

ROOT = Path(__file__).resolve().parents[2]
_LINK = re.compile(r"(!?)\[([^\]]*)\]\(([^)\s]+)\)")


DESIGN_LINK = (
    "\n\n---\n\nWhy the rules read as they do — our decisions where the rulebook is silent, the "
    "numbers we designed, simulation figures: [Design notes of {title}](../design/{game}.md)\n"
)
RULES_LINK = "[◂ Back to the rules of {title}](../rules/{game}.md)\n\n"


def on_files(files: Files, config: Any) -> Files:
    for game in contraband.game_ids():
        title = contraband.load(game).info.title
        rules = rules_book.source_path(game, "en").read_text(encoding="utf-8")
        rules = rules.rstrip() + DESIGN_LINK.format(title=title, game=game)
        files.append(File.generated(config, f"rules/{game}.md", content=rules))
        design = rules_book.source_path(game, "en", "design").read_text(encoding="utf-8")
        heading, _, rest = design.partition("\n")
        design = f"{heading}\n\n{RULES_LINK.format(title=title, game=game)}{rest.lstrip()}"
        files.append(File.generated(config, f"design/{game}.md", content=design))
    for plot in sorted((ROOT / "examples").glob("*.png")):
        files.append(File.generated(config, f"examples/{plot.name}", content=plot.read_bytes()))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Files) -> str:
    here = posixpath.dirname(page.file.src_uri)

    def outside(match: re.Match) -> str:
        bang, text, target = match.groups()
        if "://" in target or target.startswith("#"):
            return match.group(0)
        path = posixpath.normpath(posixpath.join("docs", here, target.split("#")[0]))
        if path.startswith("docs/"):
            return match.group(0)
        if path.startswith("examples/") and path.endswith(".png"):  # published by on_files
            return f"{bang}[{text}]({posixpath.relpath(path, here or '.')})"
        return f"{text} (`{path}` in the repository)"

    return _LINK.sub(outside, markdown)
