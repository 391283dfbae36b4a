"""Learning a game at the table, the way a newcomer does: a seat opened from the lobby, the help
bubble of a hovered component, the "why not?" answer to a refused click with its rule in the
rules panel, and the guided first game from the lobby's "Learn to play", step by step.

The ``test_learn_<game>.py`` files share these; the table-driving basics (``READY``, ``version``,
``create_from_lobby``) live in ``tests.web.table``.
"""

from __future__ import annotations

import contextlib
import tomllib
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from contraband.games import tutorial
from tests.web.table import READY, create_from_lobby, version

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext, Locator, Page

#: a laptop and a phone
VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


def viewports_in_tiers(laptop: str = "1280", phone: str = "390") -> list:
    """VIEWPORTS as parameters named ``laptop`` and ``phone``, the phone's in the long tier (make
    test-slow): for a long browser test whose phone run the main tier can spare (its other
    phone tests keep the phone's layout checked there)."""
    return [
        pytest.param(VIEWPORTS[0], id=laptop),
        pytest.param(VIEWPORTS[1], id=phone, marks=pytest.mark.slow),
    ]


#: the three sizes the lessons are checked at: a laptop, a smaller laptop, a phone
SIZES = [*VIEWPORTS[:1], {"width": 1366, "height": 768}, VIEWPORTS[1]]
#: true once the table's version has grown past the argument
MOVED = "v => +document.querySelector('.table-page').dataset.version > v"


SHOWN_IN_PANEL = """el => { const box = el.closest('.rules-panel').getBoundingClientRect();
  const top = el.getBoundingClientRect().top;
  const close = document.querySelector('[data-testid=rules-close]').getBoundingClientRect();
  const bar = document.querySelector('.status-bar').getBoundingClientRect();
  return top >= box.top - 1 && top < box.bottom && close.top >= bar.bottom - 1; }"""


#: what of the lesson is not seen: each of the coach's text, the prompt and the highlighted
#: component (when the step has one) must lie inside the window, and the point at its centre
#: must belong to it (no pinned bar, banner or panel over it). Empty when all are seen.
UNSEEN = """() => {
  const out = [];
  const name = (el) => el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}[${
    el.dataset.testid || ''}]` : 'nothing';
  const check = (what, el) => {
    if (!el) return out.push(`${what}: missing`);
    const r = el.getBoundingClientRect();
    if (r.top < -1 || r.left < -1 || r.bottom > innerHeight + 1 || r.right > innerWidth + 1) {
      const [x0, x1, y0, y1] = [r.left, r.right, r.top, r.bottom].map(Math.round);
      return out.push(`${what} ${name(el)} outside the window: x ${x0}..${x1}, y ${y0}..${y1} of ${
        innerWidth}x${innerHeight}`);
    }
    // (the centre of its first box: a run of text over two lines has one box a line)
    const f = el.getClientRects()[0] || r;
    const hit = document.elementFromPoint(f.left + f.width / 2, f.top + f.height / 2);
    if (!hit || !el.contains(hit)) out.push(`${what} ${name(el)} covered by ${name(hit)}`);
  };
  check('the coach text', document.querySelector('[data-testid=coach] p'));
  check('the prompt', document.querySelector('[data-testid=status-text]'));
  const step = document.querySelector('[data-testid=coach][data-step]');
  if (step && step.dataset.highlight) check('the target', document.querySelector('.coach-target'));
  return out;
}"""


def assert_lesson_seen(page: Page) -> None:
    """The coach's text, the prompt and the highlighted component are in the window together
    and uncovered (waits a few seconds for the page to settle, then says what is not seen)."""
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function(f"() => ({UNSEEN})().length === 0", timeout=4000)
    unseen = page.evaluate(UNSEEN)
    assert not unseen, unseen


def _located(page: Page, target: str | Locator) -> Locator:
    return page.get_by_test_id(target) if isinstance(target, str) else target


def _away(page: Page) -> None:
    # the top left corner holds no component: its help bubble goes, and a click after this is
    # not made by a pointer resting on a component's edge (a hover there may flicker)
    page.mouse.move(0, 0)


def open_page(context, viewport: dict | None = None, lang: str = "en") -> tuple[Page, list[str]]:
    """A new page in a new browser context speaking ``lang``, and the list its JavaScript errors
    go to (a test ends asserting it is empty)."""
    ctx: BrowserContext = context(viewport=viewport or VIEWPORTS[0])
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def wait_mine(page: Page) -> None:
    """Wait until the table is settled and this seat decides on its components."""
    assert page.wait_for_function(READY).json_value() == "mine"


def seat_from_lobby(
    context,
    server,
    game: str,
    seats: list[str],
    *,
    viewport: dict | None = None,
    lang: str = "en",
    seat: int = 0,
    mine: bool = True,
    **create,
) -> tuple[Page, list[str]]:
    """Create a game in the lobby by clicking (``create``: players, options, seed) and open
    ``seat``'s link on a new page: waits until that seat decides, or with ``mine=False`` (the
    seat is not on move) until the board shows. The page and its JavaScript errors."""
    page, errors = open_page(context, viewport, lang)
    links = create_from_lobby(page, server.url, game, seats, **create)
    page.goto(links[seat])
    if mine:
        wait_mine(page)
    else:
        page.get_by_test_id("board").wait_for()
    return page, errors


def hover_help(page: Page, target: str | Locator, text: str | None = None) -> str:
    """The help bubble of ``target`` (a testid or a locator): the pointer leaves first, the old
    bubble goes, then the pointer rests on ``target`` until a bubble shows (one saying ``text``,
    when given)."""
    _away(page)
    tip = page.get_by_test_id("tip")
    tip.wait_for(state="detached")
    _located(page, target).hover()
    if text is not None:
        tip = tip.filter(has_text=text)
    tip.wait_for()
    return tip.inner_text()


def why_message(page: Page, text: str | None = None) -> str:
    """The "why not?" answer in the status bar once it shows (one saying ``text``, when given:
    an earlier answer may still be shown)."""
    message = page.locator("[data-testid=message][data-why=true]")
    if text is not None:
        message = message.filter(has_text=text)
    message.wait_for()
    return message.inner_text()


def why_of(page: Page, target: str | Locator, text: str | None = None) -> str:
    """Click ``target`` (a testid or a locator; not a legal choice now) and read the "why
    not?" it brings. An earlier message is closed first, so the answer read is this click's;
    the pointer clicks from afar (no hover bubble in the way)."""
    message = page.locator("[data-testid=message]")
    close = message.get_by_test_id("message-close")
    if close.count():
        close.click()
        message.wait_for(state="detached")
    _away(page)
    _located(page, target).click()
    return why_message(page, text)


def open_rule(page: Page, button: str, section: str) -> None:
    """``button`` (a testid: the message's rule link, the prompt's how-link) opens the rules
    panel beside the table at ``section``, marked as the focus; the panel is closed again."""
    page.get_by_test_id(button).click()
    panel = page.get_by_test_id("rules-panel")
    focus = panel.locator(f"[id='rule-{section}'].focus")
    focus.wait_for()
    # the section's start is in the panel's view, and the panel's close button in the window's
    # (below the status bar, whose new height reaches the panel a frame after a message shows)
    page.wait_for_function(SHOWN_IN_PANEL, arg=focus.element_handle(), timeout=5000)
    page.get_by_test_id("rules-close").click()


def click_and_wait(page: Page, target: str | Locator) -> None:
    """Click ``target`` (a testid or a locator) from afar and wait until the table's version has
    grown: the choice was taken (bots may still be moving)."""
    before = version(page)
    located = _located(page, target)
    _away(page)
    located.click()
    page.wait_for_function(MOVED, arg=before)


def act(page: Page, target: str | Locator) -> None:
    """``click_and_wait``, then wait until this seat decides again."""
    click_and_wait(page, target)
    wait_mine(page)


def refused(page: Page, coach: Locator, testid: str, says: str | None = None) -> None:
    """In the guided game, a click on ``testid`` (another choice than the step's) answers with
    a message (one saying ``says``, when given) and the coach stays at its step."""
    _away(page)
    page.get_by_test_id(testid).click()
    message = page.locator("[data-testid=message]")
    if says is not None:
        message = message.filter(has_text=says)
    message.wait_for()
    assert coach.count() == 1


def glow(page: Page, step: tutorial.Step) -> Locator:
    """The component ``step`` highlights, once it glows as the coach's target."""
    highlighted = page.locator(f"[data-testid='{step.highlight}'].coach-target")
    highlighted.wait_for()
    return highlighted


def step_target(page: Page, step: tutorial.Step, direct: bool = False) -> Locator:
    """What a learner clicks for ``step``: the highlighted component when it carries the step's
    choice, or the choice inside it (the status bar's button), or, for a component that stands
    for several choices (the highlighted one, or else the one inside it), the step's choice in
    the menu it opens (which this clicks open). A step with no highlight is a status bar
    button; ``any`` is the first choice the highlighted component (or else the board) offers.
    ``direct``: the highlighted component itself must carry the step's choice."""
    found = f"[data-action='{step.expect}']"
    if not step.highlight:
        if step.expect == tutorial.ANY:
            return page.locator("#board [data-action]").first
        return page.locator(f".status-buttons {found}")
    highlighted = glow(page, step)
    if step.expect == tutorial.ANY:
        return highlighted.locator("[data-action]").first
    if direct:
        assert highlighted.get_attribute("data-action") == step.expect
    if highlighted.get_attribute("data-action") == step.expect:
        return highlighted
    inside = highlighted.locator(found)
    if inside.count():
        return inside.first
    holder = highlighted
    if highlighted.get_attribute("data-labels") is None:  # a panel around the component
        assert highlighted.locator("[data-labels]").count(), f"nothing to click for {step}"
        holder = highlighted.locator("[data-labels]").first
    labels = holder.get_attribute("data-labels")
    assert labels is not None and step.expect in labels.split("\n"), labels
    holder.click()
    item = page.locator(f"[data-testid=action-menu] {found}")
    item.wait_for()
    return item


def guided_game(
    page: Page, base: str, game: str, done_timeout: float = 120_000
) -> Iterator[tuple[int, tutorial.Step, Locator]]:
    """Play ``game``'s guided first game from the lobby's "Learn to play" (a script of at least
    eight steps, every step of its file loaded): yields each step as ``(number, step, coach)``
    once the coach shows it (its whole text), the learner decides and the step's component
    glows, with the coach's text, the prompt and that component all in the window and
    uncovered (``assert_lesson_seen``). The loop's body makes the step's choice
    (``click_and_wait`` of ``step_target``), which must move the table on. After the last step
    the coach's done box shows (the bots may play on first: ``done_timeout`` in ms)."""
    script = tutorial.load(game)
    with tutorial.path_of(game).open("rb") as handle:  # every step of the file is loaded
        assert len(tomllib.load(handle)["steps"]) == len(script.steps) >= 8
    page.goto(f"{base}/")
    page.get_by_test_id(f"learn-{game}").click()
    for number, step in enumerate(script.steps):
        coach = page.locator(f"[data-testid=coach][data-step='{number}']")
        coach.wait_for()
        wait_mine(page)
        assert step.en in coach.inner_text()
        if step.highlight:
            glow(page, step)
        assert_lesson_seen(page)
        before = version(page)
        yield number, step, coach
        assert version(page) > before, f"step {number} of {game} did not move the table on"
    page.locator("[data-testid=coach][data-step='done']").wait_for(timeout=done_timeout)
