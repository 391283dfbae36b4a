"""The table's frame keeps the lesson, the prompt and what it points at in view (issue 44).

Every guided game checks at each step that the coach's text, the prompt and the highlighted
component lie inside the window and uncovered (``learn.assert_lesson_seen``, called by
``learn.guided_game``): the ``test_learn_<game>.py`` files play the guided games at 1280×800 and
390×844; here every game's at 1366×768 on one page, and Counterfeiters' (the one the learn tests
play on a laptop only) on a phone. Then the pinned bars' room on a phone, the other players and
the Narcos timeline uncovered on a laptop, and the answers and hints laid over the table.
"""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web import learn
from tests.web.table import create_from_lobby
from tests.web.test_learn_tony_tino import any_card

GAMES = ["tony-tino", "al-cabohne", "nacho-incident", "counterfeiters", "narcos"]
LAPTOP, SMALL, PHONE = learn.SIZES


def _play_lesson(page, base: str, game: str, shots=None) -> None:
    for number, step, _ in learn.guided_game(page, base, game):
        if shots is not None and number == 1:
            page.screenshot(path=str(shots / f"layout-{game}-{page.viewport_size['width']}.png"))
        if game == "tony-tino" and step.expect == tutorial.ANY:
            learn.click_and_wait(page, any_card(page))
        else:
            learn.click_and_wait(page, learn.step_target(page, step))


# the long tier (make test-slow): every lesson, step by step; the phone test below keeps one
# in the main tier
@pytest.mark.slow
def test_every_lesson_is_seen_at_1366x768(context, server, artifacts):
    page, errors = learn.open_page(context, SMALL)
    for game in GAMES:
        _play_lesson(page, server.url, game, artifacts)
    assert not errors, errors


def test_the_counterfeiters_lesson_is_seen_on_a_phone(context, server, artifacts):
    page, errors = learn.open_page(context, PHONE)
    _play_lesson(page, server.url, "counterfeiters", artifacts)
    assert not errors, errors


PINNED = """() => [...document.querySelectorAll('.table-page *')].filter(el => {
  const p = getComputedStyle(el).position;
  return (p === 'sticky' || p === 'fixed') && el.getBoundingClientRect().height > 0;
}).map(el => ({cls: el.className.baseVal ?? el.className, testid: el.dataset.testid || null,
  height: Math.round(el.getBoundingClientRect().height)}))"""


#: the component found at the centre of the one named (in the window), by its testid
CENTRE_HIT = """t => {
  const r = document.querySelector(`[data-testid='${t}']`).getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit && hit.closest('[data-testid]').dataset.testid; }"""


def test_a_phone_pins_only_a_short_status_bar(context, server, artifacts):
    # Tony & Tino mid-decision, Police in hand: the bar carries the hint, undo, rules, ? and
    # language buttons; "◂" stands beside the prompt, not alone on a row
    page, errors = learn.seat_from_lobby(
        context, server, "tony-tino", ["human", "random"], viewport=PHONE, seed=5
    )
    pinned = page.evaluate(PINNED)
    assert [p["testid"] for p in pinned] == ["status-bar"], pinned
    assert pinned[0]["height"] <= 120, pinned
    home = page.locator(".status-bar a.home").bounding_box()
    prompt = page.get_by_test_id("status-text").bounding_box()
    assert home and prompt and prompt["y"] < home["y"] + home["height"], (home, prompt)
    # scrolled down to the hand, the hand is not under anything
    card = page.get_by_test_id("tt-hand-0-police-1")
    card.scroll_into_view_if_needed()
    assert page.evaluate(CENTRE_HIT, "tt-hand-0-police-1") == "tt-hand-0-police-1"
    page.screenshot(path=str(artifacts / "layout-phone-bar.png"))
    assert not errors, errors


UNCOVERED = """testid => { const el = document.querySelector(`[data-testid='${testid}']`);
  el.scrollIntoView({block: 'end'});
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.bottom - 4);
  return el.contains(hit) ? null : (hit && (hit.closest('[data-testid]') || hit).className); }"""


def test_a_laptop_shows_the_other_players_and_the_narcos_timeline(context, server):
    page, errors = learn.seat_from_lobby(
        context, server, "narcos", ["human", "random"], viewport=LAPTOP, seed=3
    )
    for testid in ["nc-timeline", "seat-panel-1"]:
        assert page.get_by_test_id(testid).count(), testid
        assert page.evaluate(UNCOVERED, testid) is None, testid
    assert not errors, errors


def _placed(page, testid: str) -> list[float]:
    """Where a component is on the page (not in the window: a click may scroll)."""
    return page.evaluate(
        "t => { const r = document.querySelector(`[data-testid='${t}']`).getBoundingClientRect();"
        " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }",
        testid,
    )


def test_the_why_not_answer_and_the_hint_lay_over_the_table(context, server, artifacts):
    for viewport in (LAPTOP, PHONE):
        page, errors = learn.seat_from_lobby(
            context, server, "tony-tino", ["human", "random"], viewport=viewport, seed=5
        )
        page.get_by_test_id("tt-hand-0-new-value-1").scroll_into_view_if_needed()
        board, card = _placed(page, "board"), _placed(page, "tt-hand-0-new-value-1")
        learn.why_of(page, "tt-hand-0-police-1", "Police can only be played")
        assert _placed(page, "board") == board
        page.get_by_test_id("message-close").click()
        page.get_by_test_id("hint-button").click()
        page.locator("[data-testid=hint-choice]").first.wait_for()
        # the board and the hand stay where they were on the page
        assert _placed(page, "board") == board
        assert _placed(page, "tt-hand-0-new-value-1") == card
        # and in the window, not under the hint
        assert page.evaluate(CENTRE_HIT, "tt-hand-0-new-value-1") == "tt-hand-0-new-value-1"
        page.screenshot(path=str(artifacts / f"layout-hint-{viewport['width']}.png"))
        assert not errors, errors


def test_a_phone_shows_the_new_games_links_once_made(context, server, artifacts):
    # "Create the game" at the foot of a long form: the links below it come into view and
    # their heading has the focus (a screen reader announces the new game)
    page, errors = learn.open_page(context, PHONE)
    create_from_lobby(page, server.url, "counterfeiters", ["human", "random", "random"], seed=2)
    created = page.get_by_test_id("created")
    page.wait_for_function(
        "() => { const r = document.querySelector('[data-testid=created]').getBoundingClientRect();"
        " return r.top >= -1 && r.top < innerHeight / 2; }"
    )
    assert page.evaluate("document.activeElement.id") == "created-head"
    assert page.get_by_test_id("open-seat-0").is_visible()
    assert created.get_attribute("aria-labelledby") == "created-head"
    page.screenshot(path=str(artifacts / "layout-created-390.png"))
    assert not errors, errors
