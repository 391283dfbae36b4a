"""MkDocs hooks for the documentation site.

- Each game's rules page is generated from the same source as the table's rules pages and
  ``contraband rules`` (``contraband.games.rules_book``), so the three cannot drift.
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


def on_files(files: Files, config: Any) -> Files:
    for game in contraband.game_ids():
        text = rules_book.source_path(game, "en").read_text(encoding="utf-8")
        files.append(File.generated(config, f"rules/{game}.md", content=text))
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
