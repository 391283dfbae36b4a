"""The documentation site builds with warnings as errors, and carries every game's rules from
the same source as the table's rules pages (``contraband.games.rules_book``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import contraband
from contraband.games import rules_book

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


def test_every_game_s_rules_page_has_every_section_of_its_source(site):
    for game in contraband.game_ids():
        page = (site / "rules" / game / "index.html").read_text(encoding="utf-8")
        book = rules_book.load(game, "en")
        for section in book.sections:
            assert f'id="{section.id}"' in page, (game, section.id)


def test_the_engine_api_and_agents_are_documented_from_their_docstrings(site):
    api = (site / "api" / "index.html").read_text(encoding="utf-8")
    for name in ("legal_actions", "determinize", "IllegalAction", "from_json"):
        assert name in api
    agents = (site / "agents" / "index.html").read_text(encoding="utf-8")
    assert "ISMCTSAgent" in agents and "from_spec" in agents
