"""Issue 44: the lobby and the setup form with the keyboard alone, on a desktop and a phone.

From the lobby, Tab/Shift+Tab, Enter, Space and the arrow keys choose Tony & Tino, name the
human seat, make the other seat a bot, change an option, create the game and open the table.
Every element the focus lands on on the way is visibly marked (a computed outline or box
shadow), on screen and not covered by another element; the focus moves forward in document
order, and Shift+Tab walks the same way back (nothing traps it, nothing is skipped). No element
has a positive tabindex, which would break that order. Screenshots with the focus shown land in
test-artifacts/ (keyboard-*.png).
"""

from __future__ import annotations

import pytest

VIEWS = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
#: the focused element: who it is, whether its focus shows, whether it is on screen and not
#: covered, and whether it comes after the element focused before it (window.__kbLast)
FOCUS = """(moves) => {
  const e = document.activeElement;
  if (!e || e === document.body) { window.__kbLast = null; return null; }
  const s = getComputedStyle(e);
  const r = e.getBoundingClientRect();
  const marked = s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0
    || s.boxShadow !== 'none';
  // the focus ring reaches outline-offset + outline-width beyond the element
  const reach = s.outlineStyle === 'none' ? 0
    : Math.max(0, parseFloat(s.outlineOffset) + parseFloat(s.outlineWidth)) - 0.5;
  // wholly in the window with its ring, not half out of it (give or take the scroll's rounding)
  const onScreen = r.width > 0 && r.height > 0 && s.visibility !== 'hidden'
    && r.top - reach > -1 && r.bottom + reach < innerHeight + 1
    && r.left - reach > -1 && r.right + reach < innerWidth + 1;
  const x = Math.min(Math.max(r.left + r.width / 2, 0), innerWidth - 1);
  const y = Math.min(Math.max(r.top + r.height / 2, 0), innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const uncovered = !!hit && (e === hit || e.contains(hit) || hit.contains(e)
    || (e.labels && [...e.labels].some(l => l.contains(hit))));
  // the focus ring whole: not cut off by a scrolling or clipping ancestor
  let ringWhole = true;
  for (let a = e.parentElement; a && a !== document.documentElement; a = a.parentElement) {
    const o = getComputedStyle(a);
    if (o.overflowX === 'visible' && o.overflowY === 'visible') continue;
    const box = a.getBoundingClientRect();
    const left = box.left + a.clientLeft, top = box.top + a.clientTop;
    if (r.left - reach < left || r.top - reach < top || r.right + reach > left + a.clientWidth
        || r.bottom + reach > top + a.clientHeight) { ringWhole = false; break; }
  }
  const last = window.__kbLast;
  const step = moves > 0 ? Node.DOCUMENT_POSITION_FOLLOWING : Node.DOCUMENT_POSITION_PRECEDING;
  const inOrder = !moves || !last || !last.isConnected
    || !!(last.compareDocumentPosition(e) & step);
  window.__kbLast = e;
  const words = (e.getAttribute('aria-label') || e.textContent).trim().slice(0, 24);
  const name = e.dataset.testid || e.id || `${e.tagName.toLowerCase()}:${words}`;
  return {name, marked, ringWhole, onScreen, uncovered, inOrder};
}"""
#: two frames without the page scrolling (the lobby scrolls the form into view smoothly)
SETTLED = """() => new Promise(done => {
  let last = scrollY, still = 0;
  const tick = () => { still = scrollY === last ? still + 1 : 0; last = scrollY;
    still >= 2 ? done() : requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
})"""


class Walk:
    """The keyboard's path through a page: every focused element, with what is wrong with it."""

    def __init__(self, page) -> None:
        self.page = page
        self.path: list[str] = []
        self.faults: list[str] = []

    def press(self, key: str) -> dict | None:
        """Press ``key``; Tab and Shift+Tab move the focus (and are checked for order), other
        keys act on the focused element, which must still show its focus."""
        self.page.keyboard.press(key)
        return self.check({"Tab": 1, "Shift+Tab": -1}.get(key, 0), key)

    def check(self, moves: int = 0, key: str = "no key") -> dict | None:
        """The focused element, its faults noted (``moves``: 1 after Tab, -1 after Shift+Tab,
        0 when the focus was not moved by the keyboard's order)."""
        self.page.evaluate(SETTLED)
        focus = self.page.evaluate(FOCUS, moves)
        if focus is None:
            return None
        faults = ["marked", "ringWhole", "onScreen", "uncovered"]
        if moves:
            self.path.append(focus["name"])
            faults.append("inOrder")
        for fault in faults:
            if not focus[fault]:
                self.faults.append(f"{focus['name']}: not {fault} (after {key})")
        return focus

    def tab_to(self, testid: str, limit: int = 80) -> None:
        """Tab until the element of ``testid`` has the focus."""
        for _ in range(limit):
            focus = self.press("Tab")
            if focus and focus["name"] == testid:
                return
        raise AssertionError(f"{limit} presses of Tab never reached {testid}: {self.path[-12:]}")

    def back_and_forth(self, count: int) -> None:
        """Shift+Tab ``count`` times, then Tab as many: the same elements in reverse, then again
        forwards (the focus is where it was)."""
        ahead = self.path[-count - 1 :]
        back = [self.press("Shift+Tab") for _ in range(count)]
        assert [f and f["name"] for f in back] == ahead[-2::-1], (ahead, back)
        again = [self.press("Tab") for _ in range(count)]
        assert [f and f["name"] for f in again] == ahead[1:], (ahead, again)

    def value(self, testid: str) -> str:
        return self.page.get_by_test_id(testid).input_value()

    def arrow_to(self, testid: str, wanted: str, limit: int = 8) -> None:
        """Press ArrowDown on the focused select until its value is ``wanted``."""
        for _ in range(limit):
            if self.value(testid) == wanted:
                return
            self.page.keyboard.press("ArrowDown")
        assert self.value(testid) == wanted, (testid, self.value(testid))


@pytest.mark.parametrize("view", sorted(VIEWS))
def test_a_game_set_up_and_opened_with_the_keyboard_alone(view, server, context, artifacts):
    page = context(viewport=VIEWS[view]).new_page()
    page.goto(f"{server.url}/")
    page.get_by_test_id("pick-tony-tino").wait_for()
    assert (
        page.locator("[tabindex]").evaluate_all(
            "all => all.filter(e => e.tabIndex > 0).map(e => e.outerHTML.slice(0, 80))"
        )
        == []
    )
    walk = Walk(page)
    walk.tab_to("pick-tony-tino")
    page.screenshot(path=artifacts / f"keyboard-lobby-{view}.png")
    walk.press("Space")
    page.get_by_test_id("setup").wait_for()
    assert page.get_by_test_id("pick-tony-tino").get_attribute("aria-pressed") == "true"
    # the focus follows the form into view: its heading, so the next Tab is its first field
    page.wait_for_function("() => document.activeElement.id === 'setup-head'")
    walk.check()
    walk.press("Tab")
    assert walk.path[-1] == "players", walk.path[-3:]
    first = len(walk.path)
    # Tino starts; the human seat's name, typed; the other seat a random bot
    walk.tab_to("option-first_player")
    walk.arrow_to("option-first_player", "seat 1")
    page.screenshot(path=artifacts / f"keyboard-setup-{view}.png")
    walk.tab_to("seat-0")
    assert walk.value("seat-0") == "human"
    walk.tab_to("name-0")
    page.keyboard.type("Ada")
    walk.tab_to("seat-1")
    walk.arrow_to("seat-1", "random")
    walk.tab_to("create")
    # back to the form's first field and forward again through the whole form
    walk.back_and_forth(len(walk.path) - first)
    walk.press("Enter")
    page.get_by_test_id("created").wait_for()
    assert page.evaluate("document.activeElement.id") == "created-head"
    walk.check()
    walk.tab_to("open-seat-0")
    page.screenshot(path=artifacts / f"keyboard-created-{view}.png")
    with page.expect_navigation():
        page.keyboard.press("Enter")
    page.locator(".status-bar.mine").wait_for()
    assert "Ada" in page.locator(".table-page").inner_text()
    # on through the whole table, its pinned bar first (on a phone a row that scrolls
    # sideways), to the page's end; the screenshot shows the first choice on the board focused
    shown = False
    for _ in range(150):
        if walk.press("Tab") is None:
            break
        if not shown and page.evaluate("() => document.activeElement.matches('#board *')"):
            page.screenshot(path=artifacts / f"keyboard-table-{view}.png")
            shown = True
    else:
        raise AssertionError(f"150 presses of Tab never left the table: {walk.path[-12:]}")
    assert shown, f"Tab never reached the board: {walk.path[-20:]}"
    assert not walk.faults, walk.faults
