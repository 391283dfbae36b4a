"""Issue 44: a whole Tony & Tino game played with the keyboard alone (Tab to a choice, Enter to
take it, Tab into a menu of several), each focused choice visibly marked."""

from __future__ import annotations

import random

import httpx
import pytest

from contraband.games import tutorial
from tests.web import learn
from tests.web.learn import MOVED
from tests.web.table import READY, TARGETS, version
from tests.web.test_a11y import _move

MENU = "[data-testid=action-menu] [data-action]"
FOCUSED = f"""() => {{
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const eligible = e.matches(`{TARGETS}`) || e.matches(`{MENU}`);
  const style = getComputedStyle(e);
  // a board point (an SVG group) marks its focus with its hit area's stroke (style.css)
  const hit = e.querySelector(':scope > .tt-hit, :scope > .hit');
  const ring = hit && getComputedStyle(hit);
  const marked = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
    || style.boxShadow !== 'none'
    || !!ring && ring.stroke !== 'none' && parseFloat(ring.strokeWidth) >= 4;
  return {{eligible, marked, action: e.dataset.action || null, tag: e.tagName,
           text: (e.getAttribute('aria-label') || e.textContent || '').slice(0, 40)}};
}}"""


def _tab_to_choice(page, rng: random.Random, limit: int = 400) -> dict:
    """Tab until the focus is on a choice (the n-th met, n random among those shown)."""
    shown = page.locator(f"{TARGETS}, {MENU}").count()
    assert shown, "no choice on the table"
    wanted = rng.randrange(shown)
    met = 0
    for _ in range(limit):
        page.keyboard.press("Tab")
        focus = page.evaluate(FOCUSED)
        if focus and focus["eligible"]:
            if met == wanted:
                return focus
            met += 1
    raise AssertionError(f"{limit} presses of Tab never reached choice {wanted} of {shown}")


# the long tier (make test-slow): a whole game; the lesson below covers the keyboard in the
# main tier
@pytest.mark.slow
def test_a_whole_tony_tino_game_with_the_keyboard_alone(server, context):
    body = {"game": "tony-tino", "seats": ["human", "random"], "seed": 5}
    made = httpx.post(f"{server.url}/api/games", json=body, timeout=30).json()
    page = context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server.url + made["seats"][0]["link"])
    rng = random.Random(5)
    unmarked = []
    # a press may find the page not yet redrawn (a busy machine) and change nothing: the bound
    # is on presses, not decisions, and is generous (a game is well under 200 decisions)
    for _ in range(1500):
        state = page.wait_for_function(READY, timeout=60_000).json_value()
        if state == "over":
            break
        if state == "fallback":
            # no choice on the board itself: the "All choices" list, by its number key
            page.keyboard.press("1")
        else:
            focus = _tab_to_choice(page, rng)
            if not focus["marked"]:
                unmarked.append(focus["text"])
            page.keyboard.press("Enter")
        page.wait_for_timeout(50)
    else:
        raise AssertionError("the game did not end in 1500 presses")
    page.get_by_test_id("end-screen").wait_for()
    assert not unmarked, f"focused choices without a visible focus mark: {sorted(set(unmarked))}"


ACTIVE = """() => { const e = document.activeElement; const s = getComputedStyle(e);
  return {id: e.dataset.testid || null, action: e.dataset.action || null,
          marked: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
                  || s.boxShadow !== 'none'}; }"""


def test_the_a_key_opens_all_choices_and_every_one_is_reachable(server, context):
    """Issue 44: A opens "All choices" (its summary says so in aria-keyshortcuts and the keys
    help names it); the arrow keys and Tab reach every choice, the tenth and later too (the
    number keys stop at nine), each visibly focused, and Enter takes the one focused."""
    body = {"game": "tony-tino", "seats": ["human", "human"], "seed": 5, "public": True}
    made = httpx.post(f"{server.url}/api/games", json=body, timeout=30).json()
    base = f"{server.url}/api/games/{made['id']}"
    rng = random.Random(5)
    for _ in range(60):
        table = httpx.get(base, timeout=30).json()
        token = made["seats"][table["to_move"]]["token"]
        mine = httpx.get(base, headers={"Authorization": f"Bearer {token}"}, timeout=30).json()
        if len(mine["legal"]) >= 10:
            break
        assert _move(server, made, rng)
    else:
        raise AssertionError("no position with ten or more choices in 60 decisions")
    n = len(mine["legal"])
    page = context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(server.url + made["seats"][table["to_move"]]["link"])
    page.locator(".status-bar.mine").wait_for()
    assert page.get_by_test_id("choice-summary").get_attribute("aria-keyshortcuts") == "a"
    page.keyboard.press("?")
    assert "A:" in page.get_by_test_id("keys-help").inner_text()
    page.keyboard.press("a")
    assert page.get_by_test_id("choice-list").evaluate("d => d.open")
    seen = [page.evaluate(ACTIVE)]
    for _ in range(n - 1):
        page.keyboard.press("ArrowDown")
        seen.append(page.evaluate(ACTIVE))
    assert [s["id"] for s in seen] == [f"choice-{i + 1}" for i in range(n)], seen
    assert all(s["marked"] for s in seen), [s["id"] for s in seen if not s["marked"]]
    page.keyboard.press("Home")
    for _ in range(n - 1):
        page.keyboard.press("Tab")
    last = page.evaluate(ACTIVE)
    assert last["id"] == f"choice-{n}", last
    assert last["action"] == mine["legal"][n - 1]["label"], (last, mine["legal"][n - 1])
    before = int(page.locator(".table-page").get_attribute("data-version"))
    page.keyboard.press("Enter")
    page.wait_for_function(MOVED, arg=before)
    record = httpx.get(f"{base}/record", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    assert record.json()["actions"][-1] == last["action"], record.json()["actions"][-3:]


def _tab_to(page, target, limit: int = 400) -> dict:
    """Tab until ``target`` (a locator) has the focus; what the focused element looks like."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if target.evaluate("e => e === document.activeElement"):
            return page.evaluate(FOCUSED)
    raise AssertionError(f"{limit} presses of Tab never reached {target}")


def _keyboard_target(page, step: tutorial.Step):
    """The element the keyboard takes ``step``'s choice on: as ``learn.step_target``, but a
    component standing for several choices is opened with Enter and its menu entered with Tab."""
    found = f"[data-action='{step.expect}']"
    if not step.highlight:
        if step.expect == tutorial.ANY:
            return page.locator("#board [data-action]").first
        return page.locator(f".status-buttons {found}")
    highlighted = learn.glow(page, step)
    if step.expect == tutorial.ANY:
        return highlighted.locator("[data-action]").first
    if highlighted.get_attribute("data-action") == step.expect:
        return highlighted
    inside = highlighted.locator(found)
    if inside.count():
        return inside.first
    holder = highlighted
    if highlighted.get_attribute("data-labels") is None:
        holder = highlighted.locator("[data-labels]").first
    _tab_to(page, holder)
    page.keyboard.press("Enter")
    item = page.locator(f"[data-testid=action-menu] {found}")
    item.wait_for()
    return item


def test_the_counterfeiters_lesson_with_the_keyboard_alone(server, context):
    """Issue 44: the guided Counterfeiters game, from the lobby's "Learn to play" to the coach's
    last word, with Tab and Enter only; every choice it asks for is reached visibly focused."""
    script = tutorial.load("counterfeiters")
    page = context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{server.url}/")
    _tab_to(page, page.get_by_test_id("learn-counterfeiters"))
    page.keyboard.press("Enter")
    unmarked = []
    for number, step in enumerate(script.steps):
        coach = page.locator(f"[data-testid=coach][data-step='{number}']")
        coach.wait_for()
        learn.wait_mine(page)
        target = _keyboard_target(page, step)
        if not target.evaluate("e => e === document.activeElement"):
            _tab_to(page, target)
        focus = page.evaluate(FOCUSED)
        if not focus or not focus["marked"]:
            unmarked.append((number, focus))
        before = version(page)
        page.keyboard.press("Enter")
        page.wait_for_function(MOVED, arg=before)
    page.locator("[data-testid=coach][data-step='done']").wait_for(timeout=120_000)
    assert not unmarked, unmarked
