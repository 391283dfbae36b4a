"""Each game's rules source (RULES.md, RULES.nl.md, rules.toml) and design notes (DESIGN.md,
DESIGN.nl.md): sections with stable ids, rules for players only (no decision numbers, file names
or simulation figures), the decision log complete in every language in the design notes, and every
action kind explained by an existing rules section."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import contraband
from contraband.cli import app
from contraband.games import rules_book
from tests.games.rules_words import developer_material, developer_words

GAMES = contraband.game_ids()
PLAYERS = {"al-cabohne": [1, 2], "counterfeiters": [2, 4], "nacho-incident": [2, 4],
           "narcos": [2, 3], "tony-tino": [2]}  # fmt: skip
DRAWINGS = {"tony-tino": {"board", "card", "figure", "disc"}, "al-cabohne": {"bean"},
            "nacho-incident": {"cube", "smuggler", "mountie"},
            "counterfeiters": {"card", "henchman", "track"},
            "narcos": {"card", "cartel", "city", "network"}}  # fmt: skip


def languages(game: str, part: str = "rules") -> list[str]:
    """Every game is written in every language (a missing file fails here, not silently)."""
    for lang in rules_book.LANGUAGES:
        assert rules_book.source_path(game, lang, part).exists(), (game, lang, part)
    return list(rules_book.LANGUAGES)


@pytest.mark.parametrize("game", GAMES)
def test_every_heading_has_a_unique_id_and_the_log_is_in_the_design_notes(game):
    for part in rules_book.PARTS:
        book = rules_book.load(game, part=part)
        assert book.part == part
        assert len(set(book.ids())) == len(book.ids())
        assert all(re.fullmatch(r"[a-z0-9-]+", s.id) for s in book.sections)
    rules = rules_book.load(game)
    assert len(rules.sections) >= 6
    assert {"setup", "game-end", "fine-points"} <= set(rules.ids())
    assert "decisions" not in rules.ids() and not rules.decisions()
    design = rules_book.load(game, part="design")
    assert design.ids()[0] == "decisions" and design.section("decisions").decisions


@pytest.mark.parametrize("lang", rules_book.LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_are_for_players_only(game, lang):
    book = rules_book.load(game, lang)
    text = "\n".join([book.title, book.intro] + [f"{s.title}\n{s.body}" for s in book.sections])
    assert developer_material(text) == [], (game, lang)
    # the same words and patterns are found where they belong: in the design notes
    design = rules_book.source_path(game, lang, "design").read_text(encoding="utf-8")
    assert developer_material(design)


@pytest.mark.parametrize("game", GAMES)
def test_the_decision_log_keeps_every_decision_of_the_markdown(game):
    text = rules_book.source_path(game, "en", "design").read_text(encoding="utf-8")
    everywhere = re.findall(r"^- \*\*([A-Z]\d+)\b", text, re.MULTILINE)
    assert rules_book.load(game, part="design").decisions() == everywhere
    assert "D1" in everywhere


@pytest.mark.parametrize("game", GAMES)
def test_translations_have_the_same_sections_and_decisions(game):
    for part in rules_book.PARTS:
        english = rules_book.load(game, part=part)
        for lang in languages(game, part):
            other = rules_book.load(game, lang, part)
            assert other.ids() == english.ids(), (lang, part)
            assert [s.level for s in other.sections] == [s.level for s in english.sections]
            assert other.decisions() == english.decisions(), (lang, part)
            assert [s.illustrations for s in other.sections] == [
                s.illustrations for s in english.sections
            ]


@pytest.mark.parametrize("game", GAMES)
def test_illustrations_name_known_drawings_of_real_components(game):
    book = rules_book.load(game)
    catalog = str(contraband.load(game).catalog())
    pictures = [p for s in book.sections for p in s.illustrations]
    assert pictures, "no section is illustrated"
    for picture in pictures:
        kind, *args = picture.split(":")
        assert kind in DRAWINGS[game], picture
        if kind in {"card", "smuggler", "mountie", "bean", "cube"} and game != "tony-tino":
            assert repr(args[0]) in catalog or f"'{args[0]}'" in catalog, picture
        if game == "tony-tino" and kind == "card":
            assert args[0] in catalog, picture


@pytest.mark.parametrize("game", GAMES)
def test_every_action_kind_of_random_play_points_to_a_section(game):
    book = rules_book.load(game)
    ids = set(book.ids())
    assert set(book.kinds.values()) <= ids
    seen: set[str] = set()
    for players in PLAYERS[game]:
        state = contraband.load(game).new(players=players, seed=players)
        rng = random.Random(players)
        for _ in range(1500):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            seen.add(state.action_info(action.label)["kind"])
            state.apply(action)
    assert seen and seen <= set(book.kinds), sorted(seen - set(book.kinds))


@pytest.mark.parametrize("game", GAMES)
def test_the_command_prints_the_same_source_without_ids(game, wide_console):
    result = CliRunner().invoke(app, ["rules", game], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    book = rules_book.load(game)
    assert "{#" not in result.output
    for section in book.sections:
        assert section.title.replace("`", "") in result.output
    # for players: no developers' material, and the way to the design notes at the end
    before, pointer = result.output.rsplit("Design notes", 1)
    assert developer_words(before) == []  # the labels lost their backticks here
    assert f"contraband rules {game} --design" in pointer
    design = CliRunner().invoke(app, ["rules", game, "--design"], env={"COLUMNS": "200"})
    assert design.exit_code == 0, design.output
    assert "{#" not in design.output
    log = rules_book.load(game, part="design")
    for section in log.sections:
        assert section.title.replace("`", "") in design.output
    assert log.decisions()[-1] in design.output


def test_the_command_and_the_page_refuse_an_unknown_language():
    result = CliRunner().invoke(app, ["rules", "tony-tino", "--lang", "de"])
    assert result.exit_code == 2 and "choose one of en, nl" in result.output
    with pytest.raises(rules_book.RulesError, match="choose one of en, nl"):
        rules_book.load_page("tony-tino", "de")
    with pytest.raises(rules_book.RulesError, match="'notes'; choose one of rules, design"):
        rules_book.load_page("tony-tino", "en", "notes")


def test_the_page_is_html_with_each_section_and_no_raw_html():
    page = rules_book.load_page("tony-tino", "en")
    police = next(s for s in page["sections"] if s["id"] == "police")
    assert "<p>" in police["html"] and "cancelled" in police["html"]
    assert police["illustrations"] == ["card:police"]
    assert page["kinds"]["police"] == "police"
