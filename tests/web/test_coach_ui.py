"""The AI coach at the table, in every game: the "Hint" button's best choices in order, each
told as "clearly best", "about as good" or "worse" (where the table allows hints); the post-game
review on the replay page (readable, whole, beside the board, its chart and list agreeing); the
review at the end of a game is in test_games, which plays every game to its end."""

from __future__ import annotations

import re
import time

import pytest

from tests.web import learn
from tests.web.table import READY, create_from_lobby, shot
from tests.web.test_games import GAMES, seat_zero

PERCENT = re.compile(r"\d{1,3}%")


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_hint_lists_the_best_legal_choices_in_words(game, server, context, artifacts):
    page, errors = seat_zero(game, server, context)
    assert page.wait_for_function(READY).json_value() in ("mine", "fallback")
    assert page.get_by_test_id("hints-flag").get_attribute("data-hints") == "on"
    legal = set(
        page.locator("[data-testid=choice-list] [data-action]").evaluate_all(
            "items => items.map(i => i.dataset.action)"
        )
    )
    page.get_by_test_id("hint-button").click()
    page.locator("[data-testid=hint-choice]").first.wait_for()
    choices = page.locator("[data-testid=hint-choice]")
    assert 1 <= choices.count() <= min(3, len(legal))
    for number, item in enumerate(choices.all()):
        assert item.get_attribute("data-label") in legal
        verdict = item.get_attribute("data-verdict")
        assert verdict in (("clear", "best") if number == 0 else ("even", "worse"))
        assert not PERCENT.search(item.inner_text())  # words a player can act on, no figures
        assert item.locator(".hint-verdict").inner_text().strip()
        assert PERCENT.search(item.locator(".hint-verdict").get_attribute("title"))
        assert item.locator(".hint-move").inner_text().strip()
    shot(page, artifacts / f"{game}-hint.png", full_page=False)
    learn.click_and_wait(page, choices.first.locator("button"))  # "Play this" plays it
    assert not errors, errors


def test_a_table_of_two_humans_has_no_hints(server, context):
    page = context().new_page()
    links = create_from_lobby(page, server.url, "tony-tino", ["human", "human"], players=2)
    page.goto(links[0])
    page.get_by_test_id("status-bar").wait_for()
    assert page.get_by_test_id("hints-flag").get_attribute("data-hints") == "off"
    assert page.get_by_test_id("hint-button").count() == 0


# -- the review on the replay page (issue 44, item 8) -----------------------------------------

CONTRAST = """el => {
  // WCAG contrast of the element's text against the first opaque background behind it
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let node = el, back = null;
  while (node && node.nodeType === 1) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.9)) { back = c; break; }
    node = node.parentElement;
  }
  const fore = lum(rgb(getComputedStyle(el).color));
  const behind = lum(back || [255, 255, 255]);
  return (Math.max(fore, behind) + 0.05) / (Math.min(fore, behind) + 0.05);
}"""

BOX = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right]; }"""


def reviewed_game(server, monkeypatch):
    """A finished Tony & Tino game of two random bots, with seat 0's review stored as the
    server stores it (computed here with a small budget: the display is under test, not the
    analysis): a random player's review has many costly decisions, some of them card targets
    whose words continue the step before ("… with the disc on D5")."""
    import httpx

    from contraband.agents import coach_planner
    from contraband.agents.coach import review
    from contraband.server import coach_store
    from contraband.server.store import Store, connect

    body = {"game": "tony-tino", "seats": ["random", "random"], "seed": 5, "public": True}
    made = httpx.post(f"{server.url}/api/games", json=body).json()
    headers = {"Authorization": f"Bearer {made['host_token']}"}
    for _ in range(200):
        record = httpx.get(f"{server.url}/api/games/{made['id']}/record", headers=headers)
        if record.status_code == 200 and record.json().get("final"):
            break
        time.sleep(0.2)
    record = record.json()
    assert record["final"], "the bots did not finish the game"
    for name, value in (("VOTES", 2), ("SAMPLES", 4), ("HORIZON", 1)):
        monkeypatch.setattr(coach_planner, name, value)
    result = review(record, 0, iterations=40, seed=1)
    assert len(result["costly"]) > 3, "a random player's game has many costly decisions"
    store = Store(connect(server.db_url))
    assert coach_store.claim(store, made["id"], 0, restart=True)
    coach_store.write(store, made["id"], 0, "done", 1.0, result)
    return made, result


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_review_on_the_replay_page_is_readable_whole_and_beside_the_board(
    viewport, server, context, artifacts, monkeypatch
):
    made, result = reviewed_game(server, monkeypatch)
    width, height = viewport
    page = context(viewport={"width": width, "height": height}).new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/replay/{made['id']}?seat=0#host={made['host_token']}")
    review = page.get_by_test_id("review")
    review.wait_for()
    shot(page, artifacts / f"review-replay-{width}.png", full_page=False)
    # readable: the review's words against its own panel meet WCAG AA (4.5:1)
    for selector in (
        "[data-testid=review] h3",
        "[data-testid=review-costly] li",
        "[data-testid=review] p.small",
    ):
        assert page.locator(selector).first.evaluate(CONTRAST) >= 4.5, selector
    # the chart marks exactly the decisions the list names, and the review's own count
    marked = page.locator("[data-testid=review-mark-costly]").evaluate_all(
        "items => items.map(i => Number(i.dataset.decision))"
    )
    listed = page.locator("[data-testid=review-costly] li").evaluate_all(
        "items => items.map(i => Number(i.dataset.decision))"
    )
    assert sorted(marked) == sorted(listed) == sorted(c["decision"] + 1 for c in result["costly"])
    # every text whole: no step left hanging on "…", nothing clipped
    for item in page.locator("[data-testid=review-costly] li").all():
        text = item.inner_text()
        assert "…" not in text, text
        assert item.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), text
    # the board keeps its place and stays in view: the review lays over the page, it does not
    # push the board down (the same place with the review folded away)
    board = "#board"
    with_review = page.evaluate(BOX, board)
    assert with_review[0] < height * 0.6, with_review
    page.get_by_test_id("review-hide").click()
    page.get_by_test_id("review-reopen").wait_for()
    assert page.evaluate(BOX, board) == with_review
    page.get_by_test_id("review-reopen").click()
    review.wait_for()
    # on a phone the review is a sheet at the bottom that leaves the window's top half free
    top = page.evaluate(BOX, "[data-testid=review]")[0]
    assert top >= height * 0.5 if width < 900 else top < height * 0.3
    assert not errors, errors
