"""Issue 44's accessibility check: axe-core finds no serious or critical violation on the lobby,
the setup form, each game's table mid-game, the rules and design-notes pages, the replay and the
review, in English and in Dutch, at 1280x800 and at a phone's 390x844 in Chromium; and that
none of them is wider than the window (which a phone answers by zooming out).

One page a language walks through all of them (the server and browser are the session's); each
check runs axe at both widths on the same page load, resizing the page between the two (the
layouts differ by CSS media queries alone, which a resize re-applies).
"""

from __future__ import annotations

import random

import httpx
import pytest

from tests.web.a11y import describe, violations
from tests.web.table import api_create

VIEWS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
VIEW = VIEWS["desktop"]
FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"
LANGS = ["en", "nl"]
GAMES = {
    # game: (seats, options) — all human seats, moved through the API to mid-game
    "tony-tino": (["human", "human"], {}),
    "al-cabohne": (["human", "human"], {"deck_passes": 1}),
    "nacho-incident": (["human", "human", "human"], {}),
    "counterfeiters": (["human", "human"], {}),
    "narcos": (["human", "human"], {}),
}
MID = 8  # random decisions made through the API before the table is opened


def _move(server, made: dict, rng: random.Random) -> bool:
    """One random legal decision of whoever is to move; False once the game is over."""
    base = f"{server.url}/api/games/{made['id']}"
    table = httpx.get(base, timeout=30).json()
    if table["over"]:
        return False
    seat = table["to_move"]
    headers = {"Authorization": f"Bearer {made['seats'][seat]['token']}"}
    mine = httpx.get(base, headers=headers, timeout=30).json()
    label = rng.choice(mine["legal"])["label"]
    body = {"label": label, "version": mine["version"]}
    answer = httpx.post(f"{base}/actions", json=body, headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    return True


def _made(server, game: str, decisions: int, seed: int = 5) -> dict:
    seats, options = GAMES[game]
    body = {"game": game, "seats": seats, "options": options, "seed": seed, "public": True}
    made = api_create(server, body)
    rng = random.Random(seed)
    for _ in range(decisions):
        if not _move(server, made, rng):
            break
    return made


@pytest.fixture(scope="module")
def pages(browser):
    """One page a language, sharing the session's browser."""
    opened = {}
    for lang in LANGS:
        ctx = browser.new_context(viewport=VIEW, reduced_motion="reduce", bypass_csp=True)
        ctx.set_default_timeout(30_000)
        ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
        opened[lang] = ctx.new_page()
    yield opened
    for page in opened.values():
        page.context.close()


@pytest.fixture(scope="module")
def reviewed(server) -> dict:
    """A finished Tony & Tino game of two random bots, with seat 0's review stored (made once
    for the replay and the review pages)."""
    from tests.web.test_coach_ui import reviewed_game

    with pytest.MonkeyPatch.context() as patch:
        made, _result = reviewed_game(server, patch)
    return made


def assert_clean(page, where: str) -> None:
    """No serious or critical violation at any of VIEWS (the page is left at the desktop's)."""
    failed = []
    for name, view in VIEWS.items():
        page.set_viewport_size(view)
        # two frames: the media queries applied and the page laid out again at the new width
        page.evaluate(FRAMES)
        assert page.evaluate("() => innerWidth") == view["width"]
        found = violations(page)
        if found:
            failed.append(f"{where} at {name} {view['width']}x{view['height']}:\n{describe(found)}")
        # WCAG 1.4.10 (reflow): nothing makes the page wider than the window, which a phone
        # answers by zooming the whole page out
        wide = page.evaluate("() => document.documentElement.scrollWidth")
        if wide > view["width"]:
            failed.append(f"{where} at {name}: the page is {wide} px wide")
    page.set_viewport_size(VIEW)
    assert not failed, "\n".join(failed)


@pytest.mark.parametrize("lang", LANGS)
def test_lobby_and_setup(lang, pages, server):
    page = pages[lang]
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-tony-tino").wait_for()
    assert_clean(page, "lobby")
    page.get_by_test_id("pick-tony-tino").click()
    page.get_by_test_id("create").wait_for()
    assert_clean(page, "setup form")
    page.get_by_test_id("seat-1").select_option("random")
    page.get_by_test_id("create").click()
    page.get_by_test_id("created").wait_for()
    assert_clean(page, "the created game's links")
    page.goto(f"{server.url}/me")
    page.get_by_test_id("me").wait_for()
    assert_clean(page, "my games (/me)")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_table_mid_game(game, lang, pages, server):
    made = _made(server, game, MID)
    table = httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()
    page = pages[lang]
    page.goto(server.url + made["seats"][table["to_move"]]["link"])
    page.get_by_test_id("status-bar").wait_for()
    page.locator(".status-bar.mine").wait_for()
    assert_clean(page, f"{game} table")


def test_the_live_region_says_the_last_move_and_whose_turn(pages, server):
    made = _made(server, "tony-tino", MID)
    table = httpx.get(f"{server.url}/api/games/{made['id']}", timeout=30).json()
    page = pages["en"]
    page.goto(server.url + made["seats"][table["to_move"]]["link"])
    page.locator(".status-bar.mine").wait_for()
    region = page.get_by_test_id("announce")
    assert region.locator("[aria-live=polite]").count() >= 1
    said = region.inner_text()
    assert "Your turn" in said, said
    last = page.locator("[data-testid=log-panel] li").last.inner_text()
    assert "Last move" in said and last.strip()[-15:] in said, (said, last)


@pytest.mark.parametrize("lang", LANGS)
def test_rules_and_design_notes(lang, pages, server):
    page = pages[lang]
    for path in ("/rules/tony-tino", "/rules/tony-tino/design"):
        page.goto(server.url + path)
        page.get_by_test_id("rules-body").first.wait_for()
        assert_clean(page, path)


@pytest.mark.parametrize("lang", LANGS)
def test_replay(lang, pages, server, reviewed):
    page = pages[lang]
    page.goto(f"{server.url}/replay/{reviewed['id']}?step=5")
    page.get_by_test_id("status-bar").wait_for()
    assert_clean(page, "replay")


@pytest.mark.parametrize("lang", LANGS)
def test_review(lang, pages, server, reviewed):
    page = pages[lang]
    page.goto(f"{server.url}/replay/{reviewed['id']}?seat=0#host={reviewed['host_token']}")
    page.get_by_test_id("review").wait_for()
    assert_clean(page, "review")
