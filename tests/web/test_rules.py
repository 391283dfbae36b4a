"""The rules in the browser: every game's rules page in English and Dutch (each section of the
rules source present, its drawings drawn, the contents' links resolving, nothing of the developers'
material), the design notes page it links to at its end, a section's own address, the link on
each lobby card and the panel that opens beside the table."""

from __future__ import annotations

import re

import httpx
import pytest

import contraband
from tests.games.rules_words import DEVELOPER_PATTERNS, developer_words
from tests.web.table import create_from_lobby

GAMES = contraband.game_ids()


def open_rules(context, server, path: str, lang: str, viewport=None):
    ctx = context(viewport=viewport or {"width": 1280, "height": 800})
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    page.goto(f"{server.url}{path}")
    page.get_by_test_id("rules-body").wait_for()
    return page


@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_on_the_page_with_its_drawings(context, server, game, lang, artifacts):
    source = httpx.get(f"{server.url}/api/registry/{game}/rules", params={"lang": lang}).json()
    assert source["lang"] == lang, "the rules are written in both languages"
    page = open_rules(context, server, f"/rules/{game}", lang)
    assert page.get_by_test_id("rules-body").get_attribute("data-lang") == source["lang"]
    shown = page.locator("[data-section]").evaluate_all("els => els.map(e => e.id)")
    assert shown == [s["id"] for s in source["sections"]]
    for section in source["sections"]:
        heading = page.locator(f"[id='{section['id']}'] :is(h2, h3)").first
        assert section["title"].replace("`", "") in heading.inner_text()
        drawings = page.locator(f"[id='{section['id']}'] > .rules-art [data-illustration]")
        assert drawings.count() == len(section["illustrations"])
        for i in range(drawings.count()):
            drawing = drawings.nth(i)
            spec = drawing.get_attribute("data-illustration")
            # drawn by the table's component (an element of its own, not the bare name)
            assert drawing.evaluate("e => e.children.length") >= 1, spec
            box = drawing.bounding_box()
            assert box and box["width"] > 8 and box["height"] > 8, spec
    # the contents link every section, and every link finds its target
    targets = page.locator(".rules-toc a").evaluate_all(
        "els => els.map(a => [a.getAttribute('href'), !!document.getElementById(a.hash.slice(1))])"
    )
    assert [href for href, _ in targets] == [f"#{s['id']}" for s in source["sections"]]
    assert all(found for _, found in targets)
    # for players: none of the developers' material (typed labels aside: a point may be "D4";
    # the drawings too: a card chip names its code, "Great Lawyer (D7)")
    text = page.get_by_test_id("rules-body").inner_text()
    prose = page.get_by_test_id("rules-body").evaluate(
        "e => { const c = e.cloneNode(true);"
        " c.querySelectorAll('code, .rules-art').forEach(x => x.remove()); return c.textContent; }"
    )
    pointer = page.get_by_test_id("design-link-box").inner_text()  # names what the notes hold
    assert developer_words(text.replace(pointer, "")) == [], (game, lang)
    assert [p for p in DEVELOPER_PATTERNS if re.search(p, prose)] == [], (game, lang)
    # the design notes are linked at the end, and hold the decision log in the same language
    box = page.get_by_test_id("design-link-box").bounding_box()
    last = page.locator("[data-section]").last.bounding_box()
    assert box["y"] >= last["y"] + last["height"] - 1
    link = page.get_by_test_id("design-link")
    assert link.get_attribute("href") == f"/rules/{game}/design"
    link.click()
    notes = page.locator("[data-testid='rules-body'][data-part='design']")
    notes.wait_for()
    assert page.url.endswith(f"/rules/{game}/design")
    design = httpx.get(f"{server.url}/api/registry/{game}/design", params={"lang": lang}).json()
    assert design["lang"] == lang and design["part"] == "design"
    shown = page.locator("[data-section]").evaluate_all("els => els.map(e => e.id)")
    assert shown == [s["id"] for s in design["sections"]] and shown[0] == "decisions"
    assert page.locator("[data-section='decisions'] li").count() >= len(
        design["sections"][0]["decisions"]
    )
    assert "data.toml" in notes.inner_text()
    assert page.get_by_test_id("design-link").count() == 0
    page.get_by_test_id("rules-link").click()
    page.wait_for_url(f"**/rules/{game}")
    page.get_by_test_id("design-link").wait_for()
    if game == "tony-tino":
        page.screenshot(path=str(artifacts / f"rules-{game}-{lang}.png"))


def test_a_section_has_its_own_address(context, server):
    page = open_rules(context, server, "/rules/tony-tino#police", "en")
    police = page.locator("#police")
    page.wait_for_function(
        "() => document.getElementById('police').getBoundingClientRect().top < 200"
    )
    assert "cancelled" in police.inner_text()
    assert page.title().startswith("Rules of Tony & Tino")
    assert police.locator("[data-illustration='card:police'] .tt-card").count() == 1
    # a click on a contents link moves there and puts the address in the bar
    page.locator(".rules-toc a[href='#fine-points']").click()
    page.wait_for_function("() => location.hash === '#fine-points'")


def test_lobby_cards_link_to_the_rules(context, server):
    page = context().new_page()
    page.goto(f"{server.url}/")
    for game in GAMES:
        assert page.get_by_test_id(f"rules-{game}").get_attribute("href") == f"/rules/{game}"
    page.get_by_test_id("rules-narcos").click()
    page.get_by_test_id("rules-body").wait_for()
    assert page.url.endswith("/rules/narcos")


@pytest.mark.parametrize(
    "viewport", [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]
)
def test_the_table_opens_the_rules_beside_the_board(context, server, viewport, artifacts):
    ctx = context(viewport=viewport)
    page = ctx.new_page()
    links = create_from_lobby(page, server.url, "tony-tino", ["human", "random"], seed=5)
    page.goto(links[0])
    page.get_by_test_id("board").wait_for()
    page.get_by_test_id("rules-button").click()
    panel = page.get_by_test_id("rules-panel")
    panel.get_by_test_id("rules-body").wait_for()
    assert page.get_by_test_id("board").is_visible()
    assert panel.locator("[id='rule-police']").count() == 1
    board, side = page.get_by_test_id("board").bounding_box(), panel.bounding_box()
    if viewport["width"] > 700:
        assert side["x"] >= board["x"] + board["width"] - 1  # beside, not over the board
    panel.locator(".rules-toc a[href='#rule-police']").click()
    page.wait_for_function(
        "() => { const p = document.querySelector('[data-testid=rules-panel]');"
        " const s = document.getElementById('rule-police');"
        " return s.getBoundingClientRect().top - p.getBoundingClientRect().top < 120; }"
    )
    page.screenshot(path=str(artifacts / f"rules-panel-{viewport['width']}.png"))
    page.get_by_test_id("rules-close").click()
    assert page.get_by_test_id("rules-panel").count() == 0


def test_the_rules_route_names_what_was_wrong(server):
    wrong_lang = httpx.get(f"{server.url}/api/registry/tony-tino/rules", params={"lang": "de"})
    assert wrong_lang.status_code == 422 and "'en' or 'nl'" in wrong_lang.json()["error"]
    unknown = httpx.get(f"{server.url}/api/registry/chess/rules")
    assert unknown.status_code == 404 and "games are: al-cabohne" in unknown.json()["error"]
    english = httpx.get(f"{server.url}/api/registry/tony-tino/rules").json()
    assert english["lang"] == english["requested"] == "en"
    assert english["kinds"]["police"] == "police"
    notes = httpx.get(f"{server.url}/api/registry/tony-tino/design", params={"lang": "nl"}).json()
    assert notes["part"] == "design" and notes["lang"] == "nl" and notes["kinds"] == {}
    assert httpx.get(f"{server.url}/api/registry/chess/design").status_code == 404
