"""Learning The Nacho Incident at the table: a refused click says why with a link to its rule,
the smugglers, provinces and mounties explain themselves on hover (printed values from the
catalog), the prompt's "How does this work?" opens the decision's section, and the guided first
game plays through its script from the lobby's "Learn to play"."""

from __future__ import annotations

import pytest

from contraband.games import tutorial
from tests.web.table import READY, create_from_lobby, shot, version

GAME = "nacho-incident"
SEATS = ["human", "random", "random"]
#: red holds the gem and hires first; Tina (Ontario 9, cost 4) is in hand; Fraser is up
SEED = 3
VIEWPORTS = [{"width": 1280, "height": 800}, {"width": 390, "height": 844}]


def table(context, server, viewport, lang="en"):
    ctx = context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('contraband.lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    links = create_from_lobby(page, server.url, GAME, SEATS, players=3, seed=SEED)
    page.goto(links[0])
    assert page.wait_for_function(READY).json_value() == "mine"
    return page, errors


def hover_help(page, testid: str) -> str:
    page.mouse.move(0, 0)
    page.get_by_test_id(testid).hover()
    tip = page.get_by_test_id("tip")
    tip.wait_for()
    return tip.inner_text()


def why_message(page, expected: str) -> str:
    """The "why not?" answer once it says ``expected`` (an earlier answer may still show)."""
    message = page.locator("[data-testid=message][data-why=true]", has_text=expected)
    message.wait_for()
    return message.inner_text()


def open_rule(page, button: str, section: str) -> None:
    """``button`` opens the rules panel beside the table at ``section``, marked as the focus."""
    page.get_by_test_id(button).click()
    panel = page.get_by_test_id("rules-panel")
    panel.locator(f"[id='rule-{section}'].focus").wait_for()
    page.get_by_test_id("rules-close").click()


def act(page, testid: str) -> None:
    before = version(page)
    page.mouse.move(0, 0)
    page.get_by_test_id(testid).click()
    page.wait_for_function(
        f"() => +document.querySelector('.table-page').dataset.version > {before}"
    )
    assert page.wait_for_function(READY).json_value() == "mine"


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_why_not_help_and_the_rules_of_a_decision(context, server, viewport, artifacts):
    page, errors = table(context, server, viewport)
    width = viewport["width"]
    # hover help: a smuggler's printed rank, cost and reach; a province card's prices; a mountie
    tina = hover_help(page, "ni-hand-tina")
    assert "Smuggler Tina, Ontario flag" in tina and "Rank 9" in tina
    assert "Hiring cost: 4 gold" in tina and "Can go to Saskatchewan, Ontario and Quebec" in tina
    alberta = hover_help(page, "ni-province-alberta")
    assert "Asks for: salsa 9, sour cream 3, pepper 5, beans 7" in alberta
    assert "Cantina bonus +5 gold" in alberta
    assert "Mountie Fraser, Alberta flag, penalty 4 gold" in hover_help(page, "ni-mountie-up")
    assert "holder chooses first" in hover_help(page, "ni-gem")
    assert "$n: price of an empty slot" in page.get_by_test_id("ni-legend").inner_text()
    shot(page, artifacts / f"ni-learn-help-{width}.png", full_page=False)
    # "why not?" while hiring: a province is not what this step asks for
    page.mouse.move(0, 0)
    page.get_by_test_id("ni-province-quebec").click()
    why_message(page, "Now everyone hires a smuggler: choose one from your hand.")
    open_rule(page, "message-rule", "hire")
    open_rule(page, "how-link", "hire")
    # Tina goes first (red holds the gem and wins ties) and ships beans
    act(page, "ni-hand-tina")
    act(page, "ni-warehouse-0-beans-1")
    page.get_by_test_id("ni-province-alberta").click()
    text = why_message(page, "Tina flies the Ontario flag and can only go to")
    assert "Saskatchewan, Ontario and Quebec, not to Alberta" in text
    # the answer shows in the sticky status bar, where the player looks after a click
    page.screenshot(path=artifacts / f"ni-learn-why-{width}.png")
    open_rule(page, "message-rule", "smuggle")
    page.get_by_test_id("ni-province-ontario").click()
    why_message(page, "The card in Ontario does not ask for beans")
    open_rule(page, "how-link", "smuggle")
    assert not errors, errors


def test_dutch_help_and_why_not(context, server):
    page, errors = table(context, server, VIEWPORTS[0], lang="nl")
    tina = hover_help(page, "ni-hand-tina")
    assert "Rang 9" in tina and "Huurprijs: 4 goud" in tina
    assert "prijs van een lege plek" in page.get_by_test_id("ni-legend").inner_text()
    page.mouse.move(0, 0)
    page.get_by_test_id("ni-province-quebec").click()
    why_message(page, "Nu huurt iedereen een smokkelaar in")
    assert not errors, errors


@pytest.mark.parametrize("viewport", VIEWPORTS, ids=["1280", "390"])
def test_the_guided_first_game_from_the_lobby(context, server, viewport, artifacts):
    script = tutorial.load(GAME)
    assert len(script.steps) >= 8
    width = viewport["width"]
    page = context(viewport=viewport).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/")
    page.get_by_test_id(f"learn-{GAME}").click()
    for number, step in enumerate(script.steps):
        coach = page.locator(f"[data-testid=coach][data-step='{number}']")
        coach.wait_for()
        assert page.wait_for_function(READY).json_value() == "mine"
        assert step.en[:30] in coach.inner_text()
        if step.highlight:
            page.locator(f"[data-testid='{step.highlight}'].coach-target").wait_for()
        if step.expect == tutorial.ANY:
            target = page.locator("#board [data-action]").first
        elif step.highlight:
            target = page.locator(f"[data-testid='{step.highlight}']")
            assert target.get_attribute("data-action") == step.expect
        else:  # a choice without a component: its button in the status bar
            target = page.locator(f".status-buttons [data-action='{step.expect}']")
        if number == 0:
            shot(page, artifacts / f"ni-learn-coach-{width}.png", full_page=False)
            # another choice than the step's is refused, with what to try
            page.get_by_test_id("ni-hand-pam").click()
            page.locator("[data-testid=message]").wait_for()
            assert "Hire Tina" in page.get_by_test_id("message").inner_text()
            assert coach.count() == 1
        before = version(page)
        page.mouse.move(0, 0)
        target.click()
        page.wait_for_function(
            f"() => +document.querySelector('.table-page').dataset.version > {before}"
        )
    page.locator("[data-testid=coach][data-step='done']").wait_for()
    shot(page, artifacts / f"ni-learn-coach-done-{width}.png", full_page=False)
    assert not errors, errors
