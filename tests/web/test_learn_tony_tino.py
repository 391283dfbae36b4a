"""Learning Tony & Tino at the table: "why not?" on an illegal click with its rule, hover help
with the printed values, the prompt's "how does this work?" link, and the guided first game
played through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web.table import create_from_lobby

VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


def table(context, server, seats, seed, viewport=None, seat=0):
    page = context(viewport=viewport or VIEWPORTS[0]).new_page()
    links = create_from_lobby(page, server.url, "tony-tino", seats, seed=seed)
    page.goto(links[seat])
    page.get_by_test_id("board").wait_for()
    return page, links


def why_message(page):
    message = page.locator("[data-testid=message][data-why=true]")
    message.wait_for()
    return message


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["laptop", "phone"])
def test_police_in_your_own_turn_says_why_and_opens_its_rule(context, server, viewport, artifacts):
    # seed 5: Tony holds Professional, New Value and Police
    page, _ = table(context, server, ["human", "random"], 5, viewport)
    page.wait_for_function("() => document.querySelector('.status-bar.mine')")
    card = page.get_by_test_id("tt-hand-0-police-1")
    assert "inert" in card.get_attribute("class")  # not playable: a click asks why
    card.click()
    message = why_message(page)
    assert "Police can only be played when Tino plays a card." in message.inner_text()
    assert page.get_by_test_id("tt-discard-0-police-1").get_attribute("data-action") == (
        "discard police"
    )
    page.screenshot(path=str(artifacts / f"tt-why-{viewport['width']}.png"))
    page.get_by_test_id("message-rule").click()
    section = page.get_by_test_id("rules-panel").locator("#rule-police")
    section.wait_for()
    assert "focus" in section.get_attribute("class")


def test_not_your_turn_says_what_tony_is_deciding(context, server):
    page, _ = table(context, server, ["human", "human"], 5, seat=1)
    page.get_by_test_id("tt-point-c3").click()
    assert "Not your turn: Tony is choosing a card." in why_message(page).inner_text()


def test_hover_help_explains_the_yellow_rings_and_the_printed_values(context, server, artifacts):
    page, _ = table(context, server, ["human", "random"], 5)
    page.wait_for_function("() => document.querySelector('.status-bar.mine')")
    tip = page.get_by_test_id("tip")
    page.locator("[data-testid^=tt-point-]:has(.tt-disc.open)").first.hover()
    tip.wait_for()
    assert "Yellow ring" in tip.inner_text() and "lowest number" in tip.inner_text()
    page.screenshot(path=str(artifacts / "tt-help-disc-1280.png"))
    page.get_by_test_id("tt-hand-0-police-1").hover()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=tip]') || {}).innerText?.includes('Police:')"
    )
    assert "Police: 1 in each player's deck of 13." in tip.inner_text()
    page.get_by_test_id("tt-token-row-1").hover()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=tip]') || {}).innerText?.includes('row 1')"
    )
    text = tip.inner_text()
    assert "Protection money of row 1" in text and "4 × $10,000" in text, text
    page.get_by_test_id("tt-legend-open").hover()
    page.wait_for_function(
        "() => (document.querySelector('[data-testid=tip]') || {}).innerText?.includes('Yellow')"
    )


def test_the_prompts_how_link_opens_the_card_step(context, server):
    page, _ = table(context, server, ["human", "random"], 5)
    page.get_by_test_id("how-link").click()
    section = page.get_by_test_id("rules-panel").locator("#rule-cards")
    section.wait_for()
    assert "focus" in section.get_attribute("class")


def click_step(page, expect: str, highlight: str | None) -> None:
    """Make the step's choice as a learner would: the highlighted component (a menu when it
    stands for several choices), or the status bar's button for choices with no object."""
    if highlight:
        target = page.get_by_test_id(highlight)
        page.wait_for_function(
            f"() => document.querySelector('[data-testid=\"{highlight}\"].coach-target')"
        )
    found = f"[data-action='{expect}']"
    direct = page.locator(f"#board {found}, .status-buttons {found}")
    if expect == "any":  # the step after Corruption: a card step, each card a Play/Discard menu
        page.locator("[data-testid^=tt-hand-0-][data-select]").first.click()
        page.locator("[data-testid=action-menu] [data-action]").first.click()
        return
    if highlight and target.get_attribute("data-action") == expect:
        target.click()
    elif highlight and target.get_attribute("data-select"):
        target.click()
        page.locator(f"[data-testid=action-menu] [data-action='{expect}']").click()
    else:
        direct.first.click()


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["laptop", "phone"])
def test_the_guided_first_game_plays_through_its_script(context, server, viewport, artifacts):
    script = tutorial.load("tony-tino")
    page = context(viewport=viewport).new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(server.url + "/")
    page.get_by_test_id("learn-tony-tino").click()
    coach = page.get_by_test_id("coach")
    for number, step in enumerate(script.steps):
        page.locator(f"[data-testid=coach][data-step='{number}']").wait_for()
        page.wait_for_function("() => document.querySelector('.status-bar.mine')")
        assert step.en in coach.inner_text()
        if number in (0, 3):
            page.screenshot(path=str(artifacts / f"tt-coach-{number}-{viewport['width']}.png"))
        click_step(page, step.expect, step.highlight)
    page.locator("[data-testid=coach][data-step='done']").wait_for()
    page.screenshot(path=str(artifacts / f"tt-coach-done-{viewport['width']}.png"))
    assert page.get_by_test_id("tt-money-0").inner_text() == "$10,000"
    assert not errors, errors
