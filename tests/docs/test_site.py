"""The documentation site builds with warnings as errors, and carries every game's rules and
design notes from the same sources as the table's pages (``contraband.games.rules_book``): the
rules for players, linked at their end to the design notes, both in the navigation."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import contraband
from contraband.games import rules_book
from tests.games.rules_words import developer_words

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("mkdocs", reason="the documentation tools: pip install -e '.[docs]'")
pytest.importorskip("mkdocstrings", reason="the documentation tools: pip install -e '.[docs]'")


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site")
    built = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        timeout=300,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    return out


def article(page: str) -> str:
    """The text a reader sees in a page's article (the navigation and search index aside)."""
    body = page.split("<article", 1)[1].split("</article>", 1)[0]
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def test_every_game_s_rules_page_has_every_section_of_its_source(site):
    for game in contraband.game_ids():
        page = (site / "rules" / game / "index.html").read_text(encoding="utf-8")
        book = rules_book.load(game, "en")
        for section in book.sections:
            assert f'id="{section.id}"' in page, (game, section.id)
        # for players; the design notes are linked at the end, and link back
        text, pointer = article(page).rsplit("Why the rules read as they do", 1)
        assert developer_words(text) == [], game
        assert 'href="../../design/' + game + '/"' in page
        notes = (site / "design" / game / "index.html").read_text(encoding="utf-8")
        for section in rules_book.load(game, "en", "design").sections:
            assert f'id="{section.id}"' in notes, (game, section.id)
        assert "data.toml" in article(notes)
        assert 'href="../../rules/' + game + '/"' in notes


def test_the_navigation_has_the_rules_and_the_design_notes(site):
    home = (site / "index.html").read_text(encoding="utf-8")
    for game in contraband.game_ids():
        assert f'href="rules/{game}/"' in home and f'href="design/{game}/"' in home, game
    assert "Design notes" in home


def test_the_engine_api_and_agents_are_documented_from_their_docstrings(site):
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("legal_actions", "determinize", "IllegalAction", "from_json"):
        assert name in api
    agents = (site / "agents" / "index.html").read_text(encoding="utf-8")
    assert "ISMCTSAgent" in agents and "from_spec" in agents
